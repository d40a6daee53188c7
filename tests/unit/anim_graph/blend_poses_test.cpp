// Pose blending: validity (each refusal's message), the ends and the midpoint by hand, masks and
// their refusals, then the hemisphere flip, additive layering, aliasing and replay.
#include "anim/pose/blend_poses.h"

#include <gtest/gtest.h>

#include <cmath>

#include "graph_test_support.h"

using namespace sv::anim;

namespace {
constexpr double kPi = 3.14159265358979323846;

void put(Pose& p, int j, const glm::dquat& q) {
    float* r = &p.rotation[static_cast<size_t>(j) * 4];
    r[0] = static_cast<float>(q.x);
    r[1] = static_cast<float>(q.y);
    r[2] = static_cast<float>(q.z);
    r[3] = static_cast<float>(q.w);
}
glm::dquat yaw(double deg) { return glm::angleAxis(deg * kPi / 180.0, glm::dvec3(0, 1, 0)); }
glm::dquat pitch(double deg) { return glm::angleAxis(deg * kPi / 180.0, glm::dvec3(1, 0, 0)); }
// |dot| of unit quaternions: 1 when they are the same rotation.
double same(const glm::dquat& a, const glm::dquat& b) {
    return std::fabs(glm::dot(glm::normalize(a), glm::normalize(b)));
}

// hips(0) -> spine(1) -> chest(3) -> arm(4); hips -> thigh(2) -> shin(5)
const std::vector<int> kParents = {-1, 0, 0, 1, 3, 2};
const std::vector<std::string> kNames = {"hips", "spine", "thigh", "chest", "arm", "shin"};
}  // namespace

// Validity first: each refusal's exact message, and the output left as it was.
TEST(BlendPosesValidate, RefusesPosesThatDisagreeAndSaysWhich) {
    Pose a(3), b(3), out(3), two(2);
    put(out, 1, yaw(10));
    const Pose before = out;
    {
        const sv::Status st = blend_poses(a, two, 0.5f, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().message, "blend_poses: the second pose has 2 joints, the first pose 3");
    }
    {
        const sv::Status st = blend_poses(a, b, 0.5f, two);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().message, "blend_poses: the output pose has 2 joints, the inputs 3");
    }
    {
        Pose torn(3);
        torn.rotation.resize(8);  // two joints' rotations for three joints' translations
        const sv::Status st = blend_poses(a, torn, 0.5f, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(
            st.error().message,
            "blend_poses: the second pose's arrays disagree (9 translation, 8 rotation, 9 scale floats)");
    }
    {
        const sv::Status st = blend_poses(a, b, std::nanf(""), out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().message, "blend_poses: the weight is not finite");
    }
    {
        const JointMask short_mask{{1.0f, 1.0f}};
        const sv::Status st = blend_poses(a, b, 0.5f, short_mask, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().message, "blend_poses: the mask has 2 joints, the poses 3");
    }
    {
        const sv::Status st = add_pose(a, b, two, 1.0f, out);
        ASSERT_FALSE(st.ok());
        EXPECT_EQ(st.error().message, "add_pose: the reference pose has 2 joints, the base pose 3");
    }
    EXPECT_TRUE(sv::test::bit_equal(out, before)) << "a refusal writes nothing";
    EXPECT_TRUE(blend_poses(a, b, 0.5f, out).ok()) << "negative control: agreeing poses are accepted";
}

TEST(BlendPoses, EndsAndMidpoint) {
    Pose a(2), b(2), out(2);
    a.translation = {0, 0, 0, 1, 2, 3};
    b.translation = {2, 4, 6, 1, 2, 5};
    b.scale = {3, 3, 3, 1, 1, 1};
    put(b, 0, yaw(60));
    ASSERT_TRUE(blend_poses(a, b, 0.0f, out).ok());
    EXPECT_TRUE(sv::test::bit_equal(out, a));
    ASSERT_TRUE(blend_poses(a, b, 0.5f, out).ok());
    EXPECT_EQ(out.translation, (std::vector<float>{1, 2, 3, 1, 2, 4}));  // exact in float
    EXPECT_EQ(out.scale[0], 2.0f);
    // nlerp's midpoint is slerp's (the chord's middle is the arc's): yaw 30. Float: ~1e-7.
    EXPECT_NEAR(same(sv::test::rot(out, 0), yaw(30)), 1.0, 1e-6);
    ASSERT_TRUE(blend_poses(a, b, 1.0f, out).ok());
    EXPECT_NEAR(same(sv::test::rot(out, 0), yaw(60)), 1.0, 1e-6);
}

TEST(JointMask, SubtreeOfTheSpineIsTheUpperBody) {
    auto m = subtree_mask(kParents, kNames, "spine");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->weight, (std::vector<float>{0, 1, 0, 1, 1, 0}));
    auto half = subtree_mask(kParents, 2, 0.5f, 0.0f);
    ASSERT_TRUE(half.ok());
    EXPECT_EQ(half->weight, (std::vector<float>{0, 0, 0.5f, 0, 0, 0.5f}));
}

TEST(JointMask, RefusesWithAReason) {
    auto out_of_range = subtree_mask(kParents, 6);
    ASSERT_FALSE(out_of_range.ok());
    EXPECT_NE(out_of_range.error().message.find("out of range"), std::string::npos);
    auto unsorted = subtree_mask({-1, 2, 0}, 0);
    ASSERT_FALSE(unsorted.ok());
    EXPECT_NE(unsorted.error().message.find("joint 1"), std::string::npos) << unsorted.error().message;
    auto missing = subtree_mask(kParents, kNames, "Spine");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("'Spine'"), std::string::npos);
}

TEST(BlendPoses, MaskedBlendLeavesTheLowerBodyAlone) {
    Pose a(6), b(6), out(6);
    for (int j = 0; j < 6; ++j) {
        put(a, j, pitch(10.0 * j));
        put(b, j, yaw(20.0 + 5.0 * j));
        b.translation[static_cast<size_t>(j) * 3] = 1.0f;
    }
    const JointMask upper = subtree_mask(kParents, 1).value();
    ASSERT_TRUE(blend_poses(a, b, 1.0f, upper, out).ok());
    for (int j : {0, 2, 5}) EXPECT_EQ(sv::test::rot(out, j), sv::test::rot(a, j)) << "lower joint " << j;
    for (int j : {1, 3, 4}) EXPECT_NEAR(same(sv::test::rot(out, j), sv::test::rot(b, j)), 1.0, 1e-6) << j;
    EXPECT_EQ(out.translation[0], 0.0f);
    EXPECT_EQ(out.translation[3], 1.0f);
}

TEST(BlendPoses, OppositeHemispheresBlendTheShortWay) {
    Pose a(2), b(2), out(2);
    put(a, 0, yaw(0));
    put(b, 0, -yaw(60));  // the same rotation as yaw 60, stored negated
    put(a, 1, yaw(45));
    put(b, 1, -yaw(45));  // identical rotations with opposite signs
    ASSERT_TRUE(blend_poses(a, b, 0.5f, out).ok());
    // Without the flip joint 0 would land on yaw 150 (the long way) and joint 1 on a zero vector.
    EXPECT_NEAR(same(sv::test::rot(out, 0), yaw(30)), 1.0, 1e-6);
    EXPECT_NEAR(same(sv::test::rot(out, 1), yaw(45)), 1.0, 1e-6);
    EXPECT_TRUE(sv::test::all_finite(out));
    for (int j = 0; j < 2; ++j) EXPECT_NEAR(glm::length(sv::test::rot(out, j)), 1.0, 1e-6) << "renormalised";
}

TEST(BlendPoses, OutMayAliasAnInput) {
    Pose a(1), b(1), expect(1);
    put(a, 0, pitch(20));
    put(b, 0, yaw(70));
    a.translation = {1, 1, 1};
    ASSERT_TRUE(blend_poses(a, b, 0.3f, expect).ok());
    ASSERT_TRUE(blend_poses(a, b, 0.3f, a).ok());
    EXPECT_TRUE(sv::test::bit_equal(a, expect));
}

TEST(AddPose, ClipEqualToReferenceAddsNothing) {
    Pose base(1), ref(1), out(1);
    put(base, 0, pitch(20));
    base.translation = {1, 2, 3};
    put(ref, 0, yaw(10));
    ref.translation = {5, 5, 5};
    ref.scale = {2, 2, 2};
    ASSERT_TRUE(add_pose(base, ref, ref, 1.0f, out).ok());
    EXPECT_EQ(out.translation, base.translation);
    EXPECT_EQ(out.scale, base.scale);
    EXPECT_NEAR(same(sv::test::rot(out, 0), pitch(20)), 1.0, 1e-7);  // one float product's rounding
}

TEST(AddPose, DifferenceFromReferenceLaidOverBase) {
    Pose base(1), clip(1), ref(1), out(1);
    put(base, 0, pitch(20));
    base.translation = {1, 0, 0};
    base.scale = {2, 2, 2};
    put(ref, 0, yaw(10));
    put(clip, 0, yaw(40));  // 30 degrees more yaw than the reference
    ref.translation = {0, 1, 0};
    clip.translation = {0, 3, 0};
    clip.scale = {1.5f, 1, 1};
    ASSERT_TRUE(add_pose(base, clip, ref, 1.0f, out).ok());
    // By hand: base * yaw 30; base + (clip - ref); base * (clip / ref).
    EXPECT_NEAR(same(sv::test::rot(out, 0), pitch(20) * yaw(30)), 1.0, 1e-6);
    EXPECT_EQ(out.translation, (std::vector<float>{1, 2, 0}));
    EXPECT_EQ(out.scale, (std::vector<float>{3, 2, 2}));
    ASSERT_TRUE(add_pose(base, clip, ref, 0.5f, out).ok());
    // Half the layer: yaw 15 (nlerp from identity at one half is the arc's midpoint), half the lift.
    EXPECT_NEAR(same(sv::test::rot(out, 0), pitch(20) * yaw(15)), 1.0, 1e-6);
    EXPECT_EQ(out.translation[1], 1.0f);
    EXPECT_EQ(out.scale[0], 2.5f);
}

TEST(SetJoint, WritesAndNormalises) {
    Pose p(3);
    set_joint(p, 1, {1, 2, 3}, glm::quat(2.0f, 0.0f, 0.0f, 0.0f), {4, 5, 6});
    EXPECT_EQ(p.translation[3], 1.0f);
    EXPECT_EQ(p.scale[5], 6.0f);
    EXPECT_EQ(p.rotation[7], 1.0f);     // w of a doubled identity, normalised
    EXPECT_EQ(p.translation[0], 0.0f);  // neighbours untouched
}

TEST(BlendPoses, ReplayIsBitIdenticalAndAllocatesNothing) {
    Pose a(6), b(6), out1(6), out2(6);
    for (int j = 0; j < 6; ++j) {
        put(a, j, pitch(13.0 * j));
        put(b, j, -yaw(7.0 + 11.0 * j));
    }
    const JointMask m = subtree_mask(kParents, 1, 1.0f, 0.25f).value();
    const long n0 = sv::test::allocation_count();
    ASSERT_TRUE(blend_poses(a, b, 0.37f, m, out1).ok());
    ASSERT_TRUE(add_pose(out1, b, a, 0.6f, out1).ok());
    const long n1 = sv::test::allocation_count();
    ASSERT_TRUE(blend_poses(a, b, 0.37f, m, out2).ok());
    ASSERT_TRUE(add_pose(out2, b, a, 0.6f, out2).ok());
    EXPECT_EQ(n1 - n0, 0);
    EXPECT_TRUE(sv::test::bit_equal(out1, out2));
}

TEST(BlendPoses, FourAtATimeMatchesTheMaskedPerJointBlendBitForBit) {
    // The unmasked blend does rotations four joints at a time; the masked one blends joint by
    // joint. With a mask of ones they must agree exactly (same float operations in the same
    // order). Seven joints leave a tail of three; joint 2 has b on the other hemisphere and
    // joint 5 a zero rotation in both (identity is the answer), the two special cases per lane.
    const int n = 7;
    Pose a(n), b(n), out1(n), out2(n);
    for (int j = 0; j < n; ++j) {
        put(a, j, yaw(13.0 * j) * pitch(7.0 * j));
        put(b, j, pitch(-21.0 * j) * yaw(40.0 + j));
        for (size_t i = 0; i < 3; ++i) {
            a.translation[static_cast<size_t>(j) * 3 + i] = float(j) + 0.25f * float(i);
            b.translation[static_cast<size_t>(j) * 3 + i] = -float(j) * 0.5f;
            b.scale[static_cast<size_t>(j) * 3 + i] = 1.0f + 0.1f * float(j);
        }
    }
    for (int i = 0; i < 4; ++i)
        b.rotation[2 * 4 + static_cast<size_t>(i)] = -b.rotation[2 * 4 + static_cast<size_t>(i)];
    for (int i = 0; i < 4; ++i)
        a.rotation[5 * 4 + static_cast<size_t>(i)] = b.rotation[5 * 4 + static_cast<size_t>(i)] = 0.0f;
    JointMask ones;
    ones.weight.assign(n, 1.0f);
    for (float w : {0.0f, 0.3f, 0.5f, 1.0f}) {
        ASSERT_TRUE(blend_poses(a, b, w, out1).ok());
        ASSERT_TRUE(blend_poses(a, b, w, ones, out2).ok());
        EXPECT_EQ(out1.translation, out2.translation) << w;
        EXPECT_EQ(out1.rotation, out2.rotation) << w;
        EXPECT_EQ(out1.scale, out2.scale) << w;
    }
    EXPECT_EQ(out1.rotation[5 * 4 + 3], 1.0f);
}
