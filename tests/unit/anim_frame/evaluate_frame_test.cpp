// anim::evaluate_frame: its order (pose edits under IK and the look-at), its springs (a function of
// the clip time: cold equals stepped, a Kick is an event at its own time) and its graph modes (blend
// ends and a settled state machine are the clips alone). Built-in characters only, no GL, no files.
#include "anim/frame/evaluate_frame.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/vrm_builder.h"
#include "anim/character/character.h"
#include "anim/graph/state_machine.h"

namespace sv::anim {
namespace {

int node_named(const Asset& a, const std::string& name) {
    for (size_t i = 0; i < a.scene.nodes.size(); ++i)
        if (a.scene.nodes[i].name == name) return static_cast<int>(i);
    return -1;
}

glm::dvec3 joint_position(const Character& c, int skin, int joint) {
    const auto& w = c.skins()[static_cast<size_t>(skin)].skeleton.world();
    const size_t o = static_cast<size_t>(joint) * 16;
    return {w[o + 12], w[o + 13], w[o + 14]};
}

Character make(Asset a) {
    auto c = Character::create(std::move(a));
    EXPECT_TRUE(c) << (c ? "" : c.error().message);
    return std::move(*c);
}

// Every float of every skin's local pose.
std::vector<float> pose_floats(const Character& c) {
    std::vector<float> out;
    for (const auto& s : c.skins()) {
        out.insert(out.end(), s.pose.translation.begin(), s.pose.translation.end());
        out.insert(out.end(), s.pose.rotation.begin(), s.pose.rotation.end());
        out.insert(out.end(), s.pose.scale.begin(), s.pose.scale.end());
    }
    return out;
}

bool bit_identical(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// (a) The order: a pose edit on the arm's shoulder, then IK on the same chain. IK runs after the edits,
// so the wrist reaches the target whatever the edit turned; were the edits put on after the solve,
// the turned shoulder would carry the wrist off it.
TEST(EvaluateFrame, IkReachesItsTargetOverAPoseEdit) {
    Asset a = build_arm_asset();
    const int shoulder_node = node_named(a, "Shoulder");
    ASSERT_GE(shoulder_node, 0);
    Character c = make(std::move(a));
    const auto& sk = c.skins()[0].skeleton;
    const int sh = sk.find("Shoulder"), el = sk.find("Elbow"), wr = sk.find("Wrist");
    ASSERT_GE(wr, 0);
    FrameContext ctx;
    PoseEdits edits;
    edits.set(shoulder_node, {0.0, 0.0, 40.0});
    PoseState s;
    s.clip = -1;
    s.pose_edits = &edits;
    s.ik.enabled = true;
    s.ik.root = sh, s.ik.mid = el, s.ik.tip = wr;
    // The arm is 2 m long along +Y; a target 1.2 m out at 45 degrees in the XY plane is in reach.
    const glm::dvec3 target = glm::dvec3(0.0) + 1.2 * glm::normalize(glm::dvec3(1.0, 1.0, 0.0));
    s.ik.target = target;
    s.ik.pole = {1.0, 0.0, 0.0};
    evaluate_frame(s, c, ctx);
    EXPECT_TRUE(ctx.ik_solved) << ctx.ik_error;
    EXPECT_LT(glm::length(joint_position(c, 0, wr) - target), 1e-4);
    // Negative control: the edit alone (no IK) leaves the wrist far from the target.
    s.ik.enabled = false;
    evaluate_frame(s, c, ctx);
    EXPECT_GT(glm::length(joint_position(c, 0, wr) - target), 0.1);
}

// (a) The look-at reads the head as edited: a head turned 30 degrees to the avatar's left looking at a
// point straight ahead in the world sees it 30 degrees to its right (yaw -30); were the look-at
// measured before the edit, the head would face it (yaw 0).
TEST(EvaluateFrame, LookAtFollowsThePoseEdits) {
    VrmAvatarOptions o;
    o.look_at = true;
    Asset a = build_vrm_avatar(VrmVersion::V1, o);
    std::vector<std::string> report;
    FrameContext ctx = FrameContext::create(a, report);
    ASSERT_TRUE(ctx.look_at.has_value());
    const int head = node_named(a, "J_Bip_C_Head");
    ASSERT_GE(head, 0);
    Character c = make(std::move(a));
    ctx.bind(c);
    PoseState s;
    s.clip = -1;
    evaluate_frame(s, c, ctx);
    const glm::dvec3 eye = glm::dvec3(c.scene_pose().global(head)[3]) + glm::dvec3(0.0, 0.06, 0.0);
    s.look_at.on = true;
    s.look_at.point = eye + glm::dvec3(0.0, 0.0, 2.0);
    evaluate_frame(s, c, ctx);
    EXPECT_NEAR(ctx.look_angles.yaw, 0.0, 1e-6);
    PoseEdits edits;
    edits.set(head, {0.0, 30.0, 0.0});
    s.pose_edits = &edits;
    evaluate_frame(s, c, ctx);
    EXPECT_NEAR(ctx.look_angles.yaw, -30.0, 1e-3);
}

// (b) VRM spring bones at t: a cold context equals one stepped frame by frame from 0 to t, bit for
// bit, past the warm-up window's first move (t = 3.5 s: the window starts at 1 s), and the swing is
// not the pose without springs.
TEST(EvaluateFrame, SpringsAreAFunctionOfTheClipTime) {
    Asset a = build_vrm_avatar(VrmVersion::V1);
    std::vector<std::string> report;
    FrameContext warm = FrameContext::create(a, report);
    ASSERT_TRUE(warm.springs.has_value());
    FrameContext cold = warm;
    Character c = make(std::move(a));
    warm.bind(c);
    cold.bind(c);
    PoseState s;
    s.clip = c.find_clip("sway");
    ASSERT_GE(s.clip, 0);
    for (int i = 0; i <= 105; ++i) {  // 30 frames a second to 3.5 s
        s.time = static_cast<float>(i / 30.0);
        evaluate_frame(s, c, warm);
    }
    const std::vector<float> stepped = pose_floats(c);
    evaluate_frame(s, c, cold);
    EXPECT_TRUE(bit_identical(stepped, pose_floats(c)));
    s.vrm_springs = false;
    evaluate_frame(s, c, cold);
    EXPECT_FALSE(bit_identical(stepped, pose_floats(c)));
}

// The spring replay's warm-up window starts on a grid (evaluate_frame.cpp, window_start): a run
// played frame by frame restarts only when that start moves, once a second after the first 2 s, and
// at every frame it agrees bit for bit with a cold evaluation of the same time. Sampled at every
// frame of 5 s at 30 frames a second, not at one convenient time. The count is what fails when the
// start moves with each frame (broken by hand: 91 restarts). The comparison is not a control for a
// run that never restarts: on this avatar such a run also matched at every frame (broken by hand),
// which says its hair settles bit for bit within the 2 s window; it holds that a restart lands where a
// cold frame does.
TEST(EvaluateFrame, SpringWarmUpRestartsOnItsGridAndMatchesAColdFrameAtEveryFrame) {
    Asset a = build_vrm_avatar(VrmVersion::V1);
    std::vector<std::string> report;
    const FrameContext pristine = FrameContext::create(a, report);
    ASSERT_TRUE(pristine.springs.has_value());
    FrameContext warm = pristine;
    Character c = make(std::move(a));
    warm.bind(c);
    PoseState s;
    s.clip = c.find_clip("sway");
    ASSERT_GE(s.clip, 0);
    int restarts = 0, mismatched = 0;
    long start = -2;
    for (int i = 0; i <= 150; ++i) {
        s.time = static_cast<float>(i / 30.0);
        evaluate_frame(s, c, warm);
        const std::vector<float> continued = pose_floats(c);
        if (warm.spring_start != start) ++restarts, start = warm.spring_start;
        FrameContext cold = pristine;
        cold.bind(c);
        evaluate_frame(s, c, cold);
        if (!bit_identical(continued, pose_floats(c))) ++mismatched;
    }
    // Starts at steps 0, 60, 120 and 180 over 5 s (the window's first step for a target of 300).
    EXPECT_EQ(restarts, 4);
    EXPECT_EQ(mismatched, 0) << "of 151 frames";
}

// (b) The spring chain's Kick is an event at its time on the spring clock: before it the pose is the
// pose without the chain; after it the tail swings.
TEST(EvaluateFrame, AKickMovesThePoseAfterItsTimeOnly) {
    Character c = make(build_arm_asset());
    const int el = c.skins()[0].skeleton.find("Elbow");
    SpringChain chain;
    SpringLink l;
    l.joint = el;
    chain.links.push_back(l);
    FrameContext ctx;
    PoseState s;
    s.clip = -1;
    evaluate_frame(s, c, ctx);
    const std::vector<float> still = pose_floats(c);
    s.spring_chain.enabled = true;
    s.spring_chain.chain = &chain;
    s.spring_chain.impulse_radians = 0.5;
    s.spring_chain.kick_time = 1.0;
    s.spring_chain.clock = 0.9;
    evaluate_frame(s, c, ctx);
    EXPECT_TRUE(bit_identical(still, pose_floats(c)));
    s.spring_chain.clock = 1.1;
    evaluate_frame(s, c, ctx);
    EXPECT_FALSE(bit_identical(still, pose_floats(c)));
}

// A spring chain that does not fit the skin (a joint it does not have) is refused by the step's own
// check: the frame says why in the context and poses as it would without the chain; a chain that
// fits swings again and the reason is gone.
TEST(EvaluateFrame, ASpringChainThatDoesNotFitTheSkinIsRefusedWithItsReason) {
    Character c = make(build_arm_asset());
    const int joints = c.skins()[0].skeleton.joint_count();
    SpringChain chain;
    SpringLink l;
    l.joint = joints;  // one past the last
    chain.links.push_back(l);
    FrameContext ctx;
    PoseState s;
    s.clip = -1;
    evaluate_frame(s, c, ctx);
    const std::vector<float> still = pose_floats(c);
    s.spring_chain.enabled = true;
    s.spring_chain.chain = &chain;
    s.spring_chain.impulse_radians = 0.5;
    s.spring_chain.clock = 0.1;
    evaluate_frame(s, c, ctx);
    EXPECT_NE(ctx.spring_chain_error.find("spring chain link 0: joint " + std::to_string(joints)),
              std::string::npos)
        << ctx.spring_chain_error;
    EXPECT_TRUE(bit_identical(still, pose_floats(c)));
    chain.links[0].joint = c.skins()[0].skeleton.find("Elbow");
    evaluate_frame(s, c, ctx);
    EXPECT_EQ(ctx.spring_chain_error, "");
    EXPECT_FALSE(bit_identical(still, pose_floats(c)));
}

// A second clip for the arm: the elbow held at -60 degrees about Z.
Clip held_clip(int elbow_node) {
    Clip k;
    k.name = "held";
    k.duration = 2.0f;
    Channel r;
    r.node = elbow_node;
    r.path = TargetPath::Rotation;
    r.times = {0.0f, 2.0f};
    const glm::dquat q = glm::angleAxis(glm::radians(-60.0), glm::dvec3(0, 0, 1));
    const float v[4] = {static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z),
                        static_cast<float>(q.w)};
    r.values = {v[0], v[1], v[2], v[3], v[0], v[1], v[2], v[3]};
    k.channels.push_back(r);
    return k;
}

void expect_near_poses(const std::vector<float>& a, const std::vector<float>& b, const char* what) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-6f) << what << " float " << i;
}

// (c) Blend mode at weight 0 and 1 is clip a and clip b sampled alone; a state machine told to go to
// state 1 is, once its fade is over, clip 1 at the time since it entered.
TEST(EvaluateFrame, GraphModesAreTheirClipsAtTheEnds) {
    Asset a = build_arm_asset();
    a.clips.push_back(held_clip(node_named(a, "Elbow")));
    Character c = make(std::move(a));
    const auto& cs = c.skins()[0];
    GraphParameters params;
    const int blend = params.add("blend", 0.0f);
    const int state = params.add("state", 0.0f);
    BlendTree tree(cs.skeleton.rest_pose());
    const auto& clips = c.asset().clips;
    auto ca = tree.add_clip(&clips[0], cs.bindings[0]);
    auto cb = tree.add_clip(&clips[1], cs.bindings[1]);
    ASSERT_TRUE(ca && cb);
    ASSERT_TRUE(tree.add_blend_1d(blend, {*ca, *cb}, {0.0f, 1.0f}));
    FrameContext ctx;
    const float t = 0.5f;
    std::vector<float> alone[2];
    for (int k = 0; k < 2; ++k) {
        c.pose_at(k, t, true);
        alone[k] = pose_floats(c);
    }
    EXPECT_FALSE(bit_identical(alone[0], alone[1]));
    PoseState s;
    s.time = t;
    s.graph.mode = BaseMode::Blend;
    s.graph.params = &params;
    s.graph.tree = &tree;
    for (int k = 0; k < 2; ++k) {
        params.set(blend, static_cast<float>(k));
        evaluate_frame(s, c, ctx);
        expect_near_poses(pose_floats(c), alone[k], k == 0 ? "blend 0" : "blend 1");
    }

    StateMachine machine(cs.skeleton.rest_pose());
    for (int k = 0; k < 2; ++k) {
        ASSERT_TRUE(machine.add_clip_state(clips[static_cast<size_t>(k)].name, &clips[static_cast<size_t>(k)],
                                           cs.bindings[static_cast<size_t>(k)]));
        Transition tr;
        tr.to = k;
        tr.duration = 0.3;
        tr.conditions = {{state, Compare::Equal, static_cast<float>(k)}};
        ASSERT_TRUE(machine.add_transition(tr));
    }
    ASSERT_TRUE(machine.start(0, 0.0));
    s.graph.mode = BaseMode::StateMachine;
    s.graph.machine = &machine;
    params.set(state, 1.0f);
    s.graph.clock = 0.0;  // the transition to state 1 fires here
    evaluate_frame(s, c, ctx);
    s.graph.clock = 0.5;  // the 0.3 s fade is over: clip 1 at 0.5 s in state
    evaluate_frame(s, c, ctx);
    EXPECT_EQ(machine.current_state(), 1);
    expect_near_poses(pose_floats(c), alone[1], "state machine in state 1");
}

}  // namespace
}  // namespace sv::anim
