// The command line as a user meets it: the real binary, its exit codes, its stdout and stderr.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "run_command.h"

namespace sv::test {
namespace {

const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }
std::string out(const std::string& name) { return (output_dir() / "cli" / name).string(); }

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

TEST(Cli, HelpListsTheSubcommands) {
    const auto r = skinview("--help");
    EXPECT_EQ(r.status, 0);
    for (const char* s : {"render", "audit", "diagnose", "frame-table"})
        EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

TEST(Cli, RenderHelpStatesTheComparisonMetric) {
    const auto r = skinview("render --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("the images match when at most --threshold of the footprint differs"),
              std::string::npos)
        << r.out;
}

TEST(Cli, RenderWritesAPng) {
    const auto r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " -o " + quoted(out("a.png")) +
                            " --size 96x64");
    ASSERT_EQ(r.status, 0) << r.err;
    auto img = render::read_png(out("a.png"));
    ASSERT_TRUE(img.ok()) << img.error().message;
    EXPECT_EQ(img->width, 96);
    EXPECT_EQ(img->height, 64);
}

TEST(Cli, RenderSequenceWritesEveryFrame) {
    std::filesystem::remove_all(out("seq"));
    const auto r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " -o " +
                            quoted(out("seq/{frame}.png")) + " --frames 3 --fps 10 --size 48x48");
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* f : {"seq/0000.png", "seq/0001.png", "seq/0002.png"})
        EXPECT_TRUE(std::filesystem::exists(out(f))) << f;
    EXPECT_FALSE(std::filesystem::exists(out("seq/0003.png")));
}

TEST(Cli, ErrorsGoToStderrWithNonZeroExit) {
    auto r = skinview("render /no/such/file.glb -o " + quoted(out("x.png")));
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("skinview render: /no/such/file.glb:"), std::string::npos) << r.err;

    r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " -o " + quoted(out("x.png")) +
                 " --size 0x10");
    EXPECT_EQ(r.status, 2) << "a bad value is bad input";
    EXPECT_EQ(r.err, "skinview render: --size '0x10': expected WIDTHxHEIGHT, each 1..8192\n");

    r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " -o " + quoted(out("x.png")) +
                 " --clip nosuch");
    EXPECT_EQ(r.status, 2) << "a clip the file lacks is bad input";
    EXPECT_EQ(r.err, "skinview render: --clip 'nosuch': no clip of that name (clips: 'walk')\n");

    r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " -o " + quoted(out("x.png")) +
                 " --correction maybe");
    EXPECT_EQ(r.status, 2) << "CLI11's refusal, not its own 105";
    EXPECT_NE(r.err.find("--correction"), std::string::npos) << r.err;
}

TEST(Cli, RenderRefMatchesItselfAndRejectsAnotherPicture) {
    const std::string base = "render " + quoted(asset("humanoid_mixamo.glb")) + " --size 96x96 --time 0.5";
    ASSERT_EQ(skinview(base + " --sidecar -o " + quoted(out("ref.png"))).status, 0);
    auto same = skinview(base + " -o " + quoted(out("same.png")) + " --ref " + quoted(out("ref.png")));
    EXPECT_EQ(same.status, 0) << same.out << same.err;
    EXPECT_NE(same.out.find("image match: 0 of "), std::string::npos) << same.out;
    EXPECT_NE(same.out.find("joints and skinned bounds in place"), std::string::npos) << same.out;
    EXPECT_TRUE(std::filesystem::exists(out("ref.joints.json"))) << "--sidecar writes the sidecar";
    auto other = skinview("render " + quoted(asset("humanoid_mixamo.glb")) +
                          " --size 96x96 --time 0.5 --correction off -o " + quoted(out("other.png")) +
                          " --ref " + quoted(out("ref.png")));
    EXPECT_EQ(other.status, 1) << other.out;
    EXPECT_NE(other.out.find("MISMATCH"), std::string::npos) << other.out;
    EXPECT_TRUE(std::filesystem::exists(out("other.diff.png")));
}

// The sidecar beside the reference is read and a joint that moved is named: the reference's sidecar
// edited to put one joint 3 px away fails the same render, naming that joint; the GLES render of
// the GL reference matches, sidecar included.
TEST(Cli, RenderRefChecksTheSidecarAndNamesTheJoint) {
    const std::string base = "render " + quoted(asset("humanoid_mixamo.glb")) + " --size 160x120 --time 0.5";
    ASSERT_EQ(skinview(base + " --sidecar -o " + quoted(out("sc_ref.png"))).status, 0);
    auto gles = skinview(base + " --api gles -o " + quoted(out("sc_gles.png")) + " --ref " +
                         quoted(out("sc_ref.png")));
    EXPECT_EQ(gles.status, 0) << gles.out << gles.err;
    EXPECT_NE(gles.out.find("joints and skinned bounds in place"), std::string::npos) << gles.out;
    std::ifstream in(out("sc_ref.joints.json"));
    auto j = nlohmann::json::parse(in, nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    in.close();
    bool edited = false;
    for (auto& joint : j["joints"])
        if (joint["name"] == "LeftHandIndex2") joint["x"] = joint["x"].get<double>() + 3.0, edited = true;
    ASSERT_TRUE(edited);
    std::ofstream(out("sc_ref.joints.json")) << j.dump();
    auto moved = skinview(base + " -o " + quoted(out("sc_same.png")) + " --ref " + quoted(out("sc_ref.png")));
    EXPECT_EQ(moved.status, 1) << moved.out;
    EXPECT_NE(moved.out.find("image match"), std::string::npos)
        << "the picture itself is the same: " << moved.out;
    EXPECT_NE(moved.out.find("LeftHandIndex2 moved 3.0 px"), std::string::npos) << moved.out;
    // Without a sidecar only the image is held, and the report says so.
    std::filesystem::remove(out("sc_ref.joints.json"));
    auto bare = skinview(base + " -o " + quoted(out("sc_same.png")) + " --ref " + quoted(out("sc_ref.png")));
    EXPECT_EQ(bare.status, 0) << bare.out;
    EXPECT_NE(bare.out.find("no sidecar, joints not checked"), std::string::npos) << bare.out;
}

nlohmann::json audit_json(const std::string& args, int* status) {
    const auto r = skinview("audit --json " + args);
    *status = r.status;
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
    return j;
}

TEST(Cli, AuditJsonHasTheDocumentedShape) {
    int status = -1;
    const auto j = audit_json(quoted(asset("humanoid_mixamo.glb")), &status);
    EXPECT_EQ(status, 0);
    ASSERT_EQ(j["files"].size(), 1u);
    const auto& f = j["files"][0];
    EXPECT_TRUE(f["error"].is_null());
    const auto& s = f["skins"][0];
    for (const char* k : {"index", "name", "joints", "meshes", "conflicts"}) EXPECT_TRUE(s.contains(k)) << k;
    const auto& m = s["meshes"][0];
    for (const char* k : {"node", "name", "folded_scale", "defect_as_given", "defect_on_skin_frame",
                          "correction_applied", "residual", "verdict", "children"})
        EXPECT_TRUE(m.contains(k)) << k;
    // The built-in character is authored with a 0.01 Armature: folded scale 100, corrected.
    EXPECT_NEAR(m["folded_scale"].get<double>(), 100.0, 1e-6);
    EXPECT_EQ(m["verdict"], "corrected");
    EXPECT_EQ(m["correction_applied"], true);
}

TEST(Cli, AuditExitCodes) {
    int status = -1;
    audit_json(quoted(asset("humanoid_prescale.glb")) + " --strict", &status);
    EXPECT_EQ(status, 0) << "already on its frame: nothing to correct, strict passes";
    audit_json(quoted(asset("humanoid_mixamo.glb")) + " --strict", &status);
    EXPECT_EQ(status, 1) << "strict fails when a correction was needed";
    const auto j = audit_json(quoted(asset("humanoid_mixamo.glb")) + " /no/such.glb", &status);
    EXPECT_EQ(status, 1) << "a file that fails to load fails the audit";
    EXPECT_TRUE(j["files"][0]["error"].is_null());
    EXPECT_FALSE(j["files"][1]["error"].is_null());
}

// A skin no frame can fix: one joint's inverse bind mirrored, so the joints disagree about
// handedness at rest. The audit names it and exits 1.
TEST(Cli, AuditFailsOnASkinThatCannotBeFixed) {
    anim::Asset a = anim::build_arm_asset();
    a.skins[0].inverse_bind[2] =
        glm::scale(glm::dmat4(1.0), glm::dvec3(-1.0, 1.0, 1.0)) * a.skins[0].inverse_bind[2];
    std::filesystem::create_directories(out(""));
    auto bytes = anim::write_glb(a);
    ASSERT_TRUE(bytes.ok());
    {
        std::ofstream f(out("mirrored.glb"), std::ios::binary);
        f.write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
    }
    int status = -1;
    const auto j = audit_json(quoted(out("mirrored.glb")), &status);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(j["files"][0]["skins"][0]["meshes"][0]["verdict"], "cannot be fixed");
    const auto text = skinview("audit " + quoted(out("mirrored.glb")));
    EXPECT_EQ(text.status, 1);
    EXPECT_NE(text.out.find("cannot be fixed"), std::string::npos) << text.out;
}

TEST(Cli, DiagnoseJsonOnAndOff) {
    const auto on = skinview("diagnose " + quoted(asset("humanoid_mixamo.glb")) + " --json --time 0.5");
    ASSERT_EQ(on.status, 0) << on.err;
    const auto j = nlohmann::json::parse(on.out);
    for (const char* k : {"worst_error", "mean_error", "worst_single_joint_error", "vertices", "body_size"})
        EXPECT_TRUE(j.contains(k)) << k;
    EXPECT_LT(j["worst_error"].get<double>(), 1e-5 * j["body_size"].get<double>());
    const auto off =
        skinview("diagnose " + quoted(asset("humanoid_mixamo.glb")) + " --json --time 0.5 --correction off");
    ASSERT_EQ(off.status, 0) << off.err;
    const auto k = nlohmann::json::parse(off.out);
    EXPECT_GT(k["worst_error"].get<double>(), 0.1 * k["body_size"].get<double>()) << "the soup, asserted";
}

// The row of the frame table that starts with `label`: its numbers (folded scale, mean, worst,
// worst single-joint, vertices). Empty when no line starts with it.
std::vector<double> frame_table_row(const std::string& out, const std::string& label) {
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(label, 0) != 0) continue;
        std::istringstream nums(line.substr(label.size()));
        std::vector<double> v;
        for (double x; nums >> x;) v.push_back(x);
        return v;
    }
    return {};
}

// Each row by its label, each number in its column: the mesh node as given folds the 0.01
// Armature's scale (100) and draws the soup (errors of the body's size); on the skin frame the
// fold is 1 and the error float rounding. (The old check passed on "1.0000" anywhere in the output.)
TEST(Cli, FrameTablePrintsSoupAndCorrectedRows) {
    const auto r = skinview("frame-table " + quoted(asset("humanoid_mixamo.glb")));
    ASSERT_EQ(r.status, 0) << r.err;
    const auto given = frame_table_row(r.out, "bind, mesh node as the file gave it");
    const auto fixed = frame_table_row(r.out, "bind, on the skin frame");
    const auto fixed_posed = frame_table_row(r.out, "posed at 0.50 s, on the skin frame");
    ASSERT_EQ(given.size(), 5u) << r.out;
    ASSERT_EQ(fixed.size(), 5u) << r.out;
    ASSERT_EQ(fixed_posed.size(), 5u) << r.out;
    EXPECT_DOUBLE_EQ(given[0], 100.0);
    EXPECT_DOUBLE_EQ(fixed[0], 1.0);
    EXPECT_GT(given[1], 10.0) << "the soup: mean error of the order of the body (2.56 across) times 100";
    // 1e-5 of a 2.56-unit body: float rounding of the skinning, far below any visible error.
    EXPECT_LT(fixed[2], 1e-5) << r.out;
    EXPECT_LT(fixed_posed[2], 1e-5) << r.out;
    EXPECT_EQ(given[4], fixed[4]) << "the same vertices in both rows";
}

// With no display, the viewer says so and renders headless instead of failing.
TEST(Cli, NoDisplayFallsBackToHeadless) {
    std::filesystem::remove(out("fallback.png"));
    const auto r =
        run_command("env -u DISPLAY -u WAYLAND_DISPLAY " + quoted(kExe) + " " +
                    quoted(asset("humanoid_mixamo.glb")) + " --screenshot " + quoted(out("fallback.png")));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("no display"), std::string::npos) << r.err;
    EXPECT_TRUE(std::filesystem::exists(out("fallback.png")));
    EXPECT_NE(r.out.find("corrected"), std::string::npos) << "the audit follows the screenshot: " << r.out;
}

}  // namespace
}  // namespace sv::test
