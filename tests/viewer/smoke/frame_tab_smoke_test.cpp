// The Frame tab's correction checkbox in the real window (issue #25), clicked by an input script:
// the checkbox is found from the ui log's "frame tab: correction at X Y" line of a first run (ImGui's
// own hit test, not pixels guessed from the font), then a second run clicks it. The status line
// turns from "correction on" to "correction off" and the viewport draws another picture (the
// built-in character's mesh in the file's frame, its soup). Control: the first run, which clicks
// nothing, keeps "correction on"; a click a row below the checkbox changes nothing.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>

#include "render/image.h"
#include "test_paths.h"
#include "ui/viewport.h"
#include "viewer_run.h"

namespace {

using sv::test::ViewerRun;

class FrameTabSmoke : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }

    static ViewerRun run(const std::string& name, const std::string& script) {
        const std::string stem =
            (sv::test::output_dir() / (sv::test::current_test_stem() + "_" + name)).string();
        ViewerRun r = sv::test::run_viewer({sv::test::built_in_character(), 8, script, stem + ".txt",
                                            stem + ".png", "--tab frame --window 1280"});
        EXPECT_EQ(r.rc, 0) << r.log;
        return r;
    }

    // Channel values that differ inside the viewport.
    static long viewport_difference(const sv::render::RgbaImage& a, const sv::render::RgbaImage& b) {
        if (a.width != b.width || a.height != b.height || a.width == 0) return -1;
        const sv::ui::Layout l = sv::ui::compute_layout(float(a.width), float(a.height));
        long n = 0;
        for (int y = int(l.viewport.y); y < int(l.viewport.y + l.viewport.h); ++y)
            for (int x = int(l.viewport.x); x < int(l.viewport.x + l.viewport.w); ++x)
                for (int k = 0; k < 3; ++k) n += a.at(x, y)[k] != b.at(x, y)[k];
        return n;
    }
};

TEST_F(FrameTabSmoke, ClickingTheCorrectionCheckboxTurnsItOffOnTheStatusLineAndInTheViewport) {
    const ViewerRun located = run("locate", "1 move viewport 0.5 0.5\n");
    float x = 0, y = 0;
    ASSERT_TRUE(sv::test::item_centre(located.log, "frame tab", "correction", x, y))
        << "no checkbox position in the log:\n"
        << located.log;
    EXPECT_EQ(sv::test::last_after(located.log, "status: ").rfind("correction on", 0), 0u) << located.log;

    std::ostringstream click;
    click << "2 move " << x << "px " << y << "px\n3 click left\n";
    const ViewerRun clicked = run("click", click.str());
    const std::string status = sv::test::last_after(clicked.log, "status: ");
    const long changed = viewport_difference(located.image, clicked.image);
    std::printf(
        "[ measure ] checkbox at %.0f %.0f; after the click: status '%s', %ld viewport channel values "
        "differ\n",
        double(x), double(y), status.c_str(), changed);
    EXPECT_EQ(status.rfind("correction off", 0), 0u) << clicked.log;
    EXPECT_GT(changed, 1000) << "the viewport drew the same picture with the correction off";

    // Control: the same click 40 px below the checkbox, on the tab's text, leaves it on.
    std::ostringstream miss;
    miss << "2 move " << x << "px " << y + 40.0f << "px\n3 click left\n";
    const ViewerRun missed = run("miss", miss.str());
    EXPECT_EQ(sv::test::last_after(missed.log, "status: ").rfind("correction on", 0), 0u) << missed.log;
}

}  // namespace
