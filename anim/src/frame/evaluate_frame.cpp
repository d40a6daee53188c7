#include "anim/frame/evaluate_frame.h"

#include <algorithm>
#include <cmath>

#include "anim/avatar/expressions.h"
#include "anim/avatar/vrm_animation.h"
#include "anim/character/character.h"
#include "anim/character/shared_joints.h"
#include "anim/graph/retarget_rest.h"
#include "anim/graph/two_bone_ik.h"
#include "avatar_steps.h"

namespace sv::anim {

namespace {

// Step 1. Graph modes pose skin 0 (over the rest pose of every other node); a mode whose object is
// missing falls back to the clip, as the panel shows it.
void base_pose(const PoseState& s, float time, double clock, Character& ch, FrameContext& ctx) {
    auto& skins = ch.skins();
    const GraphState& g = s.graph;
    ctx.vrma_values.clear();
    if (!skins.empty()) {
        if (g.mode == BaseMode::Blend && g.tree && g.params) {
            ch.pose_at(-1, 0.0f, true);
            g.tree->evaluate(*g.params, static_cast<double>(time), skins[0].pose);
            return;
        }
        if (g.mode == BaseMode::StateMachine && g.machine && g.params) {
            ch.pose_at(-1, 0.0f, true);
            g.machine->update(*g.params, clock, skins[0].pose);
            return;
        }
        if (g.mode == BaseMode::Retarget && g.source && g.rest && !g.source->skins().empty()) {
            // The target was just posed at rest: its world matrices are the rest the clip is
            // measured against (retarget_rest_relative's precondition on its first call).
            ch.pose_at(-1, 0.0f, true);
            g.source->pose_at(g.source_clip, time, s.loop);
            retarget_rest_relative(*g.rest, g.source->skins()[0].skeleton.world(), skins[0].skeleton,
                                   skins[0].pose);
            // A .vrma's expression tracks drive the avatar's expressions as its bone tracks drive
            // the skeleton (the names the avatar has).
            ctx.vrma_values = vrma_expression_values(*g.source, ch.asset().vrm).values;
            return;
        }
    }
    ch.pose_at(s.clip, time, s.loop);
}

}  // namespace

void evaluate_base_and_edits(const PoseState& s, float time, Character& ch, FrameContext& ctx) {
    const double clock = s.graph.clock - (static_cast<double>(s.time) - static_cast<double>(time));
    base_pose(s, time, clock, ch, ctx);
    auto& skins = ch.skins();
    // Step 2: Clip mode only (the graph modes have no one clip whose root travels).
    if (s.root_motion.strip && s.graph.mode == BaseMode::Clip && s.root_motion.joint >= 0 && s.clip >= 0 &&
        !skins.empty())
        strip_root_motion(ch.asset().clips[static_cast<size_t>(s.clip)], s.root_motion.channels,
                          s.root_motion.joint, skins[0].pose);
    // The graph and root motion drove skin 0: a second skin over the same nodes (RobotExpressive's
    // hand) moves with it.
    share_skin_pose(ch, 0);
    // Step 3.
    if (s.pose_edits) (void)apply_pose_edits(*s.pose_edits, ch);
    ch.apply_poses();
    // Step 4: on the edited pose, so the target is reached whatever the edits turned.
    ctx.ik_solved = ctx.ik_reachable = false;
    ctx.ik_error.clear();
    const IkState& ik = s.ik;
    if (ik.enabled && ik.tip >= 0 && ik.skin >= 0 && static_cast<size_t>(ik.skin) < skins.size()) {
        CharacterSkin& sk = skins[static_cast<size_t>(ik.skin)];
        TwoBoneIkInput in;
        in.parents = &sk.skeleton.parents();
        in.world = &sk.skeleton.world();
        in.root = ik.root, in.mid = ik.mid, in.tip = ik.tip;
        in.target = ik.target, in.pole = ik.pole;
        in.weight = ik.weight, in.twist_angle = ik.twist_angle, in.soften = ik.soften;
        const Expected<TwoBoneIkResult> r = solve_two_bone_ik(in, sk.pose);
        if (r) {
            ctx.ik_solved = r->solved;
            ctx.ik_reachable = r->reachable;
        } else {
            ctx.ik_error = r.error().message;
        }
        share_skin_pose(ch, ik.skin);
        ch.apply_poses();
    }
}

namespace {

// Steps 1 to 7. `with_expressions` is off inside the spring replay: expressions move no bone.
void pose_before_springs(const PoseState& s, float time, Character& ch, FrameContext& ctx,
                         bool with_expressions) {
    evaluate_base_and_edits(s, time, ch, ctx);
    apply_look_at(s.look_at, ch, ctx);
    if (with_expressions) apply_expressions(s.expressions, ch, ctx);
    apply_constraints(ch, ctx);
}

FrameContext::SpringKey spring_key_of(const PoseState& s) {
    FrameContext::SpringKey k;
    k.clip = s.clip;
    k.mode = static_cast<int>(s.graph.mode);
    k.graph_object = s.graph.mode == BaseMode::Blend          ? static_cast<const void*>(s.graph.tree)
                     : s.graph.mode == BaseMode::StateMachine ? static_cast<const void*>(s.graph.machine)
                     : s.graph.mode == BaseMode::Retarget     ? static_cast<const void*>(s.graph.source)
                                                              : nullptr;
    k.edits_revision = s.pose_edits ? s.pose_edits->revision : -1;
    k.ik = s.ik.enabled;
    k.ik_target = s.ik.target;
    k.look = s.look_at.on;
    k.look_node = s.look_at.node;
    k.look_point = s.look_at.point;
    return k;
}

// The first step of the warm-up window that ends at step `target`: on a grid of kWindowGrid steps,
// at least kWarmUp steps before it. A function of the target alone, so a cold evaluation and a run
// continued frame by frame start from the same step and take the same steps: they agree bit for bit.
// A start that moved with the target (always kWarmUp before it) would make the continued run, which
// started earlier, differ from a cold one at every frame past kWarmUp.
constexpr long kWarmUp = 120;     // 2 s
constexpr long kWindowGrid = 60;  // the start moves once a second
long window_start(long target) {
    const long s = (target - kWarmUp) / kWindowGrid * kWindowGrid;
    return std::max(0L, target - kWarmUp < 0 ? 0L : s);
}

void simulate_vrm_springs(const PoseState& s, Character& ch, FrameContext& ctx) {
    constexpr double dt = SpringBones::kStep;
    const long target = std::max(0L, static_cast<long>(std::floor(static_cast<double>(s.time) / dt)));
    const long start = window_start(target);
    const FrameContext::SpringKey key = spring_key_of(s);
    const auto posed_at = [&](long k) {
        pose_before_springs(s, static_cast<float>(static_cast<double>(k) * dt), ch, ctx, false);
        copy_globals_to_springs(ch, ctx);
    };
    if (ctx.spring_step < 0 || !(key == ctx.spring_key) || ctx.spring_start != start ||
        target < ctx.spring_step) {
        ctx.spring_start = start;
        ctx.spring_step = start;
        ctx.spring_key = key;
        posed_at(start);
        ctx.springs->reset(ctx.spring_scene);
    }
    for (long k = ctx.spring_step + 1; k <= target; ++k) {
        posed_at(k);
        ctx.springs->step(ctx.spring_scene, dt);
    }
    ctx.spring_step = target;
}

}  // namespace

void evaluate_frame(const PoseState& s, Character& ch, FrameContext& ctx) {
    const bool vrm_springs = s.vrm_springs && ctx.springs && !ctx.springs->empty();
    if (vrm_springs) simulate_vrm_springs(s, ch, ctx);
    // Steps 1-7 at the frame's own time (the replay left the pose at its last whole step).
    pose_before_springs(s, s.time, ch, ctx, true);
    // Step 8.
    if (vrm_springs) {
        copy_globals_to_springs(ch, ctx);
        ctx.springs->apply(ctx.spring_scene);
        copy_springs_to_poses(ch, ctx);
    }
    const SpringChainState& sc = s.spring_chain;
    auto& skins = ch.skins();
    ctx.spring_chain_error.clear();
    if (sc.enabled && sc.chain && !sc.chain->links.empty() && sc.skin >= 0 &&
        static_cast<size_t>(sc.skin) < skins.size()) {
        // The Graph panel validates the chain when it builds it; one that does not fit this skin's
        // pose is refused here with the reason (in the context, as the IK's is), and the pose stays
        // as steps 1 to 7 left it.
        const Status st = apply_spring_chain(*sc.chain, sc.impulse_radians, 0.0, sc.clock - sc.kick_time,
                                             skins[static_cast<size_t>(sc.skin)].pose);
        if (st)
            share_skin_pose(ch, sc.skin);
        else
            ctx.spring_chain_error = st.error().message;
    }
    // Step 9.
    ch.apply_poses();
}

}  // namespace sv::anim
