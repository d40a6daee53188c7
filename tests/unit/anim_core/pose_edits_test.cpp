// Pose edits (anim/character/pose_edits.h): the Euler XYZ convention held to rotations built here axis
// by axis, and an edit on the arm's shoulder carrying the elbow and wrist round the shoulder by the
// angle given, on top of the clip's pose, while joints above it stay put. Negative control: the
// other multiplication order (Rx Ry Rz) sends the test vector elsewhere, so the convention test
// tells the two apart.
#include "anim/character/pose_edits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"

namespace sv::anim {
namespace {

glm::dvec3 turn(const glm::dquat& q, glm::dvec3 v) { return q * v; }

// The joint's world position from the skeleton's world array (column-major, translation at 12..14).
glm::dvec3 world_position(const Character& c, int skin, int joint) {
    const float* w = &c.skins()[static_cast<size_t>(skin)].skeleton.world()[static_cast<size_t>(joint) * 16];
    return glm::dvec3(w[12], w[13], w[14]);
}

TEST(PoseEdits, EulerXyzTurnsXFirstThenYThenZAboutFixedAxes) {
    // X 90 then Z 90: +Y goes to +Z under X, and Z leaves +Z alone; +X stays under X, then goes to
    // +Y under Z. Under the other order (Z first) +X would go to +Y, then to +Z under X.
    const glm::dquat r = pose_edit_rotation({90.0, 0.0, 90.0});
    const glm::dvec3 y = turn(r, {0, 1, 0}), x = turn(r, {1, 0, 0});
    EXPECT_NEAR(glm::distance(y, glm::dvec3(0, 0, 1)), 0.0, 1e-12);
    EXPECT_NEAR(glm::distance(x, glm::dvec3(0, 1, 0)), 0.0, 1e-12);
    // Negative control: Rx Ry Rz, the order a quick reading of "XYZ" gives.
    const glm::dquat wrong = glm::angleAxis(glm::radians(90.0), glm::dvec3(1, 0, 0)) *
                             glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 0, 1));
    EXPECT_GT(glm::distance(turn(wrong, {1, 0, 0}), glm::dvec3(0, 1, 0)), 1.0);
    // Y alone: +Z goes to +X (a right-handed turn about +Y).
    EXPECT_NEAR(glm::distance(turn(pose_edit_rotation({0.0, 90.0, 0.0}), {0, 0, 1}), glm::dvec3(1, 0, 0)),
                0.0, 1e-12);
}

TEST(PoseEdits, ZeroEditsAreNoEditsAndEveryChangeCounts) {
    PoseEdits e;
    EXPECT_TRUE(e.empty());
    e.set(3, {10, 0, 0});
    e.set(5, {0, 0, -20});
    EXPECT_EQ(e.by_node.size(), 2u);
    EXPECT_EQ(e.get(5), glm::dvec3(0, 0, -20));
    EXPECT_EQ(e.get(4), glm::dvec3(0.0));
    const int r = e.revision;
    e.set(3, {0, 0, 0});  // turned back by hand: gone, as Reset joint
    EXPECT_EQ(e.by_node.count(3), 0u);
    EXPECT_GT(e.revision, r);
    e.reset_all();
    EXPECT_TRUE(e.empty());
}

// The arm: Shoulder, Elbow, Wrist up +Y. An edit of the shoulder by 30 degrees about X, at a time the
// clip bends the elbow: the elbow and wrist turn about the shoulder by the shoulder's world
// rotation x R x its inverse, computed here from the unedited pose; the shoulder itself stays.
TEST(PoseEdits, AShoulderEditTurnsWhatHangsBelowItAboutTheShoulder) {
    auto made = Character::create(build_arm_asset());
    ASSERT_TRUE(made.ok()) << made.error().message;
    Character& c = *made;
    const Skeleton& sk = c.skins()[0].skeleton;
    const int shoulder = sk.find("Shoulder"), elbow = sk.find("Elbow"), wrist = sk.find("Wrist");
    ASSERT_GE(shoulder, 0);
    ASSERT_GE(elbow, 0);
    ASSERT_GE(wrist, 0);
    c.pose_at(0, 0.7f, false);
    const glm::dvec3 s0 = world_position(c, 0, shoulder), e0 = world_position(c, 0, elbow),
                     w0 = world_position(c, 0, wrist);
    const float* ws = &sk.world()[static_cast<size_t>(shoulder) * 16];
    const glm::dmat3 shoulder_rot(glm::dvec3(ws[0], ws[1], ws[2]), glm::dvec3(ws[4], ws[5], ws[6]),
                                  glm::dvec3(ws[8], ws[9], ws[10]));
    // R about the shoulder's own X, seen in the world.
    const glm::dmat3 r_local = glm::mat3_cast(glm::angleAxis(glm::radians(30.0), glm::dvec3(1, 0, 0)));
    const glm::dmat3 r_world = shoulder_rot * r_local * glm::inverse(shoulder_rot);

    PoseEdits edits;
    const int node = c.asset().skins[0].joints[static_cast<size_t>(shoulder)];
    edits.set(node, {30.0, 0.0, 0.0});
    c.pose_at(0, 0.7f, false);
    ASSERT_TRUE(apply_pose_edits(edits, c));
    c.apply_poses();
    const glm::dvec3 e1 = world_position(c, 0, elbow), w1 = world_position(c, 0, wrist);
    const double arm = glm::distance(s0, w0);
    EXPECT_NEAR(glm::distance(world_position(c, 0, shoulder), s0), 0.0, 1e-6 * arm);
    EXPECT_NEAR(glm::distance(e1, s0 + r_world * (e0 - s0)), 0.0, 1e-5 * arm);
    EXPECT_NEAR(glm::distance(w1, s0 + r_world * (w0 - s0)), 0.0, 1e-5 * arm);
    // The angle the wrist turned about the shoulder, seen along the turn's axis: 30 degrees.
    const glm::dvec3 axis = glm::normalize(shoulder_rot * glm::dvec3(1, 0, 0));
    const glm::dvec3 a = (w0 - s0) - axis * glm::dot(w0 - s0, axis),
                     b = (w1 - s0) - axis * glm::dot(w1 - s0, axis);
    const double degrees = glm::degrees(std::atan2(glm::dot(glm::cross(a, b), axis), glm::dot(a, b)));
    EXPECT_NEAR(degrees, 30.0, 1e-3);
    std::printf("[ measure ] wrist turned %.6f degrees about the shoulder's X\n", degrees);

    // No edit: the clip's pose again, untouched.
    edits.reset_all();
    c.pose_at(0, 0.7f, false);
    EXPECT_FALSE(apply_pose_edits(edits, c));
    EXPECT_NEAR(glm::distance(world_position(c, 0, wrist), w0), 0.0, 1e-9);
}

}  // namespace
}  // namespace sv::anim
