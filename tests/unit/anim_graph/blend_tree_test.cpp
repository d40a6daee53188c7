// Blend trees: validity (construction and its refusals) first, then phase sync across clips of
// different lengths, parameters past the ends, blends of blends, an additive layer, and replay.
#include "anim/graph/blend_tree.h"

#include <gtest/gtest.h>

#include "graph_clips.h"
#include "graph_test_support.h"

using namespace sv::anim;
using sv::test::graph_joint_nodes;

namespace {
struct Rig {
    Clip walk = sv::test::phase_clip("walk", 1.0f);
    Clip run = sv::test::phase_clip("run", 0.6f);
    Clip crouch = sv::test::phase_clip("crouch", 2.0f, -0.5f);
    Clip lean = sv::test::yaw_clip("lean", 1.0f, 20.0);
    GraphParameters params;
    int speed = params.add("speed");
    int crouching = params.add("crouch");
    int lean_weight = params.add("lean");
    BlendTree tree{sv::test::graph_rest()};
    int locomotion = -1;

    Rig() {
        const int w = tree.add_clip(&walk, bind_clip(walk, graph_joint_nodes())).value();
        const int r = tree.add_clip(&run, bind_clip(run, graph_joint_nodes())).value();
        locomotion = tree.add_blend_1d(speed, {w, r}, {0.0f, 1.0f}).value();
    }
};
}  // namespace

TEST(BlendTree, BuildsAndValidates) {
    Rig rig;
    EXPECT_EQ(rig.tree.node_count(), 3);
    EXPECT_EQ(rig.tree.root(), rig.locomotion);
    EXPECT_TRUE(rig.tree.validate(rig.params).ok());
}

TEST(BlendTree, RefusesMalformedNodesWithAReason) {
    Rig rig;
    auto one = rig.tree.add_blend_1d(rig.speed, {0}, {0.0f});
    ASSERT_FALSE(one.ok());
    EXPECT_NE(one.error().message.find("at least two"), std::string::npos);
    auto unsorted = rig.tree.add_blend_1d(rig.speed, {0, 1}, {1.0f, 1.0f});
    ASSERT_FALSE(unsorted.ok());
    EXPECT_NE(unsorted.error().message.find("threshold 1"), std::string::npos) << unsorted.error().message;
    auto forward = rig.tree.add_blend_1d(rig.speed, {0, 9}, {0.0f, 1.0f});
    ASSERT_FALSE(forward.ok());
    EXPECT_NE(forward.error().message.find("child 9"), std::string::npos);
    auto unbound = rig.tree.add_clip(&rig.walk, ClipBinding{});
    ASSERT_FALSE(unbound.ok());
    EXPECT_NE(unbound.error().message.find("'walk'"), std::string::npos);
    GraphParameters too_few;
    const sv::Status st = rig.tree.validate(too_few);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("parameter 0"), std::string::npos) << st.error().message;
}

TEST(BlendTree, ClipsOfDifferentLengthsStayInPhase) {
    Rig rig;
    rig.params.set(rig.speed, 0.5f);
    // By hand: the cycle is half of 1.0 s and half of 0.6 s, 0.8 s; at 0.4 s both clips are half
    // way (x = 0.5). Sampled at the same absolute time instead they would be at 0.4 and 0.667.
    EXPECT_NEAR(rig.tree.duration(rig.params), 0.8, 1e-7);  // clip durations are floats: 0.6f is 0.6 + 2.4e-8
    Pose out(2);
    rig.tree.evaluate(rig.params, 0.4, out);
    EXPECT_NEAR(out.translation[0], 0.5f, 1e-6f);       // float keys and phase: ~1e-7
    rig.tree.evaluate(rig.params, 0.4 + 3 * 0.8, out);  // three cycles later, the same instant
    EXPECT_NEAR(out.translation[0], 0.5f, 1e-6f);
    EXPECT_EQ(out.translation[4], 1.0f);  // joint 1 is not animated: it stays at rest
}

TEST(BlendTree, ParameterPastTheEndsHoldsTheEndChild) {
    Rig rig;
    Pose out(2);
    rig.params.set(rig.speed, 3.0f);
    EXPECT_NEAR(rig.tree.duration(rig.params), 0.6, 1e-7);  // clip durations are floats: 0.6f is 0.6 + 2.4e-8
    rig.tree.evaluate(rig.params, 0.15, out);
    EXPECT_NEAR(out.translation[0], 0.25f, 1e-6f);
    rig.params.set(rig.speed, -1.0f);
    EXPECT_EQ(rig.tree.duration(rig.params), 1.0);  // 1.0f is exact
}

TEST(BlendTree, BlendOfBlendsWithAnAdditiveOnTop) {
    Rig rig;
    const int crouch = rig.tree.add_clip(&rig.crouch, bind_clip(rig.crouch, graph_joint_nodes())).value();
    const int posture = rig.tree.add_blend_1d(rig.crouching, {rig.locomotion, crouch}, {0.0f, 1.0f}).value();
    const int lean = rig.tree.add_clip(&rig.lean, bind_clip(rig.lean, graph_joint_nodes())).value();
    const int top = rig.tree.add_additive(posture, lean, sv::test::graph_rest(), rig.lean_weight).value();
    ASSERT_EQ(rig.tree.root(), top);
    rig.params.set(rig.speed, 0.5f);
    rig.params.set(rig.crouching, 0.5f);
    rig.params.set(rig.lean_weight, 0.5f);
    // By hand: the cycle is half of 0.8 s and half of 2.0 s, 1.4 s (the additive follows its base).
    // At 0.7 s everything is half way: x 0.5, y half of crouch's -0.5, and half the lean's 20 degrees.
    EXPECT_NEAR(rig.tree.duration(rig.params), 1.4, 1e-7);  // clip durations are floats: 0.6f is 0.6 + 2.4e-8
    Pose out(2);
    rig.tree.evaluate(rig.params, 0.7, out);
    EXPECT_NEAR(out.translation[0], 0.5f, 1e-6f);
    EXPECT_NEAR(out.translation[1], -0.25f, 1e-6f);
    EXPECT_NEAR(sv::test::yaw_degrees(out, 1), 10.0, 1e-4);  // float quaternions: ~1e-5 degrees
    EXPECT_EQ(out.translation[4], 1.0f);
}

// Replay after reload: a run recorded frame by frame, then a fresh rig (the clips rebuilt, the tree
// rebuilt, nothing shared) replaying the same parameter track, must give the same pose bit for bit
// at every frame. Fails if the tree keeps state that survives into the wrong run (a phase not
// reset, a cache keyed by address) or reads anything uninitialised. And no allocation per frame.
TEST(BlendTree, ReplayAfterReloadIsBitIdenticalAndAllocatesNothing) {
    std::vector<Pose> recorded;
    {
        Rig rig;
        const int lean = rig.tree.add_clip(&rig.lean, bind_clip(rig.lean, graph_joint_nodes())).value();
        rig.tree.add_additive(rig.locomotion, lean, sv::test::graph_rest(), -1, 0.3f).value();
        Pose a(2);
        for (int i = 0; i < 100; ++i) {
            rig.params.set(rig.speed, 0.01f * static_cast<float>(i));
            rig.tree.evaluate(rig.params, i / 60.0, a);
            recorded.push_back(a);
        }
    }
    Rig rig;
    const int lean = rig.tree.add_clip(&rig.lean, bind_clip(rig.lean, graph_joint_nodes())).value();
    rig.tree.add_additive(rig.locomotion, lean, sv::test::graph_rest(), -1, 0.3f).value();
    Pose b(2);
    const long n0 = sv::test::allocation_count();
    for (int i = 0; i < 100; ++i) {
        rig.params.set(rig.speed, 0.01f * static_cast<float>(i));
        rig.tree.evaluate(rig.params, i / 60.0, b);
        ASSERT_TRUE(sv::test::bit_equal(recorded[static_cast<size_t>(i)], b)) << "frame " << i;
    }
    EXPECT_EQ(sv::test::allocation_count() - n0, 0);
}

// Step size: the same parameter track (speed 0.2 until 1 s, 0.9 after) stepped at 60 Hz and at
// 240 Hz gives the same pose at every time both pass through. A phase-synchronised blend could
// integrate phase per step (then 240 small steps and 60 large ones drift apart); the pose must be a
// function of the time and the parameters. Tolerance: 1e-5 in translation (metres) and in the
// quaternion, float rounding of a clip sampled at 2 s; any step-size dependence shows as a
// sizeable fraction of a clip's cycle.
TEST(BlendTree, DifferentStepSizesGiveTheSamePoseAtTheSameTime) {
    Rig coarse, fine;
    Pose pc(2), pf(2);
    for (int i = 0; i <= 120; ++i) {
        const double t = i / 60.0;
        coarse.params.set(coarse.speed, t < 1.0 ? 0.2f : 0.9f);
        coarse.tree.evaluate(coarse.params, t, pc);
        for (int k = 1; k <= 4; ++k) {
            const double tf = (4 * i - 4 + k) / 240.0;
            if (tf < 0.0) continue;
            fine.params.set(fine.speed, tf < 1.0 ? 0.2f : 0.9f);
            fine.tree.evaluate(fine.params, tf, pf);
        }
        for (size_t c = 0; c < pc.translation.size(); ++c)
            ASSERT_NEAR(pc.translation[c], pf.translation[c], 1e-5f) << "t=" << t << " component " << c;
        for (size_t c = 0; c < pc.rotation.size(); ++c)
            ASSERT_NEAR(pc.rotation[c], pf.rotation[c], 1e-5f) << "t=" << t << " component " << c;
    }
    // The track does something: the pose at 2 s is not the pose at 0.
    Rig fresh;
    Pose p0(2);
    fresh.params.set(fresh.speed, 0.2f);
    fresh.tree.evaluate(fresh.params, 0.0, p0);
    EXPECT_FALSE(sv::test::bit_equal(p0, pc));
}
