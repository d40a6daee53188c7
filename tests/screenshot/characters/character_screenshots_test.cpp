// The screenshot goldens that need an edit a suite entry cannot say (a twisted joint, an IK solve,
// a broken palette entry): rendered headless at 384x384 and held against tests/golden/ with the
// check `skinview render --ref` runs (viewer/session/reference_check.h). The plain character goldens (file,
// clip, time, correction, API) are tests/screenshot/suites/characters.suite.json, which ctest runs
// through `skinview suite` (screenshot.suite.characters) with its own negative controls.
//
// Negative controls: negative_controls_test.cpp (one per family and kind). Here: the soup asserted
// to be soup, linear blend asserted to differ from DQS, the three rungs' goldens asserted distinct.
#include <gtest/gtest.h>

#include <cstring>

#include "anim/graph/two_bone_ik.h"
#include "render/gpu_diagnose.h"
#include "shots.h"

namespace sv::viewer {
namespace {

double differing_fraction(const render::RgbaImage& a, const render::RgbaImage& b) {
    auto r = render::compare_images(a, b);
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->differing_fraction : 0.0;
}

// The soup, asserted to be soup: with the correction off, Xbot at bind is not the character (it
// is 1/100 of it at the origin), so most of the character's pixels are background.
TEST(ScreenshotControls, CorrectionOffIsNotTheCharacter) {
    const Shot on{"", "shared:Xbot.glb", render::Api::GL, "", 0.0f, true, "on"};
    SKINVIEW_SHOT_OR_SKIP(on);
    Shot off = on;
    off.correction = "off";
    const double f = differing_fraction(render_shot(on).frame.image, render_shot(off).frame.image);
    EXPECT_GT(f, 0.05) << "correction off should lose the character; only " << f * 100
                       << "% of pixels changed";
}

TEST(ScreenshotControls, CorrectionOffIsSoupOnTheBuiltInCharacterPosed) {
    const Shot on{"", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f, false, "on"};
    Shot off = on;
    off.correction = "off";
    const double f = differing_fraction(render_shot(on).frame.image, render_shot(off).frame.image);
    EXPECT_GT(f, 0.05) << f;
}

class TwistRung : public ::testing::TestWithParam<std::string> {};

Shot twist_shot(const std::string& rung) {
    return {"arm_twist_" + rung, "project:arm.glb", render::Api::GL, "", 0.0f, true, "on", rung, "front"};
}

TEST_P(TwistRung, MatchesGolden) {
    const Shot shot = twist_shot(GetParam());
    Rendered r = render_shot(shot, twist_mid_joint);
    test::expect_scene_matches_golden(r.frame, shot.golden, shot.golden);
}

INSTANTIATE_TEST_SUITE_P(Rungs, TwistRung, ::testing::Values("dqs", "dqs-scale", "lbs"),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (auto& c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });

// Identical goldens would be a test that sees nothing: each rung's picture must fail the other
// rungs' goldens.
TEST(ScreenshotControls, EachRungFailsTheOtherRungsGoldens) {
    if (test::blessing()) GTEST_SKIP() << "blessing";
    for (const std::string a : {"dqs", "dqs-scale", "lbs"})
        for (const std::string b : {"dqs", "dqs-scale", "lbs"}) {
            if (a == b) continue;
            Rendered r = render_shot(twist_shot(a), twist_mid_joint);
            const auto o = test::check_scene_golden(r.frame, "arm_twist_" + b, "arm_twist_" + a + "_vs_" + b);
            ASSERT_TRUE(o.compared) << o.message;
            EXPECT_FALSE(o.match) << a << " passed the " << b << " golden: " << o.message;
        }
}

TEST(ScreenshotControls, LinearBlendCandyWrapperDiffersFromDqs) {
    Shot dqs = twist_shot("dqs");
    Shot lbs = twist_shot("lbs");
    const double f = differing_fraction(render_shot(dqs, twist_mid_joint).frame.image,
                                        render_shot(lbs, twist_mid_joint).frame.image);
    EXPECT_GT(f, 0.005) << "a 150 degree twist should pinch the linear blend visibly; " << f * 100
                        << "% differ";
}

TEST(IkScreenshot, ArmReachesTargetWithPole) {
    for (render::Api api : {render::Api::GL, render::Api::GLES}) {
        const Shot shot{"arm_ik_pole", "project:arm.glb", api, "", 0.0f, true, "on", "auto", "orbit:35"};
        Rendered r = render_shot(shot, solve_arm_ik);
        test::expect_scene_matches_golden(r.frame, shot.golden, shot.golden + "_" + render::api_name(api));
    }
}

// Debug views. Weights: one joint's influence as colour (the left forearm, whose blended rings at
// both ends show as the gradient).
TEST(DebugViews, WeightsOfOneJoint) {
    const Shot shot{"humanoid_weights_leftforearm", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f};
    Rendered r = render_shot(shot, show_left_forearm_weights);
    test::expect_scene_matches_golden(r.frame, shot.golden, shot.golden);
}

long red_pixels(const render::RgbaImage& img) {
    long n = 0;
    for (size_t p = 0; p < img.pixels.size(); p += 4)
        if (img.pixels[p] > 180 && img.pixels[p + 1] < 90 && img.pixels[p + 2] < 90) ++n;
    return n;
}

TEST(DebugViews, ErrorHeatMapIsBlueWhenRightAndRedWhereAJointIsBroken) {
    const Shot shot{"humanoid_heatmap", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f};
    Rendered good = render_shot(shot, [](SceneSession& s) { heat_map(s, false); });
    test::expect_scene_matches_golden(good.frame, shot.golden, shot.golden);
    EXPECT_EQ(red_pixels(good.frame.image), 0) << "float rounding must not show as error";
    Rendered broken = render_shot(shot, [](SceneSession& s) { heat_map(s, true); });
    (void)render::write_png((test::output_dir() / "humanoid_heatmap_broken.png").string(),
                            broken.frame.image);
    EXPECT_GT(red_pixels(broken.frame.image), 20) << "the broken forearm's vertices should be red";
}

}  // namespace
}  // namespace sv::viewer
