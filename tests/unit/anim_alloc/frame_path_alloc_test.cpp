// The per-frame path (sample_clip, apply_pose) allocates nothing: counted by replacing global
// operator new in this executable alone (which is why this test has its own folder).
#include <gtest/gtest.h>

#include "anim/clip_sampling.h"
#include "anim/skeleton.h"
#include "counting_allocator.h"

using namespace sv::anim;

TEST(FramePathAllocations, CounterSeesAnAllocation) {
    // Guards the guard: if the replacement were not linked, the next test would pass vacuously.
    const long before = sv::test::allocation_count();
    auto* v = new std::vector<int>(100);
    delete v;
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
                const size_t per_key = static_cast<size_t>(c.components()) * (in == Interpolation::CubicSpline ? 3 : 1);
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
