// The defaults of `skinview render --ref` on a real character filling the frame: Xbot at 640x480,
// as `skinview render Xbot.glb -o out.png` draws it (first clip at t=0, camera auto). The
// comparison is the one run_render calls (viewer/session/reference_check.h) with ReferenceOptions{}, whose
// values are the command's defaults (RenderArgs), so what passes or fails here passes or fails there.
//
// Must fail: one index finger joint turned 30 degrees; one forearm turned 1 degree, each by the
// image alone and by the sidecar naming the joint. Must match: the same render repeated (a fresh
// context), and the GLES render against the GL picture.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>

#include "pose_edit.h"
#include "reference_check.h"
#include "render/context.h"
#include "scene_session.h"
#include "test_paths.h"

namespace sv::viewer {
namespace {

constexpr int kW = 640, kH = 480;

struct Frame {
    HeadlessSession h;
    render::RgbaImage image, background;
    JointSidecar sidecar;
};

// `edit` runs on the posed character before the draw.
Frame render_xbot(const std::string& path, const std::string& api,
                  const std::function<Status(SceneSession&)>& edit = {}) {
    Frame f;
    SceneOptions o;
    o.file = path;
    o.api = api;
    auto h = open_headless(o);
    EXPECT_TRUE(h.ok()) << (h.ok() ? "" : h.error().message);
    if (!h) return f;
    f.h = std::move(*h);
    SceneSession& s = *f.h.session;
    s.pose();
    if (edit) {
        const Status st = edit(s);
        EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    }
    auto img = s.render_current(kW, kH);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (img) f.image = std::move(*img);
    auto sc = measure_sidecar(s, kW, kH);
    EXPECT_TRUE(sc.ok()) << (sc.ok() ? "" : sc.error().message);
    if (sc) f.sidecar = std::move(*sc);
    auto bg = s.render_background(kW, kH);
    EXPECT_TRUE(bg.ok()) << (bg.ok() ? "" : bg.error().message);
    if (bg) f.background = std::move(*bg);
    return f;
}

ReferenceReport check(const Frame& golden, const Frame& actual, const ReferenceOptions& o = {}) {
    auto r =
        check_reference(golden.image, &golden.sidecar, actual.image, actual.sidecar, &actual.background, o);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : ReferenceReport{};
}

// What the old default (0.1% of the whole frame, no footprint, no sidecar) said of the same pair.
bool old_metric_matches(const Frame& golden, const Frame& actual) {
    render::CompareOptions old;
    old.max_footprint_fraction = 1.0;
    old.max_differing_fraction = 0.001;
    auto r = render::compare_images(golden.image, actual.image, old);
    return r.ok() && r->match;
}

class RefDefaults : public ::testing::Test {
protected:
    void SetUp() override {
        SKINVIEW_SHARED_ASSET_OR_SKIP(p, "Xbot.glb");
        path_ = p;
        golden_ = render_xbot(path_, "gl");
        ASSERT_EQ(golden_.image.width, kW);
    }
    void expect_caught(const Frame& edited, const std::string& joint_below) {
        const ReferenceReport r = check(golden_, edited);
        std::printf("[ figures ] %s\n", r.text().c_str());
        EXPECT_FALSE(r.image.match) << "the image alone must see it: " << r.image.summary();
        EXPECT_FALSE(r.match());
        bool named = false;
        for (const auto& f : r.structure_failures)
            named = named || f.find(joint_below + " moved") != std::string::npos;
        EXPECT_TRUE(named) << "the sidecar must name " << joint_below << ": " << r.text();
        std::printf("[ figures ] old whole-frame 0.1%% metric: %s\n",
                    old_metric_matches(golden_, edited) ? "match (missed)" : "mismatch");
    }
    std::string path_;
    Frame golden_;
};

TEST_F(RefDefaults, SameRenderRepeatedMatches) {
    const Frame again = render_xbot(path_, "gl");
    const ReferenceReport r = check(golden_, again);
    std::printf("[ figures ] %s\n", r.text().c_str());
    EXPECT_TRUE(r.match()) << r.text();
    EXPECT_TRUE(r.sidecar_checked);
    // The footprint is the character, not the frame or the grid: Xbot standing in 640x480 covers
    // between 2% and 40% of it (13,433 pixels, 4.4%, when measured).
    EXPECT_GT(r.image.footprint_pixels, kW * kH / 50) << r.text();
    EXPECT_LT(r.image.footprint_pixels, kW * kH * 2 / 5) << r.text();
}

TEST_F(RefDefaults, GlesRenderMatchesTheGlPicture) {
    const Frame gles = render_xbot(path_, "gles");
    const ReferenceReport r = check(golden_, gles);
    std::printf("[ figures ] %s\n", r.text().c_str());
    EXPECT_TRUE(r.match()) << r.text();
}

TEST_F(RefDefaults, IndexFingerTurned30DegreesFails) {
    expect_caught(render_xbot(path_, "gl",
                              [](SceneSession& s) { return test::turn_joint(s, "LeftHandIndex1", 30.0f); }),
                  "LeftHandIndex2");
}

TEST_F(RefDefaults, ForearmTurned1DegreeFails) {
    expect_caught(
        render_xbot(path_, "gl", [](SceneSession& s) { return test::turn_joint(s, "LeftForeArm", 1.0f); }),
        "LeftHandIndex4");
}

}  // namespace
}  // namespace sv::viewer
