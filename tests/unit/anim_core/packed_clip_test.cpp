// The packed clip (pack_clip) samples exactly what the channel path samples, bit for bit, and
// actually packs the channels it claims to (so the equality is not the channel path compared with
// itself).
#include "anim/pose/packed_clip.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "anim/pose/clip_sampling.h"

using namespace sv::anim;

namespace {

constexpr int kJoints = 11;

// A clip in the shape exporters write: every joint keyed in T, R and S at the same 9 times (keys
// 0.25 s apart, rotations with random signs so the short way round is taken both ways, one zero
// quaternion key), in a shuffled channel order, with joint 3 left out; plus the channels packing
// must group apart or leave alone: two STEP tracks on the shared times (a group of their own), a
// CUBICSPLINE track, a LINEAR track with times of its own, a track on a node that is not a joint,
// and a morph-weights track.
Clip mixed_clip() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> uni(-1.0f, 1.0f);
    Clip clip;
    clip.duration = 2.0f;
    std::vector<float> shared;
    for (int k = 0; k <= 8; ++k) shared.push_back(0.25f * float(k));
    for (int j = 0; j < kJoints; ++j) {
        if (j == 3) continue;
        for (auto path : {TargetPath::Scale, TargetPath::Rotation, TargetPath::Translation}) {
            if (j == 7 && path == TargetPath::Scale) continue;  // not every joint has every property
            Channel c;
            c.node = 100 + j;
            c.path = path;
            c.times = shared;
            for (size_t k = 0; k < shared.size(); ++k)
                for (int i = 0; i < c.components(); ++i) c.values.push_back(uni(rng));
            if (path == TargetPath::Rotation && j == 5)
                for (int i = 0; i < 4; ++i) c.values[4 * 4 + static_cast<size_t>(i)] = 0.0f;
            clip.channels.push_back(c);
        }
    }
    std::shuffle(clip.channels.begin(), clip.channels.end(), rng);
    auto extra = [&](int joint_node, TargetPath path, Interpolation in, std::vector<float> times) {
        Channel c;
        c.node = joint_node;
        c.path = path;
        c.interpolation = in;
        c.times = std::move(times);
        const size_t per_key =
            static_cast<size_t>(c.components()) * (in == Interpolation::CubicSpline ? 3 : 1);
        for (size_t i = 0; i < per_key * c.times.size(); ++i) c.values.push_back(uni(rng));
        clip.channels.push_back(c);
    };
    extra(103, TargetPath::Rotation, Interpolation::Step, shared);  // with the next: a STEP group
    extra(103, TargetPath::Scale, Interpolation::Step, shared);
    extra(103, TargetPath::Translation, Interpolation::CubicSpline, {0.0f, 0.7f, 1.9f});
    extra(107, TargetPath::Scale, Interpolation::Linear, {0.1f, 0.5f, 1.3f, 1.6f});
    extra(999, TargetPath::Rotation, Interpolation::Linear, shared);  // not a joint
    Channel weights;
    weights.node = 100;
    weights.path = TargetPath::Weights;
    weights.weight_count = 2;
    weights.times = shared;
    weights.values.assign(shared.size() * 2, 0.5f);
    clip.channels.push_back(weights);
    return clip;
}

std::vector<int> joint_nodes() {
    std::vector<int> nodes;
    for (int j = 0; j < kJoints; ++j) nodes.push_back(100 + j);
    return nodes;
}

// A pose no sampler writes, so that "writes only what the clip drives" is checked too.
Pose marked_pose() {
    Pose p(kJoints);
    for (size_t i = 0; i < p.translation.size(); ++i) p.translation[i] = 40.0f + float(i);
    for (size_t i = 0; i < p.rotation.size(); ++i) p.rotation[i] = -3.0f - float(i);
    for (size_t i = 0; i < p.scale.size(); ++i) p.scale[i] = 9.0f + float(i);
    return p;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Every time a frame path meets: forward steps across the loop, backward jumps, key times exactly,
// the ends, outside the range both ways, and NaN.
std::vector<float> probe_times() {
    std::vector<float> t;
    for (int f = -30; f < 300; ++f) t.push_back(float(f) / 60.0f);
    for (int k = 0; k <= 8; ++k) t.push_back(0.25f * float(k));
    for (float x :
         {1.9f, 0.3f, 1.2f, -0.0f, 2.0f, 2.5f, -7.3f, 1.0e9f, std::numeric_limits<float>::quiet_NaN()})
        t.push_back(x);
    return t;
}

}  // namespace

TEST(PackedClip, PacksTheSharedLinearChannelsAndLeavesTheRest) {
    const Clip clip = mixed_clip();
    const PackedClip p = pack_clip(clip, bind_clip(clip, joint_nodes()));
    ASSERT_EQ(p.groups.size(), 2u);
    EXPECT_FALSE(p.groups[0].step);
    EXPECT_EQ(p.groups[0].rotations, 10u);  // joints 0..10 but 3
    EXPECT_EQ(p.groups[0].times.size(), 9u);
    EXPECT_TRUE(p.groups[1].step);
    EXPECT_EQ(p.groups[1].rotations, 1u);
    // CUBICSPLINE and the LINEAR track with its own times; the non-joint and weights tracks write
    // nothing anywhere, so they are dropped.
    EXPECT_EQ(p.channels.channels.size(), 2u);
    EXPECT_EQ(p.joints_needed, kJoints);
}

TEST(PackedClip, SamplesTheSameBitsAsTheChannelPathLoopingAndClamped) {
    const Clip clip = mixed_clip();
    const ClipBinding binding = bind_clip(clip, joint_nodes());
    const PackedClip p = pack_clip(clip, binding);
    ASSERT_FALSE(p.groups.empty());
    PackedCursor cursor;
    SamplingCursor channel_cursor;
    int compared = 0;
    for (bool loop : {true, false})
        for (float t : probe_times()) {
            Pose expected = marked_pose(), hinted = marked_pose(), plain = marked_pose();
            sample_clip(clip, binding, t, loop, expected, channel_cursor);
            sample_clip(p, t, loop, hinted, cursor);
            sample_clip(p, t, loop, plain);
            const bool ok =
                same_bits(expected.translation, hinted.translation) &&
                same_bits(expected.rotation, hinted.rotation) && same_bits(expected.scale, hinted.scale) &&
                same_bits(expected.translation, plain.translation) &&
                same_bits(expected.rotation, plain.rotation) && same_bits(expected.scale, plain.scale);
            EXPECT_TRUE(ok) << "t = " << t << (loop ? " looping" : " clamped");
            ++compared;
        }
    EXPECT_GT(compared, 600);
}

TEST(PackedClip, TwoChannelsOnOneRotationKeepChannelOrderByNotPacking) {
    Clip clip = mixed_clip();
    Channel again = clip.channels.front();  // a second track on the same joint property, later
    for (float& v : again.values) v = -v * 0.5f;
    clip.channels.push_back(again);
    const ClipBinding binding = bind_clip(clip, joint_nodes());
    const PackedClip p = pack_clip(clip, binding);
    EXPECT_TRUE(p.groups.empty());
    for (float t : {0.1f, 0.8f, 1.95f}) {
        Pose expected = marked_pose(), got = marked_pose();
        sample_clip(clip, binding, t, true, expected);
        sample_clip(p, t, true, got);
        EXPECT_TRUE(same_bits(expected.rotation, got.rotation) &&
                    same_bits(expected.translation, got.translation) && same_bits(expected.scale, got.scale))
            << "t = " << t;
    }
}
