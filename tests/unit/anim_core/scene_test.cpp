// Scene graph: globals derived by update_matrices alone, and validate() naming broken graphs.
#include "anim/scene/scene.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

using namespace sv::anim;

namespace {
Scene two_level() {
    Scene s;
    s.nodes.resize(3);
    s.nodes[0].name = "root";
    s.nodes[0].translation = {1, 0, 0};
    s.nodes[0].children = {1, 2};
    s.nodes[1].name = "child";
    s.nodes[1].parent = 0;
    s.nodes[1].translation = {0, 2, 0};
    // 90 degrees about Z: (cos 45, 0, 0, sin 45) in glm's w,x,y,z order.
    s.nodes[1].rotation = glm::dquat(std::sqrt(0.5), 0, 0, std::sqrt(0.5));
    s.nodes[2].name = "sibling";
    s.nodes[2].parent = 0;
    return s;
}
}  // namespace

TEST(Scene, UpdateMatricesDerivesGlobalsParentFirst) {
    Scene s = two_level();
    s.nodes[1].children = {};
    s.update_matrices();
    // By hand: child's origin is root's (1,0,0) plus its own (0,2,0); its local X axis, turned
    // 90 degrees about Z, points along world +Y.
    const glm::dvec4 origin = s.nodes[1].global * glm::dvec4(0, 0, 0, 1);
    const glm::dvec4 xaxis = s.nodes[1].global * glm::dvec4(1, 0, 0, 0);
    // 1e-12: a handful of double products of sqrt(0.5).
    EXPECT_NEAR(origin.x, 1.0, 1e-12);
    EXPECT_NEAR(origin.y, 2.0, 1e-12);
    EXPECT_NEAR(xaxis.x, 0.0, 1e-12);
    EXPECT_NEAR(xaxis.y, 1.0, 1e-12);
}

TEST(Scene, OnlyUpdateMatricesBumpsVersion) {
    Scene s = two_level();
    for (const Node& n : s.nodes) EXPECT_EQ(n.version, 0u);
    // Nothing but a walk may count as derived: reading locals, validating, setting a matrix.
    (void)s.nodes[1].local();
    EXPECT_TRUE(s.validate().ok());
    s.nodes[2].set_local_matrix(glm::translate(glm::dmat4(1.0), glm::dvec3(0, 0, 3)));
    for (const Node& n : s.nodes) EXPECT_EQ(n.version, 0u);
    s.update_matrices();
    for (const Node& n : s.nodes) EXPECT_EQ(n.version, 1u);
    s.update_matrices();
    for (const Node& n : s.nodes) EXPECT_EQ(n.version, 2u);
}

TEST(Scene, SubtreeWalkTouchesOnlyThatSubtree) {
    Scene s = two_level();
    s.update_matrices();
    s.nodes[0].translation = {5, 0, 0};
    s.update_matrices(2);  // sibling only: takes root's stale global as given
    EXPECT_EQ(s.nodes[0].version, 1u);
    EXPECT_EQ(s.nodes[1].version, 1u);
    EXPECT_EQ(s.nodes[2].version, 2u);
    EXPECT_DOUBLE_EQ(s.nodes[2].global[3].x, 1.0);
}

TEST(Scene, ValidateAcceptsAForest) { EXPECT_TRUE(two_level().validate().ok()); }

TEST(Scene, ValidateNamesACycle) {
    Scene s;
    s.nodes.resize(2);
    s.nodes[0].name = "a";
    s.nodes[1].name = "b";
    s.nodes[0].parent = 1;
    s.nodes[0].children = {1};
    s.nodes[1].parent = 0;
    s.nodes[1].children = {0};
    const auto st = s.validate();
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("own ancestor"), std::string::npos) << st.error().message;
}

TEST(Scene, ValidateNamesTwoParents) {
    Scene s = two_level();
    s.nodes[1].children = {2};  // sibling now listed by root and by child
    const auto st = s.validate();
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("two parents"), std::string::npos) << st.error().message;
    EXPECT_NE(st.error().message.find("sibling"), std::string::npos) << st.error().message;
}

TEST(Scene, ValidateNamesAnOutOfRangeChild) {
    Scene s = two_level();
    s.nodes[2].children = {9};
    const auto st = s.validate();
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("out of range"), std::string::npos) << st.error().message;
}

TEST(Scene, ValidateNamesASelfChild) {
    Scene s = two_level();
    s.nodes[2].children = {2};
    EXPECT_FALSE(s.validate().ok());
}
