// SceneSession's frame, headless: the pose state this session holds, posed by anim::evaluate_frame
// (the window's model calls the same function: anim/frame/evaluate_frame.h has the order and the
// springs), then the material binds and the palette.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "anim/avatar/expression_materials.h"
#include "scene_session.h"
#include "ui/viewer_model.h"

namespace sv::viewer {

anim::LookAtState SceneSession::look_at_state() const {
    anim::LookAtState l;
    l.on = state().look_at.mode != LookTarget::Mode::Off;
    l.point = state().look_at.point;
    if (state().look_at.mode == LookTarget::Mode::Camera) {
        const auto& cams = character_->asset().cameras;
        const int fc = state().file_camera;
        if (fc >= 0 && static_cast<size_t>(fc) < cams.size() && cams[static_cast<size_t>(fc)].node >= 0)
            l.node = cams[static_cast<size_t>(fc)].node;
        else
            l.point = glm::dvec3(state().camera.eye());
    }
    return l;
}

anim::PoseState SceneSession::pose_state() const {
    // Root motion as the view chose it (settings key `root_motion`): the travel out of the root,
    // the character at the origin, as the window draws a restored view before it plays on.
    anim::PoseState p = model_->pose_state();
    p.look_at = look_at_state();
    return p;
}

void SceneSession::set_time(float t) {
    const double step = static_cast<double>(t) - static_cast<double>(time());
    // A sequence steps view time for the clip, the graph and the spring chain alike.
    advance({step, step});
    // Exactly as given, not the float sum of the step nor wrapped into the clip: frame k of a
    // sequence samples the time `render --time` samples (a looping clip wraps it in the sampler).
    model_->animation.time = static_cast<double>(t);
}

void SceneSession::advance(const ui::ClockStep& step) {
    model_->advance(step, model_->graph.duration(*character_, model_->animation.clip));
}

void SceneSession::pose() {
    anim::evaluate_frame(pose_state(), *character_, frame_);
    apply_material_binds();
    (void)renderer_->write_palettes(*character_, {});
    renderer_->upload_palettes();
}

void SceneSession::apply_expression_weights() {
    for (const auto& m : expression_weights_) character_->set_morph_weight(m.node, m.index, m.weight);
}

void SceneSession::apply_material_binds() {
    if (!character_->asset().vrm.present()) return;
    auto mv = anim::expression_material_values(character_->asset(), frame_.expression_values);
    renderer_->set_material_overrides(mv ? std::move(*mv) : std::vector<anim::ExpressionMaterialValue>{});
}

}  // namespace sv::viewer
