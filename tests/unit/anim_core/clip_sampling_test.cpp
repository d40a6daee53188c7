// Clip sampling: STEP, LINEAR (shortest-path slerp), CUBICSPLINE per glTF, looping, layering.
#include "anim/pose/clip_sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/constants.hpp>

#include "anim/pose/packed_clip.h"

using namespace sv::anim;

namespace {
Channel scalar_track(Interpolation in, std::vector<float> times, std::vector<float> xs) {
    Channel c;
    c.node = 0;
    c.path = TargetPath::Translation;
    c.interpolation = in;
    c.times = std::move(times);
    for (float x : xs) c.values.insert(c.values.end(), {x, 0.0f, 0.0f});
    return c;
}
Channel z_rotation_track(std::vector<float> times, std::vector<float> degrees, bool negate_last = false) {
    Channel c;
    c.node = 0;
    c.path = TargetPath::Rotation;
    c.times = std::move(times);
    for (size_t k = 0; k < degrees.size(); ++k) {
        const float h = glm::radians(degrees[k]) * 0.5f;
        const float s = (negate_last && k + 1 == degrees.size()) ? -1.0f : 1.0f;
        // push_back, not insert({...}): GCC 12 warns falsely (stringop-overflow) on the latter here.
        for (float x : {0.0f, 0.0f, s * std::sin(h), s * std::cos(h)}) c.values.push_back(x);
    }
    return c;
}
float z_angle_degrees(const float* q) { return glm::degrees(2.0f * std::atan2(q[2], q[3])); }
}  // namespace

TEST(WrapTime, WrapsIntoTheClip) {
    EXPECT_FLOAT_EQ(wrap_time(0.5f, 2.0f), 0.5f);
    EXPECT_FLOAT_EQ(wrap_time(2.5f, 2.0f), 0.5f);
    EXPECT_FLOAT_EQ(wrap_time(4.0f, 2.0f), 0.0f);
}

TEST(WrapTime, WrapsNegativeTimesForward) {
    EXPECT_FLOAT_EQ(wrap_time(-0.5f, 2.0f), 1.5f);
    EXPECT_FLOAT_EQ(wrap_time(-2.5f, 2.0f), 1.5f);
    EXPECT_FLOAT_EQ(wrap_time(-2.0f, 2.0f), 0.0f);
    // A tiny negative time rounds to the duration itself in float; it must still land in [0, d).
    const float w = wrap_time(-1e-9f, 2.0f);
    EXPECT_GE(w, 0.0f);
    EXPECT_LT(w, 2.0f);
}

TEST(WrapTime, ZeroDurationAnswersTheFirstKey) {
    EXPECT_EQ(wrap_time(3.0f, 0.0f), 0.0f);
    EXPECT_EQ(wrap_time(-3.0f, 0.0f), 0.0f);
}

TEST(SampleChannel, StepHoldsTheEarlierKey) {
    const Channel c = scalar_track(Interpolation::Step, {0, 1, 2}, {0, 10, 20});
    float v[3];
    sample_channel(c, 0.99f, v);
    EXPECT_EQ(v[0], 0.0f);
    sample_channel(c, 1.0f, v);
    EXPECT_EQ(v[0], 10.0f);
    sample_channel(c, 1.5f, v);
    EXPECT_EQ(v[0], 10.0f);
}

TEST(SampleChannel, LinearInterpolatesTranslation) {
    const Channel c = scalar_track(Interpolation::Linear, {0, 1, 3}, {0, 10, 30});
    float v[3];
    sample_channel(c, 0.25f, v);
    EXPECT_FLOAT_EQ(v[0], 2.5f);
    sample_channel(c, 2.0f, v);
    EXPECT_FLOAT_EQ(v[0], 20.0f);
}

TEST(SampleChannel, ClampsOutsideTheKeys) {
    const Channel c = scalar_track(Interpolation::Linear, {0.5f, 1}, {5, 10});
    float v[3];
    sample_channel(c, 0.0f, v);
    EXPECT_EQ(v[0], 5.0f);
    sample_channel(c, 7.0f, v);
    EXPECT_EQ(v[0], 10.0f);
}

TEST(SampleChannel, LinearRotationIsSlerpNotNlerp) {
    // Keys 0 and 90 degrees about Z. Slerp at a quarter gives 22.5 degrees exactly; nlerp would
    // give 2*atan2(0.25 sin45, 0.75 + 0.25 cos45) = 21.6 degrees.
    const Channel c = z_rotation_track({0, 1}, {0, 90});
    float q[4];
    sample_channel(c, 0.25f, q);
    // 1e-4 degrees: slerp is exact to float precision (slerp_precision_test.cpp measures it); the
    // 0.9 degree gap plain nlerp would leave is 9000 times that.
    EXPECT_NEAR(z_angle_degrees(q), 22.5f, 1e-4);
    // And across the interval, against slerp's closed form angle = u * 90.
    for (float u = 0.0f; u <= 1.0f; u += 0.0625f) {
        sample_channel(c, u, q);
        EXPECT_NEAR(z_angle_degrees(q), 90.0f * u, 1e-4) << u;
    }
}

TEST(SampleChannel, LinearRotationHalfATurnApartStaysWithinTheStatedError) {
    // Keys almost half a turn apart (d near 0), the hardest case for a slerp without trigonometry:
    // within 1e-6 rad (the worst over all angles is measured in slerp_precision_test.cpp).
    const Channel c = z_rotation_track({0, 1}, {0, 179.99f});
    float q[4];
    for (float u = 0.0f; u <= 1.0f; u += 0.0625f) {
        sample_channel(c, u, q);
        EXPECT_NEAR(glm::radians(z_angle_degrees(q)), glm::radians(179.99f * u), 1e-6) << u;
    }
}

TEST(SampleChannel, LinearRotationTakesTheShortPath) {
    // The second key is the same 90 degree rotation stored as -q; the short way is still +45.
    const Channel c = z_rotation_track({0, 1}, {0, 90}, /*negate_last=*/true);
    float q[4];
    sample_channel(c, 0.5f, q);
    float w = q[3] < 0 ? -1.0f : 1.0f;  // compare as a rotation, sign-free
    const float qq[4] = {q[0] * w, q[1] * w, q[2] * w, q[3] * w};
    EXPECT_NEAR(z_angle_degrees(qq), 45.0f, 1e-3);
}

TEST(SampleChannel, CubicSplineIsHermiteWithTangentsScaledByKeyInterval) {
    // Keys at t=0 and t=2 (dt = 2): p0 = 0 with out-tangent 1, p1 = 1 with in-tangent 0.
    // Layout per key: in-tangent, value, out-tangent.
    Channel c;
    c.path = TargetPath::Translation;
    c.interpolation = Interpolation::CubicSpline;
    c.times = {0, 2};
    c.values = {9, 9, 9, 0, 0, 0, 1, 0, 0,   // key 0: in (ignored), value 0, out 1
                0, 0, 0, 1, 0, 0, 9, 9, 9};  // key 1: in 0, value 1, out (ignored)
    float v[3];
    sample_channel(c, 1.0f, v);
    // By hand at u = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125;
    // 0.5*0 + 0.125*2*1 + 0.5*1 + (-0.125)*2*0 = 0.75 (0.625 if the tangent were not scaled).
    EXPECT_FLOAT_EQ(v[0], 0.75f);
    sample_channel(c, 0.0f, v);
    EXPECT_EQ(v[0], 0.0f);  // at a key, the value, not a tangent
    sample_channel(c, 2.0f, v);
    EXPECT_EQ(v[0], 1.0f);
}

TEST(SampleChannel, CubicSplineRotationIsNormalised) {
    Channel c;
    c.path = TargetPath::Rotation;
    c.interpolation = Interpolation::CubicSpline;
    c.times = {0, 1};
    const float s = std::sqrt(0.5f);
    c.values = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,   // identity, zero tangents
                0, 0, 0, 0, 0, 0, s, s, 0, 0, 0, 0};  // 90 degrees about Z
    float q[4];
    sample_channel(c, 0.5f, q);
    // The Hermite blend of two unit quaternions 90 degrees apart has length cos(22.5)=0.92.
    EXPECT_NEAR(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1.0f, 1e-6);
    EXPECT_NEAR(z_angle_degrees(q), 45.0f, 1e-3);  // symmetric at the midpoint
}

TEST(SampleClip, WritesOnlyJointsAndPropertiesWithTracks) {
    Clip clip;
    clip.duration = 1.0f;
    clip.channels.push_back(scalar_track(Interpolation::Linear, {0, 1}, {0, 10}));
    clip.channels[0].node = 42;  // a scene node that is joint 0
    clip.channels.push_back(scalar_track(Interpolation::Linear, {0, 1}, {0, 10}));
    clip.channels[1].node = 7;  // not a joint of this skeleton
    const ClipBinding b = bind_clip(clip, {42, 43});
    EXPECT_EQ(b.joint_of_channel, (std::vector<int>{0, -1}));
    Pose pose(2);
    pose.translation = {1, 1, 1, 2, 2, 2};
    pose.scale = {3, 3, 3, 3, 3, 3};
    sample_clip(clip, b, 0.5f, false, pose);
    EXPECT_EQ(pose.translation, (std::vector<float>{5, 0, 0, 2, 2, 2}));
    EXPECT_EQ(pose.scale, (std::vector<float>{3, 3, 3, 3, 3, 3}));
}

TEST(SampleClip, LoopsNegativeTimeAndClampsWhenNotLooping) {
    Clip clip;
    clip.duration = 2.0f;
    clip.channels.push_back(scalar_track(Interpolation::Linear, {0, 2}, {0, 20}));
    const ClipBinding b = bind_clip(clip, {0});
    Pose pose(1);
    sample_clip(clip, b, -0.5f, true, pose);
    EXPECT_FLOAT_EQ(pose.translation[0], 15.0f);
    sample_clip(clip, b, 2.5f, true, pose);
    EXPECT_FLOAT_EQ(pose.translation[0], 5.0f);
    sample_clip(clip, b, 2.5f, false, pose);
    EXPECT_FLOAT_EQ(pose.translation[0], 20.0f);
    sample_clip(clip, b, -0.5f, false, pose);
    EXPECT_FLOAT_EQ(pose.translation[0], 0.0f);
}

TEST(SampleClip, IsAPureFunctionOfTime) {
    Clip clip;
    clip.duration = 2.0f;
    clip.channels.push_back(scalar_track(Interpolation::Linear, {0, 1, 2}, {0, 7, 3}));
    const ClipBinding b = bind_clip(clip, {0});
    Pose a(1), c(1);
    sample_clip(clip, b, 1.3f, true, a);
    sample_clip(clip, b, 0.2f, true, c);  // any history in between
    sample_clip(clip, b, 1.3f, true, c);
    EXPECT_EQ(a.translation, c.translation);
}

TEST(SampleClip, CursorNeverChangesTheAnswer) {
    // The key cursor is a hint: forward steps, jumps back, wraps and a cursor from another time
    // all give exactly what the cursor-free path gives.
    Clip clip;
    clip.duration = 2.0f;
    std::vector<float> times, xs;
    for (int k = 0; k <= 20; ++k) times.push_back(0.1f * float(k)), xs.push_back(float(k * k));
    clip.channels.push_back(scalar_track(Interpolation::Linear, times, xs));
    clip.channels.push_back(z_rotation_track(times, xs));
    const ClipBinding b = bind_clip(clip, {0});
    SamplingCursor cursor;
    Pose p1(1), p2(1);
    for (float t : {0.05f, 0.12f, 0.31f, 1.99f, -0.4f, 0.0f, 0.7f, 0.71f, 2.0f, 5.55f, 0.3f}) {
        sample_clip(clip, b, t, true, p1);
        sample_clip(clip, b, t, true, p2, cursor);
        EXPECT_EQ(p1.translation, p2.translation) << t;
        EXPECT_EQ(p1.rotation, p2.rotation) << t;
    }
}

TEST(SampleClip, ZeroDurationClipSamplesItsFirstKey) {
    Clip clip;
    clip.duration = 0.0f;
    clip.channels.push_back(scalar_track(Interpolation::Linear, {0}, {4}));
    const ClipBinding b = bind_clip(clip, {0});
    Pose pose(1);
    sample_clip(clip, b, 12.3f, true, pose);
    EXPECT_EQ(pose.translation[0], 4.0f);
    sample_clip(clip, b, -1.0f, false, pose);
    EXPECT_EQ(pose.translation[0], 4.0f);
}

TEST(PoseRest, NewPoseIsAtRestNotZeros) {
    const Pose p(2);
    EXPECT_EQ(p.rotation, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(p.scale, (std::vector<float>{1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(p.translation, (std::vector<float>(6, 0.0f)));
}

TEST(SampleClip, EveryChannelMatchesSampleChannelBitForBit) {
    // sample_clip takes LINEAR keys four rotations at a time; sample_channel is the one-channel
    // path. They do the same float operations in the same order, so no tolerance: a difference
    // is a lane that read the wrong key, the wrong fraction or the wrong hemisphere. Seven joints
    // (not a multiple of four) so a part-full batch is flushed; STEP and CUBICSPLINE channels
    // between LINEAR ones; times before, inside and after the keys; keys on opposite hemispheres.
    Clip clip;
    clip.duration = 2.0f;
    const int joints = 7;
    std::vector<float> times;
    for (int k = 0; k <= 12; ++k) times.push_back(0.1f + 0.15f * float(k));  // 0.1 .. 1.9
    for (int j = 0; j < joints; ++j) {
        std::vector<float> deg;
        for (int k = 0; k <= 12; ++k) deg.push_back(float(37 * j + 71 * k % 300) - 150.0f);
        Channel r = z_rotation_track(times, deg, j % 2 == 1);
        r.node = j;
        if (j == 3) r.interpolation = Interpolation::Step;
        clip.channels.push_back(r);
        std::vector<float> xs;
        for (int k = 0; k <= 12; ++k) xs.push_back(std::sin(float(j + k)));
        Channel t = scalar_track(j == 5 ? Interpolation::Step : Interpolation::Linear, times, xs);
        t.node = j;
        clip.channels.push_back(t);
    }
    const ClipBinding b = bind_clip(clip, {0, 1, 2, 3, 4, 5, 6});
    SamplingCursor cursor;
    Pose p(joints);
    for (float t : {0.0f, 0.05f, 0.1f, 0.17f, 0.4f, 0.41f, 1.0f, 1.72f, 1.9f, 1.95f}) {
        sample_clip(clip, b, t, false, p, cursor);
        for (const Channel& ch : clip.channels) {
            float want[4];
            sample_channel(ch, t, want);
            const float* got = ch.path == TargetPath::Rotation
                                   ? &p.rotation[static_cast<size_t>(ch.node) * 4]
                                   : &p.translation[static_cast<size_t>(ch.node) * 3];
            for (int i = 0; i < ch.components(); ++i)
                EXPECT_EQ(got[i], want[i]) << "t " << t << " joint " << ch.node;
        }
    }
}

TEST(SampleClip, LaterChannelOnTheSameRotationWins) {
    // Two channels drive joint 0's rotation: a LINEAR one (batched) then a STEP one (written at
    // once). Channel order decides, as it did before batching: the STEP key must be what stays.
    Clip clip;
    clip.duration = 1.0f;
    clip.channels.push_back(z_rotation_track({0.0f, 1.0f}, {0.0f, 90.0f}));
    Channel step = z_rotation_track({0.0f, 1.0f}, {10.0f, 20.0f});
    step.interpolation = Interpolation::Step;
    clip.channels.push_back(step);
    const ClipBinding b = bind_clip(clip, {0});
    Pose p(1);
    sample_clip(clip, b, 0.5f, false, p);
    // 1e-4 degrees: float rounding of sin/cos of a 5-degree half-angle and atan2 back.
    EXPECT_NEAR(z_angle_degrees(&p.rotation[0]), 10.0f, 1e-4f);
}

namespace {
// What every sampler (sample_channel, sample_clip with and without a cursor, the packed clip with
// and without one) answers for channel `c` at `t`, as translation x; the packed clip gets the same
// keys on scale as well, so its group has the two members packing needs. Each answer is checked
// against `want` on its own: the samplers share one key search (key_search.h), so comparing them
// with each other would not see that search go wrong.
void expect_every_sampler(const Channel& c, const std::vector<std::pair<float, float>>& time_and_want) {
    Clip clip;
    clip.duration = c.times.back();
    clip.channels.push_back(c);
    Channel s = c;
    s.path = TargetPath::Scale;
    clip.channels.push_back(s);
    const ClipBinding b = bind_clip(clip, {0});
    const PackedClip packed = pack_clip(clip, b);
#if defined(__SSE2__)
    ASSERT_EQ(packed.groups.size(), 1u);  // else the packed path is not tested
#endif
    SamplingCursor cursor;
    PackedCursor packed_cursor;
    for (const auto& [t, want] : time_and_want) {
        float v[3];
        sample_channel(c, t, v);
        EXPECT_EQ(v[0], want) << "sample_channel at t " << t;
        Pose plain(1), cursored(1), packed_plain(1), packed_cursored(1);
        sample_clip(clip, b, t, false, plain);
        sample_clip(clip, b, t, false, cursored, cursor);
        sample_clip(packed, t, false, packed_plain);
        sample_clip(packed, t, false, packed_cursored, packed_cursor);
        EXPECT_EQ(plain.translation[0], want) << "sample_clip at t " << t;
        EXPECT_EQ(cursored.translation[0], want) << "sample_clip with a cursor at t " << t;
        EXPECT_EQ(packed_plain.translation[0], want) << "packed sample_clip at t " << t;
        EXPECT_EQ(packed_cursored.translation[0], want) << "packed sample_clip with a cursor at t " << t;
    }
}
}  // namespace

TEST(KeySearch, StepAnswersTheKeyAtOrBeforeEachBoundaryTime) {
    // STEP shows which key the search chose: exactly on key k it must be k (not k - 1). The order
    // walks the cursor forward one key (its own hint), two keys (the next-key shortcut), back
    // (the binary search) and past both ends. 0.5 and 3 are exact in float.
    const Channel c = scalar_track(Interpolation::Step, {0.5f, 1, 2, 3}, {5, 10, 20, 30});
    expect_every_sampler(c, {{0.0f, 5},   // before the first key
                             {0.5f, 5},   // on the first key
                             {0.75f, 5},  // inside the first interval
                             {1.0f, 10},  // on an inner key
                             {1.5f, 10},  // the same interval again
                             {2.0f, 20},  // the next key
                             {3.0f, 30},  // on the last key
                             {9.0f, 30},  // after the last key
                             {1.0f, 10},  // back to an inner key: the cursor is stale
                             {2.999f, 20},
                             {0.25f, 5}});
}

TEST(KeySearch, LinearPicksTheIntervalHoldingTheTime) {
    // Values 0, 10, 40, 90 (not a line), so a time blended from the wrong interval gives another
    // number. Each expected value is exact in float: u is 0.5 or 0 and the keys are small integers.
    const Channel c = scalar_track(Interpolation::Linear, {0, 1, 2, 3}, {0, 10, 40, 90});
    expect_every_sampler(c, {{-1.0f, 0},
                             {0.5f, 5},
                             {1.5f, 25},
                             {2.5f, 65},
                             {2.0f, 40},
                             {0.5f, 5},   // back two intervals
                             {2.5f, 65},  // forward two: past the next-key shortcut
                             {3.0f, 90},
                             {4.0f, 90}});
}

TEST(KeySearch, SingleKeyAnswersThatKeyAtEveryTime) {
    const Channel c = scalar_track(Interpolation::Linear, {0.5f}, {7});
    expect_every_sampler(c, {{-1.0f, 7}, {0.0f, 7}, {0.5f, 7}, {0.75f, 7}, {100.0f, 7}});
}
