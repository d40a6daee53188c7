#include "ui/viewer_model.h"

#include "anim/avatar/vrm_animation.h"
#include "anim/character/shared_joints.h"

namespace sv::ui {

void ViewerModel::attach(anim::Character& character) {
    scene.rebuild(character);
    animation.reset(character);
    character.pose_at(animation.clip, 0.0f, animation.loop);
    joints.rebuild(character, 0);
    conflicts.rebuild(character);
    notes.rebuild(character);
    humanoid.rebuild(character);
    expressions.rebuild(character);
    ik.rebuild(character, 0);
    palette = {};
    morph = {};
    morph.refresh(character, -1);
    palette.counts = count_vertex_data(character);
    diagnose = {};
    weights_skin = 0;
    weights_joint = -1;
    pose_edits.reset_all();
    // A new file starts from its own clips: the retarget source, the springs and the last
    // screenshot's message belong to the file they were set on (they used to carry over, so the
    // next file played another rig's clip with springs the user never set on it).
    graph.source.reset();
    graph.source_path.clear();
    graph.source_error.clear();
    graph.map = {};
    graph.mode = GraphMode::Clip;
    graph.spring = {};
    // IK, the playback speed and root motion belong to the file as the clip does (docs/settings.md
    // says which keys a new file resets): RobotExpressive used to open with an arm pinned by the
    // last file's IK.
    ik.enabled = false;
    ik.weight = 1.0f;
    animation.speed = 1.0f;
    animation.root_motion = false;
    screenshot_message.clear();
    message_about_saved_view = false;
    graph.attach(character, 0);
    graph.root.bind(character, 0, animation.clip);
}

bool ViewerModel::select_joint(const anim::Character& character, int skin, int joint) {
    if (!scene.select_joint(character, skin, joint)) return false;
    if (joints.skin != skin) joints.rebuild(character, skin);
    return true;
}

void ViewerModel::advance(const ClockStep& step, double duration) {
    animation.move_by(step.clip, duration);
    graph.clock += step.clip;
    graph.spring.clock += step.wall;
}

void ViewerModel::advance_and_pose(anim::Character& character, double dt) {
    const ClockStep step{animation.playing ? dt * static_cast<double>(animation.speed) : 0.0, dt};
    const double from = animation.time;
    advance(step, graph.duration(character, animation.clip));
    pose_with_step(character, from, step.clip);
}

void ViewerModel::pose(anim::Character& character) { pose_with_step(character, animation.time, 0.0); }

anim::PoseState ViewerModel::pose_state() const {
    anim::PoseState s;
    s.clip = animation.clip;
    // The headless verbs carry the time as a float; rounding here samples the same instant.
    s.time = static_cast<float>(animation.time);
    s.loop = animation.loop;
    s.graph.mode = graph.mode;
    s.graph.params = &graph.params;
    s.graph.tree = graph.tree.get();
    s.graph.machine = graph.machine.get();
    s.graph.clock = graph.clock;
    s.graph.source = graph.source.get();
    s.graph.source_clip = graph.source_clip;
    s.graph.rest = const_cast<anim::RetargetRest*>(&graph.rest);  // measured once, on the first frame
    s.root_motion.strip = animation.root_motion && graph.root.joint >= 0;
    s.root_motion.joint = graph.root.joint;
    s.root_motion.channels = graph.root.channels;
    s.pose_edits = &pose_edits;
    s.ik.enabled = ik.enabled;
    s.ik.skin = ik.skin;
    s.ik.root = ik.chain.root, s.ik.mid = ik.chain.mid, s.ik.tip = ik.chain.tip;
    s.ik.target = ik.target, s.ik.pole = ik.pole;
    s.ik.weight = static_cast<double>(ik.weight);
    s.ik.twist_angle = glm::radians(static_cast<double>(ik.twist_degrees));
    s.ik.soften = static_cast<double>(ik.soften);
    s.look_at = look_at;
    s.expressions = expressions.active();
    s.vrm_springs = vrm_springs;
    s.spring_chain.enabled = graph.spring.enabled;
    s.spring_chain.chain = &graph.spring.chain;
    s.spring_chain.skin = 0;
    s.spring_chain.impulse_radians = glm::radians(static_cast<double>(graph.spring.impulse_degrees));
    s.spring_chain.clock = graph.spring.clock;
    s.spring_chain.kick_time = graph.spring.impulse_time;
    return s;
}

void ViewerModel::pose_with_step(anim::Character& character, double from, double step) {
    auto& skins = character.skins();
    const bool clip_mode = graph.mode == GraphMode::Clip && animation.clip >= 0;
    // Root motion's placement integrates the played steps (a walk's distance is the sum of what was
    // played): the window's, kept here; the frame only takes the travel out of the root joint.
    if (animation.root_motion && clip_mode && !skins.empty()) {
        if (graph.root.clip != animation.clip) graph.root.bind(character, 0, animation.clip);
        graph.root.step(character.asset().clips[static_cast<size_t>(animation.clip)], from, from + step);
    } else if (graph.root.joint >= 0 && !graph.root.trail.empty()) {
        graph.root.reset();
    }
    anim::FrameContext& ctx = frame ? *frame : own_frame_;
    anim::evaluate_frame(pose_state(), character, ctx);
    ik.solved = ctx.ik_solved;
    ik.reachable = ctx.ik_reachable;
    if (ik.enabled && ik.chain.tip >= 0) ik.error = ctx.ik_error;
    // A .vrma's expression tracks move the Expressions sliders while it plays, as its bone tracks
    // move the skeleton; the frame already drew them.
    if (!ctx.vrma_values.empty()) {
        for (const auto& [name, w] : ctx.vrma_values) (void)expressions.set(name, w);
        (void)expressions.update(character);
    }
    morph.refresh(character, scene.selected_node);
    if (animation.root_motion && clip_mode && graph.root.joint >= 0 && !skins.empty()) {
        const auto& w = skins[0].skeleton.world();
        const size_t o = static_cast<size_t>(graph.root.joint) * 16;
        const glm::vec4 p = graph.root.model() * glm::vec4(w[o + 12], w[o + 13], w[o + 14], 1.0f);
        graph.root.record(glm::vec3(p));
    }
}

}  // namespace sv::ui
