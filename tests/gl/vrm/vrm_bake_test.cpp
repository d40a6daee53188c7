// VRM avatars through the real binary: `bake` with the spring bones on moves the hair and nothing
// else, the same every run, and `--springs off` rests it; the 0.x avatar turned by the facing step
// bakes where the 1.0 avatar does (the same avatar, stored the other way round), posed and swinging
// too, and `--no-vrm-facing` gives it back mirrored; the audit names the version and the turn.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "obj_reader.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }

std::vector<glm::dvec3> bake(const std::string& file, const std::string& args) {
    static int n = 0;  // per process, so the file is named for the test too (current_test_stem)
    const fs::path out = output_dir() / "vrm" / (current_test_stem() + "_" + std::to_string(++n) + ".obj");
    fs::create_directories(out.parent_path());
    const CommandResult r = run_command(quoted(kExe) + " bake " + quoted(asset(file)) + " " + args +
                                        " --source cpu -o " + quoted(out.string()));
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    const ObjFile obj = read_obj(out.string());
    EXPECT_TRUE(obj.ok()) << obj.error;
    std::vector<glm::dvec3> v;
    for (const auto& o : obj.objects) v.insert(v.end(), o.vertices.begin(), o.vertices.end());
    return v;
}

struct Diff {
    double worst = 0.0;
    size_t moved = 0;  // vertices more than 1e-6 m apart
};

Diff diff(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b) {
    Diff d;
    EXPECT_EQ(a.size(), b.size());
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        const double e = glm::length(a[i] - b[i]);
        d.worst = std::max(d.worst, e);
        d.moved += e > 1e-6;
    }
    return d;
}

}  // namespace

// The hair is three boxes of 8 vertices; everything else hangs on bones the springs never touch.
TEST(VrmBake, SpringsMoveTheHairOnlyAndTheSameEveryRun) {
    const std::string pose = "--clip sway --time 1.3";
    const auto on = bake("avatar_vrm1.glb", pose);
    const auto again = bake("avatar_vrm1.glb", pose);
    const auto off = bake("avatar_vrm1.glb", pose + " --springs off");
    const Diff swing = diff(on, off);
    std::printf("[vrm] springs on vs off at t=1.3: %zu vertices moved, up to %.3f m\n", swing.moved,
                swing.worst);
    EXPECT_GT(swing.worst, 0.05) << "the hair did not swing";
    EXPECT_EQ(swing.moved, 24u) << "exactly the hair's vertices";
    EXPECT_EQ(diff(on, again).worst, 0.0) << "a still frame must be the same every run";
}

TEST(VrmBake, V0TurnedBakesWhereV1Does) {
    for (const std::string pose : {"--bind", "--clip sway --time 0.7", "--clip sway --time 1.3"}) {
        const auto one = bake("avatar_vrm1.glb", pose);
        const auto zero = bake("avatar_vrm0.glb", pose);
        const Diff d = diff(one, zero);
        std::printf("[vrm] 0.x turned vs 1.0 (%s): worst %.3g m\n", pose.c_str(), d.worst);
        EXPECT_LT(d.worst, 1e-5) << pose;
    }
    // Negative control: as stored, 0.x is the 1.0 avatar mirrored through the Y axis (x, z negated).
    const auto one = bake("avatar_vrm1.glb", "--bind");
    auto stored = bake("avatar_vrm0.glb", "--bind --no-vrm-facing");
    EXPECT_GT(diff(one, stored).worst, 0.5);
    for (auto& p : stored) p = {-p.x, p.y, -p.z};
    EXPECT_LT(diff(one, stored).worst, 1e-5);
}

// The head's top face is the primitive's last four vertices; happy lifts it 4 cm, blink lowers it
// 3 cm (the builder's targets), and in the 1.0 avatar happy blocks blink.
TEST(VrmBake, ExpressionsMoveTheHeadTop) {
    const auto rest = bake("avatar_vrm1.glb", "--bind");
    const auto top_dy = [&](const std::vector<glm::dvec3>& v) {
        double dy = 0.0;
        for (size_t i = v.size() - 4; i < v.size(); ++i) dy += (v[i].y - rest[i].y) / 4.0;
        return dy;
    };
    const auto happy = bake("avatar_vrm1.glb", "--bind --expression happy=1");
    EXPECT_NEAR(top_dy(happy), 0.04, 1e-5);
    EXPECT_EQ(diff(rest, happy).moved, 4u) << "the top face only";
    EXPECT_NEAR(top_dy(bake("avatar_vrm1.glb", "--bind --expression happy=0.5")), 0.02, 1e-5);
    EXPECT_NEAR(top_dy(bake("avatar_vrm1.glb", "--bind --expression blink=1")), -0.03, 1e-5);
    EXPECT_NEAR(top_dy(bake("avatar_vrm1.glb", "--bind --expression happy=1 --expression blink=1")), 0.04,
                1e-5)
        << "happy blocks blink";
    // 0.x: the same targets through mesh-indexed binds with 0..100 weights ("joy"; no overrides).
    EXPECT_NEAR(top_dy(bake("avatar_vrm0.glb", "--bind --expression joy=1 --expression blink=1")), 0.01,
                1e-5);
    const CommandResult bad =
        run_command(quoted(kExe) + " bake " + quoted(asset("avatar_vrm1.glb")) + " --expression angry=1 -o " +
                    quoted((output_dir() / "vrm" / "x.obj").string()));
    EXPECT_NE(bad.status, 0);
    EXPECT_NE(bad.err.find("expression 'angry'"), std::string::npos) << bad.err;
}

// A .vrma's expression track through `bake --retarget`: the builder's "blink" node reads 1 at 1 s
// (sin(pi t / 2)), so the avatar's binary blink closes (its head top's 4 vertices 3 cm down, as
// --expression blink=1 moves them at rest). The control: the same walk from a .vrma without the
// track leaves the face open and every other vertex where it was. And the track drives its name as
// in the window (anim/frame/evaluate_frame.h, step 6): an --expression blink=0 beside it is replaced
// by the track, as the Expressions slider follows it (bake once let the flag win, the window not).
// On the 0.x avatar the same, its "blink" being the same preset.
TEST(VrmBake, AVrmasExpressionTrackSetsTheAvatarsExpression) {
    const fs::path vrma = output_dir() / "vrm" / (current_test_stem() + ".vrma"),
                   still = output_dir() / "vrm" / (current_test_stem() + "_no_face.vrma");
    fs::create_directories(vrma.parent_path());
    ASSERT_TRUE(anim::write_gltf_file(anim::build_vrm_animation(), vrma.string()).ok());
    anim::VrmAnimationOptions no_face;
    no_face.expression_tracks = false;
    ASSERT_TRUE(anim::write_gltf_file(anim::build_vrm_animation(no_face), still.string()).ok());
    const std::string at = " --clip walk --time 1.0";
    for (const char* file : {"avatar_vrm1.glb", "avatar_vrm0.glb"}) {
        SCOPED_TRACE(file);
        const auto closed = bake(file, "--retarget " + quoted(vrma.string()) + at);
        const auto open = bake(file, "--retarget " + quoted(still.string()) + at);
        const auto flag = bake(file, "--retarget " + quoted(vrma.string()) + at + " --expression blink=0");
        const Diff d = diff(open, closed), f = diff(closed, flag);
        std::printf(
            "[ measure ] %s retargeted from the .vrma at 1 s: %zu vertices moved by the blink track, "
            "up to %.4f m; with --expression blink=0 beside it %zu moved\n",
            file, d.moved, d.worst, f.moved);
        EXPECT_EQ(d.moved, 4u) << "the head top only";
        EXPECT_NEAR(d.worst, 0.03, 1e-4);
        EXPECT_EQ(f.moved, 0u) << "the track drives blink, the flag beside it does not";
    }
}

// The header line `bake --retarget` writes for a .vrma's expressions, read back: "blink=W" with W
// the track at the bake's time, and the expression the avatar lacks named as such. W is worked out
// here from the builder's own formula (sin(pi t / duration), sampled at 21 keys and interpolated
// linearly between the two keys around t), not read from the program; 0.75 s lies between keys.
// The control: the .vrma without the track says blink=0.
TEST(VrmBake, TheRetargetHeaderNamesTheVrmasExpressionsAtTheBakesTime) {
    const fs::path vrma = output_dir() / "vrm" / (current_test_stem() + ".vrma"),
                   still = output_dir() / "vrm" / (current_test_stem() + "_no_face.vrma");
    fs::create_directories(vrma.parent_path());
    const anim::Asset walk = anim::build_vrm_animation();
    ASSERT_TRUE(anim::write_gltf_file(walk, vrma.string()).ok());
    anim::VrmAnimationOptions no_face;
    no_face.expression_tracks = false;
    ASSERT_TRUE(anim::write_gltf_file(anim::build_vrm_animation(no_face), still.string()).ok());
    const double duration = walk.clips.at(0).duration, t = 0.75;
    const auto key = [&](int k) {
        return double(float(std::sin(glm::pi<double>() * (duration * k / 20) / duration)));
    };
    const int k0 = int(std::floor(t / (duration / 20)));
    const double u = (t - duration * k0 / 20) / (duration / 20);
    const double expected = key(k0) + (key(k0 + 1) - key(k0)) * u;
    const auto header = [&](const fs::path& source, const std::string& name) {
        const fs::path out = output_dir() / "vrm" / (current_test_stem() + "_" + name + ".obj");
        const CommandResult r = run_command(
            quoted(kExe) + " bake " + quoted(asset("avatar_vrm1.glb")) + " --retarget " +
            quoted(source.string()) + " --clip walk --time 0.75 --source cpu -o " + quoted(out.string()));
        EXPECT_EQ(r.status, 0) << r.err;
        std::ifstream f(out);
        std::string line;
        while (std::getline(f, line))
            if (line.rfind("# retargeted expressions: ", 0) == 0) return line.substr(26);
        return std::string("(no line)");
    };
    const std::string with = header(vrma, "track"), without = header(still, "no_track");
    std::printf("[ measure ] header with the track: '%s'; without: '%s'; blink expected %.6f\n", with.c_str(),
                without.c_str(), expected);
    double w = -1.0;
    ASSERT_EQ(std::sscanf(with.c_str(), "blink=%lf", &w), 1) << with;
    EXPECT_NEAR(w, expected, 1e-5) << with;
    EXPECT_GT(expected, 0.5) << "the time chosen must give a weight far from the control's 0";
    EXPECT_NE(with.find("wink (not on this avatar)"), std::string::npos) << with;
    EXPECT_EQ(without.rfind("blink=0 ", 0), 0u) << without;
}

TEST(VrmAudit, NamesTheVersionTheMetaAndTheTurn) {
    const CommandResult zero = run_command(quoted(kExe) + " audit " + quoted(asset("avatar_vrm0.glb")));
    EXPECT_EQ(zero.status, 0) << zero.err;
    for (const char* line : {"VRM: VRM 0.x", "VRM meta: licenseName = CC0", "turned 180 degrees about +Y",
                             "VRM spring bones: 1 springs, 4 joints, 1 colliders"})
        EXPECT_NE(zero.out.find(line), std::string::npos) << line << "\n" << zero.out;
    const CommandResult one = run_command(quoted(kExe) + " audit " + quoted(asset("avatar_vrm1.glb")));
    EXPECT_EQ(one.status, 0) << one.err;
    EXPECT_NE(one.out.find("VRM: VRM 1.0"), std::string::npos) << one.out;
    EXPECT_EQ(one.out.find("turned 180"), std::string::npos) << one.out;
    EXPECT_EQ(one.out.find("unknown to skinview"), std::string::npos) << one.out;
}

}  // namespace sv::test

namespace sv::test {
namespace {

// The 1.0 avatar with its left upper arm copying the chest's turn (a rotation constraint, weight
// 1), written beside the test's outputs.
std::string constrained_avatar() {
    anim::Asset a = anim::build_vrm_avatar(anim::VrmVersion::V1);
    int arm = -1, chest = -1;
    for (const auto& b : a.vrm.humanoid) {
        if (b.bone == "leftUpperArm") arm = b.node;
        if (b.bone == "chest") chest = b.node;
    }
    a.vrm.constraints.push_back({arm, chest, anim::VrmConstraintType::Rotation, 0, 1.0});
    const fs::path out = output_dir() / "vrm" / "avatar_vrm1_constrained.glb";
    fs::create_directories(out.parent_path());
    const Status st = anim::write_gltf_file(a, out.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return out.string();
}

}  // namespace

// At t = 0.5 the sway turns the chest 25 degrees about +Y (the head's nod is at 0). With the arm
// copying that turn it is 25 degrees further round about the shoulder than without: the upper- and
// lower-arm boxes (16 vertices) move, each by the chord 2 r sin(12.5 deg) of its distance r from
// the vertical through the shoulder, the farthest (the lower arm's end, r = sqrt(0.53^2 + 0.035^2))
// by 0.2299 m; nothing else moves.
TEST(VrmBake, ANodeConstraintTurnsItsBoneAfterThePose) {
    const std::string file = constrained_avatar();
    const std::string pose = "--clip sway --time 0.5 --springs off";
    const auto with = bake(file, pose);
    const auto without = bake("avatar_vrm1.glb", pose);
    const Diff d = diff(with, without);
    const double r = std::sqrt(0.53 * 0.53 + 0.035 * 0.035);
    const double want = 2.0 * r * std::sin(glm::radians(12.5));
    std::printf(
        "[vrm] rotation constraint (left upper arm copies the chest): %zu vertices moved, up to %.4f m "
        "(expected %.4f)\n",
        d.moved, d.worst, want);
    EXPECT_EQ(d.moved, 16u);
    EXPECT_NEAR(d.worst, want, 2e-4) << "the OBJ prints 6 decimals; the avatar is float";
    // At rest the chest has not turned, so neither has the arm.
    EXPECT_EQ(diff(bake(file, "--bind"), bake("avatar_vrm1.glb", "--bind")).moved, 0u);
}

}  // namespace sv::test
