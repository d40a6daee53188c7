// Issue 35 item 5: with the correction off, framing must frame the pose on screen, in the correction
// state on screen. The built-in character with a Joints-tab pose edit that turns it over (Hips
// 180 degrees about X), the clip paused: C turns the correction off and reframes, and Home
// reframes again. The soup drawn (the pose's vertices in the mesh node's frame, 100x folded) must be
// framed: its lit pixels centred in the viewport and clear of its edges. Framing the clip's poses
// instead (what the viewer did) frames a soup nobody sees: the one drawn sits off centre, up
// against the top (a hand-break back to the clip's framing turns this red).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "render/image.h"
#include "test_paths.h"
#include "ui/viewport.h"
#include "viewer_run.h"

namespace {

using sv::render::RgbaImage;
using sv::test::ViewerRun;

struct Box {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
    long pixels = 0;
};

// The lit mesh's pixels in the viewport (every channel above 120: the background is (28, 31, 36),
// the grid lines about 90).
Box lit_box(const RgbaImage& img, sv::ui::Rect& v) {
    const sv::ui::Layout l = sv::ui::compute_layout(float(img.width), float(img.height));
    v = l.viewport;
    Box b;
    for (int y = int(v.y); y < int(v.y + v.h); ++y)
        for (int x = int(v.x); x < int(v.x + v.w); ++x) {
            const auto* p = img.at(x, y);
            if (p[0] > 120 && p[1] > 120 && p[2] > 120) {
                b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y);
                b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
                ++b.pixels;
            }
        }
    return b;
}

class FramingOnScreen : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }
};

TEST_F(FramingOnScreen, CorrectionOffFramesTheEditedPoseAsDrawn) {
    const std::string settings = (sv::test::output_dir() / "viewer_framing_on_screen.json").string();
    std::ofstream(settings) << "{\"playing\": false, \"pose_edits\": {\"Hips\": [180, 0, 0]}}\n";
    for (const char* way : {"c", "home"}) {
        SCOPED_TRACE(way);
        const std::string dir = sv::test::output_dir().string();
        const std::string script =
            std::string("3 key c\n") + (std::string(way) == "home" ? "6 key home\n" : "");
        const ViewerRun r = sv::test::run_viewer(
            {sv::test::built_in_character(), 10, script, dir + "/viewer_framing_on_screen_" + way + ".txt",
             dir + "/viewer_framing_on_screen_" + way + ".png", "--settings \"" + settings + "\""});
        ASSERT_EQ(r.rc, 0) << r.log;
        ASSERT_NE(r.log.find("correction off"), std::string::npos) << "C did not turn the correction off\n"
                                                                   << r.log;
        sv::ui::Rect v;
        const Box b = lit_box(r.image, v);
        ASSERT_GT(b.pixels, 500) << "no soup on screen (a speck or nothing)";
        const double cx = 0.5 * (b.x0 + b.x1) - (v.x + 0.5 * v.w),
                     cy = 0.5 * (b.y0 + b.y1) - (v.y + 0.5 * v.h);
        std::printf(
            "[ measure ] %s: soup's box (%d..%d, %d..%d) px in a %.0f x %.0f viewport at (%.0f, %.0f): "
            "centre off by (%.0f, %.0f) px, %ld pixels\n",
            way, b.x0, b.x1, b.y0, b.y1, v.w, v.h, v.x, v.y, cx, cy, b.pixels);
        // Framed: the box's centre projects near the viewport's (10%: the box is of 3D corners, the
        // silhouette of the vertices within it), and no edge of the viewport cuts the mesh.
        EXPECT_LT(std::abs(cx), 0.1 * v.w);
        EXPECT_LT(std::abs(cy), 0.1 * v.h);
        EXPECT_GT(b.x0, int(v.x) + 2);
        EXPECT_GT(b.y0, int(v.y) + 2) << "cut at the top edge";
        EXPECT_LT(b.x1, int(v.x + v.w) - 3);
        EXPECT_LT(b.y1, int(v.y + v.h) - 3);
        // Not a speck: framing fits the box, so the mesh spans a good part of the view.
        EXPECT_GT(std::max(double(b.x1 - b.x0) / v.w, double(b.y1 - b.y0) / v.h), 0.4);
    }
}

}  // namespace
