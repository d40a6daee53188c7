#include "anim/skin_frame/normalize_mesh_frame.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

#include "anim/skin_frame/skin_bind_transform.h"
#include "anim/skin_frame/skin_frame_defect.h"
#include "anim/skin_frame/skin_joint_matrix.h"
#include "skin_fixtures.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
// Double rounding through a five-node chain holding a 0.01 scale and its 100x inverse: well under
// 1e-12 of values of order 1..100.
constexpr double kDouble = 1e-11;
const glm::dmat4 kArmatureByHand =  // 0.01 x Rx(90), written out: y -> z, z -> -y
    glm::dmat4(0.01, 0, 0, 0, 0, 0, 0.01, 0, 0, -0.01, 0, 0, 0, 0, 0, 1);
}  // namespace

TEST(SkinBindTransform, MixamoShapeIsTheIdentityAndTheMeshNodeIsNotAFrame) {
    Asset a = make_character(FixtureShape::MixamoExport);
    const Skin& skin = a.skins[0];
    Expected<glm::dmat4> bind = skin_bind_transform(a.scene, skin);
    ASSERT_TRUE(bind.ok()) << bind.error().message;
    EXPECT_LT(max_abs_diff(*bind, glm::dmat4(1.0)), kDouble);
    EXPECT_LT(max_abs_diff(a.scene.nodes[kBody].global, kArmatureByHand), kDouble);
    // As given, every fold is 100 x a rotation: defect 99.
    EXPECT_NEAR(*skin_frame_defect(a.scene, skin, a.scene.nodes[kBody].global), 99.0, 1e-9);
    EXPECT_LT(*skin_frame_defect(a.scene, skin, *bind), kDouble);
}

TEST(SkinBindTransform, PreScaleShapeIsTheMeshNode) {
    Asset a = make_character(FixtureShape::PreScale);
    Expected<glm::dmat4> bind = skin_bind_transform(a.scene, a.skins[0]);
    ASSERT_TRUE(bind.ok());
    EXPECT_LT(max_abs_diff(*bind, kArmatureByHand), kDouble);
    EXPECT_LT(*skin_frame_defect(a.scene, a.skins[0], a.scene.nodes[kBody].global), kDouble);
}

TEST(NormalizeMeshFrame, MixamoShapeLandsOnTheBindTransform) {
    Asset a = make_character(FixtureShape::MixamoExport);
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::Corrected) << r.reason;
    EXPECT_NEAR(r.defect_as_given, 99.0, 1e-9);
    EXPECT_LT(r.defect_on_skin_frame, kDouble);
    EXPECT_NEAR(r.folded_scale_as_given, 100.0, 1e-9);
    EXPECT_NEAR(r.non_rigidity_absorbed, 99.0, 1e-9);
    // C = (0.01 Rx(90))^-1 x I = 100 Rx(-90), by hand.
    const glm::dmat4 c_by_hand(100, 0, 0, 0, 0, 0, -100, 0, 0, 100, 0, 0, 0, 0, 0, 1);
    EXPECT_LT(max_abs_diff(r.correction, c_by_hand), 1e-9);
    EXPECT_LT(r.residual, kDouble);
    EXPECT_LT(max_abs_diff(a.scene.nodes[kBody].global, glm::dmat4(1.0)), kDouble);
    EXPECT_TRUE(a.scene.nodes[kBody].use_matrix);
    EXPECT_NE(r.reason.find("99"), std::string::npos) << r.reason;
}

TEST(NormalizeMeshFrame, SurvivesTheNextWalk) {
    Asset a = make_character(FixtureShape::MixamoExport);
    (void)normalize_mesh_frame(a.scene, a.skins[0], kBody);
    a.scene.update_matrices();
    EXPECT_LT(max_abs_diff(a.scene.nodes[kBody].global, *skin_bind_transform(a.scene, a.skins[0])), kDouble);
}

TEST(NormalizeMeshFrame, PlacementInvariant) {
    Asset plain = make_character(FixtureShape::MixamoExport);
    Asset placed = make_character(FixtureShape::MixamoExport, some_placement());
    const MeshFrameReport r0 = normalize_mesh_frame(plain.scene, plain.skins[0], kBody);
    const MeshFrameReport r1 = normalize_mesh_frame(placed.scene, placed.skins[0], kBody);
    ASSERT_EQ(r1.verdict, FrameVerdict::Corrected) << r1.reason;
    // The placement carries a 2.5 scale and 7.5 translation; rounding grows with them.
    EXPECT_LT(max_abs_diff(r0.correction, r1.correction), 1e-9);
    EXPECT_LT(max_abs_diff(placed.scene.nodes[kBody].global, some_placement()), 1e-9);
}

TEST(NormalizeMeshFrame, Idempotent) {
    Asset a = make_character(FixtureShape::MixamoExport, some_placement());
    (void)normalize_mesh_frame(a.scene, a.skins[0], kBody);
    const glm::dmat4 local_after_first = a.scene.nodes[kBody].local();
    const MeshFrameReport second = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(second.verdict, FrameVerdict::Ok) << second.reason;
    EXPECT_LT(max_abs_diff(second.correction, glm::dmat4(1.0)), kDouble);
    EXPECT_EQ(max_abs_diff(a.scene.nodes[kBody].local(), local_after_first), 0.0);
}

TEST(NormalizeMeshFrame, PreScaleShapeIsUntouchedElementForElement) {
    Asset a = make_character(FixtureShape::PreScale);
    const Node before = a.scene.nodes[kBody];
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::Ok) << r.reason;
    EXPECT_NEAR(r.folded_scale_as_given, 1.0, kDouble);
    const Node& after = a.scene.nodes[kBody];
    EXPECT_EQ(after.use_matrix, before.use_matrix);
    for (int c = 0; c < 4; ++c)
        for (int r2 = 0; r2 < 4; ++r2) {
            EXPECT_EQ(after.local()[c][r2], before.local()[c][r2]);
            EXPECT_EQ(after.global[c][r2], before.global[c][r2]);
        }
}

TEST(NormalizeMeshFrame, ShearedCorrectionSurvives) {
    // A mesh node under a sheared parent that the joints do not share: C must carry the shear
    // back out, which a TRS decomposition could not.
    Asset a = make_character(FixtureShape::MixamoExport);
    glm::dmat4 shear(1.0);
    shear[1][0] = 0.5;
    a.scene.nodes[kBody].set_local_matrix(shear);
    a.scene.update_matrices();
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::Corrected) << r.reason;
    EXPECT_LT(r.residual, kDouble);
}

TEST(NormalizeMeshFrame, NamesTheChildrenThatInheritTheCorrection) {
    Asset a = make_character(FixtureShape::MixamoExport);
    fixture_add_node(a.scene, "Sword", kBody);
    a.scene.update_matrices();
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    ASSERT_EQ(r.children.size(), 1u);
    EXPECT_EQ(r.children[0], "Sword");
    EXPECT_NE(r.reason.find("'Sword'"), std::string::npos) << r.reason;
}

TEST(NormalizeMeshFrame, RefusesAnUnwalkedSkeletonBeforeMeasuring) {
    Asset a = make_character(FixtureShape::MixamoExport);
    for (Node& n : a.scene.nodes) n.version = 0;  // as a freshly built scene would be
    const Node before = a.scene.nodes[kBody];
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_NE(r.reason.find("'Hips'"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("never been walked"), std::string::npos) << r.reason;
    EXPECT_TRUE(std::isnan(r.defect_as_given));
    EXPECT_TRUE(std::isnan(r.defect_on_skin_frame));
    EXPECT_TRUE(std::isnan(r.folded_scale_as_given));
    EXPECT_TRUE(std::isnan(r.residual));
    EXPECT_EQ(a.scene.nodes[kBody].use_matrix, before.use_matrix);
    // The premise of the refusal: the same skeleton of identities would have scored as rigid.
    Scene fresh = a.scene;
    for (Node& n : fresh.nodes) n.global = glm::dmat4(1.0);
    double worst = 0.0;
    for (size_t j = 0; j < a.skins[0].joints.size(); ++j) {
        const glm::dmat4 fold = glm::inverse(a.skins[0].inverse_bind[0]) * a.skins[0].inverse_bind[j];
        worst = std::max(worst, std::fabs(glm::determinant(glm::dmat3(fold)) - 1.0));
    }
    EXPECT_LT(worst, 1e-6);
}

TEST(NormalizeMeshFrame, SkinFunctionsRefuseUnwalkedJointsByName) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kHead].version = 0;
    Expected<glm::dmat4> bind = skin_bind_transform(a.scene, a.skins[0]);
    ASSERT_FALSE(bind.ok());
    EXPECT_NE(bind.error().message.find("'Head'"), std::string::npos) << bind.error().message;
    EXPECT_FALSE(skin_frame_defect(a.scene, a.skins[0], glm::dmat4(1.0)).ok());
    EXPECT_FALSE(skin_frame_defect_by_joint(a.scene, a.skins[0], glm::dmat4(1.0)).ok());
    Expected<glm::dmat4> aj = skin_joint_matrix(a.scene, a.skins[0], 2);
    ASSERT_FALSE(aj.ok());
    EXPECT_NE(aj.error().message.find("'Head'"), std::string::npos);
    EXPECT_TRUE(skin_joint_matrix(a.scene, a.skins[0], 1).ok());
}

TEST(NormalizeMeshFrame, RefusesASingularMeshNode) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kBody].scale = {1, 0, 1};
    a.scene.update_matrices();
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_NE(r.reason.find("'Body'"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("singular"), std::string::npos) << r.reason;
    EXPECT_TRUE(std::isnan(r.defect_as_given));
}

TEST(NormalizeMeshFrame, AReflectionBetweenJointsCannotBeFixedAndIsLeftAlone) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.skins[0].inverse_bind[2] =
        a.skins[0].inverse_bind[2] * glm::scale(glm::dmat4(1.0), glm::dvec3(-1, 1, 1));
    a.skins[0].inverse_bind[3] =
        a.skins[0].inverse_bind[3] * glm::scale(glm::dmat4(1.0), glm::dvec3(1, 1, -1));
    const Node before = a.scene.nodes[kBody];
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_EQ(r.defect_on_skin_frame, std::numeric_limits<double>::infinity());
    EXPECT_NE(r.reason.find("'Head') mirrored"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("'LeftArm') mirrored"), std::string::npos) << r.reason;
    EXPECT_EQ(max_abs_diff(a.scene.nodes[kBody].local(), before.local()), 0.0);
    // The gate and its diagnostic agree joint for joint.
    Expected<std::vector<double>> d =
        skin_frame_defect_by_joint(a.scene, a.skins[0], a.scene.nodes[kBody].global);
    ASSERT_TRUE(d.ok());
    EXPECT_NEAR((*d)[0], 99.0, 1e-9);
    EXPECT_NEAR((*d)[1], 99.0, 1e-9);
    EXPECT_EQ((*d)[2], std::numeric_limits<double>::infinity());
    EXPECT_EQ((*d)[3], std::numeric_limits<double>::infinity());
    EXPECT_EQ(*skin_frame_defect(a.scene, a.skins[0], a.scene.nodes[kBody].global),
              std::numeric_limits<double>::infinity());
}

TEST(NormalizeMeshFrame, JointsDisagreeingByAScaleCannotBeFixed) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.skins[0].inverse_bind[3] =
        a.skins[0].inverse_bind[3] * glm::scale(glm::dmat4(1.0), glm::dvec3(1, 2, 1));
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_NEAR(r.defect_on_skin_frame, 1.0, 1e-9);
    EXPECT_NE(r.reason.find("'LeftArm') defect 1"), std::string::npos) << r.reason;
    EXPECT_FALSE(a.scene.nodes[kBody].use_matrix);
}

TEST(NormalizeMeshFrame, RigidDisagreementBetweenJointsIsFine) {
    // Rest pose differing from bind pose by rigid motions (RobotExpressive's shape).
    Asset a = make_character(FixtureShape::PreScale);
    a.scene.nodes[kArm].rotation = glm::angleAxis(0.6, glm::dvec3(0, 1, 0)) * a.scene.nodes[kArm].rotation;
    a.scene.update_matrices();
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], kBody);
    EXPECT_NE(r.verdict, FrameVerdict::CannotFix) << r.reason;
    EXPECT_LT(r.defect_on_skin_frame, kDouble);
}

TEST(NormalizeMeshFrame, OutOfRangeMeshNode) {
    Asset a = make_character(FixtureShape::MixamoExport);
    const MeshFrameReport r = normalize_mesh_frame(a.scene, a.skins[0], 99);
    EXPECT_EQ(r.verdict, FrameVerdict::CannotFix);
    EXPECT_NE(r.reason.find("99"), std::string::npos);
}
