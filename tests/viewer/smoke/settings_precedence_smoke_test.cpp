// The window takes one precedence with the headless verbs (ui/settings_layers.h): a flag the
// command line names wins over --settings, and the file wins over a flag left at its default. Read
// back through --save-settings, which writes the view on screen at exit.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "test_paths.h"
#include "ui/view.h"

namespace {

namespace fs = std::filesystem;

// The view the window showed when `flags` were given with a file holding `json`.
sv::ui::View shown(const std::string& name, const std::string& json, const std::string& flags) {
    const fs::path d = sv::test::output_dir() / "settings_precedence";
    fs::create_directories(d);
    const std::string in = (d / (name + ".json")).string(), saved = (d / (name + ".saved.json")).string();
    std::ofstream(in) << json;
    fs::remove(saved);
    const std::string cmd =
        std::string(SKINVIEW_EXE) + " \"" + (sv::test::source_dir() / "assets" / "arm.glb").string() +
        "\" --frames 2 --settings \"" + in + "\" --save-settings \"" + saved + "\" " + flags + " 2>&1";
    std::string log;
    FILE* p = popen(cmd.c_str(), "r");
    if (p) {
        std::array<char, 512> buf{};
        while (fgets(buf.data(), buf.size(), p)) log += buf.data();
        pclose(p);
    }
    auto s = sv::ui::load_settings_file(saved);
    EXPECT_TRUE(s) << log;
    return s ? *s : sv::ui::View{};
}

TEST(SettingsPrecedenceSmoke, NamedFlagsWinOverTheFileAndTheFileOverDefaults) {
    if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
        GTEST_SKIP() << "no display: run under xvfb-run (scripts/test.sh does)";
    const std::string file = R"({"clip": "rest", "time": 0.1, "correction": true, "skinning": "dqs",
                                 "camera": "side"})";
    const auto flagged = shown("flags", file, "--clip bend --time 0.4 --correction off --skinning lbs");
    EXPECT_EQ(flagged.clock.clip, "bend");
    EXPECT_NEAR(flagged.clock.time, 0.4, 1e-6);
    EXPECT_FALSE(flagged.skin.correction);
    EXPECT_EQ(flagged.skin.skinning, "lbs");
    // Control: without the flags, the file's values (the flags' defaults do not undo them).
    const auto plain = shown("plain", file, "");
    EXPECT_EQ(plain.clock.clip, "rest");
    EXPECT_NEAR(plain.clock.time, 0.0, 1e-6) << "the rest pose has no time";
    EXPECT_TRUE(plain.skin.correction);
    EXPECT_EQ(plain.skin.skinning, "dqs");
}

}  // namespace
