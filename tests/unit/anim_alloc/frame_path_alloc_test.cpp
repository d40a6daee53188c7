// The per-frame path (sample_clip, packed or not, blend_poses, apply_pose) allocates nothing:
// counted by replacing global operator new in this executable alone (which is why this test has its
// own folder).
#include <gtest/gtest.h>

#include "anim/pose/blend_poses.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/packed_clip.h"
#include "anim/pose/skeleton.h"
#include "counting_allocator.h"

using namespace sv::anim;

TEST(FramePathAllocations, CounterSeesAnAllocation) {
    // Guards the guard: if the replacement were not linked, the next test would pass vacuously.
    // Through a volatile pointer: C++14 lets a compiler elide a new-expression whose object does not
    // escape (GCC at -O1 dropped the vector's own allocation and counted 1).
    static std::vector<int>* volatile sink = nullptr;
    const long before = sv::test::allocation_count();
    sink = new std::vector<int>(100);
    delete sink;
    EXPECT_GE(sv::test::allocation_count() - before, 2);
}

TEST(FramePathAllocations, SampleClipAndApplyPoseAllocateNothing) {
    const int n = 30;
    SkeletonDesc d;
    for (int j = 0; j < n; ++j) d.parents.push_back(j - 1);
    d.inverse_bind.assign(n, glm::mat4(1.0f));
    d.rest.resize(n);
    auto sk = Skeleton::create(d);
    ASSERT_TRUE(sk.ok());
    Clip clip;
    clip.duration = 1.0f;
    std::vector<int> joint_nodes;
    for (int j = 0; j < n; ++j) {
        joint_nodes.push_back(j);
        for (auto path : {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale})
            for (auto in : {Interpolation::Linear, Interpolation::Step, Interpolation::CubicSpline}) {
                Channel c;
                c.node = j;
                c.path = path;
                c.interpolation = in;
                c.times = {0.0f, 0.5f, 1.0f};
                const size_t per_key =
                    static_cast<size_t>(c.components()) * (in == Interpolation::CubicSpline ? 3 : 1);
                c.values.assign(per_key * 3, 0.5f);
                clip.channels.push_back(c);
            }
    }
    const ClipBinding b = bind_clip(clip, joint_nodes);
    Pose pose(n);
    SamplingCursor cursor;
    sample_clip(clip, b, 0.0f, true, pose, cursor);  // sizes the cursor: its one allocation
    const long before = sv::test::allocation_count();
    for (int f = 0; f < 200; ++f) {
        sample_clip(clip, b, f / 60.0f - 1.0f, true, pose);
        sample_clip(clip, b, f / 60.0f - 1.0f, true, pose, cursor);
        sk->apply_pose(pose);
    }
    EXPECT_EQ(sv::test::allocation_count() - before, 0);
}

TEST(FramePathAllocations, PackedSamplingBlendAndApplyPoseAllocateNothing) {
    const int n = 30;
    SkeletonDesc d;
    for (int j = 0; j < n; ++j) d.parents.push_back(j - 1);
    d.inverse_bind.assign(n, glm::mat4(1.0f));
    d.rest.resize(n);
    auto sk = Skeleton::create(d);
    ASSERT_TRUE(sk.ok());
    // Every joint keyed LINEAR in T, R and S at shared times (packed), plus one STEP track (the
    // channel path inside the packed clip).
    Clip clip;
    clip.duration = 1.0f;
    std::vector<int> joint_nodes;
    for (int j = 0; j < n; ++j) {
        joint_nodes.push_back(j);
        for (auto path : {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale}) {
            Channel c;
            c.node = j;
            c.path = path;
            c.interpolation =
                j == 0 && path == TargetPath::Scale ? Interpolation::Step : Interpolation::Linear;
            c.times = {0.0f, 0.25f, 0.5f, 1.0f};
            c.values.assign(static_cast<size_t>(c.components()) * 4, 0.5f);
            clip.channels.push_back(c);
        }
    }
    const PackedClip packed = pack_clip(clip, bind_clip(clip, joint_nodes));
    ASSERT_EQ(packed.groups.size(), 1u);             // the packed path is the one measured
    ASSERT_EQ(packed.channels.channels.size(), 1u);  // and the channel path inside it too
    Pose a(n), b(n), out(n);
    PackedCursor ca, cb;
    sample_clip(packed, 0.0f, true, a, ca);  // sizes the cursors: their one allocation each
    sample_clip(packed, 0.0f, true, b, cb);
    int refusals = 0;  // counted, not asserted, inside the window: a failing assertion allocates
    const long before = sv::test::allocation_count();
    for (int f = 0; f < 200; ++f) {
        sample_clip(packed, f / 60.0f - 1.0f, true, a, ca);
        sample_clip(packed, f / 60.0f + 0.4f, true, b, cb);
        sample_clip(packed, f / 60.0f, false, out);
        refusals += blend_poses(a, b, 0.3f, out).ok() ? 0 : 1;
        sk->apply_pose(out);
    }
    EXPECT_EQ(sv::test::allocation_count() - before, 0);
    EXPECT_EQ(refusals, 0);
}
