// The character shots of the screenshot suite and how one is rendered: shared by the goldens
// (character_screenshots_test.cpp) and their negative controls (negative_controls_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "anim/graph/two_bone_ik.h"
#include "golden_scene.h"
#include "pose_edit.h"
#include "render/context.h"
#include "render/gpu_diagnose.h"
#include "scene_session.h"
#include "test_paths.h"

namespace sv::viewer {

// 384 px square: the short side where Xbot's index finger is several pixels wide (the issue's
// floor); a shot costs about 0.2 s on llvmpipe.
constexpr int kSize = 384;

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

inline bool is_shared(const Shot& s) { return s.file.rfind("shared:", 0) == 0; }
inline std::string shared_name(const Shot& s) { return s.file.substr(7); }
inline std::string path_of(const Shot& s) {
    if (is_shared(s)) return test::shared_asset(shared_name(s));
    return (test::source_dir() / "assets" / s.file.substr(8)).string();
}

// Ends the test when a shared file is missing: a skip locally, a failure under CI.
#define SKINVIEW_SHOT_OR_SKIP(shot)                                             \
    do {                                                                        \
        if (::sv::viewer::is_shared(shot)) {                                    \
            SKINVIEW_SHARED_ASSET_OR_SKIP(p_, ::sv::viewer::shared_name(shot)); \
        }                                                                       \
    } while (0)

struct Rendered {
    std::unique_ptr<render::Context> ctx;
    std::unique_ptr<SceneSession> session;
    test::SceneFrame frame;
};

// Poses the shot, runs `edit` on it (a joint turned, a palette entry broken, a debug view), draws.
inline Rendered render_shot(const Shot& shot, const std::function<void(SceneSession&)>& edit = {}) {
    Rendered r;
    auto ctx = render::create_headless_context(shot.api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return r;
    r.ctx = std::move(*ctx);
    auto s = SceneSession::open(path_of(shot), shot.api);
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
    r.session->pose();
    if (edit) edit(*r.session);
    auto f = test::capture(*r.session, kSize, kSize);
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().message);
    if (f) r.frame = std::move(*f);
    return r;
}

// Readable names in ctest's list instead of a byte dump.
inline void PrintTo(const Shot& s, std::ostream* os) { *os << s.golden << "/" << render::api_name(s.api); }

// Each skinning rung on a twisting, stretching joint: the arm's middle joint turned 150 degrees
// about its own bone and stretched 1.4 along it. Linear blend collapses the blended ring (the candy
// wrapper); rigid DQS keeps the volume but drops the stretch; DQS with scale keeps both. Without the
// stretch the two DQS rungs draw the same picture, and their goldens were byte-identical.
inline void twist_mid_joint(SceneSession& s) {
    anim::Pose& pose = s.character().skins()[0].pose;
    const glm::quat twist = glm::angleAxis(glm::radians(150.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    const size_t r = 4 * 1;  // joint 1
    const glm::quat rest(pose.rotation[r + 3], pose.rotation[r], pose.rotation[r + 1], pose.rotation[r + 2]);
    const glm::quat q = rest * twist;
    pose.rotation[r] = q.x, pose.rotation[r + 1] = q.y, pose.rotation[r + 2] = q.z,
    pose.rotation[r + 3] = q.w;
    pose.scale[3 * 1 + 1] *= 1.4f;
    ASSERT_TRUE(test::upload(s).ok());
}

// Two-bone IK with a pole on the arm: the tip reaches a target off to the side, the elbow bends
// towards the pole, skeleton overlay on.
inline void solve_arm_ik(SceneSession& s) {
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
    const Expected<anim::TwoBoneIkResult> res = anim::solve_two_bone_ik(in, skin.pose);
    ASSERT_TRUE(res.ok()) << res.error().message;
    ASSERT_TRUE(res->solved);
    EXPECT_TRUE(res->reachable);
    s.character().apply_poses();
    ASSERT_TRUE(s.renderer().write_palettes(s.character(), {}).ok());
    s.renderer().upload_palettes();
}

// The weights debug view of the left forearm.
inline void show_left_forearm_weights(SceneSession& s) {
    s.state().draw.debug_view = render::DebugView::Weights;
    s.state().draw.selected_joint = s.character().skins()[0].skeleton.find("LeftForeArm");
    ASSERT_GE(s.state().draw.selected_joint, 0);
}

// The error heat map: per-vertex |GPU - CPU reference|, full red at 1% of the body. Optionally
// breaks one joint's palette entry first (moved by a tenth of the body) to show what red means.
inline void heat_map(SceneSession& s, bool break_joint) {
    if (break_joint) {
        auto& skel = s.character().skins()[0].skeleton;
        const int joint = skel.find("LeftForeArm");
        ASSERT_GE(joint, 0);
        std::vector<float> row(s.renderer().palette().matrix(0, 0),
                               s.renderer().palette().matrix(0, 0) + 16 * skel.joint_count());
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

}  // namespace sv::viewer
