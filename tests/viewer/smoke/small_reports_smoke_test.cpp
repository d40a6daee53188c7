// Issue 35's smaller reports in the real window, each with its control: the Scene panel's
// screenshot folder field (S writes there), the keys overlay (F1) listing the arrow keys' frame
// stepping, the scene tree back at its top for a new file, the speed slider on screen in an
// 800 px window, and a flick (pressed, moved and let go within one frame) selecting no joint.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.h"
#include "ui/view.h"
#include "ui/viewport.h"
#include "viewer_run.h"

namespace small_reports_smoke {

namespace fs = std::filesystem;
using sv::test::ViewerRun;

class SmallReports : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }
    static ViewerRun run(const std::string& name, const std::string& script, int frames,
                         const std::string& extra = "") {
        const fs::path dir = sv::test::output_dir();
        auto r = sv::test::run_viewer({sv::test::built_in_character(), frames, script,
                                       (dir / ("small_reports_" + name + ".txt")).string(), "", extra});
        EXPECT_EQ(r.rc, 0) << r.log;
        return r;
    }
};

TEST_F(SmallReports, TheScreenshotFolderFieldIsWhereSWrites) {
    const fs::path shots = sv::test::output_dir() / "small_reports_shots";
    fs::remove_all(shots);
    fs::create_directories(shots);
    const ViewerRun locate = run("shots_locate", "1 move viewport 0.5 0.5\n", 3);
    float x = 0, y = 0;
    ASSERT_TRUE(sv::test::item_centre(locate.log, "scene", "screenshot folder", x, y))
        << "no screenshot folder field:\n"
        << locate.log;
    std::ostringstream s;
    s << "2 move " << x << "px " << y << "px\n3 click left\n5 type " << shots.string()
      << "\n7 key enter\n9 move viewport 0.5 0.5\n10 key s\n";
    const ViewerRun r = run("shots", s.str(), 14);
    const fs::path png = shots / "humanoid_1.png";
    EXPECT_TRUE(fs::exists(png)) << r.log;
    EXPECT_NE(r.log.find("status message: screenshot: " + png.string()), std::string::npos) << r.log;
}

TEST_F(SmallReports, TheKeysOverlayListsTheArrowKeys) {
    const ViewerRun r = run("keys", "2 key f1\n", 5);
    // The control: the overlay was drawn (its first line is there).
    EXPECT_NE(r.log.find("keys help: space: play / pause"), std::string::npos) << r.log;
    EXPECT_NE(r.log.find("keys help: left / right: step a frame back / forward (pauses)"), std::string::npos)
        << r.log;
}

// Scrolled down the built-in character's joints, then another file dropped: the tree starts at the
// top. (ImGui keeps a child's scroll by its id, and every file's tree had the same one.) The file
// dropped is another humanoid, whose tree is as long: a short tree (the arm) clamps any scroll to 0
// and would pass without the reset.
TEST_F(SmallReports, TheSceneTreeStartsAtTheTopForANewFile) {
    const std::string other = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const ViewerRun r = run("tree", "2 move left 100px 600px\n3 wheel -10\n6 drop " + other + "\n", 10);
    const size_t drop = r.log.find("skinview: opened " + other);
    ASSERT_NE(drop, std::string::npos) << r.log;
    // The control: the wheel did scroll the tree before the drop.
    const std::string before = r.log.substr(0, drop);
    const size_t at = before.rfind("scene tree scroll: ");
    ASSERT_NE(at, std::string::npos) << r.log;
    EXPECT_GT(std::atoi(before.c_str() + at + 19), 0) << "the wheel did not scroll the tree:\n" << r.log;
    EXPECT_EQ(sv::test::last_after(r.log, "scene tree scroll: "), "0") << r.log;
}

TEST_F(SmallReports, TheSpeedSliderStaysOnScreenInAnEightHundredPixelWindow) {
    for (const int width : {800, 1280}) {
        const ViewerRun r = run("speed_" + std::to_string(width), "1 move viewport 0.5 0.5\n", 3,
                                "--window " + std::to_string(width));
        float x = 0, y = 0;
        ASSERT_TRUE(sv::test::item_centre(r.log, "timeline", "speed", x, y)) << r.log;
        const sv::ui::Layout l = sv::ui::compute_layout(float(width), float(width) * 9.0f / 16.0f);
        std::printf("[ measure ] %d px window: speed slider centred at (%.0f, %.0f), timeline x %.0f..%.0f\n",
                    width, x, y, l.timeline.x, l.timeline.x + l.timeline.w);
        EXPECT_LT(x, l.timeline.x + l.timeline.w - 30.0f)
            << width << " px: the slider is past the timeline's edge";
        EXPECT_GT(x, l.timeline.x);
    }
}

// A click at the viewport's centre selects a joint (the control); a flick that goes down to the
// side, moves there and lets go within one frame selects nothing. ImGui polls the cursor once a
// frame, so it saw a press and release both at the centre, no travel, and called it a click.
TEST_F(SmallReports, AFlickSelectsNoJoint) {
    const auto selected = [&](const std::string& name, const std::string& script) {
        const std::string saved = (sv::test::output_dir() / ("small_reports_" + name + ".json")).string();
        fs::remove(saved);
        run(name, script, 10, "--save-settings \"" + saved + "\"");
        auto s = sv::ui::load_settings_file(saved);
        EXPECT_TRUE(s) << (s ? "" : s.error().message);
        return s ? s->panels.joint : std::string("(none saved)");
    };
    const std::string clicked = selected("click", "5 move viewport 0.5 0.45\n6 click left\n");
    ASSERT_NE(clicked, "") << "the control click at the centre should select a joint";
    const std::string flicked =
        selected("flick", "5 move viewport 0.8 0.45\n6 down left\n6 move viewport 0.5 0.45\n6 up left\n");
    EXPECT_EQ(flicked, "") << "the flick selected '" << flicked << "'";
}

}  // namespace small_reports_smoke
