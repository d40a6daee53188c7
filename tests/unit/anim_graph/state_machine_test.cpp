// State machine: validity (construction and refusals) first, then entry, cross-fades, priority,
// minimum time in state, re-entry from rest without allocation, tree states, and replay.
#include "anim/graph/state_machine.h"

#include <gtest/gtest.h>

#include "graph_clips.h"
#include "graph_test_support.h"

using namespace sv::anim;
using sv::test::graph_joint_nodes;

namespace {
struct Machine {
    Clip idle = sv::test::yaw_clip("idle", 2.0f, 30.0);  // animates joint 1 only
    Clip walk = sv::test::phase_clip("walk", 1.0f);      // animates joint 0 only: x = time
    GraphParameters params;
    int speed = params.add("speed");
    int jump = params.add("jump");
    StateMachine sm{sv::test::graph_rest()};
    int s_idle = -1, s_walk = -1;

    Machine() {
        s_idle = sm.add_clip_state("idle", &idle, bind_clip(idle, graph_joint_nodes())).value();
        s_walk = sm.add_clip_state("walk", &walk, bind_clip(walk, graph_joint_nodes())).value();
        sm.add_transition({s_idle, s_walk, 0.2, {{speed, Compare::Greater, 0.1f}}}).value();
        sm.add_transition({s_walk, s_idle, 0.4, {{speed, Compare::LessEqual, 0.1f}}}).value();
    }
};
}  // namespace

TEST(StateMachine, BuildsValidatesAndStarts) {
    Machine m;
    EXPECT_TRUE(m.sm.validate(m.params).ok());
    EXPECT_EQ(m.sm.find_state("walk"), m.s_walk);
    EXPECT_TRUE(m.sm.start(m.s_idle, 0.0).ok());
    Pose out(2);
    m.sm.update(m.params, 0.5, out);
    EXPECT_EQ(m.sm.current_state(), m.s_idle);
    EXPECT_NEAR(sv::test::yaw_degrees(out, 1), 30.0, 1e-4);  // float quaternion: ~1e-5 degrees
}

TEST(StateMachine, RefusesMalformedPartsWithAReason) {
    Machine m;
    auto bad_to = m.sm.add_transition({m.s_idle, 7, 0.1, {}});
    ASSERT_FALSE(bad_to.ok());
    EXPECT_NE(bad_to.error().message.find("target state 7"), std::string::npos);
    auto negative = m.sm.add_transition({m.s_idle, m.s_walk, -0.1, {}});
    ASSERT_FALSE(negative.ok());
    EXPECT_NE(negative.error().message.find("duration"), std::string::npos);
    auto dup = m.sm.add_clip_state("walk", &m.walk, bind_clip(m.walk, graph_joint_nodes()));
    ASSERT_FALSE(dup.ok());
    EXPECT_NE(dup.error().message.find("taken"), std::string::npos);
    EXPECT_FALSE(m.sm.start(5, 0.0).ok());
    m.sm.add_transition({m.s_idle, m.s_walk, 0.1, {{9, Compare::Greater, 0.0f}}}).value();
    const sv::Status st = m.sm.validate(m.params);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("parameter 9"), std::string::npos) << st.error().message;
}

TEST(StateMachine, CrossFadesOverTheTransitionsDuration) {
    Machine m;
    ASSERT_TRUE(m.sm.start(m.s_idle, 0.0).ok());
    Pose out(2);
    m.sm.update(m.params, 0.9, out);
    m.params.set(m.speed, 1.0f);
    m.sm.update(m.params, 1.0, out);  // fires here, at the update that saw speed > 0.1
    EXPECT_EQ(m.sm.current_state(), m.s_walk);
    EXPECT_EQ(m.sm.fading_from(), m.s_idle);
    m.sm.update(m.params, 1.1, out);
    // Half way through 0.2 s: joint 0 is half of walk's x at 0.1 s (0.1) and half of idle's (0, rest);
    // joint 1 is half of idle's 30 degrees and half of walk's rest (0).
    EXPECT_NEAR(out.translation[0], 0.05f, 1e-6f);
    EXPECT_NEAR(sv::test::yaw_degrees(out, 1), 15.0, 1e-4);
    m.sm.update(m.params, 1.25, out);
    EXPECT_EQ(m.sm.fading_from(), -1);
    EXPECT_NEAR(out.translation[0], 0.25f, 1e-6f);
    EXPECT_EQ(out.rotation[7], 1.0f);  // joint 1 back at rest: walk does not animate it
}

TEST(StateMachine, FirstEligibleTransitionWinsAndMinimumTimeHolds) {
    Machine m;
    Clip land = sv::test::phase_clip("land", 0.5f, 2.0f);
    const int s_land = m.sm.add_clip_state("land", &land, bind_clip(land, graph_joint_nodes())).value();
    // From any state to land when jumping; added after idle->walk, so idle->walk wins a tie.
    m.sm.add_transition({kAnyState, s_land, 0.0, {{m.jump, Compare::Equal, 1.0f}}}).value();
    m.sm.add_transition({s_land, m.s_idle, 0.0, {}, 0.3}).value();  // leave land after 0.3 s
    ASSERT_TRUE(m.sm.start(m.s_idle, 0.0).ok());
    Pose out(2);
    m.params.set(m.speed, 1.0f);
    m.params.set(m.jump, 1.0f);
    m.sm.update(m.params, 0.1, out);
    EXPECT_EQ(m.sm.current_state(), m.s_walk);
    m.sm.update(m.params, 0.5, out);  // fade over; now only the any-state transition is eligible
    EXPECT_EQ(m.sm.current_state(), s_land);
    m.params.set(m.jump, 0.0f);
    m.params.set(m.speed, 0.0f);
    m.sm.update(m.params, 0.7, out);
    EXPECT_EQ(m.sm.current_state(), s_land) << "only 0.2 s in land";
    m.sm.update(m.params, 0.8, out);
    EXPECT_EQ(m.sm.current_state(), m.s_idle);
}

TEST(StateMachine, ReEnteringAStartsItFromRestWithoutAllocating) {
    Machine m;
    ASSERT_TRUE(m.sm.start(m.s_idle, 0.0).ok());
    Pose out(2), first(2);
    const float* data = out.rotation.data();
    const long n0 = sv::test::allocation_count();
    m.params.set(m.speed, 1.0f);
    m.sm.update(m.params, 1.0, out);
    m.sm.update(m.params, 1.3, out);  // walk, 0.3 s in, fade over
    first = out;
    const long n1 = sv::test::allocation_count();
    m.params.set(m.speed, 0.0f);
    m.sm.update(m.params, 2.0, out);  // back to idle
    m.sm.update(m.params, 2.5, out);
    m.params.set(m.speed, 1.0f);
    m.sm.update(m.params, 3.0, out);  // walk again
    m.sm.update(m.params, 3.3, out);
    EXPECT_EQ(sv::test::allocation_count() - n1, 0);
    EXPECT_EQ(n1 - n0, 0);
    EXPECT_EQ(out.rotation.data(), data);
    // 0.3 s into walk both times: the same pose to the bit, idle's yaw on joint 1 long gone.
    EXPECT_TRUE(sv::test::bit_equal(out, first));
    EXPECT_EQ(out.rotation[7], 1.0f) << "joint 1 at rest, not left at idle's yaw";
    EXPECT_DOUBLE_EQ(m.sm.time_in_state(3.3), 0.3);
}

TEST(StateMachine, TreeStatesPlayTheirTree) {
    Machine m;
    Clip run = sv::test::phase_clip("run", 0.5f);
    BlendTree tree(sv::test::graph_rest());
    const int w = tree.add_clip(&m.walk, bind_clip(m.walk, graph_joint_nodes())).value();
    const int r = tree.add_clip(&run, bind_clip(run, graph_joint_nodes())).value();
    tree.add_blend_1d(m.speed, {w, r}, {1.0f, 2.0f}).value();
    const int s_loco = m.sm.add_tree_state("locomotion", &tree).value();
    ASSERT_TRUE(m.sm.validate(m.params).ok());
    ASSERT_TRUE(m.sm.start(s_loco, 10.0).ok());
    m.params.set(m.speed, 2.0f);  // all run: 0.5 s cycle
    Pose out(2);
    m.sm.update(m.params, 10.125, out);
    EXPECT_NEAR(out.translation[0], 0.25f, 1e-6f);  // a quarter of run's cycle
}

TEST(StateMachine, ReplayIsBitIdentical) {
    Machine a, b;
    ASSERT_TRUE(a.sm.start(a.s_idle, 0.0).ok());
    ASSERT_TRUE(b.sm.start(b.s_idle, 0.0).ok());
    Pose pa(2), pb(2);
    for (int i = 0; i < 400; ++i) {
        const float speed = (i / 50) % 2 ? 1.0f : 0.0f;  // toggles every 50 frames
        a.params.set(a.speed, speed);
        b.params.set(b.speed, speed);
        a.sm.update(a.params, i / 60.0, pa);
        b.sm.update(b.params, i / 60.0, pb);
        ASSERT_TRUE(sv::test::bit_equal(pa, pb)) << "frame " << i;
        ASSERT_EQ(a.sm.current_state(), b.sm.current_state());
    }
}

// Step size: the machine stepped at 60 Hz and at 240 Hz through the same parameter track (speed
// toggling every 50/60 s, which both step through exactly: 50/60 and 200/240 are the same double)
// must give the same state and pose at every time both pass through. A cross-fade that advanced its
// weight by a per-step increment, or a minimum time counted in frames, would differ. Tolerance 1e-5:
// float rounding of the clip sampling; a step-size dependence is a sizeable fraction of a fade.
TEST(StateMachine, DifferentStepSizesGiveTheSamePoseAtTheSameTime) {
    Machine coarse, fine;
    ASSERT_TRUE(coarse.sm.start(coarse.s_idle, 0.0).ok());
    ASSERT_TRUE(fine.sm.start(fine.s_idle, 0.0).ok());
    Pose pc(2), pf(2);
    const auto speed_at = [](int sixtieths) { return (sixtieths / 50) % 2 ? 1.0f : 0.0f; };
    int transitions = 0, last = coarse.sm.current_state();
    for (int i = 0; i < 400; ++i) {
        coarse.params.set(coarse.speed, speed_at(i));
        coarse.sm.update(coarse.params, i / 60.0, pc);
        for (int k = (i == 0 ? 0 : -3); k <= 0; ++k) {
            const int j = 4 * i + k;  // 240 Hz frames up to and including this 60 Hz one
            fine.params.set(fine.speed, speed_at(j / 4));
            fine.sm.update(fine.params, j / 240.0, pf);
        }
        ASSERT_EQ(coarse.sm.current_state(), fine.sm.current_state()) << "frame " << i;
        for (size_t c = 0; c < pc.translation.size(); ++c)
            ASSERT_NEAR(pc.translation[c], pf.translation[c], 1e-5f) << "frame " << i << " component " << c;
        for (size_t c = 0; c < pc.rotation.size(); ++c)
            ASSERT_NEAR(pc.rotation[c], pf.rotation[c], 1e-5f) << "frame " << i << " component " << c;
        if (coarse.sm.current_state() != last) ++transitions, last = coarse.sm.current_state();
    }
    EXPECT_GE(transitions, 6) << "the track must cross both transitions several times";
}
