// Root motion: validity (motion inside one cycle by hand), degenerate clips, then loops,
// backwards play, the composition property, stripping, and replay.
#include "anim/graph/root_motion.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "graph_test_support.h"

using namespace sv::anim;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Joint 0 (node 10) is the root, joint 1 (node 11) a child. One-second cycle: the root walks a
// 1 m stride along +x from (0, 0.9, 0), bobbing up 5 cm at mid-stride, and (when `turning`) yaws
// 30 degrees about +y over the cycle.
Clip walk(bool turning) {
    Clip c;
    c.name = turning ? "walk-turn" : "walk";
    c.duration = 1.0f;
    Channel t;
    t.node = 10;
    t.path = TargetPath::Translation;
    t.times = {0.0f, 0.5f, 1.0f};
    t.values = {0.0f, 0.9f, 0.0f, 0.4f, 0.95f, 0.0f, 1.0f, 0.9f, 0.0f};
    c.channels.push_back(t);
    if (turning) {
        Channel r;
        r.node = 10;
        r.path = TargetPath::Rotation;
        r.times = {0.0f, 1.0f};
        const float h = static_cast<float>(kPi / 12.0);  // half of 30 degrees
        r.values = {0.0f, 0.0f, 0.0f, 1.0f, 0.0f, std::sin(h), 0.0f, std::cos(h)};
        c.channels.push_back(r);
    }
    Channel arm;  // a non-root channel, which root motion must ignore
    arm.node = 11;
    arm.path = TargetPath::Translation;
    arm.times = {0.0f, 1.0f};
    arm.values = {0.0f, 0.0f, 0.0f, 5.0f, 5.0f, 5.0f};
    c.channels.push_back(arm);
    return c;
}

const std::vector<int> kJointNodes = {10, 11};

RootMotion extract(const Clip& c, double from, double to) {
    RootMotion m;
    extract_root_motion(c, bind_clip(c, kJointNodes), 0, from, to, m);
    return m;
}

void expect_near(const glm::dvec3& a, const glm::dvec3& b, double tol, const char* what) {
    EXPECT_NEAR(a.x, b.x, tol) << what;
    EXPECT_NEAR(a.y, b.y, tol) << what;
    EXPECT_NEAR(a.z, b.z, tol) << what;
}

}  // namespace

TEST(RootMotion, InsideOneCycleIsTheDifferenceOfTheSamples) {
    const Clip c = walk(false);
    const RootMotion m = extract(c, 0.25, 0.75);
    // By hand: p(0.25) = (0.2, 0.925, 0), p(0.75) = (0.7, 0.925, 0). Float keys: ~1e-7.
    expect_near(m.translation, {0.5, 0.0, 0.0}, 1e-6, "translation");
    EXPECT_NEAR(std::fabs(m.rotation.w), 1.0, 1e-12);
}

TEST(RootMotionDegenerate, ZeroDurationOrNoRootChannelsIsNoMotion) {
    Clip c = walk(false);
    c.duration = 0.0f;
    RootMotion m = extract(c, 0.0, 5.0);
    EXPECT_EQ(m.translation, glm::dvec3(0.0));
    EXPECT_EQ(m.rotation, glm::dquat(1.0, 0.0, 0.0, 0.0));
    const Clip w = walk(true);
    extract_root_motion(w, bind_clip(w, {99, 98}), 0, 0.0, 2.5, m);  // the root is not bound at all
    EXPECT_EQ(m.translation, glm::dvec3(0.0));
    EXPECT_EQ(m.rotation, glm::dquat(1.0, 0.0, 0.0, 0.0));
}

TEST(RootMotion, LoopsAccumulateRatherThanSubtract) {
    const Clip c = walk(false);
    // 0.5 -> 2.5 crosses two boundaries: two whole strides of 1 m, the bob cancelling. Subtracting
    // the samples at the two ends would answer zero.
    expect_near(extract(c, 0.5, 2.5).translation, {2.0, 0.0, 0.0}, 1e-6, "two boundaries");
    expect_near(extract(c, 0.9, 1.1).translation, {0.2, 0.0, 0.0}, 1e-6, "one boundary");
    expect_near(extract(c, 0.0, 100.0).translation, {100.0, 0.0, 0.0}, 1e-4,
                "hundred cycles");  // 1e-6 a cycle
    // Negative times: -0.25 -> 0.25 is the last quarter of one cycle and the first of the next.
    expect_near(extract(c, -0.25, 0.25).translation, {0.5, 0.0, 0.0}, 1e-6, "through zero");
}

TEST(RootMotion, BackwardsIsTheNegatedMotion) {
    const Clip c = walk(false);
    expect_near(extract(c, 2.5, 0.5).translation, {-2.0, 0.0, 0.0}, 1e-6, "backwards two cycles");
    expect_near(extract(c, 0.75, 0.25).translation, {-0.5, 0.0, 0.0}, 1e-6, "backwards in one cycle");
    // With a turn it is the inverse: forward then backward is no motion at all.
    const Clip t = walk(true);
    const RootMotion there = extract(t, 0.3, 2.6), back = extract(t, 2.6, 0.3);
    const RootMotion round = there.then(back);
    expect_near(round.translation, {0.0, 0.0, 0.0}, 1e-12, "round trip");  // double rounding only
    EXPECT_NEAR(std::fabs(round.rotation.w), 1.0, 1e-12);
}

TEST(RootMotion, WholeCyclesOfATurningWalkMatchTheHandComposition) {
    const Clip c = walk(true);
    // One cycle: a 1 m stride along the start frame's +x and a 30 degree yaw. Two: the second stride
    // is along the turned +x, (cos 30, 0, -sin 30) for a turn about +y.
    const RootMotion two = extract(c, 0.0, 2.0);
    const double a = kPi / 6.0;
    expect_near(two.translation, {1.0 + std::cos(a), 0.0, -std::sin(a)}, 1e-6, "two cycles");  // float keys
    const glm::dquat yaw60 = glm::angleAxis(2.0 * a, glm::dvec3(0.0, 1.0, 0.0));
    EXPECT_NEAR(std::fabs(glm::dot(two.rotation, yaw60)), 1.0, 1e-12);
}

TEST(RootMotion, SixtiethStepsComposeToTheWholeSpan) {
    const Clip c = walk(true);
    const RootChannels rc = find_root_channels(c, bind_clip(c, kJointNodes), 0);
    ASSERT_GE(rc.translation, 0);
    ASSERT_GE(rc.rotation, 0);
    const int steps = 60 * 7 + 23;  // 7.38 s: seven boundaries, a step landing on each
    RootMotion stepped, piece;
    for (int i = 0; i < steps; ++i) {
        extract_root_motion(c, rc, i / 60.0, (i + 1) / 60.0, piece);
        stepped = stepped.then(piece);
    }
    RootMotion whole;
    extract_root_motion(c, rc, 0.0, steps / 60.0, whole);
    const double err = glm::length(stepped.translation - whole.translation);
    std::printf("[ measured ] %d sixtieth steps vs one query: %.3g m apart\n", steps, err);
    // 443 double compositions of unit quaternions: rounding ~1e-16 each, a few metres of travel;
    // 1e-9 m is loose. The steps and the whole sample the same float keys, so no float error enters.
    EXPECT_LT(err, 1e-9);
    EXPECT_NEAR(std::fabs(glm::dot(stepped.rotation, whole.rotation)), 1.0, 1e-12);
    // It really went somewhere: 7.4 strides round a circle of 12 (30 degrees a stride), a chord of
    // ~3.6 m.
    EXPECT_GT(glm::length(whole.translation), 3.0);
}

TEST(RootMotion, StripPinsTheRootToTimeZeroNotRest) {
    const Clip c = walk(true);
    const ClipBinding b = bind_clip(c, kJointNodes);
    Pose p(2);
    sample_clip(c, b, 0.6f, true, p);
    const Pose sampled = p;
    strip_root_motion(c, b, 0, p);
    // The clip's own first key (0, 0.9, 0) and identity, not rest's origin.
    EXPECT_EQ(p.translation[0], 0.0f);
    EXPECT_EQ(p.translation[1], 0.9f);
    EXPECT_EQ(p.translation[2], 0.0f);
    EXPECT_EQ(p.rotation[3], 1.0f);
    EXPECT_NE(sampled.translation[0], p.translation[0]);  // the sample had moved, so this pinned it
    for (size_t i = 3; i < 6; ++i) EXPECT_EQ(p.translation[i], sampled.translation[i]) << "child untouched";
}

TEST(RootMotion, ReplayIsBitIdenticalAndAllocatesNothing) {
    const Clip c = walk(true);
    const RootChannels rc = find_root_channels(c, bind_clip(c, kJointNodes), 0);
    RootMotion a, b;
    const long before = sv::test::allocation_count();
    extract_root_motion(c, rc, -3.3, 12.7, a);
    const long after = sv::test::allocation_count();
    extract_root_motion(c, rc, -3.3, 12.7, b);
    EXPECT_EQ(after - before, 0);
    EXPECT_EQ(std::memcmp(&a, &b, sizeof(RootMotion)), 0);
}
