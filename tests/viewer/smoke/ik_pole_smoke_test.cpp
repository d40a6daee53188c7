// Issue 35 item 7, the pole half: an arm chain seen from the front puts the pole's hint (in front of
// the elbow) in line with the hand, and once the forearm is shorter on screen than a handle the
// pole's ring sat under the target's disc: the target won every press there, so the pole could not
// be grabbed without orbiting. In the real window, the built-in character's left arm chain
// (LeftArm > LeftForeArm > LeftHand, picked through the IK tab's "Chain ending at the selected
// joint") seen from the front 32 m out: the two handles are drawn apart, a drag on the target moves
// the target and leaves the pole, and a drag on the pole's ring moves the pole and leaves the target.
// The control is the pole drag: on the old placement the press on the ring grabbed the target.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "render/image.h"
#include "test_paths.h"
#include "ui/viewport.h"
#include "viewer_run.h"

namespace {

using sv::render::RgbaImage;
using sv::test::ViewerRun;

struct Spot {
    double x = 0, y = 0;
    long pixels = 0;
};

// The centroid of the viewport's pixels `match` accepts.
template <class F>
Spot centroid(const RgbaImage& img, F match) {
    const sv::ui::Layout l = sv::ui::compute_layout(float(img.width), float(img.height));
    const auto& v = l.viewport;
    Spot c;
    for (int y = int(v.y); y < int(v.y + v.h); ++y)
        for (int x = int(v.x); x < int(v.x + v.w); ++x)
            if (match(img.at(x, y))) c.x += x, c.y += y, ++c.pixels;
    if (c.pixels) c.x /= double(c.pixels), c.y /= double(c.pixels);
    return c;
}
// The target's disc, green when reachable (the lit character is grey, the background dark).
Spot target_disc(const RgbaImage& img) {
    return centroid(img, [](const std::uint8_t* p) { return p[1] > 200 && p[0] < 100 && p[2] < 130; });
}
// The pole's ring, pure (240, 220, 60): the line from the elbow to it is drawn at 80% and blends
// below these bounds over the body and the background.
Spot pole_ring(const RgbaImage& img) {
    return centroid(img, [](const std::uint8_t* p) { return p[0] >= 234 && p[1] >= 212 && p[2] <= 75; });
}

// The three numbers after `key` ("pole (") in the log's last line holding `line_start`.
bool vec_after(const std::string& log, const std::string& line_start, const std::string& key, double v[3]) {
    const size_t at = log.rfind(line_start);
    if (at == std::string::npos) return false;
    const size_t k = log.find(key, at);
    if (k == std::string::npos || k > log.find('\n', at)) return false;
    return std::sscanf(log.c_str() + k + key.size(), "%lf, %lf, %lf", &v[0], &v[1], &v[2]) == 3;
}
double distance(const double a[3], const double b[3]) {
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                     (a[2] - b[2]) * (a[2] - b[2]));
}

class IkPoleSmoke : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SKIP_WITHOUT_DISPLAY();
        settings_ = (sv::test::output_dir() / "viewer_ik_pole.json").string();
        std::ofstream(settings_) << "{\"ik\": true, \"playing\": false, \"joint\": \"LeftHand\"}\n";
        // The chain button's place, from the ui log of a run that shows the IK tab.
        const ViewerRun tab = run("tab", "1 move viewport 0.5 0.5\n", 4);
        ASSERT_EQ(tab.rc, 0) << tab.log;
        ASSERT_TRUE(sv::test::item_centre(tab.log, "ik", "Chain ending at the selected joint", bx_, by_))
            << tab.log;
        std::ostringstream s;
        s << "2 move " << bx_ << "px " << by_ << "px\n3 click left\n";
        pick_arm_ = s.str();
    }
    ViewerRun run(const std::string& name, const std::string& script, int frames) {
        const std::string dir = sv::test::output_dir().string();
        return sv::test::run_viewer({sv::test::built_in_character(), frames, script,
                                     dir + "/viewer_ik_pole_" + name + ".txt",
                                     dir + "/viewer_ik_pole_" + name + ".png",
                                     "--tab ik --camera 0,0,32,0,1,0 --settings \"" + settings_ + "\""});
    }
    std::string settings_, pick_arm_;
    float bx_ = 0, by_ = 0;
};

TEST_F(IkPoleSmoke, FromTheFrontTheTargetAndThePoleAreEachGrabbedAlone) {
    const ViewerRun still = run("still", pick_arm_ + "6 move viewport 0.5 0.9\n", 10);
    ASSERT_EQ(still.rc, 0) << still.log;
    ASSERT_NE(still.log.find("ik chain: LeftArm > LeftForeArm > LeftHand"), std::string::npos)
        << "the arm chain was not picked:\n"
        << still.log;
    const Spot t = target_disc(still.image), p = pole_ring(still.image);
    ASSERT_GT(t.pixels, 40) << "no IK target disc on screen";
    ASSERT_GT(p.pixels, 10) << "no pole ring on screen";
    const double apart = std::hypot(p.x - t.x, p.y - t.y);
    std::printf(
        "[ measure ] front, 32 m: target disc at (%.1f, %.1f), pole ring at (%.1f, %.1f), %.1f px apart\n",
        t.x, t.y, p.x, p.y, apart);
    // Two pick discs of 10 px: their centres at least 20 px apart (24 is the push; the ring's
    // centroid loses a little of the side the disc covers).
    EXPECT_GE(apart, 20.0) << "the pole's ring is under the target's disc";

    // Each handle dragged 30 px to the right and 20 up, from its centre as drawn.
    const auto drag = [&](const char* name, const Spot& from) {
        std::ostringstream s;
        s << pick_arm_ << "6 move " << from.x << "px " << from.y << "px\n7 down left\n8 move " << from.x + 15
          << "px " << from.y - 10 << "px\n9 move " << from.x + 30 << "px " << from.y - 20
          << "px\n11 up left\n";
        return run(name, s.str(), 14);
    };
    const ViewerRun on_target = drag("drag_target", t);
    ASSERT_EQ(on_target.rc, 0) << on_target.log;
    EXPECT_NE(on_target.log.find("ik: grabbed the target handle"), std::string::npos) << on_target.log;
    const ViewerRun on_pole = drag("drag_pole", p);
    ASSERT_EQ(on_pole.rc, 0) << on_pole.log;
    EXPECT_NE(on_pole.log.find("ik: grabbed the pole handle"), std::string::npos)
        << "a press on the pole's ring did not grab the pole:\n"
        << on_pole.log;

    // What each drag moved, from the handles' values at the grab and at the release.
    for (const auto& [r, moved] :
         {std::pair<const ViewerRun*, std::string>{&on_target, "target"}, {&on_pole, "pole"}}) {
        double t0[3], p0[3], t1[3], p1[3];
        ASSERT_TRUE(vec_after(r->log, "skinview: ik: grabbed", "target (", t0) &&
                    vec_after(r->log, "skinview: ik: grabbed", "pole (", p0))
            << r->log;
        ASSERT_TRUE(vec_after(r->log, "skinview: ik: released", "target (", t1) &&
                    vec_after(r->log, "skinview: ik: released", "pole (", p1))
            << r->log;
        const double dt = distance(t0, t1), dp = distance(p0, p1);
        std::printf("[ measure ] dragging the %s: the target moved %.4f m, the pole %.4f m\n", moved.c_str(),
                    dt, dp);
        // 30 x 20 px at 32 m is about 1.4 m in the view plane; the other handle not at all.
        EXPECT_GT(moved == "target" ? dt : dp, 0.2) << moved << " did not follow the drag";
        EXPECT_EQ(moved == "target" ? dp : dt, 0.0)
            << "the " << (moved == "target" ? "pole" : "target") << " moved";
    }
}

}  // namespace
