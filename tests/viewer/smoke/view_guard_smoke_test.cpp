// Issue 45's window items through the real window: unsaved work is the view now against the view
// last opened, saved or loaded, so an open asks before throwing away a pose edit (it used to drop
// it silently), a Save ends the warning, a Load of edits counts them as saved; Esc closes the
// innermost thing open (the clip list, the keys overlay, the error banner) and quits only when
// nothing is; a new file starts with IK off and the speed at 1. Each test has the control that
// fails on the old behaviour, named in its comment.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "test_paths.h"
#include "viewer_run.h"

namespace view_guard_smoke {

namespace fs = std::filesystem;
using nlohmann::json;
using sv::test::ViewerRun;

class ViewGuard : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SKIP_WITHOUT_DISPLAY();
        dir_ = sv::test::output_dir() / "view_guard" /
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    ViewerRun run(const std::string& name, const std::string& script, int frames,
                  const std::string& extra = "", const std::string& file = sv::test::built_in_character()) {
        return sv::test::run_viewer({file, frames, script, (dir_ / (name + ".txt")).string(), "", extra});
    }
    std::string write(const std::string& name, const std::string& text) {
        const fs::path p = dir_ / name;
        std::ofstream(p) << text;
        return p.string();
    }
    // The script lines that make one pose edit: the forearm's X slider ctrl+clicked, 30 typed (as the
    // pose edit and quit smoke tests make it), its slider found from a first run's ui log.
    std::string pose_edit_script() {
        const ViewerRun locate = run("locate", "1 move viewport 0.5 0.5\n", 3, kEditOptions);
        float sx = 0, sy = 0;
        EXPECT_TRUE(sv::test::item_centre(locate.log, "pose edit", "X", sx, sy)) << locate.log;
        std::ostringstream edit;
        edit << "2 move " << sx << "px " << sy << "px\n3 down left +ctrl\n4 up left\n6 type 30\n7 key enter\n"
             << "9 move viewport 0.5 0.5\n";
        return edit.str();
    }
    static constexpr const char* kEditOptions = "--joint LeftForeArm --tab joints";
    fs::path dir_;
};

std::string arm() { return (sv::test::source_dir() / "assets" / "arm.glb").string(); }

// A drop over an unsaved edit asks, naming the file and the edit; Open opens it, Cancel keeps the
// edit. Control: the same drop with nothing edited opens at once (the old code opened in both).
TEST_F(ViewGuard, AnOpenAsksBeforeThrowingAwayAPoseEdit) {
    const std::string edit = pose_edit_script();
    const ViewerRun asked = run("asked", edit + "12 drop " + arm() + "\n", 20, kEditOptions);
    EXPECT_EQ(asked.rc, 0) << asked.log;
    EXPECT_NE(asked.log.find("open " + arm() + " asks first: 1 joint edited (Joints tab)"), std::string::npos)
        << asked.log;
    EXPECT_NE(asked.log.find("open dialog: 1 joint edited (Joints tab)"), std::string::npos) << asked.log;
    EXPECT_EQ(asked.log.find("opened " + arm()), std::string::npos) << "opened without asking:\n"
                                                                    << asked.log;
    float ox = 0, oy = 0;
    ASSERT_TRUE(sv::test::item_centre(asked.log, "open dialog", "Open", ox, oy)) << asked.log;
    std::ostringstream answer;
    answer << edit << "12 drop " << arm() << "\n15 move " << ox << "px " << oy << "px\n16 click left\n";
    const ViewerRun opened = run("opened", answer.str(), 24, kEditOptions);
    EXPECT_NE(opened.log.find("(the dialog's Open)"), std::string::npos) << opened.log;
    EXPECT_NE(opened.log.find("skinview: opened " + arm()), std::string::npos) << opened.log;
    // The control: nothing edited, the drop opens at once.
    const ViewerRun plain = run("plain", "2 move viewport 0.5 0.5\n5 drop " + arm() + "\n", 10);
    EXPECT_NE(plain.log.find("skinview: opened " + arm()), std::string::npos) << plain.log;
    EXPECT_EQ(plain.log.find("asks first"), std::string::npos) << plain.log;
}

// A Save ends the warning: the file holds the edit. A settings file's edits loaded with the view
// are no unsaved work either. Control: the same edit without the Save asks (the quit smoke test's
// case, held here again beside it).
TEST_F(ViewGuard, AfterASaveAndForLoadedEditsEscQuitsAtOnce) {
    const std::string edit = pose_edit_script();
    const std::string view = write("view.json", R"({"time": 0.25})");
    const std::string where_script = "1 move viewport 0.5 0.5\n";
    const std::string opts = std::string(kEditOptions) + " --settings \"" + view + "\"";
    const ViewerRun where = run("where", where_script, 3, opts);
    float sx = 0, sy = 0;
    ASSERT_TRUE(sv::test::item_centre(where.log, "settings button", "Save", sx, sy)) << where.log;
    std::ostringstream saved;
    saved << edit << "11 move " << sx << "px " << sy
          << "px\n12 click left\n15 move viewport 0.5 0.5\n18 key escape\n";
    const ViewerRun after_save = run("after_save", saved.str(), 30, opts);
    EXPECT_NE(after_save.log.find("settings saved to " + view), std::string::npos) << after_save.log;
    EXPECT_NE(after_save.log.find("frame 18: quit (Esc)\n"), std::string::npos) << after_save.log;
    // The control: no Save, the same Esc asks.
    const std::string view2 = write("view2.json", R"({"time": 0.25})");
    const ViewerRun unsaved = run("unsaved", edit + "18 key escape\n", 24,
                                  std::string(kEditOptions) + " --settings \"" + view2 + "\"");
    EXPECT_NE(unsaved.log.find("frame 18: quit (Esc) asks first: 1 joint edited (Joints tab)"),
              std::string::npos)
        << unsaved.log;
    // Edits that came from the settings file are the file's.
    const std::string edited = write("edited.json", R"({"pose_edits": {"LeftForeArm": [30, 0, 0]}})");
    const ViewerRun loaded =
        run("loaded", "2 move viewport 0.5 0.5\n6 key escape\n", 12, "--settings \"" + edited + "\"");
    EXPECT_NE(loaded.log.find("frame 6: quit (Esc)\n"), std::string::npos) << loaded.log;
}

// Esc closes the innermost thing open and quits only when nothing is. Controls: the old code quit
// at the first Esc in each run (its frame is asserted quit-free here), and the last Esc quits.
TEST_F(ViewGuard, EscClosesTheInnermostThingOpenFirst) {
    // The keys overlay.
    const ViewerRun help =
        run("help", "2 move viewport 0.5 0.5\n5 key escape\n9 key escape\n", 14, "--keys-help");
    EXPECT_NE(help.log.find("frame 5: Esc\n"), std::string::npos) << help.log;
    EXPECT_EQ(help.log.find("frame 5: quit"), std::string::npos) << help.log;
    EXPECT_NE(help.log.find("frame 9: quit (Esc)\n"), std::string::npos) << help.log;
    // The error banner, after a drop of a file that does not exist.
    const ViewerRun banner =
        run("banner", "2 move viewport 0.5 0.5\n3 drop /no/such/file.glb\n6 key escape\n10 key escape\n", 14);
    EXPECT_NE(banner.log.find("error window: Could not open the file"), std::string::npos) << banner.log;
    EXPECT_EQ(banner.log.find("frame 6: quit"), std::string::npos) << banner.log;
    EXPECT_NE(banner.log.find("frame 10: quit (Esc)\n"), std::string::npos) << banner.log;
    // The clip list, opened by a click on its combo.
    const ViewerRun where = run("where", "1 move viewport 0.5 0.5\n", 3);
    float cx = 0, cy = 0;
    ASSERT_TRUE(sv::test::item_centre(where.log, "timeline", "clip list", cx, cy)) << where.log;
    std::ostringstream list;
    list << "2 move " << cx << "px " << cy
         << "px\n3 click left\n7 key escape\n10 move viewport 0.5 0.5\n12 key escape\n";
    const ViewerRun popup = run("popup", list.str(), 16);
    EXPECT_NE(popup.log.find("timeline: the clip list is open"), std::string::npos) << popup.log;
    EXPECT_EQ(popup.log.find("frame 7: quit"), std::string::npos) << popup.log;
    EXPECT_NE(popup.log.find("frame 12: quit (Esc)\n"), std::string::npos) << popup.log;
}

// The banner sits beside the 3D view, where the character is framed, not on it (it spanned 90% of
// the view's width across its top).
TEST_F(ViewGuard, TheErrorBannerStaysOffTheView) {
    const ViewerRun r = run("banner", "2 move viewport 0.5 0.5\n3 drop /no/such/file.glb\n", 8);
    const std::string at = sv::test::last_after(r.log, "error window at ");
    ASSERT_FALSE(at.empty()) << r.log;
    float x = 0, y = 0, w = 0, h = 0, vx = 0, vy = 0, vw = 0, vh = 0;
    ASSERT_EQ(std::sscanf(at.c_str(), "%f %f size %f %f in the view at %f %f size %f %f", &x, &y, &w, &h, &vx,
                          &vy, &vw, &vh),
              8)
        << at;
    EXPECT_GT(w, 200.0f) << "wide enough to read";
    const bool apart = x + w <= vx || x >= vx + vw || y + h <= vy || y >= vy + vh;
    EXPECT_TRUE(apart) << "the banner lies on the 3D view: " << at;
}

// IK, the speed and root motion belong to the file: a file opened after one with IK on and half speed starts
// with IK off and the speed at 1 (read off --save-settings at exit). Control: the first file's own view keeps
// them (the settings applied as asked).
TEST_F(ViewGuard, IkAndSpeedResetWhenAnotherFileOpens) {
    const std::string view = write("ik.json", R"({"ik": true, "speed": 0.5, "root_motion": true})");
    const fs::path first = dir_ / "first.json", second = dir_ / "second.json";
    ViewerRun r = run("first", "2 move viewport 0.5 0.5\n", 6,
                      "--settings \"" + view + "\" --save-settings \"" + first.string() + "\"");
    std::ifstream in1(first);
    const json a = json::parse(in1, nullptr, false);
    ASSERT_TRUE(a.is_object()) << r.log;
    EXPECT_EQ(a.value("ik", false), true);
    EXPECT_DOUBLE_EQ(a.value("speed", 0.0), 0.5);
    EXPECT_EQ(a.value("root_motion", false), true);
    r = run("second", "2 move viewport 0.5 0.5\n4 drop " + arm() + "\n", 10,
            "--settings \"" + view + "\" --save-settings \"" + second.string() + "\"");
    EXPECT_NE(r.log.find("skinview: opened " + arm()), std::string::npos) << r.log;
    std::ifstream in2(second);
    const json b = json::parse(in2, nullptr, false);
    ASSERT_TRUE(b.is_object()) << r.log;
    EXPECT_EQ(b.value("ik", true), false) << b.dump();
    EXPECT_DOUBLE_EQ(b.value("speed", 0.0), 1.0) << b.dump();
    EXPECT_EQ(b.value("root_motion", true), false) << b.dump();
}

}  // namespace view_guard_smoke
