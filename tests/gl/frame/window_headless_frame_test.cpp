// The window and the headless verbs pose one view alike: the same settings applied the window's way
// (a ViewerModel, as --settings and the Load button do, posed by the window's frame) and the headless
// way (render/suite/bake --settings: SceneSession::pose) give float-identical skin poses and morph
// weights. The cases are the ones where the two used to differ: the blend tree, the state machine,
// retarget, pose edits, IK, a VRM's expressions and look-at, and spring bones after 2 s of play.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "headless_settings.h"
#include "render/hdr_image.h"
#include "scene_session.h"
#include "settings_apply.h"
#include "test_paths.h"
#include "ui/view.h"
#include "ui/viewer_model.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

std::string asset(const char* name) { return (source_dir() / "assets" / name).string(); }

std::string look_at_avatar() {
    anim::VrmAvatarOptions o;
    o.look_at = true;
    const fs::path out = output_dir() / "frame" / "avatar_look_at_v1.glb";
    fs::create_directories(out.parent_path());
    const Status st = anim::write_gltf_file(anim::build_vrm_avatar(anim::VrmVersion::V1, o), out.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return out.string();
}

// Every skin's local pose and every node's morph weights.
std::vector<float> posed(const anim::Character& c) {
    std::vector<float> out;
    for (const auto& s : c.skins()) {
        out.insert(out.end(), s.pose.translation.begin(), s.pose.translation.end());
        out.insert(out.end(), s.pose.rotation.begin(), s.pose.rotation.end());
        out.insert(out.end(), s.pose.scale.begin(), s.pose.scale.end());
        out.insert(out.end(), s.skeleton.world().begin(), s.skeleton.world().end());
    }
    for (size_t n = 0; n < c.asset().scene.nodes.size(); ++n) {
        const auto& w = c.morph_weights(static_cast<int>(n));
        out.insert(out.end(), w.begin(), w.end());
    }
    return out;
}

struct Case {
    const char* name;
    std::string file;
    std::string json;
    int play_frames = 0;  // the window plays this many 1/30 s frames from the view's time first
    // The view is not the clip alone at that time (what the headless path drew before it ran the
    // graph, IK and pose edits; for the played case, the clip without springs): a control that the
    // case tests something.
    bool not_the_clip = true;
};

viewer::HeadlessSession open(const std::string& file) {
    viewer::SceneOptions o;
    o.file = file;
    auto h = viewer::open_headless(o);
    EXPECT_TRUE(h.ok()) << file << ": " << (h.ok() ? "" : h.error().message);
    return std::move(*h);
}

// The window's way: the session holds its view in the window's model, which takes the settings
// (viewer_open.cpp), then the window's frame poses through the session's avatar runtime
// (viewer_frame.cpp's pose_frame, without the panels).
std::vector<float> window_pose(const Case& k, float* time) {
    viewer::HeadlessSession h = open(k.file);
    viewer::SceneSession& s = *h.session;
    auto settings = ui::settings_from_json(k.json);
    EXPECT_TRUE(settings.ok()) << k.name;
    ui::ViewerModel m;
    m.attach(s.character());
    s.use_model(m);
    const Status st = viewer::apply_settings(*settings, m, s.character());
    EXPECT_TRUE(st) << k.name << ": " << (st ? "" : st.error().message);
    m.look_at = s.look_at_state();
    m.vrm_springs = s.springs_on();
    m.animation.playing = k.play_frames > 0;
    m.pose(s.character());
    for (int i = 0; i < k.play_frames; ++i) m.advance_and_pose(s.character(), 1.0 / 30.0);
    *time = static_cast<float>(m.animation.time);
    return posed(s.character());
}

// The headless way: render/suite/bake --settings.
std::vector<float> headless_pose(const Case& k, float time, bool vrm_springs = true) {
    viewer::HeadlessSession h = open(k.file);
    viewer::SceneSession& s = *h.session;
    auto settings = ui::settings_from_json(k.json);
    EXPECT_TRUE(settings.ok()) << k.name;
    auto applied = viewer::apply_view_settings(*settings, k.name, s);
    EXPECT_TRUE(applied.ok()) << k.name << ": " << (applied.ok() ? "" : applied.error().message);
    s.model().animation.time = time;
    s.set_springs(vrm_springs);
    s.pose();
    return posed(s.character());
}

TEST(WindowHeadlessFrame, OneViewPosesAlike) {
    const std::string humanoid = asset("humanoid.glb"), vrm = asset("avatar_vrm1.glb");
    const std::vector<Case> cases = {
        {"clip", humanoid, R"({"clip": "walk", "time": 0.8})", 0, false},
        {"blend tree", humanoid, R"({"clip": "walk", "time": 0.7, "graph": "blend", "blend": 0.25})"},
        {"state machine", humanoid, R"({"clip": "walk", "time": 0.4, "graph": "state_machine"})", 0, false},
        {"retarget", humanoid,
         R"({"time": 0.6, "graph": "retarget", "retarget_source": ")" + asset("humanoid_mixamo.glb") +
             R"(", "retarget_rest": "aligned"})"},
        {"pose edits", humanoid,
         R"({"clip": "walk", "time": 0.3, "pose_edits": {"LeftForeArm": [60, 0, 0]}})"},
        {"ik", humanoid, R"({"clip": "walk", "time": 0.5, "ik": true, "pose_edits": {"Spine": [0, 20, 0]}})"},
        {"vrm expressions and look-at", look_at_avatar(),
         R"({"clip": "sway", "time": 0.9, "expressions": {"happy": 0.6, "blink": 0.3}, "look_at": "0.4,1.5,2"})"},
        {"vrm springs after 2 s", vrm, R"({"clip": "sway", "time": 0})", 59},
    };
    for (const Case& k : cases) {
        float time = 0.0f;
        const std::vector<float> window = window_pose(k, &time);
        const std::vector<float> headless = headless_pose(k, time);
        ASSERT_EQ(window.size(), headless.size()) << k.name;
        size_t differ = 0;
        for (size_t i = 0; i < window.size(); ++i)
            if (std::memcmp(&window[i], &headless[i], sizeof(float)) != 0) ++differ;
        std::printf("[ figures ] %s at t=%.4f: %zu floats compared, %zu differ\n", k.name,
                    static_cast<double>(time), window.size(), differ);
        EXPECT_EQ(differ, 0u) << k.name;
        if (k.not_the_clip) {
            const std::string clip = k.file == humanoid ? "walk" : "sway";
            char plain[128];
            std::snprintf(plain, sizeof plain, R"({"clip": "%s", "time": %.9g})", clip.c_str(),
                          static_cast<double>(time));
            const Case alone{"the clip alone", k.file, plain};
            EXPECT_NE(headless_pose(alone, time, k.play_frames == 0), headless)
                << k.name << ": the view draws as the clip alone";
        }
    }
}

// The window hands its session the model its panels edit (SceneSession::use_model), and from then
// on that model is the only place the clip, its time, the expressions, the pose edits and the springs
// switch live: the options write it, the headless frame poses from it, and the captured view (what
// Save, the quit guard and a sidecar write) reads it. Before, the session kept its own clip, time,
// pose edits and expressions and the window copied them across each frame. Control: a model the
// session was not handed is not written and not read.
TEST(WindowHeadlessFrame, TheWindowsModelIsTheSessionsOneHolder) {
    const std::string vrm = asset("avatar_vrm1.glb");
    viewer::HeadlessSession h = open(vrm);
    viewer::SceneSession& s = *h.session;
    ui::ViewerModel window, other;
    window.attach(s.character());
    other.attach(s.character());
    s.use_model(window);
    ASSERT_EQ(&s.model(), &window);

    viewer::SceneOptions o;
    o.clip = "sway";
    o.time = 0.4f;
    o.springs = "off";
    o.expressions = {"happy=0.6"};
    ASSERT_TRUE(s.apply(o));
    EXPECT_EQ(window.animation.clip, s.character().find_clip("sway"));
    EXPECT_EQ(window.animation.time, static_cast<double>(0.4f));
    EXPECT_EQ(s.time(), 0.4f);
    EXPECT_FALSE(window.vrm_springs) << "--springs off is the model's switch";
    ASSERT_EQ(window.expressions.active().size(), 1u);
    EXPECT_EQ(window.expressions.active()[0].first, "happy");
    // The control: the other model was not written.
    EXPECT_EQ(other.animation.time, 0.0);
    EXPECT_TRUE(other.expressions.active().empty());

    // A panel's edit (the Joints tab writes the model's pose edits) is in what the session poses and
    // in what it captures.
    const auto& skin = s.character().asset().skins[0];
    ASSERT_FALSE(skin.joints.empty());
    s.pose();
    const std::vector<float> before = posed(s.character());
    window.pose_edits.set(skin.joints[1], glm::dvec3(0.0, 40.0, 0.0));
    s.pose();
    EXPECT_NE(posed(s.character()), before) << "the headless frame did not pose the window's edit";
    const ui::View v = viewer::capture_view(s);
    ASSERT_EQ(v.pose.edits.size(), 1u) << "the captured view lacks the window's edit";
    EXPECT_EQ(v.pose.edits[0].second[1], 40.0);
    EXPECT_EQ(v.clock.clip, "sway");
    EXPECT_EQ(v.pose.expressions.size(), 1u);
    // The control: an edit on a model the session does not hold changes neither.
    other.pose_edits.set(skin.joints[2], glm::dvec3(0.0, 0.0, 30.0));
    EXPECT_EQ(viewer::capture_view(s).pose.edits.size(), 1u);
}

// The draw half of the view is in the same holder (ui::ViewerModel::state): the options, the checked
// environment setter and a panel's edit of the draw options write the window's model, and the draw
// and the capture read it. Before, it was the session's own FrameState, with the environment held by
// the session: the window's model carried the pose and not the picture. Control: a model the session
// was not handed is not written and not drawn.
TEST(WindowHeadlessFrame, TheDrawHalfOfTheViewIsInTheSameHolder) {
    viewer::HeadlessSession h = open(asset("avatar_vrm1.glb"));
    viewer::SceneSession& s = *h.session;
    ui::ViewerModel window, other;
    window.attach(s.character());
    other.attach(s.character());
    s.use_model(window);
    ASSERT_EQ(&s.state(), &window.state);
    const render::OrbitCamera framed = window.state.camera;
    EXPECT_EQ(framed.distance, s.state().camera.distance) << "use_model carries the framed camera over";

    viewer::SceneOptions o;
    o.correction = "off";
    o.camera = "orbit:30";
    o.look_at = "0.5,1.5,2";
    ASSERT_TRUE(s.apply(o));
    EXPECT_FALSE(window.state.draw.correction);
    EXPECT_EQ(window.state.camera.yaw_degrees, 30.0f);
    EXPECT_EQ(window.state.look_at.mode, viewer::LookTarget::Mode::Point);
    EXPECT_TRUE(other.state.draw.correction) << "the control: the other model was not written";
    EXPECT_EQ(other.state.look_at.mode, viewer::LookTarget::Mode::Off);

    const fs::path dir = fs::path(output_dir()) / "draw_half_holder";
    fs::create_directories(dir);
    render::HdrImage sky{8, 4, std::vector<float>(8 * 4 * 3, 0.5f)};
    const std::string hdr = (dir / "grey.hdr").string();
    ASSERT_TRUE(render::write_hdr(hdr, sky));
    ASSERT_TRUE(s.use_environment(hdr));
    EXPECT_EQ(window.state.environment, hdr);
    EXPECT_EQ(s.environment_path(), hdr);
    EXPECT_EQ(other.state.environment, "");

    // A panel's edit of the draw options (the Scene panel's view list) is what the session draws and
    // what it captures.
    auto lit = s.render_image(160, 120);
    ASSERT_TRUE(lit) << lit.error().message;
    window.state.draw.debug_view = render::DebugView::Normals;
    auto normals = s.render_image(160, 120);
    ASSERT_TRUE(normals) << normals.error().message;
    EXPECT_NE(lit->pixels, normals->pixels) << "the draw did not read the window's draw options";
    const ui::View v = viewer::capture_view(s);
    EXPECT_EQ(v.draw.view, "normals");
    EXPECT_FALSE(v.skin.correction);
    EXPECT_EQ(v.lighting.environment, hdr);
    // The control: an edit on the other model is neither drawn nor captured.
    other.state.draw.debug_view = render::DebugView::Lit;
    other.state.draw.correction = true;
    auto again = s.render_image(160, 120);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->pixels, normals->pixels);
    EXPECT_EQ(viewer::capture_view(s).draw.view, "normals");
}

}  // namespace
}  // namespace sv::test
