#include "ui/viewer_model.h"

#include "anim/avatar/vrm_animation.h"
#include "anim/scene/shared_joints.h"

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
    screenshot_message.clear();
    graph.attach(character, 0);
    graph.root.bind(character, 0, animation.clip);
}

bool ViewerModel::select_joint(const anim::Character& character, int skin, int joint) {
    if (!scene.select_joint(character, skin, joint)) return false;
    if (joints.skin != skin) joints.rebuild(character, skin);
    return true;
}

void ViewerModel::advance_and_pose(anim::Character& character, double dt) {
    const double step = animation.playing ? dt * static_cast<double>(animation.speed) : 0.0;
    const double from = animation.time;
    graph.clock += step;
    graph.spring.clock += dt;  // the spring swings in wall time, paused or not
    animation.advance(dt, graph.duration(character, animation.clip));
    pose_with_step(character, from, step);
}

void ViewerModel::pose(anim::Character& character) { pose_with_step(character, animation.time, 0.0); }

void ViewerModel::base_pose(anim::Character& character) {
    const float t = static_cast<float>(animation.time);
    auto& skins = character.skins();
    const int skin = 0;
    const bool has_skin = !skins.empty();
    switch (graph.mode) {
        case GraphMode::Blend:
            if (graph.tree && has_skin) {
                character.pose_at(-1, 0.0f, true);
                graph.tree->evaluate(graph.params, animation.time, skins[skin].pose);
                return;
            }
            break;
        case GraphMode::StateMachine:
            if (graph.machine && has_skin) {
                character.pose_at(-1, 0.0f, true);
                graph.machine->update(graph.params, graph.clock, skins[skin].pose);
                return;
            }
            break;
        case GraphMode::Retarget:
            if (graph.source && has_skin) {
                character.pose_at(-1, 0.0f, true);
                // The target was just posed at rest: its world matrices are the rest the clip is
                // measured against.
                graph.source->pose_at(graph.source_clip, t, animation.loop);
                anim::retarget_rest_relative(graph.rest, graph.source->skins()[0].skeleton.world(),
                                             skins[skin].skeleton, skins[skin].pose);
                // A .vrma's expression tracks drive the avatar's Expressions sliders while it
                // plays, as its bone tracks drive the skeleton (the names the avatar has).
                if (const auto faces = anim::vrma_expression_values(*graph.source, character.asset().vrm);
                    !faces.values.empty()) {
                    for (const auto& [name, w] : faces.values) (void)expressions.set(name, w);
                    (void)expressions.update(character);
                }
                return;
            }
            break;
        case GraphMode::Clip:
            break;
    }
    character.pose_at(animation.clip, t, animation.loop);
}

void ViewerModel::pose_with_step(anim::Character& character, double from, double step) {
    base_pose(character);
    auto& skins = character.skins();
    const bool clip_mode = graph.mode == GraphMode::Clip && animation.clip >= 0;
    if (animation.root_motion && clip_mode && !skins.empty()) {
        if (graph.root.clip != animation.clip) graph.root.bind(character, 0, animation.clip);
        const anim::Clip& clip = character.asset().clips[static_cast<size_t>(animation.clip)];
        graph.root.step(clip, from, from + step);
        if (graph.root.joint >= 0)
            anim::strip_root_motion(clip, graph.root.channels, graph.root.joint, skins[0].pose);
    } else if (graph.root.joint >= 0 && !graph.root.trail.empty()) {
        graph.root.reset();
    }
    if (graph.spring.enabled && !graph.spring.chain.links.empty() && !skins.empty())
        anim::apply_spring_chain(graph.spring.chain,
                                 glm::radians(static_cast<double>(graph.spring.impulse_degrees)), 0.0,
                                 graph.spring.clock - graph.spring.impulse_time, skins[0].pose);
    // The graph, root motion and the spring chain drove skin 0: a second skin over the same nodes
    // (RobotExpressive's hand) moves with it.
    anim::share_skin_pose(character, 0);
    (void)anim::apply_pose_edits(pose_edits, character);
    character.apply_poses();
    if (ik.enabled && ik.skin >= 0 && static_cast<size_t>(ik.skin) < skins.size()) {
        // The handles live in the character's own space (the skeleton's, before the root-motion
        // placement), so a walking character carries them along; the viewer draws and drags them
        // through the placement.
        ik.solve(skins[static_cast<size_t>(ik.skin)]);
        anim::share_skin_pose(character, ik.skin);
        character.apply_poses();
    }
    // Over the pose (pose_at reset the morph weights), before the morph list reads what is drawn.
    expressions.apply(character);
    morph.refresh(character, scene.selected_node);
    if (animation.root_motion && clip_mode && graph.root.joint >= 0 && !skins.empty()) {
        const auto& w = skins[0].skeleton.world();
        const size_t o = static_cast<size_t>(graph.root.joint) * 16;
        const glm::vec4 p = graph.root.model() * glm::vec4(w[o + 12], w[o + 13], w[o + 14], 1.0f);
        graph.root.record(glm::vec3(p));
    }
}

}  // namespace sv::ui
