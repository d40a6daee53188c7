// VRMC_node_constraint against what the specification says each constraint does, computed here
// without the implementation's formulas: a roll keeps the twist of a swing-then-twist rotation
// about its axis (the swing built first, the twist after, so the expected twist is known by
// construction), an aim points the axis at the source in the world, a rotation copies the source's
// turn from its rest; the weight slerps from the rest (an angle times the weight about the same
// axis). Constraints run in dependency order whatever the file's order; a cycle is refused.
#include "anim/avatar/node_constraints.h"

#include <gtest/gtest.h>

#include <glm/gtc/constants.hpp>

using namespace sv::anim;

namespace {

// Root(0) -> Arm(1) -> Twist(2); Root -> Sleeve(3); Root -> Sub(4). Arm and Sub have rest turns of
// their own, so the rest transfer is exercised.
Scene scene() {
    Scene s;
    s.nodes.resize(5);
    const char* names[] = {"Root", "Arm", "Twist", "Sleeve", "Sub"};
    for (size_t i = 0; i < 5; ++i) s.nodes[i].name = names[i];
    const auto child = [&](int p, int c) {
        s.nodes[static_cast<size_t>(c)].parent = p;
        s.nodes[static_cast<size_t>(p)].children.push_back(c);
    };
    child(0, 1);
    child(1, 2);
    child(0, 3);
    child(0, 4);
    s.nodes[1].translation = {0.2, 1.4, 0.0};
    s.nodes[2].translation = {0.15, 0.0, 0.0};
    s.nodes[3].translation = {0.1, 1.3, 0.1};
    s.nodes[4].translation = {-0.2, 1.4, 0.0};
    s.nodes[4].rotation = glm::angleAxis(glm::radians(30.0), glm::normalize(glm::dvec3(1, 1, 0)));
    s.update_matrices();
    return s;
}

double angle_deg(const glm::dquat& q) { return glm::degrees(2.0 * std::acos(std::min(1.0, std::abs(q.w)))); }

}  // namespace

TEST(NodeConstraints, RollKeepsTheTwistAboutItsAxisTimesTheWeight) {
    for (const double weight : {1.0, 0.5}) {
        Scene s = scene();
        Vrm vrm;
        vrm.constraints.push_back(
            {2, 1, VrmConstraintType::Roll, 0, weight});  // Twist rolls with Arm about X
        auto k = NodeConstraints::create(vrm, s);
        ASSERT_TRUE(k) << k.error().message;
        // Arm: swung 40 degrees about Z (moves its X axis), then twisted 50 degrees about its own X.
        const glm::dquat swing = glm::angleAxis(glm::radians(40.0), glm::dvec3(0, 0, 1));
        const glm::dquat twist = glm::angleAxis(glm::radians(50.0), glm::dvec3(1, 0, 0));
        s.nodes[1].rotation = swing * twist;
        s.update_matrices();
        k->apply(s);
        const glm::dquat got = s.nodes[2].rotation;
        EXPECT_NEAR(angle_deg(got), 50.0 * weight, 1e-9) << weight;
        const glm::dvec3 axis = glm::normalize(glm::dvec3(got.x, got.y, got.z));
        EXPECT_NEAR(axis.x, 1.0, 1e-9) << "a roll about X only: the swing is not passed on";
        // A pure swing passes nothing on.
        s.nodes[1].rotation = swing;
        s.update_matrices();
        k->apply(s);
        EXPECT_NEAR(angle_deg(s.nodes[2].rotation), 0.0, 1e-6);
    }
}

TEST(NodeConstraints, AimPointsTheAxisAtTheSource) {
    Scene s = scene();
    Vrm vrm;
    vrm.constraints.push_back({3, 2, VrmConstraintType::Aim, 0, 1.0});  // Sleeve's +X at Twist
    auto k = NodeConstraints::create(vrm, s);
    ASSERT_TRUE(k) << k.error().message;
    for (const double deg : {0.0, 35.0, 80.0}) {
        s.nodes[1].rotation = glm::angleAxis(glm::radians(deg), glm::dvec3(0, 0, 1));
        s.update_matrices();
        k->apply(s);
        const glm::dvec3 want =
            glm::normalize(glm::dvec3(s.nodes[2].global[3]) - glm::dvec3(s.nodes[3].global[3]));
        const glm::dvec3 axis = glm::normalize(glm::dvec3(s.nodes[3].global * glm::dvec4(1, 0, 0, 0)));
        EXPECT_NEAR(glm::dot(axis, want), 1.0, 1e-12) << deg;
    }
    // Half the weight: halfway round from the rest direction (the same plane, half the angle).
    vrm.constraints[0].weight = 0.5;
    Scene h = scene();
    auto kh = NodeConstraints::create(vrm, h);
    ASSERT_TRUE(kh);
    kh->apply(h);
    const glm::dvec3 want =
        glm::normalize(glm::dvec3(h.nodes[2].global[3]) - glm::dvec3(h.nodes[3].global[3]));
    const double full = std::acos(glm::dot(glm::dvec3(1, 0, 0), want));
    const glm::dvec3 axis = glm::normalize(glm::dvec3(h.nodes[3].global * glm::dvec4(1, 0, 0, 0)));
    EXPECT_NEAR(std::acos(glm::clamp(glm::dot(glm::dvec3(1, 0, 0), axis), -1.0, 1.0)), full / 2.0, 1e-12);
}

TEST(NodeConstraints, RotationCopiesTheSourcesTurnFromItsRestOntoTheDestinationsRest) {
    Scene s = scene();
    Vrm vrm;
    vrm.constraints.push_back({4, 1, VrmConstraintType::Rotation, 0, 1.0});
    const glm::dquat sub_rest = s.nodes[4].rotation;
    s.nodes[1].rotation = glm::angleAxis(glm::radians(10.0), glm::dvec3(0, 1, 0));  // Arm's rest
    s.update_matrices();
    auto k = NodeConstraints::create(vrm, s);
    ASSERT_TRUE(k) << k.error().message;
    const glm::dquat turn = glm::angleAxis(glm::radians(45.0), glm::normalize(glm::dvec3(0.3, 0.2, 1.0)));
    s.nodes[1].rotation = s.nodes[1].rotation * turn;  // the source turned by `turn` from its rest, locally
    s.update_matrices();
    k->apply(s);
    // The destination: its rest, then the same local turn (Blender's Local-Local copy rotation).
    const glm::dquat want = sub_rest * turn;
    EXPECT_NEAR(std::abs(glm::dot(s.nodes[4].rotation, want)), 1.0, 1e-12);
}

TEST(NodeConstraints, DependenciesRunFirstWhateverTheFileOrder) {
    // Sleeve copies Twist's turn, Twist rolls with Arm. Listed Sleeve first, Twist's roll must still
    // run first, or Sleeve copies the roll of the frame before (here: none).
    Scene s = scene();
    Vrm vrm;
    vrm.constraints = {{3, 2, VrmConstraintType::Rotation, 0, 1.0}, {2, 1, VrmConstraintType::Roll, 0, 1.0}};
    auto k = NodeConstraints::create(vrm, s);
    ASSERT_TRUE(k) << k.error().message;
    EXPECT_EQ(k->nodes(), (std::vector<int>{2, 3}));
    s.nodes[1].rotation = glm::angleAxis(glm::radians(60.0), glm::dvec3(0, 0, 1)) *
                          glm::angleAxis(glm::radians(30.0), glm::dvec3(1, 0, 0));
    s.update_matrices();
    k->apply(s);
    const glm::dquat want = glm::angleAxis(glm::radians(30.0), glm::dvec3(1, 0, 0));
    EXPECT_NEAR(std::abs(glm::dot(s.nodes[2].rotation, want)), 1.0, 1e-12);
    EXPECT_NEAR(std::abs(glm::dot(s.nodes[3].rotation, want)), 1.0, 1e-12) << "Sleeve copied Twist's roll";
}

TEST(NodeConstraints, BadConstraintsAreRefusedNamingTheNode) {
    const Scene s = scene();
    Vrm cycle;
    cycle.constraints = {{2, 4, VrmConstraintType::Rotation, 0, 1.0},
                         {4, 2, VrmConstraintType::Rotation, 0, 1.0}};
    auto c = NodeConstraints::create(cycle, s);
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().message.find("circular dependency"), std::string::npos) << c.error().message;
    Vrm twice;
    twice.constraints = {{2, 1, VrmConstraintType::Roll, 0, 1.0},
                         {2, 4, VrmConstraintType::Rotation, 0, 1.0}};
    auto t = NodeConstraints::create(twice, s);
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().message.find("node 2 ('Twist') has two constraints"), std::string::npos);
    Vrm range;
    range.constraints = {{2, 9, VrmConstraintType::Rotation, 0, 1.0}};
    EXPECT_FALSE(NodeConstraints::create(range, s));
}
