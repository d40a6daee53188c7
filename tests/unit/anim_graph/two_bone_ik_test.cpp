// Two-bone IK: validity first, then the degenerate chains, then the geometry (the pole off the
// plane, the scaled rigs, straight and unreachable chains), then the options and replay.
#include "anim/graph/two_bone_ik.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "graph_test_support.h"

using namespace sv::anim;
using sv::Status;
using sv::test::RigJoint;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A leg: pelvis, thigh (hip joint), shin (knee), foot (ankle), toe. Thigh 0.46 m, shin 0.44 m. The
// animated hip turns about z and x so the leg's plane is tilted, and the knee is bent in it.
std::vector<RigJoint> leg(double root_scale = 1.0, glm::dquat root_rot = glm::dquat(1, 0, 0, 0)) {
    return {
        {"pelvis", -1, {0.0, 1.0, 0.0}, root_rot, glm::dvec3(root_scale)},
        {"thigh",
         0,
         {0.1, 0.0, 0.0},
         glm::angleAxis(0.3, glm::dvec3(0, 0, 1)) * glm::angleAxis(0.2, glm::dvec3(1, 0, 0))},
        {"shin", 1, {0.0, -0.46, 0.0}, glm::angleAxis(-0.5, glm::dvec3(0, 0, 1))},
        {"foot", 2, {0.0, -0.44, 0.0}},
        {"toe", 3, {0.0, -0.05, 0.1}},
    };
}

struct Solve {
    Skeleton skeleton;
    Pose pose;
    TwoBoneIkInput in;
    explicit Solve(const std::vector<RigJoint>& rig)
        : skeleton(sv::test::skeleton_of(rig)), pose(sv::test::pose_of(rig)) {
        skeleton.apply_pose(pose);
        in.parents = &skeleton.parents();
        in.world = &skeleton.world();
        in.root = 1;
        in.mid = 2;
        in.tip = 3;
    }
    // A valid chain must be accepted: every test below the validity ones solves valid input.
    TwoBoneIkResult run() {
        const sv::Expected<TwoBoneIkResult> r = solve_two_bone_ik(in, pose);
        EXPECT_TRUE(r.ok()) << r.error().message;
        return r.ok() ? *r : TwoBoneIkResult{};
    }
    std::vector<glm::dmat4> world() const { return sv::test::fk(skeleton.parents(), pose); }
};

// The knee's direction and the pole's, both projected across the root-target line: the angle the
// roll step is meant to close.
double knee_to_pole_angle(const std::vector<glm::dmat4>& w, const glm::dvec3& target,
                          const glm::dvec3& pole) {
    const glm::dvec3 r = sv::test::at(w, 1), m = sv::test::at(w, 2);
    const glm::dvec3 line = glm::normalize(target - r);
    const glm::dvec3 k = (m - r) - glm::dot(m - r, line) * line;
    const glm::dvec3 p = (pole - r) - glm::dot(pole - r, line) * line;
    return sv::test::angle_between(k, p);
}

}  // namespace

TEST(TwoBoneIkValidate, AcceptsALegChain) {
    Solve s(leg());
    s.in.target = {0.25, 0.3, 0.2};
    const Status st = s.in.validate(s.pose);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
}

// Each refusal, through the solve itself: the exact message, and the pose left as it was.
TEST(TwoBoneIkValidate, RefusesAndSaysWhy) {
    Solve s(leg());
    s.in.target = {0.25, 0.3, 0.2};
    const Pose before = s.pose;
    const auto refusal = [&](TwoBoneIkInput in, const Pose& pose) {
        Pose p = pose;
        const sv::Expected<TwoBoneIkResult> r = solve_two_bone_ik(in, p);
        if (!r.ok()) {
            EXPECT_TRUE(sv::test::bit_equal(p, pose)) << "a refusal writes nothing";
        }
        return r.ok() ? std::string("accepted") : r.error().message;
    };
    TwoBoneIkInput in = s.in;
    in.world = nullptr;
    EXPECT_EQ(refusal(in, s.pose),
              "two-bone IK: the skeleton's parents and world matrices must both be given");
    in = s.in;
    in.tip = 7;
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: tip joint 7 is out of range (skeleton has 5 joints)");
    in = s.in;
    in.mid = 0;  // the pelvis is above the thigh, not below it
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: mid joint 0 is not below root joint 1");
    in = s.in;
    in.tip = 1;
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: tip joint 1 is not below mid joint 2");
    in = s.in;
    in.target.x = std::nan("");
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: the target is not finite");
    in = s.in;
    in.pole.y = INFINITY;
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: the pole is not finite");
    in = s.in;
    in.weight = 1.5;
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: weight must lie in [0, 1]");
    in = s.in;
    in.twist_angle = std::nan("");
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: twist angle is not finite");
    in = s.in;
    in.soften = 0.0;
    EXPECT_EQ(refusal(in, s.pose), "two-bone IK: soften must lie in (0, 1]; 1 turns it off");
    // The animation moved the knee after the skeleton last saw the pose: the world array is stale.
    Pose moved = s.pose;
    moved.rotation[2 * 4 + 2] = 0.0f;
    moved.rotation[2 * 4 + 3] = 1.0f;
    EXPECT_EQ(
        refusal(s.in, moved),
        "two-bone IK: the world matrix of joint 2 was not derived from this pose (apply the pose to the "
        "skeleton first)");
    // Negative control: the same chain as given is accepted.
    EXPECT_EQ(refusal(s.in, s.pose), "accepted");
    EXPECT_TRUE(sv::test::bit_equal(before, s.pose)) << "the refusals worked on copies";
}

// A joint between root and mid (an upper-arm twist) and one between mid and tip (a forearm twist):
// the chain is solved on its actual world positions and only root and mid turn.
TEST(TwoBoneIkChain, JointsBetweenTheThreeKeepTheirRotationAndTheTipLands) {
    const std::vector<RigJoint> arm = {
        {"shoulder", -1, {0.0, 1.4, 0.0}},
        {"upperarm", 0, {0.2, 0.0, 0.0}, glm::angleAxis(-0.3, glm::dvec3(0, 0, 1))},
        {"upperarm_twist", 1, {0.15, 0.0, 0.0}, glm::angleAxis(0.4, glm::dvec3(1, 0, 0))},
        {"forearm", 2, {0.15, 0.0, 0.0}, glm::angleAxis(0.6, glm::dvec3(0, 1, 0))},
        {"forearm_twist", 3, {0.12, 0.0, 0.0}, glm::angleAxis(0.3, glm::dvec3(1, 0, 0))},
        {"hand", 4, {0.13, 0.0, 0.0}},
    };
    Solve s(arm);
    s.in.root = 1;
    s.in.mid = 3;
    s.in.tip = 5;
    const auto w0 = s.world();
    const glm::dvec3 shoulder = sv::test::at(w0, 1);
    s.in.target = shoulder + 0.4 * glm::normalize(glm::dvec3(0.3, -0.5, 0.4));  // upper 0.3 + lower 0.25
    s.in.pole = shoulder + glm::dvec3(0.0, -0.2, -0.5);
    const Pose before = s.pose;
    const TwoBoneIkResult r = s.run();
    ASSERT_TRUE(r.solved);
    EXPECT_TRUE(r.reachable);
    const auto w = s.world();
    // Float rotations written back over a 0.55 m chain: ~1e-7 m; 1e-5 leaves room.
    EXPECT_LT(glm::length(sv::test::at(w, 5) - s.in.target), 1e-5);
    // Bone lengths along the real chain are unchanged (the rig's own, through the twist joints).
    EXPECT_NEAR(glm::length(sv::test::at(w, 3) - sv::test::at(w, 1)),
                glm::length(sv::test::at(w0, 3) - shoulder), 1e-6);
    // The elbow faces the pole: the roll closes the angle across the shoulder-target line.
    const glm::dvec3 line = glm::normalize(s.in.target - shoulder);
    const glm::dvec3 m = sv::test::at(w, 3) - shoulder, p = s.in.pole - shoulder;
    EXPECT_LT(sv::test::angle_between(m - glm::dot(m, line) * line, p - glm::dot(p, line) * line), 1e-4);
    for (int j : {0, 2, 4, 5})
        for (int i = 0; i < 4; ++i)
            EXPECT_EQ(s.pose.rotation[static_cast<size_t>(j * 4 + i)],
                      before.rotation[static_cast<size_t>(j * 4 + i)])
                << "joint " << j << " is not root or mid and must keep its rotation";
}

TEST(TwoBoneIkDegenerate, ZeroLengthBoneLeavesThePoseAloneAndFails) {
    for (int bone : {2, 3}) {  // zero thigh (knee on hip), zero shin (ankle on knee)
        auto rig = leg();
        rig[static_cast<size_t>(bone)].t = glm::dvec3(0.0);
        Solve s(rig);
        s.in.target = {0.25, 0.5, 0.2};
        s.in.pole = {0.6, 0.6, 0.4};
        const Pose before = s.pose;
        const TwoBoneIkResult r = s.run();
        EXPECT_FALSE(r.solved) << "bone " << bone;
        EXPECT_TRUE(sv::test::bit_equal(before, s.pose)) << "bone " << bone;
    }
}

TEST(TwoBoneIkDegenerate, TargetOnTheRootLeavesThePoseAloneAndFails) {
    Solve s(leg());
    const auto w = s.world();
    s.in.target = sv::test::at(w, 1);
    s.in.pole = {0.6, 0.6, 0.4};
    const Pose before = s.pose;
    EXPECT_FALSE(s.run().solved);
    EXPECT_TRUE(sv::test::bit_equal(before, s.pose));
}

TEST(TwoBoneIkDegenerate, TargetInsideTheFoldedBandStaysFinite) {
    // Unequal bones (0.46, 0.44) cannot bring the ankle nearer the hip than 0.02 m.
    Solve s(leg());
    const glm::dvec3 hip = sv::test::at(s.world(), 1);
    s.in.target = hip + glm::dvec3(0.0, -0.005, 0.0);
    s.in.pole = {0.6, 0.6, 0.4};
    const TwoBoneIkResult r = s.run();
    EXPECT_TRUE(r.solved);
    EXPECT_FALSE(r.reachable);
    EXPECT_TRUE(sv::test::all_finite(s.pose));
    // Folded fully: the ankle 0.02 m from the hip. Float rounding of a 0.9 m chain folded on itself
    // is ~1e-7 m; 1e-5 leaves room for the fold's ill-conditioning (acos near -1).
    EXPECT_NEAR(glm::length(sv::test::at(s.world(), 3) - hip), 0.02, 1e-5);
}

TEST(TwoBoneIk, PoleOffThePlaneLandsInOneCall) {
    Solve s(leg());
    s.in.target = {0.25, 0.3, 0.2};
    s.in.pole = {0.6, 0.6, 0.4};  // well off the leg's tilted plane
    // The pole really is off the chain's plane (otherwise this test could not tell the bend axes apart).
    const auto w0 = s.world();
    const glm::dvec3 n = glm::normalize(
        glm::cross(sv::test::at(w0, 2) - sv::test::at(w0, 1), sv::test::at(w0, 3) - sv::test::at(w0, 2)));
    ASSERT_GT(std::fabs(glm::dot(n, glm::normalize(s.in.pole - sv::test::at(w0, 1)))), 0.1);

    const TwoBoneIkResult r = s.run();
    EXPECT_TRUE(r.solved);
    EXPECT_TRUE(r.reachable);
    const auto w = s.world();
    const double residual = glm::length(sv::test::at(w, 3) - s.in.target);
    std::printf("[ measured ] pole off plane, one call: tip residual %.3g m\n", residual);
    // Under a micrometre, the bound. The floor is the float rotations written to the pose:
    // ~6e-8 relative on a 0.9 m chain, ~1e-7 m.
    EXPECT_LT(residual, 1e-6);
    // The knee faces the pole; float rotations again, ~1e-7 rad.
    EXPECT_LT(knee_to_pole_angle(w, s.in.target, s.in.pole), 1e-5);
    // Bone lengths are the rig's own: only rotations were written.
    EXPECT_NEAR(glm::length(sv::test::at(w, 2) - sv::test::at(w, 1)), 0.46, 1e-6);
    EXPECT_NEAR(glm::length(sv::test::at(w, 3) - sv::test::at(w, 2)), 0.44, 1e-6);
}

TEST(TwoBoneIk, StraightChainBendsTowardThePole) {
    auto rig = leg();
    rig[1].r = glm::dquat(1, 0, 0, 0);
    rig[2].r = glm::dquat(1, 0, 0, 0);  // leg straight down: no plane of its own
    Solve s(rig);
    s.in.target = {0.1, 0.3, 0.1};
    s.in.pole = {0.1, 0.6, 1.0};  // knee forward (+z)
    EXPECT_TRUE(s.run().solved);
    const auto w = s.world();
    EXPECT_LT(glm::length(sv::test::at(w, 3) - s.in.target), 1e-6);  // as above
    EXPECT_LT(knee_to_pole_angle(w, s.in.target, s.in.pole), 1e-5);
}

TEST(TwoBoneIk, UnreachableTargetStraightensTowardIt) {
    Solve s(leg());
    const glm::dvec3 hip = sv::test::at(s.world(), 1);
    s.in.target = hip + glm::dvec3(0.9, -1.2, 0.5);  // 1.58 m away, the leg is 0.9 m
    s.in.pole = {0.6, 0.6, 0.4};
    const TwoBoneIkResult r = s.run();
    EXPECT_TRUE(r.solved);
    EXPECT_FALSE(r.reachable);
    const auto w = s.world();
    const glm::dvec3 chain = sv::test::at(w, 3) - hip;
    EXPECT_NEAR(glm::length(chain), 0.9, 1e-6);  // straight: float rounding as above
    EXPECT_LT(sv::test::angle_between(chain, s.in.target - hip), 1e-6);
}

TEST(TwoBoneIk, ReadsRotationFromScaledFramesExactly) {
    const glm::dquat q = glm::normalize(glm::dquat(0.4, -0.3, 0.8, 0.2));
    for (double scale : {0.007132, 0.5, 140.2}) {
        glm::dmat4 m = glm::mat4_cast(q);
        for (int c = 0; c < 3; ++c) m[c] *= scale;
        const glm::dquat back = rotation_of_frame(m);
        // Double rounding of a rotation matrix read: ~1e-15; 1e-12 is loose and still 10 orders
        // below the 14-62 degree error an unnormalised read gives at these scales.
        EXPECT_NEAR(std::fabs(glm::dot(back, q)), 1.0, 1e-12) << "scale " << scale;
    }
}

class TwoBoneIkScaled : public ::testing::TestWithParam<double> {};

TEST_P(TwoBoneIkScaled, ChainPointsAtTheTarget) {
    const double s_ = GetParam();
    // The scale sits on the pelvis together with a turn, as a rig reused at another size does.
    const glm::dquat turn = glm::angleAxis(0.7, glm::normalize(glm::dvec3(1.0, 2.0, 3.0)));
    Solve s(leg(s_, turn));
    const auto w0 = s.world();
    const glm::dvec3 hip = sv::test::at(w0, 1);
    const glm::dvec3 offset = turn * glm::dvec3(0.15, -0.7, 0.2);  // 0.74 m in the rig's own units
    s.in.target = hip + s_ * offset;
    s.in.pole = hip + s_ * (turn * glm::dvec3(0.5, -0.4, 0.6));
    const TwoBoneIkResult r = s.run();
    ASSERT_TRUE(r.solved);
    EXPECT_TRUE(r.reachable);
    const auto w = s.world();
    const glm::dvec3 chain = sv::test::at(w, 3) - hip;
    const double angle_deg = sv::test::angle_between(chain, s.in.target - hip) * 180.0 / kPi;
    const double rel = glm::length(sv::test::at(w, 3) - s.in.target) / (s_ * 0.9);
    std::printf("[ measured ] scale %g: chain %.3g deg off target, residual %.3g of chain length\n", s_,
                angle_deg, rel);
    // Float world matrices and float rotations: ~1e-7 relative either way; 1e-5 (deg and relative)
    // is loose and still six orders below the 14-108 degree error of an unnormalised frame.
    EXPECT_LT(angle_deg, 1e-5);
    EXPECT_LT(rel, 1e-5);
}

INSTANTIATE_TEST_SUITE_P(UniformScales, TwoBoneIkScaled, ::testing::Values(0.007132, 0.5, 140.2));

TEST(TwoBoneIk, StackedScalesInTheHierarchy) {
    // All three scales at once, on three levels: pelvis 140.2 (above the chain), thigh 0.007132 (the
    // chain's own root, so the mid joint's frame carries it) and shin 0.5 (the tip's frame: the two
    // bones then differ in length, 0.46 and 0.22 m after the products).
    auto rig = leg(140.2, glm::angleAxis(0.7, glm::normalize(glm::dvec3(1.0, 2.0, 3.0))));
    rig[1].s = glm::dvec3(0.007132);
    rig[2].s = glm::dvec3(0.5);
    Solve s(rig);
    const auto w0 = s.world();
    const glm::dvec3 hip = sv::test::at(w0, 1);
    const double upper = glm::length(sv::test::at(w0, 2) - hip);
    const double lower = glm::length(sv::test::at(w0, 3) - sv::test::at(w0, 2));
    const glm::dvec3 dir = glm::normalize(glm::dvec3(0.3, -1.0, 0.4));
    s.in.target = hip + dir * (0.5 * (std::fabs(upper - lower) + upper + lower));  // mid-band
    s.in.pole = hip + glm::dvec3(0.0, 0.0, upper + lower);
    ASSERT_TRUE(s.run().solved);
    const auto w = s.world();
    // Here the hip sits 14 m from the origin (140.2 x 0.1 m) and the chain is 0.68 m long, so the
    // float world matrix the solver reads the hip's frame from is off by ~6e-8 x 14 m against the
    // test's double FK: an angle of that over the chain's length. Four times that is the bound.
    const double budget = 4.0 * 6e-8 * (glm::length(hip) + upper + lower) / (upper + lower);
    EXPECT_LT(sv::test::angle_between(sv::test::at(w, 3) - hip, s.in.target - hip), budget);
    EXPECT_LT(glm::length(sv::test::at(w, 3) - s.in.target) / (upper + lower), budget);
}

TEST(TwoBoneIk, TwistRollsTheKneeAboutTheTargetLine) {
    const double twist = 0.4;
    Solve a(leg()), b(leg());
    for (Solve* s : {&a, &b}) {
        s->in.target = {0.25, 0.3, 0.2};
        s->in.pole = {0.6, 0.6, 0.4};
    }
    b.in.twist_angle = twist;
    a.run();
    b.run();
    const auto wa = a.world(), wb = b.world();
    EXPECT_LT(glm::length(sv::test::at(wb, 3) - b.in.target), 1e-6);  // the tip stays put
    const glm::dvec3 hip = sv::test::at(wa, 1);
    const glm::dvec3 line = glm::normalize(a.in.target - hip);
    const glm::dvec3 ka = (sv::test::at(wa, 2) - hip) - glm::dot(sv::test::at(wa, 2) - hip, line) * line;
    const glm::dvec3 kb = (sv::test::at(wb, 2) - hip) - glm::dot(sv::test::at(wb, 2) - hip, line) * line;
    const double signed_angle = std::atan2(glm::dot(glm::cross(ka, kb), line), glm::dot(ka, kb));
    EXPECT_NEAR(signed_angle, twist, 1e-6);  // float rotations, ~1e-7 rad
}

TEST(TwoBoneIk, WeightBlendsSolvedWithAnimated) {
    Solve full(leg()), half(leg()), none(leg());
    for (Solve* s : {&full, &half, &none}) {
        s->in.target = {0.25, 0.3, 0.2};
        s->in.pole = {0.6, 0.6, 0.4};
    }
    half.in.weight = 0.5;
    none.in.weight = 0.0;
    const Pose animated = full.pose;
    full.run();
    half.run();
    none.run();
    EXPECT_TRUE(sv::test::bit_equal(none.pose, animated));
    for (int j : {1, 2}) {
        glm::dquat a = sv::test::rot(animated, j), f = sv::test::rot(full.pose, j);
        if (glm::dot(a, f) < 0.0) f = -f;
        const glm::dquat expect = glm::slerp(a, f, 0.5);
        // Float storage of both ends and of the result: ~1e-7.
        EXPECT_NEAR(std::fabs(glm::dot(expect, sv::test::rot(half.pose, j))), 1.0, 1e-6) << "joint " << j;
        EXPECT_GT(1.0 - std::fabs(glm::dot(a, f)), 1e-3)
            << "the solve must move joint " << j << " to mean anything";
    }
}

TEST(TwoBoneIk, SoftenEasesTowardFullExtension) {
    const double soften = 0.8, chain = 0.9;
    const double da = soften * chain, ds = chain - da;
    for (double reach : {0.5, 0.8, 0.9, 1.2}) {
        Solve s(leg());
        const glm::dvec3 hip = sv::test::at(s.world(), 1);
        const glm::dvec3 dir = glm::normalize(glm::dvec3(0.2, -1.0, 0.3));
        s.in.target = hip + dir * reach;
        s.in.pole = {0.6, 0.6, 0.4};
        s.in.soften = soften;
        const TwoBoneIkResult r = s.run();
        ASSERT_TRUE(r.solved);
        // By hand: below da the target is taken as it is; past it the reach is
        // da + ds (1 - (3 / (alpha + 3))^4), alpha = (reach - da) / ds.
        double expect = reach;
        if (reach > da) {
            const double alpha = (reach - da) / ds;
            expect = da + ds * (1.0 - std::pow(3.0 / (alpha + 3.0), 4.0));
        }
        const glm::dvec3 tip = sv::test::at(s.world(), 3);
        EXPECT_NEAR(glm::length(tip - hip), expect, 1e-6) << "reach " << reach;  // float rotations
        EXPECT_LT(sv::test::angle_between(tip - hip, dir), 1e-5) << "reach " << reach;
        EXPECT_LT(glm::length(tip - hip), chain - 1e-4) << "never snaps straight";
        EXPECT_EQ(r.reachable, reach <= da) << "reach " << reach;
    }
}

TEST(TwoBoneIk, ReplayIsBitIdenticalAndAllocatesNothing) {
    Solve a(leg()), b(leg());
    for (Solve* s : {&a, &b}) {
        s->in.target = {0.25, 0.3, 0.2};
        s->in.pole = {0.6, 0.6, 0.4};
        s->in.twist_angle = 0.1;
        s->in.weight = 0.7;
        s->in.soften = 0.9;
    }
    const long before = sv::test::allocation_count();
    a.run();
    const long after = sv::test::allocation_count();
    b.run();
    EXPECT_EQ(after - before, 0);
    EXPECT_TRUE(sv::test::bit_equal(a.pose, b.pose));
}
