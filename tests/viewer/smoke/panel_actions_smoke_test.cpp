// The Scene panel's settings buttons through the real window: a click on Save or Load becomes an
// action the viewer serves (ui/ui_actions.h), not a flag it polls. The buttons' places come from
// the ui log's "settings button: " lines, so the click goes through ImGui's own hit test. The state
// a run ends in is read from `--save-settings`, written at exit by the viewer's own capture.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "test_paths.h"
#include "viewer_run.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class PanelActions : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SKIP_WITHOUT_DISPLAY();
        dir_ = sv::test::output_dir() / "panel_actions" /
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }

    // The built-in character opened on `settings` (which the Scene panel's path field then names),
    // `script` replayed over `frames` frames; the view it ends in, as --save-settings wrote it.
    json run_on(const std::string& name, const std::string& settings, const std::string& script, int frames,
                std::string* log = nullptr) {
        const fs::path end = dir_ / (name + ".end.json");
        const auto r = sv::test::run_viewer(
            {sv::test::built_in_character(), frames, script, (dir_ / (name + ".input.txt")).string(), "",
             "--settings \"" + settings + "\" --save-settings \"" + end.string() + "\""});
        EXPECT_EQ(r.rc, 0) << r.log;
        if (log) *log = r.log;
        std::ifstream in(end);
        return json::parse(in, nullptr, false);
    }

    std::string write(const std::string& name, const std::string& text) {
        const fs::path p = dir_ / name;
        std::ofstream(p) << text;
        return p.string();
    }

    fs::path dir_;
};

std::string click_at(int frame, float x, float y) {
    std::ostringstream s;
    s << frame << " move " << x << "px " << y << "px\n"
      << frame + 1 << " down left\n"
      << frame + 2 << " up left\n";
    return s.str();
}

// C turns the correction off; Save writes the view to the file the panel names, Load reads it back
// over what is on screen. Controls: the same runs without the click leave the file as it was, and
// the correction off.
TEST_F(PanelActions, SaveAndLoadAreServedFromTheButtons) {
    std::string log;
    const std::string view = write("view.json", R"({"time": 0.25})");
    (void)run_on("where", view, "2 move viewport 0.5 0.5\n", 4, &log);
    float sx = 0, sy = 0, lx = 0, ly = 0;
    ASSERT_TRUE(sv::test::item_centre(log, "settings button", "Save", sx, sy)) << log;
    ASSERT_TRUE(sv::test::item_centre(log, "settings button", "Load", lx, ly)) << log;

    // Save after C: the file now says the correction is off.
    const json saved_end = run_on("save", view, "3 key c\n" + click_at(6, sx, sy), 12);
    std::ifstream in(view);
    const json file = json::parse(in, nullptr, false);
    ASSERT_TRUE(file.is_object()) << view;
    EXPECT_EQ(file.value("correction", true), false) << file.dump();
    EXPECT_EQ(saved_end.value("correction", true), false);

    // Load after C: the file (correction on) comes back over the screen.
    const std::string on = write("on.json", R"({"time": 0.25, "correction": true})");
    const json loaded = run_on("load", on, "3 key c\n" + click_at(6, lx, ly), 12);
    ASSERT_TRUE(loaded.is_object());
    EXPECT_EQ(loaded.value("correction", false), true) << loaded.dump();

    // Controls: no click, no save (the file keeps its text) and no load (C's change stays).
    const std::string untouched = write("untouched.json", R"({"time": 0.25})");
    const json no_click = run_on("no_click", untouched, "3 key c\n" + click_at(6, 5.0f, 5.0f), 12);
    std::ifstream again(untouched);
    const std::string text((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, R"({"time": 0.25})");
    EXPECT_EQ(no_click.value("correction", true), false);
}

}  // namespace
