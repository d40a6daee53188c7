#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/skin_frame/reference_skinner.h"
#include "anim/skin_frame/skin_world_bounds.h"
#include "anim/skin_frame/skinning_rung.h"
#include "skin_fixtures.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
std::vector<glm::dmat4> joint_matrices(const Asset& a) {
    std::vector<glm::dmat4> m;
    for (size_t j = 0; j < a.skins[0].joints.size(); ++j)
        m.push_back(a.scene.nodes[static_cast<size_t>(a.skins[0].joints[j])].global *
                    a.skins[0].inverse_bind[j]);
    return m;
}
// Positions in the fixture are metres (Mixamo) stored as float: 1e-7 relative of ~1.5 m.
constexpr double kFloatStore = 1e-6;
}  // namespace

TEST(ReferenceSkinner, AtRestEveryRungReturnsTheBindPoseInTheWorld) {
    const Asset a = make_character(FixtureShape::MixamoExport, some_placement());
    const Primitive& p = a.meshes[0].primitives[0];
    const glm::dmat4 bind = joint_matrices(a)[0];
    for (SkinningRung rung :
         {SkinningRung::RigidDqs, SkinningRung::DqsUniformScale, SkinningRung::LinearBlend}) {
        Expected<std::vector<glm::dvec3>> r = reference_skin_positions(p, joint_matrices(a), bind, rung);
        ASSERT_TRUE(r.ok());
        for (size_t v = 0; v < p.positions.size(); ++v) {
            const glm::dvec3 expected(some_placement() * glm::dvec4(glm::dvec3(p.positions[v]), 1.0));
            // Rigid DQS normalises, so only double rounding. The other two use the float weights as
            // stored, whose sum (0.7f + 0.3f) misses 1 by ~6e-8: of positions ~10 m from the origin
            // after the placement, up to ~1e-6.
            const double tol = rung == SkinningRung::RigidDqs ? 1e-12 : 2e-6;
            EXPECT_LT(glm::length((*r)[v] - expected), tol) << to_string(rung) << " vertex " << v;
        }
    }
}

TEST(ReferenceSkinner, SingleJointVerticesFollowTheirJointExactly) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kArm].rotation = glm::angleAxis(1.1, glm::dvec3(0, 0, 1)) * a.scene.nodes[kArm].rotation;
    a.scene.nodes[kSpine].scale = glm::dvec3(1.3);  // uniform scale on the Spine and below
    a.scene.update_matrices();
    const std::vector<glm::dmat4> m = joint_matrices(a);
    const Primitive& p = a.meshes[0].primitives[0];
    // Rigid DQS cannot follow the scaled Spine; the scale rung and linear blend can.
    for (SkinningRung rung : {SkinningRung::DqsUniformScale, SkinningRung::LinearBlend}) {
        const std::vector<glm::dvec3> r = *reference_skin_positions(p, m, glm::dmat4(1.0), rung);
        for (size_t v = 0; v < p.positions.size(); ++v) {
            if (p.weights[v][0] != 1.0f) continue;
            const glm::dvec3 expected(m[p.joints[v][0]] * glm::dvec4(glm::dvec3(p.positions[v]), 1.0));
            EXPECT_LT(glm::length(r[v] - expected), 1e-12) << to_string(rung) << " vertex " << v;
        }
    }
}

TEST(ReferenceSkinner, GpuEmulationOnTheSkinFrameMatchesAndAsGivenIsSoup) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kArm].rotation = glm::angleAxis(0.8, glm::dvec3(1, 0, 0)) * a.scene.nodes[kArm].rotation;
    a.scene.update_matrices();
    const std::vector<glm::dmat4> m = joint_matrices(a);
    const Primitive& p = a.meshes[0].primitives[0];
    const std::vector<glm::dvec3> truth =
        *reference_skin_positions(p, m, glm::dmat4(1.0), SkinningRung::RigidDqs);
    const std::vector<glm::vec3> good =
        *emulate_gpu_skin_positions(p, m, glm::dmat4(1.0), SkinningRung::RigidDqs);
    const glm::dmat4 given = a.scene.nodes[kBody].global;
    const std::vector<glm::vec3> soup = *emulate_gpu_skin_positions(p, m, given, SkinningRung::RigidDqs);
    double worst_good = 0.0, worst_soup = 0.0;
    for (size_t v = 0; v < p.positions.size(); ++v) {
        worst_good = std::max(worst_good, glm::length(glm::dvec3(good[v]) - truth[v]));
        const glm::dvec3 expected_local(glm::inverse(given) * glm::dvec4(truth[v], 1.0));
        worst_soup = std::max(worst_soup, glm::length(glm::dvec3(soup[v]) - expected_local));
    }
    EXPECT_LT(worst_good, kFloatStore);
    EXPECT_GT(worst_soup, 50.0);  // centimetres: most of a 1.6 m body
}

TEST(ReferenceSkinner, RefusesAVertexNamingAMissingJoint) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    Primitive p = a.meshes[0].primitives[0];
    p.joints[3][0] = 9;
    Expected<std::vector<glm::dvec3>> r =
        reference_skin_positions(p, joint_matrices(a), glm::dmat4(1.0), SkinningRung::RigidDqs);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("vertex 3 names joint 9"), std::string::npos);
}

TEST(SkinWorldBounds, FromTheJointsNotTheMeshNode) {
    const Asset mixamo = make_character(FixtureShape::MixamoExport);
    const Asset prescale = make_character(FixtureShape::PreScale);
    Expected<Aabb> b0 = skin_world_bounds(mixamo.scene, mixamo.skins[0], mixamo.meshes[0]);
    Expected<Aabb> b1 = skin_world_bounds(prescale.scene, prescale.skins[0], prescale.meshes[0]);
    ASSERT_TRUE(b0.ok() && b1.ok());
    // Both shapes are the same character in the world, and the Mixamo one's positions are its world
    // positions (A_j = I), so the box is their min and max.
    glm::dvec3 lo(1e9), hi(-1e9);
    for (const glm::vec3& v : mixamo.meshes[0].primitives[0].positions) {
        lo = glm::min(lo, glm::dvec3(v));
        hi = glm::max(hi, glm::dvec3(v));
    }
    EXPECT_LT(glm::length(b0->min - lo) + glm::length(b0->max - hi), 1e-12);
    EXPECT_LT(glm::length(b1->min - lo) + glm::length(b1->max - hi), kFloatStore);  // cm stored in float
    EXPECT_GT(b0->max.y - b0->min.y, 0.5);                                          // a character, not a coin
}

TEST(SkinWorldBounds, RefusesAnUnwalkedSkeleton) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kArm].version = 0;
    Expected<Aabb> b = skin_world_bounds(a.scene, a.skins[0], a.meshes[0]);
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("'LeftArm'"), std::string::npos);
}

TEST(SkinningRung, ChoosesTheLowestRungThatCarriesEverything) {
    MeshFrameReport ok;
    ok.verdict = FrameVerdict::Corrected;
    ScaleConflict uniform, squash;
    uniform.uniform = true;
    uniform.node_name = "Spine";
    squash.node_name = "Arm";
    EXPECT_EQ(choose_skinning_rung({ok}, {}).rung, SkinningRung::RigidDqs);
    EXPECT_EQ(choose_skinning_rung({ok}, {uniform}).rung, SkinningRung::DqsUniformScale);
    EXPECT_EQ(choose_skinning_rung({ok}, {uniform, squash}).rung, SkinningRung::LinearBlend);
    MeshFrameReport bad;
    bad.mesh_name = "Body";
    bad.reason = "mirrored";
    const RungChoice c = choose_skinning_rung({ok, bad}, {});
    EXPECT_EQ(c.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(c.reason, "mesh node 'Body': mirrored");
}
