// The character shots of the screenshot suite and how one is rendered: shared by the goldens
// (character_screenshots_test.cpp) and their negative controls (negative_controls_test.cpp).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "golden_scene.h"
#include "pose_edit.h"
#include "render/context.h"
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
#define SKINVIEW_SHOT_OR_SKIP(shot)                                           \
    do {                                                                      \
        if (::sv::viewer::is_shared(shot)) {                                  \
            SKINVIEW_SHARED_ASSET_OR_SKIP(p_, ::sv::viewer::shared_name(shot)); \
        }                                                                     \
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
    pose.rotation[r] = q.x, pose.rotation[r + 1] = q.y, pose.rotation[r + 2] = q.z, pose.rotation[r + 3] = q.w;
    pose.scale[3 * 1 + 1] *= 1.4f;
    ASSERT_TRUE(test::upload(s).ok());
}

}  // namespace sv::viewer
