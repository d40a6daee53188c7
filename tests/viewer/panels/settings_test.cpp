// Settings: the JSON round trip, the errors that name the key, and what applying a file does to the
// same model the viewer draws from (no window: settings_apply is what --settings and Load call).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "anim/gltf/gltf_import.h"
#include "settings_apply.h"
#include "test_paths.h"
#include "ui/view.h"

namespace {

using namespace sv;

anim::Character load_builtin() {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

ui::View every_key_off_default() {
    ui::View s;
    s.skin.correction = false;
    s.skin.skinning = "lbs";
    s.draw.show_armature = true;
    s.draw.heatmap = "weights";
    s.draw.weights_joint = "LeftArm";
    s.pose.ik = true;
    s.pose.ik_target = {0.1, 1.3000000000000003, -0.2};  // a double's every digit survives the file
    s.pose.ik_pole = {-0.5, 1.0, 0.75};
    s.panels.tab = "palette";
    s.panels.joint = "LeftForeArm";
    s.clock.clip = "walk";
    s.clock.time = 0.75;
    s.clock.playing = true;
    s.camera.orbit = true;
    s.camera.yaw_degrees = -33.5;
    s.camera.pitch_degrees = 7.25;
    s.camera.distance = 4.125;
    s.camera.target = {0.125, 0.875, -0.25};  // the camera holds floats: values a float carries exactly
    s.lighting.exposure = 1.5;
    s.lighting.environment_rotation = 90.0;
    s.lighting.environment_intensity = 0.5;
    s.lighting.key_light = false;
    s.draw.grid = false;
    s.draw.background = "10,20,30";
    s.clock.graph = "blend";
    s.clock.blend = 0.3;  // a float's 0.3: saved as the shortest decimal that reads back as it
    s.pose.retarget_rest = "rest-relative";
    s.clock.speed = 0.25;
    s.pose.root_motion = true;
    s.pose.spring_joint =
        "LeftForeArm";  // the built-in character has no tail: a chain the tab was told to use
    s.pose.spring_links = 5;
    s.pose.spring_frequency_hz = 3.5;
    s.pose.spring_damping = 0.7;
    s.lighting.environment_background = true;
    s.lighting.environment_blur = 0.25;
    s.pose.look_at = "0.5,1.5,2";
    s.variant = "red_second";
    return s;
}

TEST(Settings, EveryKeyRoundTripsThroughJson) {
    const ui::View s = every_key_off_default();
    ASSERT_NE(s, ui::View{}) << "negative control: the struct differs from its defaults";
    auto back = ui::settings_from_json(ui::settings_to_json(s));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, s) << ui::settings_to_json(*back);
    // A preset camera is written as its word and read back as one.
    ui::View p;
    p.camera.preset = "orbit:120";
    auto pb = ui::settings_from_json(ui::settings_to_json(p));
    ASSERT_TRUE(pb);
    EXPECT_FALSE(pb->camera.orbit);
    EXPECT_EQ(pb->camera.preset, "orbit:120");
}

// Each key alone, taken from the every-key view into the defaults, makes a view that differs from the
// defaults: a field a group's comparison leaves out (ui::View::operator==, one std::tie a group)
// would compare equal here and let the quit guard and a saved view's message miss a change.
TEST(Settings, EachKeyAloneMakesTheViewDiffer) {
    nlohmann::json off = nlohmann::json::parse(ui::settings_to_json(every_key_off_default()));
    // The keys the every-key view leaves at their defaults (it is also applied to the built-in
    // character, which has no state machine, retarget source, tail or expressions).
    off["machine_state"] = "Walking";
    off["retarget_source"] = "other.glb";
    off["retarget_clip"] = "run";
    off["springs"] = true;
    off["expressions"] = {{"happy", 0.5}};
    off["pose_edits"] = {{"LeftArm", {10.0, 0.0, 0.0}}};
    off["environment"] = "sky.hdr";
    const nlohmann::json defaults = nlohmann::json::parse(ui::settings_to_json(ui::View{}));
    int n = 0;
    const char* const* keys = ui::settings_keys(n);
    for (int i = 0; i < n; ++i) {
        nlohmann::json one = defaults;
        // The every-key view colours by a heat map, so its material view is the default "lit": the
        // two exclude each other.
        one[keys[i]] = std::string(keys[i]) == "view" ? nlohmann::json("normals") : off[keys[i]];
        auto v = ui::settings_from_json(one.dump());
        ASSERT_TRUE(v) << keys[i] << ": " << v.error().message;
        EXPECT_NE(*v, ui::View{}) << "the key '" << keys[i] << "' alone does not change the view";
    }
}

TEST(Settings, TheWrittenFileHoldsEveryDocumentedKey) {
    const std::string text = ui::settings_to_json(ui::View{});
    int n = 0;
    const char* const* keys = ui::settings_keys(n);
    ASSERT_GE(n, 11);
    for (int i = 0; i < n; ++i)
        EXPECT_NE(text.find('"' + std::string(keys[i]) + '"'), std::string::npos) << keys[i];
}

TEST(Settings, MissingKeysKeepTheirDefaults) {
    auto s = ui::settings_from_json(R"({"heatmap": "weights"})");
    ASSERT_TRUE(s) << s.error().message;
    ui::View expected;
    expected.draw.heatmap = "weights";
    EXPECT_EQ(*s, expected);
}

TEST(Settings, ErrorsNameTheKeyAndWhatItExpected) {
    struct Case {
        const char* json;
        const char* says;
    };
    for (const Case& c :
         {Case{R"({"heatmap": "hot"})", "'heatmap': 'hot' is not one of off, weights, error"},
          Case{R"({"skinning": "fast"})", "'skinning': 'fast' is not one of auto, dqs, dqs-scale, lbs"},
          Case{R"({"correction": "yes"})", "'correction': expected true or false"},
          Case{R"({"time": "soon"})", "'time': expected a finite number"},
          Case{R"({"time": -1})", "'time': must be 0 or more, got -1"},
          Case{R"({"corection": true})", "unknown key 'corection'"},
          Case{R"({"camera": {"yaw": 1, "zoom": 2}})", "'camera': unknown key 'zoom'"},
          Case{R"({"camera": {"target": [1, 2]}})", "'camera.target': expected [x, y, z]"},
          Case{R"({"camera": "top"})", "'camera': 'top' is not one of"},
          Case{R"({"environment": 3})", "'environment': expected a string"},
          Case{R"({"environment_background": "on"})", "'environment_background': expected true or false"},
          Case{R"({"environment_blur": 1.5})", "'environment_blur': expected a roughness from 0 to 1"},
          Case{R"({"environment_blur": -0.1})", "'environment_blur': expected a roughness from 0 to 1"},
          Case{R"({"ik_target": [1, 2]})", "'ik_target': expected [x, y, z]"},
          Case{R"({"ik_pole": "front"})", "'ik_pole': expected [x, y, z]"},
          Case{R"({"ik_pole": [0, 1, null]})", "'ik_pole': expected [x, y, z]"},
          Case{R"({"view": "albedo"})", "'view': 'albedo' is not one of lit, base, normals, roughness-metal"},
          Case{R"({"heatmap": "weights", "view": "normals"})",
               "'heatmap' \"weights\" and 'view' \"normals\" both choose how the character is coloured"},
          Case{R"([1, 2])", "expected a JSON object"},
          Case{"{not json", "not valid JSON"}}) {
        auto s = ui::settings_from_json(c.json);
        ASSERT_FALSE(s) << c.json;
        EXPECT_NE(s.error().message.find(c.says), std::string::npos) << s.error().message;
    }
}

TEST(Settings, FileRoundTripAndAMissingFileIsAnError) {
    const std::string path = (test::output_dir() / "settings_round_trip.json").string();
    ASSERT_TRUE(ui::save_settings_file(path, every_key_off_default()));
    auto back = ui::load_settings_file(path);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, every_key_off_default());
    auto missing = ui::load_settings_file((test::output_dir() / "no_such_settings.json").string());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("no_such_settings.json"), std::string::npos);
}

// `environment` is a path: through JSON as written; in a file, a relative one is read against the
// file's folder (a bug report's folder holds its image beside it) and written relative to it, so a
// folder moved whole still reads. An absolute path stays absolute.
TEST(Settings, TheEnvironmentPathIsTheFilesNeighbour) {
    ui::View s;
    s.lighting.environment = "studio/sky.hdr";
    auto back = ui::settings_from_json(ui::settings_to_json(s));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->lighting.environment, "studio/sky.hdr");

    const std::filesystem::path dir = test::output_dir() / test::current_test_stem();
    std::filesystem::create_directories(dir / "a" / "b");
    const std::string file = (dir / "a" / "view.json").string();
    std::ofstream(file) << R"({"environment": "b/sky.hdr"})";
    auto read = ui::load_settings_file(file);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->lighting.environment, (dir / "a" / "b" / "sky.hdr").lexically_normal().string());
    std::ofstream(file) << R"({"environment": "../sky.hdr"})";
    read = ui::load_settings_file(file);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->lighting.environment, (dir / "sky.hdr").lexically_normal().string());
    std::ofstream(file) << R"({"environment": "/elsewhere/sky.hdr"})";
    read = ui::load_settings_file(file);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->lighting.environment, "/elsewhere/sky.hdr");

    // Saved from the state (an absolute path): the file holds it relative to its own folder, and
    // reads back as the same absolute path.
    ui::View saved = every_key_off_default();
    saved.lighting.environment = (dir / "a" / "b" / "sky.hdr").string();
    ASSERT_TRUE(ui::save_settings_file(file, saved));
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find(R"("environment": "b/sky.hdr")"), std::string::npos) << text;
    read = ui::load_settings_file(file);
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, saved);
    // Negative control: without the folder, the relative path would be the current directory's.
    EXPECT_NE(read->lighting.environment, "b/sky.hdr");
}

// Applying a file and capturing the state back gives the file again: every key reached the model.
TEST(Settings, ApplyThenCaptureGivesTheSameSettings) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    viewer::FrameState& st = m.state;
    // The built-in character has no VRM look-at, and the viewer saves `look_at` only for avatars
    // that have one (what it shows there); the key's own round trip is the file test above.
    ui::View s = every_key_off_default();
    s.pose.look_at.clear();
    // The variant binds the renderer's materials, so only the session's checked setter writes it
    // (SceneSession::select_variant, through apply_view), as the environment; the CLI test holds its
    // round trip.
    s.variant.clear();
    auto applied = viewer::apply_settings(s, m, c);
    ASSERT_TRUE(applied) << applied.error().message;
    EXPECT_FALSE(st.draw.correction);
    EXPECT_EQ(st.draw.debug_view, render::DebugView::Weights);
    EXPECT_TRUE(st.draw.draw_skeleton);
    EXPECT_EQ(m.tab, ui::InspectorTab::Palette);
    EXPECT_EQ(viewer::capture_settings(m, c), s) << ui::settings_to_json(viewer::capture_settings(m, c));
}

// An IK view saves where its target and pole are, given or placed: a file that named none comes
// back with the ones the chain's pick placed (the tip where it stood), not re-placed on whatever pose
// the next load opens in. IK off saves neither (null: nothing the next load would have to honour).
TEST(Settings, AnIkViewSavesItsTargetAndPole) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    ui::View s;
    s.pose.ik = true;
    ASSERT_TRUE(viewer::apply_settings(s, m, c));
    ASSERT_GE(m.ik.chain.tip, 0);
    const ui::View placed = viewer::capture_settings(m, c);
    ASSERT_EQ(placed.pose.ik_target.size(), 3u);
    ASSERT_EQ(placed.pose.ik_pole.size(), 3u);
    EXPECT_EQ(glm::dvec3(placed.pose.ik_target[0], placed.pose.ik_target[1], placed.pose.ik_target[2]),
              m.ik.target);
    EXPECT_EQ(glm::dvec3(placed.pose.ik_pole[0], placed.pose.ik_pole[1], placed.pose.ik_pole[2]), m.ik.pole);

    s.pose.ik_target = {0.25, 0.5, 0.125};
    s.pose.ik_pole = {-1.0, 0.75, 2.0};
    ui::ViewerModel given;
    given.attach(c);
    ASSERT_TRUE(viewer::apply_settings(s, given, c));
    EXPECT_EQ(given.ik.target, glm::dvec3(0.25, 0.5, 0.125));
    EXPECT_EQ(given.ik.pole, glm::dvec3(-1.0, 0.75, 2.0));
    EXPECT_NE(given.ik.target, m.ik.target)
        << "the control: the given target is not where the pick places it";
    const ui::View back = viewer::capture_settings(given, c);
    EXPECT_EQ(back.pose.ik_target, s.pose.ik_target);
    EXPECT_EQ(back.pose.ik_pole, s.pose.ik_pole);

    given.ik.enabled = false;
    const ui::View off = viewer::capture_settings(given, c);
    EXPECT_TRUE(off.pose.ik_target.empty());
    EXPECT_TRUE(off.pose.ik_pole.empty());
}

// The material views (the key every_key_off_default cannot set beside its heat map) and the heat
// maps: each word reaches the renderer's debug view, written out here as docs/settings.md gives it,
// and is captured back under the same key and word, the other key at its default.
TEST(Settings, AMaterialViewOrHeatMapReachesTheDrawAndIsSavedBack) {
    anim::Character c = load_builtin();
    struct Case {
        bool heat_map;  // the key `heatmap`, else `view`
        const char* word;
        render::DebugView drawn;
    };
    for (const Case& k :
         {Case{false, "base", render::DebugView::BaseColor},
          Case{false, "normals", render::DebugView::Normals},
          Case{false, "roughness-metal", render::DebugView::RoughnessMetal},
          Case{false, "lit", render::DebugView::Lit}, Case{true, "weights", render::DebugView::Weights},
          Case{true, "error", render::DebugView::ErrorHeatMap},
          Case{true, "all-weights", render::DebugView::AllWeights},
          Case{true, "off", render::DebugView::Lit}}) {
        ui::ViewerModel m;
        m.attach(c);
        viewer::FrameState& st = m.state;
        // What a previous view left: a heat map before a material view, and the other way round.
        st.draw.debug_view = k.heat_map ? render::DebugView::Normals : render::DebugView::AllWeights;
        ui::View s;
        (k.heat_map ? s.draw.heatmap : s.draw.view) = k.word;
        ASSERT_TRUE(viewer::apply_settings(s, m, c)) << k.word;
        EXPECT_EQ(st.draw.debug_view, k.drawn) << k.word;
        const ui::View back = viewer::capture_settings(m, c);
        EXPECT_EQ(k.heat_map ? back.draw.heatmap : back.draw.view, k.word);
        EXPECT_EQ(k.heat_map ? back.draw.view : back.draw.heatmap, k.heat_map ? "lit" : "off") << k.word;
    }
}

// RobotExpressive (../shared): clips other than the first, and a state machine over them.
std::filesystem::path robot_path() { return test::shared_assets() / "RobotExpressive.glb"; }
Expected<anim::Character> load_robot() {
    auto asset = anim::load_gltf(robot_path().string());
    if (!asset) return asset.error();
    return anim::Character::create(std::move(*asset));
}

// A state-machine view in a later state (`machine_state`): applied, the machine is in that state,
// `time` seconds into it; captured, the same key and time come back. The controls: without the key
// it starts in its first state, and a state the file lacks is named.
TEST(Settings, AStateMachineViewSavesTheStateItIsIn) {
    if (!std::filesystem::exists(robot_path())) GTEST_SKIP() << robot_path() << " is not in ../shared";
    auto c = load_robot();
    ASSERT_TRUE(c) << c.error().message;
    const auto machine_state = [&](const ui::ViewerModel& m) {
        return m.graph.machine ? m.graph.machine->state_name(m.graph.machine->current_state()) : "(none)";
    };
    ui::View s;
    s.clock.graph = "state_machine";
    s.clock.machine_state = "Walking";
    s.clock.time = 0.4;
    ui::ViewerModel m;
    m.attach(*c);
    ASSERT_TRUE(viewer::apply_settings(s, m, *c));
    EXPECT_EQ(machine_state(m), "Walking");
    ASSERT_TRUE(m.graph.machine);
    EXPECT_NEAR(m.graph.machine->time_in_state(m.graph.clock), 0.4, 1e-9);
    const ui::View back = viewer::capture_settings(m, *c);
    EXPECT_EQ(back.clock.machine_state, "Walking");
    EXPECT_NEAR(back.clock.time, 0.4, 1e-9);

    ui::View first = s;
    first.clock.machine_state.clear();
    ui::ViewerModel m2;
    m2.attach(*c);
    ASSERT_TRUE(viewer::apply_settings(first, m2, *c));
    EXPECT_EQ(machine_state(m2), c->asset().clips.at(0).name);
    EXPECT_NE(c->asset().clips.at(0).name, "Walking") << "the control needs another first clip";

    s.clock.machine_state = "Moonwalk";
    const auto bad = viewer::apply_settings(s, m2, *c);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("machine_state: the file has no clip named 'Moonwalk'"),
              std::string::npos)
        << bad.error().message;
}

// `root_motion` binds the track to the view's clip when it is applied, not on the window's first
// frame: a headless frame strips with what the model holds, and the model was attached on the first
// clip. The control: the same view without the key strips nothing.
TEST(Settings, ARootMotionViewStripsTheClipItNames) {
    if (!std::filesystem::exists(robot_path())) GTEST_SKIP() << robot_path() << " is not in ../shared";
    auto c = load_robot();
    ASSERT_TRUE(c) << c.error().message;
    const int walking = c->find_clip("Walking");
    ASSERT_GT(walking, 0) << "the view needs a clip other than the one the model attaches on";
    ui::View s;
    s.clock.clip = "Walking";
    s.clock.time = 0.3;
    s.pose.root_motion = true;
    ui::ViewerModel m;
    m.attach(*c);
    ASSERT_TRUE(viewer::apply_settings(s, m, *c));
    EXPECT_EQ(m.graph.root.clip, walking);
    EXPECT_GE(m.graph.root.joint, 0);
    EXPECT_TRUE(m.pose_state().root_motion.strip);
    EXPECT_TRUE(viewer::capture_settings(m, *c).pose.root_motion);

    s.pose.root_motion = false;
    ui::ViewerModel plain;
    plain.attach(*c);
    ASSERT_TRUE(viewer::apply_settings(s, plain, *c));
    EXPECT_FALSE(plain.pose_state().root_motion.strip);
    EXPECT_FALSE(viewer::capture_settings(plain, *c).pose.root_motion);
}

TEST(Settings, APresetCameraFramesWhatIsDrawn) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    viewer::FrameState& st = m.state;
    st.camera.distance = 1000.0f;  // far off, as a previous soup framing would leave it
    ui::View s;
    s.camera.preset = "front";
    ASSERT_TRUE(viewer::apply_settings(s, m, c));
    EXPECT_EQ(st.camera.yaw_degrees, 0.0f);
    // The built-in character is about 1.8 m tall: framed, the camera stands a few metres off.
    EXPECT_LT(st.camera.distance, 20.0f);
}

TEST(Settings, AJointOrClipTheCharacterLacksIsNamedAndTheRestStillApplies) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    viewer::FrameState& st = m.state;
    ui::View s;
    s.panels.joint = "Tail";
    s.clock.clip = "dance";
    s.draw.show_armature = true;
    auto r = viewer::apply_settings(s, m, c);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("joint: no joint named 'Tail'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("'dance'"), std::string::npos) << r.error().message;
    EXPECT_TRUE(st.draw.draw_skeleton) << "the keys that could be honoured are";
}

TEST(Settings, RestIsTheRestPose) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    ASSERT_GE(m.animation.clip, 0);
    ui::View s;
    s.clock.clip = "rest";
    ASSERT_TRUE(viewer::apply_settings(s, m, c));
    EXPECT_EQ(m.animation.clip, -1);
    EXPECT_EQ(viewer::capture_settings(m, c).clock.clip, "rest");
}

}  // namespace

namespace sv::ui {
// Failures print the settings as their JSON, not as bytes.
void PrintTo(const View& s, std::ostream* os) { *os << settings_to_json(s); }
}  // namespace sv::ui
