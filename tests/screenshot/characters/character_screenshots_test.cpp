// The screenshot regression suite: characters rendered headless (llvmpipe on CI) and held against
// goldens in tests/golden/, with the tolerance of render/image_compare.h (a pixel differs past
// 8/255 in a channel; at most 0.1% of pixels may differ). Both APIs render against one golden.
//
// Negative controls live beside the positives: the soup is asserted to be soup (far from the
// corrected golden), linear blend is asserted to differ from DQS on a twisted joint, and one joint's
// palette entry broken on purpose must fail its golden.
#include <cstring>

#include <gtest/gtest.h>

#include "golden.h"
#include "anim/two_bone_ik.h"
#include "render/context.h"
#include "render/gpu_diagnose.h"
#include "scene_session.h"

namespace sv::viewer {
namespace {

constexpr int kSize = 192;

struct Shot {
    std::string golden;
    std::string file;  // "shared:NAME" or "project:NAME"
    render::Api api = render::Api::GL;
    std::string clip;  // empty: first clip
    float time = 0.0f;
    bool bind = false;
    std::string correction = "on";
    std::string skinning = "auto";
    std::string camera = "auto";
};

std::string path_of(const std::string& f) {
    if (f.rfind("shared:", 0) == 0) return test::shared_asset(f.substr(7));
    return (test::source_dir() / "assets" / f.substr(8)).string();
}

struct Rendered {
    std::unique_ptr<render::Context> ctx;
    std::unique_ptr<SceneSession> session;
    render::RgbaImage image;
};

// Renders a shot; `edit` may change the session (its pose, its palette) before the draw.
Rendered render_shot(const Shot& shot, const std::function<void(SceneSession&)>& edit = {}) {
    Rendered r;
    auto ctx = render::create_headless_context(shot.api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return r;
    r.ctx = std::move(*ctx);
    auto s = SceneSession::open(path_of(shot.file), shot.api);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    if (!s) return r;
    r.session = std::move(*s);
    SceneOptions o;
    o.clip = shot.clip;
    o.time = shot.time;
    o.bind_pose = shot.bind;
    o.correction = shot.correction;
    o.skinning = shot.skinning;
    o.camera = shot.camera;
    auto applied = r.session->apply(o);
    EXPECT_TRUE(applied.ok()) << (applied.ok() ? "" : applied.error().message);
    if (edit) {
        // The edit path poses by hand and draws without re-posing.
        render::RenderTarget target;
        EXPECT_TRUE(target.resize(kSize, kSize).ok());
        r.session->pose();
        edit(*r.session);
        target.bind();
        r.session->draw(kSize, kSize);
        r.image = target.read();
        return r;
    }
    auto img = r.session->render_image(kSize, kSize);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (img) r.image = std::move(*img);
    return r;
}

// Readable names in ctest's list instead of a byte dump.
void PrintTo(const Shot& s, std::ostream* os) { *os << s.golden << "/" << render::api_name(s.api); }

bool present(const Shot& s) { return !path_of(s.file).empty() && std::filesystem::exists(path_of(s.file)); }

class Screenshot : public ::testing::TestWithParam<Shot> {};

TEST_P(Screenshot, MatchesGolden) {
    const Shot& shot = GetParam();
    if (!present(shot)) GTEST_SKIP() << shot.file << " is not present (../shared/assets missing)";
    Rendered r = render_shot(shot);
    ASSERT_EQ(r.image.width, kSize);
    test::expect_matches_golden(r.image, shot.golden, shot.golden + "_" + render::api_name(shot.api));
}

std::vector<Shot> shots() {
    using render::Api;
    std::vector<Shot> v;
    for (Api api : {Api::GL, Api::GLES}) {
        v.push_back({"xbot_bind", "shared:Xbot.glb", api, "", 0.0f, true});
        v.push_back({"humanoid_mixamo_bind", "project:humanoid_mixamo.glb", api, "", 0.0f, true});
        v.push_back({"humanoid_mixamo_posed", "project:humanoid_mixamo.glb", api, "", 0.8f});
        v.push_back({"robot_dance", "shared:RobotExpressive.glb", api, "Dance", 0.6f});
    }
    v.push_back({"xbot_bind_correction_off", "shared:Xbot.glb", Api::GL, "", 0.0f, true, "off"});
    v.push_back({"humanoid_mixamo_posed_correction_off", "project:humanoid_mixamo.glb", Api::GL, "", 0.8f, false, "off"});
    v.push_back({"humanoid_prescale_posed", "project:humanoid_prescale.glb", Api::GL, "", 0.8f});
    v.push_back({"fox_posed", "shared:Fox.glb", Api::GL, "", 1.0f});
    v.push_back({"fox_correction_off", "shared:Fox.glb", Api::GL, "", 1.0f, false, "off"});
    return v;
}

INSTANTIATE_TEST_SUITE_P(Characters, Screenshot, ::testing::ValuesIn(shots()), [](const auto& info) {
    return info.param.golden + "_" + render::api_name(info.param.api);
});

double differing_fraction(const render::RgbaImage& a, const render::RgbaImage& b) {
    auto r = render::compare_images(a, b);
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->differing_fraction : 0.0;
}

// The soup, asserted to be soup: with the correction off, Xbot at bind is not the character (it
// is 1/100 of it at the origin), so most of the character's pixels are background.
TEST(ScreenshotControls, CorrectionOffIsNotTheCharacter) {
    const Shot on{"", "shared:Xbot.glb", render::Api::GL, "", 0.0f, true, "on"};
    if (!present(on)) GTEST_SKIP() << "Xbot.glb is not present (../shared/assets missing)";
    Shot off = on;
    off.correction = "off";
    const double f = differing_fraction(render_shot(on).image, render_shot(off).image);
    EXPECT_GT(f, 0.05) << "correction off should lose the character; only " << f * 100 << "% of pixels changed";
}

TEST(ScreenshotControls, CorrectionOffIsSoupOnTheBuiltInCharacterPosed) {
    const Shot on{"", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f, false, "on"};
    Shot off = on;
    off.correction = "off";
    const double f = differing_fraction(render_shot(on).image, render_shot(off).image);
    EXPECT_GT(f, 0.05) << f;
}

// One joint's palette entry broken on purpose (a forearm moved by a tenth of the body) must fail
// the golden of the same shot: the tolerance is tight enough that one joint shows.
TEST(ScreenshotControls, OneBrokenJointFailsItsGolden) {
    const Shot shot{"humanoid_mixamo_posed", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f};
    Rendered r = render_shot(shot, [](SceneSession& s) {
        auto& skel = s.character().skins()[0].skeleton;
        int joint = skel.find("LeftForeArm");
        if (joint < 0) joint = skel.joint_count() / 2;
        const anim::Aabb b = s.character().bind_bounds();
        const float shift = static_cast<float>(glm::length(b.max - b.min)) * 0.1f;
        float m[16];
        std::memcpy(m, s.renderer().palette().matrix(0, joint), sizeof m);
        m[12] += shift;  // translation, column 3
        std::vector<float> row(s.renderer().palette().matrix(0, 0), s.renderer().palette().matrix(0, 0) + 16 * skel.joint_count());
        std::memcpy(&row[static_cast<size_t>(joint) * 16], m, sizeof m);
        ASSERT_TRUE(s.renderer().mutable_palette().set_row(0, row.data(), skel.joint_count()).ok());
        s.renderer().upload_palettes();
    });
    const auto o = test::check_against_golden(r.image, shot.golden, "humanoid_mixamo_posed_broken_joint");
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << "a broken forearm passed the golden: " << o.message;
}

// Each skinning rung on a twisting joint: the arm's middle joint turned 150 degrees about its own
// bone. Linear blend collapses the blended ring (the candy wrapper); both DQS rungs keep its volume.
void twist_mid_joint(SceneSession& s) {
    anim::Pose& pose = s.character().skins()[0].pose;
    const glm::quat twist = glm::angleAxis(glm::radians(150.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    const size_t r = 4 * 1;  // joint 1
    const glm::quat rest(pose.rotation[r + 3], pose.rotation[r], pose.rotation[r + 1], pose.rotation[r + 2]);
    const glm::quat q = rest * twist;
    pose.rotation[r] = q.x, pose.rotation[r + 1] = q.y, pose.rotation[r + 2] = q.z, pose.rotation[r + 3] = q.w;
    s.character().apply_poses();
    ASSERT_TRUE(s.renderer().write_palettes(s.character(), {}).ok());
    s.renderer().upload_palettes();
}

class TwistRung : public ::testing::TestWithParam<std::string> {};

TEST_P(TwistRung, MatchesGolden) {
    const Shot shot{"arm_twist_" + GetParam(), "project:arm.glb", render::Api::GL, "", 0.0f, true, "on", GetParam(), "front"};
    Rendered r = render_shot(shot, twist_mid_joint);
    test::expect_matches_golden(r.image, shot.golden, shot.golden);
}

INSTANTIATE_TEST_SUITE_P(Rungs, TwistRung, ::testing::Values("dqs", "dqs-scale", "lbs"), [](const auto& info) {
    std::string n = info.param;
    for (auto& c : n)
        if (c == '-') c = '_';
    return n;
});

TEST(ScreenshotControls, LinearBlendCandyWrapperDiffersFromDqs) {
    Shot dqs{"", "project:arm.glb", render::Api::GL, "", 0.0f, true, "on", "dqs", "front"};
    Shot lbs = dqs;
    lbs.skinning = "lbs";
    const double f = differing_fraction(render_shot(dqs, twist_mid_joint).image, render_shot(lbs, twist_mid_joint).image);
    EXPECT_GT(f, 0.005) << "a 150 degree twist should pinch the linear blend visibly; " << f * 100 << "% differ";
}

// Two-bone IK with a pole on the arm: the tip reaches a target off to the side, the elbow bends
// towards the pole, skeleton overlay on.
void solve_arm_ik(SceneSession& s) {
    anim::CharacterSkin& skin = s.character().skins()[0];
    s.state().draw.draw_skeleton = true;
    anim::TwoBoneIkInput in;
    in.parents = &skin.skeleton.parents();
    in.world = &skin.skeleton.world();
    in.root = 0, in.mid = 1, in.tip = 2;
    const anim::Aabb b = s.character().bind_bounds();
    const double h = b.max.y - b.min.y;
    in.target = glm::dvec3(0.3 * h, 0.7 * h, 0.0);
    in.pole = glm::dvec3(0.0, 0.5 * h, 0.6 * h);
    ASSERT_TRUE(in.validate(skin.pose).ok()) << in.validate(skin.pose).error().message;
    const anim::TwoBoneIkResult res = anim::solve_two_bone_ik(in, skin.pose);
    ASSERT_TRUE(res.solved);
    EXPECT_TRUE(res.reachable);
    s.character().apply_poses();
    ASSERT_TRUE(s.renderer().write_palettes(s.character(), {}).ok());
    s.renderer().upload_palettes();
}

TEST(IkScreenshot, ArmReachesTargetWithPole) {
    for (render::Api api : {render::Api::GL, render::Api::GLES}) {
        const Shot shot{"arm_ik_pole", "project:arm.glb", api, "", 0.0f, true, "on", "auto", "orbit:35"};
        Rendered r = render_shot(shot, solve_arm_ik);
        test::expect_matches_golden(r.image, shot.golden, shot.golden + "_" + render::api_name(api));
    }
}

// Debug views. Weights: one joint's influence as colour (the left forearm, whose blended rings at
// both ends show as the gradient).
TEST(DebugViews, WeightsOfOneJoint) {
    const Shot shot{"humanoid_weights_leftforearm", "project:humanoid_mixamo.glb", render::Api::GL, "", 0.8f};
    Rendered r = render_shot(shot, [](SceneSession& s) {
        s.state().draw.debug_view = render::DebugView::Weights;
        s.state().draw.selected_joint = s.character().skins()[0].skeleton.find("LeftForeArm");
        ASSERT_GE(s.state().draw.selected_joint, 0);
    });
    test::expect_matches_golden(r.image, shot.golden, shot.golden);
}

// The error heat map: per-vertex |GPU - CPU reference|, full red at 1% of the body. Optionally
// breaks one joint's palette entry first (moved by a tenth of the body) to show what red means.
void heat_map(SceneSession& s, bool break_joint) {
    if (break_joint) {
        auto& skel = s.character().skins()[0].skeleton;
        const int joint = skel.find("LeftForeArm");
        ASSERT_GE(joint, 0);
        std::vector<float> row(s.renderer().palette().matrix(0, 0), s.renderer().palette().matrix(0, 0) + 16 * skel.joint_count());
        const anim::Aabb b = s.character().bind_bounds();
        row[static_cast<size_t>(joint) * 16 + 12] += static_cast<float>(glm::length(b.max - b.min) * 0.1);
        ASSERT_TRUE(s.renderer().mutable_palette().set_row(0, row.data(), skel.joint_count()).ok());
        s.renderer().upload_palettes();
    }
    auto d = render::diagnose(s.renderer(), s.character(), {}, s.state().draw);
    ASSERT_TRUE(d.ok()) << d.error().message;
    for (size_t m = 0; m < d->vertex_errors.size(); ++m)
        for (size_t p = 0; p < d->vertex_errors[m].size(); ++p)
            s.renderer().set_vertex_errors(static_cast<int>(m), static_cast<int>(p), d->vertex_errors[m][p]);
    s.state().draw.debug_view = render::DebugView::ErrorHeatMap;
    s.state().draw.heat_scale = static_cast<float>(0.01 * d->body_size);
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
    test::expect_matches_golden(good.image, shot.golden, shot.golden);
    EXPECT_EQ(red_pixels(good.image), 0) << "float rounding must not show as error";
    Rendered broken = render_shot(shot, [](SceneSession& s) { heat_map(s, true); });
    (void)render::write_png((test::output_dir() / "humanoid_heatmap_broken.png").string(), broken.image);
    EXPECT_GT(red_pixels(broken.image), 20) << "the broken forearm's vertices should be red";
}

}  // namespace
}  // namespace sv::viewer
