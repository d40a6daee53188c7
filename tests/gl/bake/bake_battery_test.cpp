// The viewport battery's views through `skinview bake --settings VIEW` (tests/viewer/viewport holds
// that the window, render and a suite entry draw them alike): the vertices of each saved view.
//
// Every view is held against an independent evaluator. Views whose pose the glTF specification
// defines (a clip at a time, the rest, pose edits on top; the view-only keys: lighting,
// environment, heat maps, material views, armature, variant) against tests/support/
// gltf_spec_evaluator.h, the pose edits written out here from the documented convention. The steps
// of the frame glTF does not define against tests/support/frame_steps_reference.h over that
// evaluator's node poses: two-bone IK by its documented construction, VRM expressions and bone
// look-at by VRMC_vrm-1.0, VRM spring bones by VRMC_springBone-1.0's update on the documented
// fixed-step replay. The specification skins by linear blend, so those bakes add `--skinning lbs`
// (a flag wins over the file: docs/settings.md); the view's own rung is held by baking it on the
// GPU (the vertices the picture shows, read back by transform feedback) against the double CPU
// reference of the same rung.
//
// The blend tree view is held against the blend written out in the test over the evaluator's clip
// samples. Two more graph views land on poses the evaluator gives: a saved state-machine view is
// the machine entered in its state and played the view's time, which is that state's clip at that
// time; the mixamo humanoid's walk retargeted across the rests onto the prescaled one (one
// skeleton and one walk, the second under a 0.01-scaled node) is that rig's own walk. Negative
// controls: the edited view against the unedited evaluation, the blend against its first clip
// alone, the saved time against t = 0, each frame step's view against the clip alone, and the IK
// view against the same solve toward a pole behind the knee, are each far off.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "bake_compare.h"
#include "cli_scratch.h"
#include "frame_steps_reference.h"
#include "gltf_spec_evaluator.h"
#include "model_files.h"
#include "obj_reader.h"
#include "run_command.h"
#include "test_paths.h"
#include "view_reference.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;

// bake_spec_test's tolerance and its reasons: float positions and matrices on both bake paths,
// ~1e-6 of the body after a chain; a 1% inverse-bind error moves a limb 1e-3..1e-2 of the body.
constexpr double kRelativeTolerance = 1e-4;

enum class Step { None, Ik, ExpressionsLookAt, Springs, RootMotion };

// ik_on's chain (the humanoid's first detected limb: its left leg) and the saved target and pole,
// the foot lifted forward and the knee turned out to the left (away from where the chain's pick
// places the pole, in front of the bend), and for the control the pole behind it; the
// look-at and expressions as the view saves them.
constexpr const char* kIkChain[3] = {"LeftUpLeg", "LeftLeg", "LeftFoot"};
const glm::dvec3 kIkTarget(0.09, 0.35, 0.25), kIkPole(0.4, 0.6, 0.5), kIkPoleBehind(0.09, 0.6, -0.7);
const glm::dvec3 kLookAt(0.4, 1.6, 1.0);
const std::vector<std::pair<std::string, double>> kExpressions = {{"angry", 0.6}, {"happy", 0.8}};

struct View {
    const char* name;
    std::string file;  // as the viewport battery names it (file_for)
    std::string json;  // the saved view
    std::string flags;
    // For the evaluator: the clip by name ("" the first, "rest" none) and the pose edits, joint
    // node name -> Euler XYZ degrees.
    std::string clip;
    double time = 0.0;
    std::map<std::string, glm::dvec3> edits;
    // >= 0: the Graph tab's blend tree of the first two clips at this weight, evaluated here
    // (blend_of_first_two_clips) over the evaluator's own clip samples.
    double blend = -1.0;
    // The frame step beyond glTF this view turns on, evaluated by frame_steps_reference.h.
    Step step = Step::None;
};

void PrintTo(const View& v, std::ostream* os) { *os << v.name; }

// `dir`: where the test writes its own files (the look-at avatar).
std::string file_for(const std::string& spec, const fs::path& dir = {}) {
    const auto after = [&](const char* p) { return spec.substr(std::string(p).size()); };
    if (spec.rfind("shared:", 0) == 0) return shared_asset(after("shared:"));
    if (spec.rfind("builtin:", 0) == 0) return (source_dir() / "assets" / after("builtin:")).string();
    if (spec.rfind("khronos:", 0) == 0) {
        const fs::path p = khronos_models() / after("khronos:");
        return fs::exists(p) ? p.string() : std::string();
    }
    if (spec == "lookat_avatar") {
        const fs::path p = dir / "avatar.glb";
        anim::VrmAvatarOptions o;
        o.look_at = true;
        o.material_binds = true;
        // Four different range maps, so an eye reading the wrong one (inner for outer, up for
        // down) lands elsewhere.
        o.horizontal_inner = {90.0, 8.0};
        o.horizontal_outer = {70.0, 14.0};
        o.vertical_down = {60.0, 11.0};
        o.vertical_up = {90.0, 6.0};
        return anim::write_gltf_file(anim::build_vrm_avatar(anim::VrmVersion::V1, o), p.string()) ? p.string()
                                                                                                  : "";
    }
    return spec;
}

using spec::euler_xyz;  // view_reference.h: the convention written out once for the tests

std::vector<View> views() {
    const std::string mixamo = "builtin:humanoid_mixamo.glb", prescale = "builtin:humanoid_prescale.glb",
                      fox = "shared:Fox.glb", robot = "shared:RobotExpressive.glb";
    return {
        {"fox_clip_time", fox, R"({"time": 1.3, "camera": "front"})", "", "", 1.3},
        {"robot_dance", robot, R"({"clip": "Dance", "time": 0.8})", "", "Dance", 0.8},
        // Past the clip's end a looping view is the time it wraps to, in bake as in render (bake
        // clamped to the last pose there): Running is 0.958333 s long, so 1.129 s is its 0.170667 s.
        {"robot_past_end", robot, R"({"clip": "Running", "time": 1.129})", "", "Running",
         1.129 - 0.958333313465118},
        {"humanoid_correction_off", prescale, R"({"correction": false, "time": 0.4})", "", "", 0.4},
        {"rung_dqs", fox, R"({"skinning": "dqs", "time": 0.5})", "", "", 0.5},
        {"rung_dqs_scale", prescale, R"({"skinning": "dqs-scale", "time": 0.5})", "", "", 0.5},
        {"rung_lbs", mixamo, R"({"skinning": "lbs", "time": 0.5})", "", "", 0.5},
        {"pose_edits",
         mixamo,
         R"({"time": 0.3, "pose_edits": {"LeftForeArm": [60, 0, 0], "Head": [0, 30, 0]}})",
         "",
         "",
         0.3,
         {{"LeftForeArm", {60, 0, 0}}, {"Head", {0, 30, 0}}}},
        {"variant", "khronos:SheenChair/glTF/SheenChair.gltf", R"({"camera": "side"})",
         "--variant 'Peacock Velvet'", "rest", 0.0},
        {"file_lights", "khronos:LightsPunctualLamp/glTF/LightsPunctualLamp.gltf", R"({"camera": "front"})",
         "", "rest", 0.0},
        {"lighting_background_grid", mixamo,
         R"({"exposure": 1.6, "environment_rotation": 90, "key_light": false, "grid": false,
             "background": "40,60,90"})",
         "", "", 0.0},
        {"heat_weights", mixamo, R"({"heatmap": "weights", "weights_joint": "LeftArm"})", "", "", 0.0},
        {"heat_all_weights", fox, R"({"heatmap": "all-weights", "time": 0.7})", "", "", 0.7},
        {"heat_error", prescale, R"({"heatmap": "error", "time": 0.5})", "", "", 0.5},
        {"armature_selected", mixamo, R"({"show_armature": true, "joint": "Spine1", "time": 0.6})", "", "",
         0.6},
        {"view_base", fox, R"({"view": "base", "time": 0.4})", "", "", 0.4},
        {"view_normals", robot, R"({"view": "normals", "clip": "Dance", "time": 0.3})", "", "Dance", 0.3},
        {"state_machine", robot, R"({"graph": "state_machine", "time": 0.4})", "", "", 0.4},
        // The machine entered in a later state: that clip's pose at the view's time.
        {"state_machine_walking", robot,
         R"({"graph": "state_machine", "machine_state": "Walking", "time": 0.4})", "", "Walking", 0.4},
        {"retarget_across_rests", prescale,
         R"({"graph": "retarget", "retarget_source": ")" + file_for(mixamo) +
             R"(", "retarget_rest": "aligned", "time": 0.5})",
         "", "", 0.5},
        {"blend_tree", robot, R"({"graph": "blend", "blend": 0.3, "time": 0.4})", "", "", 0.4, {}, 0.3},
        {"ik_on",
         mixamo,
         R"({"ik": true, "ik_target": [0.09, 0.35, 0.25], "ik_pole": [0.4, 0.6, 0.5], "time": 0.2})",
         "",
         "",
         0.2,
         {},
         -1.0,
         Step::Ik},
        {"vrm_springs_after_2s",
         "lookat_avatar",
         R"({"clip": "sway", "time": 2.0})",
         "--springs on",
         "sway",
         2.0,
         {},
         -1.0,
         Step::Springs},
        {"vrm_expressions_look_at",
         "lookat_avatar",
         R"({"clip": "rest", "expressions": {"happy": 0.8, "angry": 0.6}, "look_at": "0.4,1.6,1.0"})",
         "--springs off",
         "rest",
         0.0,
         {},
         -1.0,
         Step::ExpressionsLookAt},
        {"root_motion",
         "lookat_avatar",
         R"({"clip": "sway", "time": 0.5, "root_motion": true})",
         "--springs off",
         "sway",
         0.5,
         {},
         -1.0,
         Step::RootMotion},
    };
}

struct Baked {
    ObjFile obj;
    std::string error;  // the command's failure, for the message
};

Baked bake(const std::string& file, const std::string& settings, const std::string& flags,
           const std::string& out) {
    std::error_code ec;
    fs::remove(out, ec);
    const std::string cmd = quoted(kExe) + " bake " + quoted(file) +
                            (settings.empty() ? "" : " --settings " + quoted(settings)) + " " + flags +
                            " -o " + quoted(out);
    const CommandResult r = run_command(cmd);
    Baked b;
    if (r.status != 0) {
        b.error = cmd + " exited " + std::to_string(r.status) + ": " + r.err;
        return b;
    }
    b.obj = read_obj(out);
    if (!b.obj.ok()) b.error = out + ": " + b.obj.error;
    return b;
}

// The largest distance between two bakes of one file, vertex for vertex; -1 when their objects
// differ in number or size.
double worst_between(const ObjFile& a, const ObjFile& b) {
    if (a.objects.size() != b.objects.size()) return -1;
    double worst = 0;
    for (size_t k = 0; k < a.objects.size(); ++k) {
        if (a.objects[k].vertices.size() != b.objects[k].vertices.size()) return -1;
        for (size_t i = 0; i < a.objects[k].vertices.size(); ++i)
            worst = std::max(worst, glm::length(a.objects[k].vertices[i] - b.objects[k].vertices[i]));
    }
    return worst;
}

double body_of(const ObjFile& o) {
    glm::dvec3 lo(1e300), hi(-1e300);
    for (const auto& ob : o.objects)
        for (const auto& v : ob.vertices) lo = glm::min(lo, v), hi = glm::max(hi, v);
    return lo.x > hi.x ? 0.0 : glm::length(hi - lo);
}

// The Graph tab's blend tree of the first two clips (view_reference.h writes it out from the
// documents over the evaluator's clip samples, none of anim/'s code).
spec::Evaluation blend_of_first_two_clips(const tinygltf::Model& m, double w, double time) {
    std::vector<spec::NodePose> nodes;
    spec::Evaluation failed;
    if (std::string e = spec::blend_first_two_clips(m, w, time, &nodes); !e.empty()) {
        failed.error = e;
        return failed;
    }
    return spec::evaluate_nodes(m, nodes);
}

// The view's pose with its frame step written out (frame_steps_reference.h) over the evaluator's
// node poses. `pole_behind`: the IK solved toward the pole behind the knee (a negative control).
spec::Evaluation with_frame_step(const View& v, const std::string& file, const tinygltf::Model& m, int clip,
                                 bool pole_behind = false) {
    spec::Evaluation failed;
    std::string error;
    const nlohmann::json gltf = spec::read_gltf_json(file, &error);
    std::vector<spec::NodePose> nodes;
    if (error.empty() && v.step == Step::Springs)
        error = spec::simulate_vrm_springs(m, gltf, clip, v.time, &nodes);
    else if (error.empty())
        error = spec::sample_nodes(m, clip, v.time, &nodes);
    if (error.empty() && v.step == Step::Ik) {
        spec::TwoBoneChain c;
        int* at[3] = {&c.root, &c.mid, &c.tip};
        for (size_t n = 0; n < m.nodes.size(); ++n)
            for (int k = 0; k < 3; ++k)
                if (m.nodes[n].name == kIkChain[k]) *at[k] = static_cast<int>(n);
        c.target = kIkTarget;
        c.pole = pole_behind ? kIkPoleBehind : kIkPole;
        error = spec::solve_two_bone_ik(m, c, &nodes);
    }
    // Root motion (anim/graph/root_motion.h): the root, the first joint of skin 0 (parents first) the
    // clip moves by translation, pinned to the clip's own translation and rotation at time 0.
    if (error.empty() && v.step == Step::RootMotion) {
        std::vector<spec::NodePose> first;
        error = spec::sample_nodes(m, clip, 0.0, &first);
        int root = -1;
        for (int j : m.skins.at(0).joints)
            for (const auto& ch : m.animations[static_cast<size_t>(clip)].channels)
                if (root < 0 && ch.target_node == j && ch.target_path == "translation") root = j;
        if (root < 0) error = "root motion: the clip moves no joint by translation";
        if (error.empty()) {
            nodes[static_cast<size_t>(root)].t = first[static_cast<size_t>(root)].t;
            nodes[static_cast<size_t>(root)].r = first[static_cast<size_t>(root)].r;
        }
    }
    if (error.empty() && v.step == Step::ExpressionsLookAt) {
        error = spec::apply_vrm_look_at(m, gltf, kLookAt, &nodes);
        if (error.empty()) error = spec::apply_vrm_expressions(gltf, kExpressions, &nodes);
    }
    if (!error.empty()) {
        failed.error = v.name + std::string(": ") + error;
        return failed;
    }
    return spec::evaluate_nodes(m, nodes);
}

class BakeBattery : public ::testing::TestWithParam<View> {};

TEST_P(BakeBattery, TheSavedViewsVerticesAreTheSpecificationsOrTheDrawnRungsReference) {
    const View& v = GetParam();
    const fs::path d = scratch_dir("bake_battery", v.name);
    const std::string file = file_for(v.file, d);
    if (file.empty()) {
        if (in_ci()) FAIL() << v.name << ": " << v.file << " is missing and CI is set";
        GTEST_SKIP() << v.name << ": " << v.file << " is missing";
    }
    const std::string stem = (d / v.name).string();
    const std::string settings = stem + ".view.json";
    std::ofstream(settings) << v.json;

    // The view's own rung: the GPU (what the picture shows) against the double CPU reference.
    const Baked gpu = bake(file, settings, v.flags + " --source gpu", stem + ".gpu.obj");
    ASSERT_EQ(gpu.error, "") << v.name;
    const Baked cpu = bake(file, settings, v.flags + " --source cpu", stem + ".cpu.obj");
    ASSERT_EQ(cpu.error, "") << v.name;
    const double body = body_of(cpu.obj);
    ASSERT_GT(body, 0.0) << v.name;
    const double drawn = worst_between(gpu.obj, cpu.obj);
    std::printf("[ measure ] %s: GPU vs CPU reference of its rung %.3g of the body\n", v.name, drawn / body);
    ASSERT_GE(drawn, 0.0) << v.name << ": the GPU and CPU bakes list different objects";
    EXPECT_LT(drawn, kRelativeTolerance * body) << v.name;

    // The specification's vertices of the same view, skinned by linear blend.
    const Baked lbs = bake(file, settings, v.flags + " --skinning lbs --source gpu", stem + ".lbs.obj");
    ASSERT_EQ(lbs.error, "") << v.name;
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(file, &model), "") << v.name;
    int clip = model.animations.empty() ? -1 : 0;
    if (v.clip == "rest") clip = -1;
    if (!v.clip.empty() && v.clip != "rest") {
        clip = -1;
        for (size_t i = 0; i < model.animations.size(); ++i)
            if (model.animations[i].name == v.clip) clip = static_cast<int>(i);
        ASSERT_GE(clip, 0) << v.name << ": no clip named " << v.clip;
    }
    spec::NodeEdits edits;
    for (const auto& [joint, deg] : v.edits) {
        int node = -1;
        for (size_t n = 0; n < model.nodes.size(); ++n)
            if (model.nodes[n].name == joint || model.nodes[n].name == "mixamorig:" + joint)
                node = static_cast<int>(n);
        ASSERT_GE(node, 0) << v.name << ": no node named " << joint;
        edits.rotation_after[node] = euler_xyz(deg);
    }
    const spec::Evaluation want = v.blend >= 0.0         ? blend_of_first_two_clips(model, v.blend, v.time)
                                  : v.step != Step::None ? with_frame_step(v, file, model, clip)
                                                         : spec::evaluate(model, clip, v.time, {}, edits);
    ASSERT_TRUE(want.ok()) << v.name << ": " << want.error;
    const BakeComparison c = compare_bake(want, lbs.obj);
    ASSERT_EQ(c.structure_error, "") << v.name;
    std::printf("[ measure ] %s: linear-blend bake vs the specification %.3g of the body (%s)\n", v.name,
                c.worst / body, c.worst_at.c_str());
    EXPECT_LT(c.worst, kRelativeTolerance * body) << v.name << " at " << c.worst_at;

    // Negative controls: the view's edits left out, or its time replaced by 0, land far off.
    if (!v.edits.empty()) {
        const spec::Evaluation unedited = spec::evaluate(model, clip, v.time);
        ASSERT_TRUE(unedited.ok());
        const double off = compare_bake(unedited, lbs.obj).worst;
        std::printf("[ measure ] %s: against the evaluation without the edits %.3g of the body\n", v.name,
                    off / body);
        EXPECT_GT(off, 0.01 * body) << v.name << ": the edits must move the body";
    }
    if (v.step != Step::None) {
        const spec::Evaluation plain = spec::evaluate(model, clip, v.time);
        ASSERT_TRUE(plain.ok());
        const double off = compare_bake(plain, lbs.obj).worst;
        std::printf("[ measure ] %s: against the clip alone %.3g of the body\n", v.name, off / body);
        EXPECT_GT(off, 1e-3 * body) << v.name << ": the view's frame step must reach bake";
    }
    if (v.step == Step::Ik) {
        const spec::Evaluation behind = with_frame_step(v, file, model, clip, true);
        ASSERT_TRUE(behind.ok()) << behind.error;
        const double off = compare_bake(behind, lbs.obj).worst;
        std::printf("[ measure ] %s: against the solve toward a pole behind the knee %.3g of the body\n",
                    v.name, off / body);
        EXPECT_GT(off, 0.05 * body) << v.name << ": the pole must decide the knee";
    }
    if (v.blend > 0.0) {
        const spec::Evaluation first = spec::evaluate(model, 0, v.time);
        ASSERT_TRUE(first.ok());
        const double off = compare_bake(first, lbs.obj).worst;
        std::printf("[ measure ] %s: against the first clip alone %.3g of the body\n", v.name, off / body);
        EXPECT_GT(off, 0.01 * body) << v.name << ": the blend must reach bake";
    }
    if (clip >= 0 && v.time > 0.25) {
        const spec::Evaluation at_zero = spec::evaluate(model, clip, 0.0, {}, edits);
        ASSERT_TRUE(at_zero.ok());
        const double off = compare_bake(at_zero, lbs.obj).worst;
        std::printf("[ measure ] %s: against t = 0 %.3g of the body\n", v.name, off / body);
        EXPECT_GT(off, 10 * kRelativeTolerance * body) << v.name << ": the saved time must reach bake";
    }
}

INSTANTIATE_TEST_SUITE_P(Views, BakeBattery, ::testing::ValuesIn(views()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace sv::test
