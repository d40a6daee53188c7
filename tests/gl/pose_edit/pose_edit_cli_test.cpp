// Pose edits through the real binary: `bake --settings` with a `pose_edits` key bakes the edited
// pose, held against the independent specification evaluator (tests/support/gltf_spec_evaluator)
// run on the same file with the edited node's rotation multiplied, in the file's own model, by the
// delta this test builds from the documented convention (Euler XYZ degrees: R = Rz Ry Rx, on the
// right of the local rotation). Negative control: the unedited file's evaluation is far from the
// edited bake. A joint the character lacks, or a malformed edit, refuses `render` and `bake` with
// exit 2 naming the key and the joint. And `render --view all-weights` draws the all-joints view.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <filesystem>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "bake_compare.h"
#include "gltf_spec_evaluator.h"
#include "obj_reader.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;

std::string arm() { return (source_dir() / "assets" / "arm.glb").string(); }

// A scratch file named for the running test (ctest runs tests side by side).
std::string scratch(const std::string& suffix) {
    return (output_dir() / (current_test_stem() + suffix)).string();
}

std::string write_settings(const std::string& json, const std::string& suffix = ".settings.json") {
    const std::string path = scratch(suffix);
    std::ofstream(path) << json;
    return path;
}

// The edit as the convention documents it, built axis by axis.
glm::dquat euler_xyz(double x, double y, double z) {
    return glm::angleAxis(glm::radians(z), glm::dvec3(0, 0, 1)) *
           glm::angleAxis(glm::radians(y), glm::dvec3(0, 1, 0)) *
           glm::angleAxis(glm::radians(x), glm::dvec3(1, 0, 0));
}

TEST(PoseEditCli, BakeWithSettingsBakesTheEditedPoseAsTheSpecificationPlacesIt) {
    const std::string settings =
        write_settings(R"({"clip": "rest", "skinning": "lbs", "pose_edits": {"Elbow": [20, 0, 35]}})");
    const std::string obj = scratch(".obj");
    auto r = run_command(kExe + " bake " + quoted(arm()) + " --settings " + quoted(settings) + " -o " +
                         quoted(obj));
    ASSERT_EQ(r.status, 0) << r.err;
    const ObjFile baked = read_obj(obj);
    ASSERT_TRUE(baked.ok()) << baked.error;

    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(arm(), &model), "");
    const spec::Evaluation unedited = spec::evaluate(model, -1, 0.0);
    ASSERT_TRUE(unedited.ok()) << unedited.error;
    int elbow = -1;
    for (size_t n = 0; n < model.nodes.size(); ++n)
        if (model.nodes[n].name == "Elbow") elbow = static_cast<int>(n);
    ASSERT_GE(elbow, 0);
    tinygltf::Node& node = model.nodes[static_cast<size_t>(elbow)];
    ASSERT_TRUE(node.matrix.empty()) << "the arm's joints are TRS";
    glm::dquat local(1, 0, 0, 0);
    if (node.rotation.size() == 4)
        local = glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    const glm::dquat edited = local * euler_xyz(20, 0, 35);
    node.rotation = {edited.x, edited.y, edited.z, edited.w};
    const spec::Evaluation want = spec::evaluate(model, -1, 0.0);
    ASSERT_TRUE(want.ok()) << want.error;

    const double body = spec::body_size(unedited);
    const BakeComparison c = compare_bake(want, baked);
    ASSERT_EQ(c.structure_error, "");
    const BakeComparison control = compare_bake(unedited, baked);
    std::printf(
        "[ measure ] edited bake vs spec with the edit: worst %.3g of the body (%s); without it: %.3g\n",
        c.worst / body, c.worst_at.c_str(), control.worst / body);
    EXPECT_LT(c.worst, 1e-5 * body) << c.worst_at;
    EXPECT_GT(control.worst, 0.05 * body) << "negative control: the edit must move the forearm";
}

TEST(PoseEditCli, AJointTheFileLacksOrABadEditExitsTwoNamingIt) {
    struct Case {
        const char* json;
        const char* says;
    };
    for (const Case& k :
         {Case{R"({"pose_edits": {"Tail": [10, 0, 0]}})", "pose_edits: no joint named 'Tail'"},
          Case{R"({"pose_edits": {"Elbow": [10, 0]}})", "'pose_edits': 'Elbow': expected [x, y, z]"}}) {
        const std::string settings = write_settings(k.json);
        for (const std::string verb : {"render", "bake"}) {
            const std::string out = scratch(verb == "render" ? ".png" : ".obj");
            auto r = run_command(kExe + " " + verb + " " + quoted(arm()) + " --settings " + quoted(settings) +
                                 " -o " + quoted(out));
            EXPECT_EQ(r.status, 2) << verb << " " << k.json << ": " << r.err;
            EXPECT_NE(r.err.find(k.says), std::string::npos) << verb << ": " << r.err;
            EXPECT_NE(r.err.find(settings), std::string::npos) << "the file is named: " << r.err;
        }
    }
}

// `render --view all-weights` and `heatmap: all-weights` draw the same picture, and one unlike the
// lit render (the colour read-back test holds the colours themselves).
TEST(PoseEditCli, AllWeightsViewFlagAndSettingsKeyDrawTheSamePicture) {
    const std::string flag = scratch("_flag.png"), key = scratch("_key.png"), lit = scratch("_lit.png");
    auto a = run_command(kExe + " render " + quoted(arm()) + " --size 160x120 --view all-weights -o " +
                         quoted(flag));
    ASSERT_EQ(a.status, 0) << a.err;
    const std::string settings = write_settings(R"({"heatmap": "all-weights"})");
    auto b = run_command(kExe + " render " + quoted(arm()) + " --size 160x120 --settings " +
                         quoted(settings) + " -o " + quoted(key));
    ASSERT_EQ(b.status, 0) << b.err;
    auto c = run_command(kExe + " render " + quoted(arm()) + " --size 160x120 -o " + quoted(lit));
    ASSERT_EQ(c.status, 0) << c.err;
    auto fa = render::read_png(flag), fb = render::read_png(key), fc = render::read_png(lit);
    ASSERT_TRUE(fa && fb && fc);
    long differ_key = 0, differ_lit = 0;
    for (size_t i = 0; i < fa->pixels.size(); ++i) {
        differ_key += fa->pixels[i] != fb->pixels[i];
        differ_lit += std::abs(int(fa->pixels[i]) - int(fc->pixels[i])) > 24;
    }
    std::printf("[ measure ] all-weights flag vs key: %ld channel values differ; vs lit: %ld\n", differ_key,
                differ_lit);
    EXPECT_EQ(differ_key, 0);
    EXPECT_GT(differ_lit, 500);
}

}  // namespace
}  // namespace sv::test
