// Hostile input, the content: node graphs that are not forests, skins too large, disconnected or
// singular, vertex joints and weights that lie, a mesh node whose frame has no inverse, clips with
// bad keys. Each is the builder's arm (nodes: 0 'Arm' the skinned mesh, 1 'Shoulder' -> 2 'Elbow'
// -> 3 'Wrist'; skin 'ArmSkin' of joints 1 2 3; clip 'bend' of 3 rotation keys on the elbow) with
// one thing broken, and each checks the whole message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/type_ptr.hpp>
#include <limits>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "hostile_fixture.h"

using namespace sv::anim;
using sv::test::Glb;
using namespace sv::test;

namespace {

int attr(const Glb& g, const char* name) { return g.json["meshes"][0]["primitives"][0]["attributes"][name]; }
void put_float(Glb& g, int accessor, size_t element, size_t elem_bytes, size_t component, float v) {
    std::memcpy(&g.bin[g.element_offset(accessor, element, elem_bytes) + component * 4], &v, 4);
}

}  // namespace

TEST(HostileContent, TheUnbrokenArmBuildsACharacterWithFinitePalettes) {
    auto c = Character::create(load_asset(arm()));
    ASSERT_TRUE(c.ok()) << c.error().message;
    c->pose_at(0, 0.5f, true);
    for (float x : c->skins()[0].skeleton.palette()) EXPECT_TRUE(std::isfinite(x));
}

TEST(HostileContent, NodeThatIsItsOwnAncestor) {
    Glb g = arm();
    g.json["nodes"][3]["children"] = {1};  // Wrist -> Shoulder closes Shoulder -> Elbow -> Wrist
    EXPECT_EQ(load_error(g), "node 1 ('Shoulder') is its own ancestor; a node graph must be a forest");
    Glb self = arm();
    self.json["nodes"][1]["children"] = {1, 2};
    EXPECT_EQ(load_error(self), "node 1 ('Shoulder') lists itself as a child");
}

TEST(HostileContent, NodeWithTwoParents) {
    Glb g = arm();
    g.json["nodes"][0]["children"] = {2};  // Elbow is already Shoulder's child
    EXPECT_EQ(load_error(g),
              "node 2 ('Elbow') has two parents: nodes 0 and 1; a node graph must be a forest");
}

TEST(HostileContent, LongChainIsValidatedInLinearTime) {
    // 200000 nodes in one chain: the quadratic climb this replaced took 2e10 steps (minutes); a
    // linear one is milliseconds. Bounded by ctest's own timeout, not by a timed assertion.
    Glb g = arm();
    auto& nodes = g.json["nodes"];
    const size_t first = nodes.size();
    for (size_t i = 0; i < 200000; ++i) {
        nlohmann::json n = {{"name", "c"}};
        if (i + 1 < 200000) n["children"] = {first + i + 1};
        nodes.push_back(std::move(n));
    }
    EXPECT_EQ(load_error(g), "(loaded)");
}

// A skin may list any number of joints a vertex can name (palette_layout.h); one more joint than
// JOINTS_n's unsigned short can index is refused with that reason, before anything is built.
TEST(HostileContent, SkinWithMoreJointsThanAnIndexCanNameIsRefused) {
    Glb g = arm();
    nlohmann::json joints = nlohmann::json::array();
    for (int i = 0; i < 65537; ++i) {
        joints.push_back(g.json["nodes"].size());
        g.json["nodes"].push_back({{"name", "extra"}});
    }
    g.json["skins"].push_back({{"joints", joints}});
    EXPECT_EQ(
        load_error(g),
        "skin 1: 65537 joints is more than 65536, the most JOINTS_n (unsigned byte or short indices) can "
        "address");
    // The control: one fewer loads (513 did not, when a skin had to fit one palette row).
    g.json["skins"].back()["joints"].erase(g.json["skins"].back()["joints"].size() - 1);
    EXPECT_EQ(load_error(g), "(loaded)");
}

TEST(HostileContent, SkinWhoseJointsHaveNoCommonRootIsReported) {
    // A fourth joint in a tree of its own. It still draws (each root joint is placed by its own
    // parents), so it is a report line, as the glTF validator's SKIN_NO_COMMON_ROOT, not a refusal.
    Glb g = arm();
    g.json["nodes"].push_back({{"name", "Loose"}});
    g.json["skins"][0]["joints"] = {1, 2, 3, 4};
    g.json["skins"][0].erase("inverseBindMatrices");
    const Asset a = load_asset(g);
    EXPECT_TRUE(
        has_line(a.report,
                 "skin 0 ('ArmSkin'): joints are not connected: joint 0 (node 1 'Shoulder') and joint 3 "
                 "(node 4 'Loose') have no common root"));
    EXPECT_FALSE(has_line(load_asset(arm()).report,
                          "skin 0 ('ArmSkin'): joints are not connected: joint 0 (node 1 'Shoulder') "
                          "and joint 3 (node 4 'Loose') have no common root"));
}

TEST(HostileContent, SkinWhoseJointsAreSeparatedByANonJointFollowsThroughIt) {
    // 'Twist' between Elbow and Wrist is not a joint. The wrist becomes a root of the skeleton
    // placed by Twist's world, which the character re-derives from the posed elbow every frame: a
    // skeleton that folded Twist in once would leave the wrist behind when the elbow turns.
    Glb g = arm();
    g.json["nodes"][2]["children"] = {4};
    g.json["nodes"].push_back({{"name", "Twist"}, {"translation", {0.0, 0.25, 0.0}}, {"children", {3}}});
    auto c = Character::create(load_asset(g));
    ASSERT_TRUE(c.ok()) << c.error().message;
    CharacterSkin& skin = c->skins()[0];
    const int elbow = skin.skeleton.find("Elbow"), wrist = skin.skeleton.find("Wrist");
    ASSERT_GE(elbow, 0);
    ASSERT_GE(wrist, 0);
    // Turn the elbow 90 degrees about z and re-derive.
    const float h = std::sqrt(0.5f);
    skin.pose.rotation[static_cast<size_t>(elbow) * 4 + 2] = h;
    skin.pose.rotation[static_cast<size_t>(elbow) * 4 + 3] = h;
    c->apply_poses();
    const auto& w = skin.skeleton.world();
    const glm::mat4 elbow_world = glm::make_mat4(&w[static_cast<size_t>(elbow) * 16]);
    const glm::vec3 wrist_local(g.json["nodes"][3].value("translation", std::vector<double>{0, 0, 0})[0],
                                g.json["nodes"][3].value("translation", std::vector<double>{0, 0, 0})[1],
                                g.json["nodes"][3].value("translation", std::vector<double>{0, 0, 0})[2]);
    const glm::vec3 expected =
        glm::vec3(elbow_world * glm::vec4(glm::vec3(0.0f, 0.25f, 0.0f) + wrist_local, 1.0f));
    const glm::vec3 got(w[static_cast<size_t>(wrist) * 16 + 12], w[static_cast<size_t>(wrist) * 16 + 13],
                        w[static_cast<size_t>(wrist) * 16 + 14]);
    // 1e-5: a few float products of unit-sized matrices.
    EXPECT_NEAR(glm::distance(got, expected), 0.0f, 1e-5f)
        << "wrist at " << got.x << " " << got.y << " " << got.z;
    // And it really moved with the elbow: at rest it was elsewhere.
    c->pose_at(-1, 0.0f, false);
    const glm::vec3 rest(w[static_cast<size_t>(wrist) * 16 + 12], w[static_cast<size_t>(wrist) * 16 + 13],
                         w[static_cast<size_t>(wrist) * 16 + 14]);
    EXPECT_GT(glm::distance(rest, expected), 0.1f);
}

TEST(HostileContent, JointIndexPastTheJointCount) {
    Glb g = arm();
    const std::uint16_t bad = 3;  // joints 0..2; slot 0 carries weight on every vertex
    std::memcpy(&g.bin[g.element_offset(attr(g, "JOINTS_0"), 0, 8)], &bad, 2);
    EXPECT_EQ(load_error(g),
              "mesh 0 ('ArmMesh') primitive 0 JOINTS_0: vertex 0 names joint 3, past skin 0's joint count 3");
}

TEST(HostileContent, WeightsAllZeroAreReportedAndBoundToTheFirstJoint) {
    Glb g = arm();
    for (size_t c = 0; c < 4; ++c) put_float(g, attr(g, "WEIGHTS_0"), 0, 16, c, 0.0f);
    const Asset a = load_asset(g);
    EXPECT_TRUE(
        has_line(a.report, "1 vertices had all weights zero; bound to their first joint with weight 1"));
    const auto& w = a.meshes[0].primitives[0].weights[0];
    EXPECT_EQ(w[0], 1.0f);
    for (size_t k = 1; k < w.size(); ++k) EXPECT_EQ(w[k], 0.0f);
}

TEST(HostileContent, WeightNegativeOrNaN) {
    Glb neg = arm();
    put_float(neg, attr(neg, "WEIGHTS_0"), 0, 16, 0, -0.5f);
    EXPECT_EQ(load_error(neg), "mesh 0 ('ArmMesh') primitive 0 WEIGHTS_0: vertex 0 has weight -0.500000");
    Glb nan = arm();
    put_float(nan, attr(nan, "WEIGHTS_0"), 5, 16, 1, std::numeric_limits<float>::quiet_NaN());
    EXPECT_EQ(load_error(nan), "mesh 0 ('ArmMesh') primitive 0 WEIGHTS_0: vertex 5 has weight nan");
}

TEST(HostileContent, SingularInverseBindMatrix) {
    const int ibm = arm().json["skins"][0]["inverseBindMatrices"];
    Glb zero = arm();
    for (size_t k = 0; k < 16; ++k) put_float(zero, ibm, 1, 64, k, 0.0f);
    EXPECT_EQ(load_error(zero),
              "skin 0 ('ArmSkin'): inverse bind matrix 1 (node 2 'Elbow') is singular (determinant of "
              "its linear part 0)");
    // Rank two: the Wrist's y column flattened; translation and bottom row as they were.
    Glb flat = arm();
    for (size_t k = 4; k < 8; ++k) put_float(flat, ibm, 2, 64, k, 0.0f);
    EXPECT_EQ(load_error(flat),
              "skin 0 ('ArmSkin'): inverse bind matrix 2 (node 3 'Wrist') is singular (determinant of "
              "its linear part 0)");
    // A centimetre rig (scale 0.01, determinant 1e-6) is not singular.
    Glb cm = arm();
    for (size_t j = 0; j < 3; ++j)
        for (size_t c : {0, 5, 10}) put_float(cm, ibm, j, 64, c, 0.01f);
    EXPECT_EQ(load_error(cm), "(loaded)");
}

TEST(HostileContent, MeshNodeWithASingularGlobalIsRefusedByTheCorrection) {
    Glb g = arm();
    g.json["nodes"][0]["scale"] = {1.0, 0.0, 1.0};
    auto c = Character::create(load_asset(g));
    ASSERT_TRUE(c.ok()) << c.error().message;  // a frame that cannot be fixed is a report
    ASSERT_EQ(c->skinned_meshes().size(), 1u);
    const MeshFrameReport& r = c->skinned_meshes()[0].report;
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_EQ(
        r.reason,
        "mesh node 'Arm': the frame is singular (determinant of its linear part 0.000000), so it has no "
        "inverse to skin in");
    EXPECT_TRUE(std::isnan(r.defect_as_given));  // refused before measuring: nothing divided
    // The node is left as given, and the palettes (which never read the mesh node) stay finite.
    EXPECT_EQ(c->skinned_meshes()[0].frame_corrected, c->skinned_meshes()[0].frame_as_given);
    c->pose_at(0, 1.0f, true);
    for (float x : c->skins()[0].skeleton.palette()) EXPECT_TRUE(std::isfinite(x));
}

TEST(HostileContent, RestPoseThatOverflowsFloatIsRefused) {
    // Every number finite, their product not: Shoulder and Elbow scaled 1e30 make Elbow's world
    // 1e60, past float's 3.4e38. The double frame checks would have called it fine.
    Glb g = arm();
    g.json["nodes"][1]["scale"] = {1e30, 1e30, 1e30};
    g.json["nodes"][2]["scale"] = {1e30, 1e30, 1e30};
    auto c = Character::create(load_asset(g));
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().message,
              "skin 0 ('ArmSkin'): skeleton: joint 1 ('Elbow'): its world or palette matrix at rest "
              "overflows float");
}

TEST(HostileContent, JointMatrixThatDoesNotDecomposeIsRefused) {
    // Elbow given as a matrix whose x column is zero: its global is singular, which the frame
    // checks (in double, on the matrix itself) accept, but its rest TRS would hold a NaN rotation.
    Glb g = arm();
    g.json["nodes"][2].erase("translation");
    g.json["nodes"][2]["matrix"] = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1};
    auto c = Character::create(load_asset(g));
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().message,
              "skin 0 ('ArmSkin'): joint 1 ('Elbow'): its matrix does not decompose into translation, "
              "rotation and scale");
    // The same transform as a plain matrix with a unit x column decomposes and builds.
    Glb fine = arm();
    fine.json["nodes"][2].erase("translation");
    fine.json["nodes"][2]["matrix"] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1};
    EXPECT_TRUE(Character::create(load_asset(fine)).ok());
}

TEST(HostileContent, NonIncreasingKeyTimes) {
    Glb g = arm();
    const int in = g.json["animations"][0]["samplers"][0]["input"];
    put_float(g, in, 2, 4, 0, 1.0f);  // keys 0, 1, 2 seconds; the last now at 1, equal to the second
    EXPECT_EQ(
        load_error(g),
        "animation 0 ('bend') channel 0: key times are not increasing at key 2 (1.000000 then 1.000000)");
}

TEST(HostileContent, EmptyClip) {
    Glb g = arm();
    g.json["animations"][0]["channels"] = nlohmann::json::array();
    EXPECT_EQ(load_error(g), "animation 0 ('bend'): has no channels");
}

TEST(HostileContent, CubicSplineOutputNotThreeTimesTheInput) {
    Glb g = arm();
    g.json["animations"][0]["samplers"][0]["interpolation"] = "CUBICSPLINE";
    EXPECT_EQ(load_error(g),
              "animation 0 ('bend') channel 0: output has 3 elements for 3 keys; CUBICSPLINE needs 9 (3x: "
              "in-tangent, value, out-tangent)");
}

// KHR_materials_variants: a primitive that maps one variant to two materials (the extension allows
// each variant once a primitive) is refused naming the primitive, both mappings and the variant.
TEST(HostileContent, VariantMappedTwiceInOnePrimitive) {
    Glb g = arm();
    g.json["materials"] = {{{"name", "a"}}, {{"name", "b"}}};
    g.json["extensionsUsed"] = {"KHR_materials_variants"};
    g.json["extensions"]["KHR_materials_variants"]["variants"] = {{{"name", "day"}}, {{"name", "night"}}};
    auto& p = g.json["meshes"][0]["primitives"][0];
    p["material"] = 0;
    p["extensions"]["KHR_materials_variants"]["mappings"] = {{{"material", 0}, {"variants", {1}}},
                                                             {{"material", 1}, {"variants", {0, 1}}}};
    EXPECT_EQ(
        load_error(g),
        "mesh 0 ('ArmMesh') primitive 0 KHR_materials_variants mapping 1: variant 1 ('night') is already "
        "mapped by mapping 0 (each variant at most once a primitive)");
    // Control: night once loads.
    p["extensions"]["KHR_materials_variants"]["mappings"][1]["variants"] = {0};
    EXPECT_EQ(load_error(g), "(loaded)");
}
