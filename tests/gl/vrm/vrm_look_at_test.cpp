// VRM look-at through the real binary: `bake --look-at x,y,z` turns the eye bones of an avatar
// written with a bone-type look-at (their 16 vertices, by the chord the range map's angle gives)
// and nothing else; the 0.x avatar, turned, bakes where the 1.0 one does; an expression-type
// look-at moves the lookLeft target's vertices by its range-mapped weight; `--look-at camera`
// follows the camera; a malformed value is refused naming the option.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
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

// The builder's avatar with a look-at, written under the test's own name.
std::string avatar(anim::VrmVersion v, anim::VrmLookAtType type, const anim::VrmRangeMap& horizontal) {
    anim::VrmAvatarOptions o;
    o.look_at = true;
    o.look_at_type = type;
    o.horizontal_inner = o.horizontal_outer = horizontal;
    anim::Asset a = anim::build_vrm_avatar(v, o);
    const fs::path out = output_dir() / "vrm" /
                         (current_test_stem() + (v == anim::VrmVersion::V0 ? "_v0" : "_v1") +
                          (type == anim::VrmLookAtType::Bone ? "_bone" : "_expression") + ".glb");
    fs::create_directories(out.parent_path());
    const Status st = anim::write_gltf_file(a, out.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return out.string();
}

std::vector<glm::dvec3> bake(const std::string& file, const std::string& args) {
    static int n = 0;
    const fs::path out = output_dir() / "vrm" / (current_test_stem() + "_" + std::to_string(++n) + ".obj");
    const CommandResult r = run_command(quoted(kExe) + " bake " + quoted(file) + " " + args +
                                        " --bind --springs off --source cpu -o " + quoted(out.string()));
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
    glm::dvec3 worst_delta{0.0};
};

Diff diff(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b) {
    Diff d;
    EXPECT_EQ(a.size(), b.size());
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        const double e = glm::length(a[i] - b[i]);
        if (e > d.worst) d.worst = e, d.worst_delta = a[i] - b[i];
        d.moved += e > 1e-6;
    }
    return d;
}

// The look-at origin at rest: the head joint (hips 1.0 + spine 0.1 + chest 0.15 + neck 0.2 + head
// 0.1 above the floor) plus the default offsetFromHeadBone (0, 0.06, 0). A point 2 m away, 45
// degrees to the avatar's left (+X), level with it.
const char* kLeft45 = "--look-at 1.41421356,1.61,1.41421356";

}  // namespace

// Both horizontal maps {inputMaxValue 30, outputScale 20}: a yaw of 45 is clamped to 30 and turns
// each eye 20 degrees about its joint's vertical. Each eye box reaches 3 cm forward and 1.2 cm to
// each side, so its far corners, sqrt(0.03^2 + 0.012^2) from that axis, move by the chord
// 2 r sin(10 deg).
TEST(VrmLookAt, BakeTurnsTheEyesByTheRangeMap) {
    const std::string one = avatar(anim::VrmVersion::V1, anim::VrmLookAtType::Bone, {30.0, 20.0});
    const auto ahead = bake(one, "");
    const auto left = bake(one, kLeft45);
    const Diff d = diff(left, ahead);
    const double want = 2.0 * std::sqrt(0.03 * 0.03 + 0.012 * 0.012) * std::sin(glm::radians(10.0));
    std::printf(
        "[vrm] look-at 45 deg left, maps {30, 20}: %zu vertices moved, up to %.5f m (expected %.5f)\n",
        d.moved, d.worst, want);
    EXPECT_EQ(d.moved, 16u) << "the two eye boxes, nothing else";
    EXPECT_NEAR(d.worst, want, 3e-6) << "the OBJ prints 6 decimals";
    // Negative control: the range map ignored (a 45 degree turn) or the sign flipped moves the
    // far corners by another chord, or the other way (-X instead of +X).
    EXPECT_GT(std::abs(d.worst - 2.0 * 0.0323 * std::sin(glm::radians(22.5))), 1e-3);
    EXPECT_GT(d.worst_delta.x, 0.0) << "the eyes turn to the avatar's left, +X";
    // Straight ahead of the eyes: the eyes stay as they are.
    EXPECT_EQ(diff(bake(one, "--look-at 0,1.61,3"), ahead).moved, 0u);

    const std::string zero = avatar(anim::VrmVersion::V0, anim::VrmLookAtType::Bone, {30.0, 20.0});
    const Diff z = diff(bake(zero, kLeft45), left);
    std::printf("[vrm] look-at: 0.x turned vs 1.0: worst %.3g m\n", z.worst);
    EXPECT_LT(z.worst, 1e-5);
}

// Horizontal outer {60, 1}: a yaw of 45 gives lookLeft 0.75, whose target lifts the head's top face
// (4 vertices) 1 cm along +X at weight 1: 7.5 mm here.
TEST(VrmLookAt, ExpressionTypeSetsTheLookWeights) {
    const std::string file = avatar(anim::VrmVersion::V1, anim::VrmLookAtType::Expression, {60.0, 1.0});
    const Diff d = diff(bake(file, kLeft45), bake(file, ""));
    std::printf("[vrm] expression look-at 45 deg left: %zu vertices moved by %.5f m (expected 0.00750)\n",
                d.moved, d.worst);
    EXPECT_EQ(d.moved, 4u);
    EXPECT_NEAR(d.worst, 0.0075, 3e-6);
    EXPECT_NEAR(d.worst_delta.x, 0.0075, 3e-6);
}

TEST(VrmLookAt, CameraAndBadValues) {
    const std::string one = avatar(anim::VrmVersion::V1, anim::VrmLookAtType::Bone, {90.0, 10.0});
    // The side camera looks from +X: the eyes turn toward it. Without --look-at camera the camera moves
    // nothing in a bake, and bake refuses --camera there (tests/gl/cli/cli_error_table_test.cpp): the
    // eyes at rest are the bake without it.
    const Diff d = diff(bake(one, "--look-at camera --camera side"), bake(one, ""));
    EXPECT_EQ(d.moved, 16u);
    EXPECT_GT(d.worst_delta.x, 0.0);
    const CommandResult r =
        run_command(quoted(kExe) + " bake " + quoted(one) + " --look-at 1,2 -o " +
                    quoted((output_dir() / "vrm" / (current_test_stem() + ".obj")).string()));
    EXPECT_NE(r.status, 0) << r.out
                           << r.err;  // bake exits 1 on any option it cannot apply, as for --expression
    EXPECT_NE((r.out + r.err).find("--look-at '1,2': expected x,y,z"), std::string::npos) << r.out << r.err;
}

}  // namespace sv::test
