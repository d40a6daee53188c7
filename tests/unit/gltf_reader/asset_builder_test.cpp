// The project's own characters: shapes as documented, loadable, and byte-reproducible on disk.
#include "anim/asset_tools/asset_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <glm/gtc/type_ptr.hpp>

#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/skeleton.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;
namespace fs = std::filesystem;

namespace {
Asset load_committed(const std::string& file) {
    const std::string path = (sv::test::source_dir() / "assets" / file).string();
    auto a = load_gltf(path);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? std::move(a).value() : Asset{};
}
int depth(const Scene& s, int node, const std::vector<int>& joints) {
    int d = 0;
    for (int p = node; p >= 0; p = s.nodes[static_cast<size_t>(p)].parent)
        d += std::find(joints.begin(), joints.end(), p) != joints.end();
    return d;
}
double max_abs_diff(const glm::dmat4& a, const glm::dmat4& b) {
    double m = 0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m = std::max(m, std::abs(a[c][r] - b[c][r]));
    return m;
}
}  // namespace

TEST(AssetBuilder, CommittedAssetsAreByteIdenticalToTheBuilder) {
    const fs::path dir = sv::test::output_dir() / "asset_builder";
    fs::create_directories(dir);
    const struct {
        const char* file;
        Asset asset;
    } cases[] = {
        {"arm.glb", build_arm_asset()},
        {"humanoid.glb", build_humanoid_asset(HumanoidShape::MixamoExport, HumanoidSurface::Rounded)},
        {"humanoid_mixamo.glb", build_humanoid_asset(HumanoidShape::MixamoExport)},
        {"humanoid_prescale.glb", build_humanoid_asset(HumanoidShape::PreScale)}};
    for (const auto& c : cases) {
        ASSERT_TRUE(write_gltf_file(c.asset, (dir / c.file).string()).ok());
        const auto fresh = sv::test::read_bytes((dir / c.file).string());
        const auto committed = sv::test::read_bytes((sv::test::source_dir() / "assets" / c.file).string());
        ASSERT_FALSE(committed.empty())
            << "assets/" << c.file << " is missing; run skinview_make_assets assets";
        EXPECT_TRUE(fresh == committed)
            << "assets/" << c.file << " differs from what the builder writes now; "
            << "regenerate with skinview_make_assets assets";
    }
}

TEST(AssetBuilder, HumanoidHas65NamedJoints12Deep) {
    const Asset a = load_committed("humanoid_mixamo.glb");
    ASSERT_EQ(a.skins.size(), 1u);
    const auto& joints = a.skins[0].joints;
    EXPECT_EQ(joints.size(), 65u);
    int deepest = 0;
    for (int j : joints) deepest = std::max(deepest, depth(a.scene, j, joints));
    EXPECT_EQ(deepest, 12);
    for (const char* n : {"Hips", "Spine", "Head", "LeftArm", "LeftForeArm", "LeftHand", "LeftHandIndex4",
                          "RightHandThumb1", "LeftUpLeg", "RightFoot", "RightToe_End"})
        EXPECT_GE(a.scene.find(n), 0) << n;
    EXPECT_EQ(a.clips.size(), 1u);
    EXPECT_EQ(a.meshes.size(), 1u);
}

TEST(AssetBuilder, MixamoShapeArmatureAboveMeshAndJointsAndBindIsIdentity) {
    const Asset a = load_committed("humanoid_mixamo.glb");
    const int arm = a.scene.find("Armature"), body = a.scene.find("Body"), hips = a.scene.find("Hips");
    ASSERT_GE(arm, 0);
    const Node& A = a.scene.nodes[static_cast<size_t>(arm)];
    // 1e-7: float JSON round trip of 0.01 and of sqrt(0.5).
    EXPECT_NEAR(A.scale.x, 0.01, 1e-7);
    EXPECT_NEAR(glm::degrees(glm::angle(A.rotation)), 90.0, 1e-5);
    EXPECT_NEAR(glm::axis(A.rotation).x, 1.0, 1e-7);
    EXPECT_TRUE(a.scene.reaches(arm, body));
    EXPECT_TRUE(a.scene.reaches(arm, hips));
    const Skin& s = a.skins[0];
    for (size_t j = 0; j < s.joints.size(); ++j) {
        // 1e-5: inverse binds stored in float; translations up to ~180 cm times 0.01.
        EXPECT_LT(max_abs_diff(a.scene.nodes[static_cast<size_t>(s.joints[j])].global * s.inverse_bind[j],
                               glm::dmat4(1.0)),
                  1e-5)
            << j;
    }
}

TEST(AssetBuilder, PreScaleShapeBindEqualsTheMeshNode) {
    const Asset a = load_committed("humanoid_prescale.glb");
    const glm::dmat4 mesh = a.scene.nodes[static_cast<size_t>(a.scene.find("Body"))].global;
    const Skin& s = a.skins[0];
    for (size_t j = 0; j < s.joints.size(); ++j)
        EXPECT_LT(
            max_abs_diff(a.scene.nodes[static_cast<size_t>(s.joints[j])].global * s.inverse_bind[j], mesh),
            1e-6)
            << j;
}

TEST(AssetBuilder, PreScaleRestLooksLikeAStandingPerson) {
    // Skinned by the glTF rule (palette only): 1.8 m tall, Y up, feet near the ground, arms out.
    const Asset a = load_committed("humanoid_prescale.glb");
    auto sk = Skeleton::from_asset(a, 0);
    ASSERT_TRUE(sk.ok()) << sk.error().message;
    glm::dvec3 lo(1e9), hi(-1e9);
    const Primitive& p = a.meshes[0].primitives[0];
    for (size_t v = 0; v < p.positions.size(); ++v) {
        glm::dvec4 acc(0.0);
        for (int k = 0; k < kMaxInfluences; ++k) {
            const float w = p.weights[v][static_cast<size_t>(k)];
            if (w == 0.0f) continue;
            const glm::mat4 m = glm::make_mat4(&sk->palette()[p.joints[v][static_cast<size_t>(k)] * 16u]);
            acc += double(w) * glm::dvec4(m * glm::vec4(p.positions[v], 1.0f));
        }
        lo = glm::min(lo, glm::dvec3(acc));
        hi = glm::max(hi, glm::dvec3(acc));
    }
    // By construction: feet boxes reach ~0 (toe joints at 2 cm, 3 cm boxes), the head box ends at
    // 180 cm; arm span 2 x (6 + 12 + 27 + 25 + ~13) cm; depth well under a metre.
    EXPECT_NEAR(hi.y, 1.8, 0.05);
    EXPECT_NEAR(lo.y, 0.0, 0.05);
    EXPECT_GT(hi.x - lo.x, 1.4);
    EXPECT_LT(hi.z - lo.z, 0.6);
    const auto head = glm::make_mat4(&sk->world()[static_cast<size_t>(sk->find("Head")) * 16]);
    const auto foot = glm::make_mat4(&sk->world()[static_cast<size_t>(sk->find("LeftFoot")) * 16]);
    EXPECT_GT(head[3].y, 1.4f);
    EXPECT_LT(foot[3].y, 0.2f);
}

TEST(AssetBuilder, HumanoidHasSingleJointAndBlendedVertices) {
    const Asset a = build_humanoid_asset(HumanoidShape::MixamoExport);
    int single = 0, blended = 0;
    for (const auto& w : a.meshes[0].primitives[0].weights) (w[1] > 0 ? blended : single)++;
    EXPECT_GT(single, 100);
    EXPECT_GT(blended, 100);
}

TEST(AssetBuilder, TheBuiltInCharacterIsTheBoxHumanoidWithARoundedDenseSkin) {
    // assets/humanoid.glb, what `skinview` opens with no file: the same nodes, skin and clip as the
    // box fixture (so every figure measured on the fixture's skeleton holds for it), a mesh of
    // thousands of vertices, weights that sum to 1, and triangles wound to face out.
    // Both as loaded: the reader sorts the joints parents-first the same way for both.
    const Asset box = load_committed("humanoid_mixamo.glb");
    const Asset round = load_committed("humanoid.glb");
    ASSERT_EQ(round.scene.nodes.size(), box.scene.nodes.size());
    for (size_t i = 0; i < box.scene.nodes.size(); ++i) {
        EXPECT_EQ(round.scene.nodes[i].name, box.scene.nodes[i].name);
        EXPECT_LT(max_abs_diff(round.scene.nodes[i].local(), box.scene.nodes[i].local()), 1e-6) << i;
    }
    ASSERT_EQ(round.skins.size(), 1u);
    ASSERT_EQ(round.skins[0].inverse_bind.size(), box.skins[0].inverse_bind.size());
    for (size_t j = 0; j < box.skins[0].inverse_bind.size(); ++j)
        EXPECT_LT(max_abs_diff(round.skins[0].inverse_bind[j], box.skins[0].inverse_bind[j]), 1e-5) << j;
    ASSERT_EQ(round.clips.size(), 1u);
    EXPECT_EQ(round.clips[0].channels.size(), box.clips[0].channels.size());

    const Primitive& p = round.meshes[0].primitives[0];
    EXPECT_GT(p.positions.size(), 5000u);
    for (const auto& w : p.weights) {
        const double sum = double(w[0]) + w[1] + w[2] + w[3];
        EXPECT_NEAR(sum, 1.0, 1e-6);
    }
    int inward = 0, triangles = 0;
    for (size_t t = 0; t + 2 < p.indices.size(); t += 3) {
        const glm::vec3 a = p.positions[p.indices[t]], b = p.positions[p.indices[t + 1]],
                        c = p.positions[p.indices[t + 2]];
        const glm::vec3 n = glm::cross(b - a, c - a);
        if (glm::length(n) < 1e-12f) continue;
        const glm::vec3 avg =
            p.normals[p.indices[t]] + p.normals[p.indices[t + 1]] + p.normals[p.indices[t + 2]];
        ++triangles;
        inward += glm::dot(n, avg) < 0.0f;
    }
    EXPECT_GT(triangles, 10000);
    EXPECT_EQ(inward, 0) << "triangles wound against their normals (culled from outside)";
}

TEST(AssetBuilder, WalkClipSwingsTwistsAndSteps) {
    const Asset a = load_committed("humanoid_mixamo.glb");
    const Clip& c = a.clips[0];
    EXPECT_FLOAT_EQ(c.duration, 2.0f);
    auto channel = [&](const std::string& node, TargetPath path) -> const Channel* {
        for (const Channel& ch : c.channels)
            if (ch.node == a.scene.find(node) && ch.path == path) return &ch;
        return nullptr;
    };
    for (const Channel& ch : c.channels) EXPECT_EQ(ch.interpolation, Interpolation::Linear);
    ASSERT_NE(channel("Hips", TargetPath::Translation), nullptr);
    ASSERT_NE(channel("Hips", TargetPath::Rotation), nullptr);
    ASSERT_NE(channel("LeftUpLeg", TargetPath::Rotation), nullptr);
    const Channel* fore = channel("LeftForeArm", TargetPath::Rotation);
    ASSERT_NE(fore, nullptr);
    // Twist about the forearm's own axis (X): the twist part of a swing-twist split.
    float lo = 1e9f, hi = -1e9f;
    for (float t = 0; t < 2.0f; t += 0.05f) {
        float q[4];
        sample_channel(*fore, t, q);
        const float twist = glm::degrees(2.0f * std::atan2(q[0], q[3]));
        lo = std::min(lo, twist), hi = std::max(hi, twist);
    }
    EXPECT_GT(hi - lo, 120.0f);
}

TEST(AssetBuilder, ArmIsThreeJointsWithBlendedCylinder) {
    const Asset a = load_committed("arm.glb");
    ASSERT_EQ(a.skins.size(), 1u);
    EXPECT_EQ(a.skins[0].joints.size(), 3u);
    int blended = 0;
    for (const auto& w : a.meshes[0].primitives[0].weights) blended += w[0] > 0 && w[1] > 0;
    EXPECT_GT(blended, 0);
    EXPECT_TRUE(a.report.empty()) << a.report[0];
}
