// SceneSession's frame, headless: the clip with the pose edits, then VRM 1.0's order (look-at,
// constraints, springs by a fixed-step replay, expressions and their material binds), and the
// palette. The window runs the same steps one by one around its panels (interactive_viewer.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "anim/avatar/expression_materials.h"
#include "scene_session.h"

namespace sv::viewer {

void SceneSession::pose_clip_at(float t) {
    character_->pose_at(state_.clip, t, state_.loop);
    if (anim::apply_pose_edits(pose_edits_, *character_)) character_->apply_poses();
}

void SceneSession::pose() {
    pose_clip_at(state_.time);
    apply_look_at();
    apply_constraints();
    if (springs_ && springs_on_) simulate_springs();
    apply_expressions();
    (void)renderer_->write_palettes(*character_, {});
    renderer_->upload_palettes();
}

// The swing at time t is the fixed-step simulation over the steps up to t, each step seeing the clip
// posed at its own time: playing forward continues it step by step; a jump back, a clip change or a
// jump of more than 2 s starts again from the pose 2 s (120 steps) before t, so a still frame at
// time t (render, bake) is the same every run. What that costs: a hair chain still swinging from
// more than 2 s ago is not reproduced in a still frame, and a cold start poses the clip 120 times.
void SceneSession::simulate_springs() {
    constexpr double dt = anim::SpringBones::kStep;
    const long target = std::max(0L, static_cast<long>(std::floor(state_.time / dt)));
    auto posed_at = [this](double t) {
        pose_clip_at(static_cast<float>(t));
        apply_look_at();
        apply_constraints();
        copy_globals_to_springs();
    };
    if (spring_step_ < 0 || spring_clip_ != state_.clip || target < spring_step_ ||
        target - spring_step_ > 120) {
        spring_step_ = std::max(0L, target - 120);
        spring_clip_ = state_.clip;
        posed_at(static_cast<double>(spring_step_) * dt);
        springs_->reset(spring_scene_);
    }
    for (long k = spring_step_ + 1; k <= target; ++k) {
        posed_at(static_cast<double>(k) * dt);
        springs_->step(spring_scene_, dt);
    }
    spring_step_ = target;
    posed_at(state_.time);
    springs_->apply(spring_scene_);
    copy_springs_to_poses();
}

void SceneSession::swing_springs(double seconds) {
    if (!springs_ || !springs_on_) return;
    copy_globals_to_springs();
    springs_->advance(spring_scene_, seconds);
    springs_->apply(spring_scene_);
    copy_springs_to_poses();
    spring_step_ = -1;  // a later pose() (render from the viewer) starts its own run
}

void SceneSession::apply_constraints() {
    if (!constraints_) return;
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < constraint_scene_.nodes.size(); ++i)
        constraint_scene_.nodes[i].global = pose.global(static_cast<int>(i));
    constraints_->apply(constraint_scene_);
    const std::vector<int> nodes = constraints_->nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto [k, j] = constraint_targets_[i];
        if (k < 0) continue;  // a constrained node no skin lists draws nothing
        const glm::dquat& q = constraint_scene_.nodes[static_cast<size_t>(nodes[i])].rotation;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

void SceneSession::apply_look_at() {
    look_values_.clear();
    look_angles_ = {};
    if (!look_at_ || state_.look_at.mode == LookTarget::Mode::Off) return;
    glm::dvec3 target = state_.look_at.point;
    if (state_.look_at.mode == LookTarget::Mode::Camera) {
        const auto& cams = character_->asset().cameras;
        const int fc = state_.file_camera;
        target = fc >= 0 && static_cast<size_t>(fc) < cams.size() && cams[static_cast<size_t>(fc)].node >= 0
                     ? glm::dvec3(character_->scene_pose().global(cams[static_cast<size_t>(fc)].node)[3])
                     : glm::dvec3(state_.camera.eye());
    }
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < look_scene_.nodes.size(); ++i)
        look_scene_.nodes[i].global = pose.global(static_cast<int>(i));
    look_angles_ = look_at_->angles(look_scene_, target);
    if (look_at_->type() == anim::VrmLookAtType::Expression) {
        look_values_ = look_at_->expression_values(look_angles_);
        return;
    }
    const auto eyes = look_at_->eye_rotations(look_angles_);
    for (size_t i = 0; i < eyes.size(); ++i) {
        const auto [k, j] = look_targets_[i];
        if (k < 0) continue;  // an eye no skin lists moves nothing drawn
        const glm::dquat& q = eyes[i].second;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

void SceneSession::apply_expressions() {
    if (look_values_.empty()) {
        for (const auto& m : expression_weights_) character_->set_morph_weight(m.node, m.index, m.weight);
    } else {
        auto mw = anim::expression_morph_weights(character_->asset().vrm, expression_values_with_look());
        // The names were checked when they were set, and the look names are the avatar's own.
        if (mw)
            for (const auto& m : *mw) character_->set_morph_weight(m.node, m.index, m.weight);
    }
    apply_material_binds();
}

// The look-at's weights replace any given for the same four names (three-vrm's applier sets them
// every frame); the override rules of the other expressions then act on them as usual.
std::vector<std::pair<std::string, double>> SceneSession::expression_values_with_look() const {
    std::vector<std::pair<std::string, double>> values;
    for (const auto& v : expression_values_)
        if (std::none_of(look_values_.begin(), look_values_.end(),
                         [&](const auto& l) { return l.first == v.first; }))
            values.push_back(v);
    values.insert(values.end(), look_values_.begin(), look_values_.end());
    return values;
}

void SceneSession::apply_material_binds() {
    if (!character_->asset().vrm.present()) return;
    auto mv = anim::expression_material_values(character_->asset(), expression_values_with_look());
    renderer_->set_material_overrides(mv ? std::move(*mv) : std::vector<anim::ExpressionMaterialValue>{});
}

Expected<LookTarget> parse_look_target(const std::string& text) {
    LookTarget t;
    if (text == "off") return t;
    if (text == "camera") {
        t.mode = LookTarget::Mode::Camera;
        return t;
    }
    double v[3];
    const char* c = text.c_str();
    for (int i = 0; i < 3; ++i) {
        char* end = nullptr;
        v[i] = std::strtod(c, &end);
        const char want = i < 2 ? ',' : '\0';
        if (end == c || *end != want || !std::isfinite(v[i]))
            return make_error("--look-at '" + text +
                              "': expected x,y,z (a world point in metres), camera or off");
        c = end + (i < 2 ? 1 : 0);
    }
    t.mode = LookTarget::Mode::Point;
    t.point = {v[0], v[1], v[2]};
    return t;
}

std::string format_look_target(const LookTarget& t) {
    if (t.mode == LookTarget::Mode::Off) return "off";
    if (t.mode == LookTarget::Mode::Camera) return "camera";
    char b[128];
    std::snprintf(b, sizeof b, "%.9g,%.9g,%.9g", t.point.x, t.point.y, t.point.z);
    return b;
}

void SceneSession::copy_globals_to_springs() {
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < spring_scene_.nodes.size(); ++i)
        spring_scene_.nodes[i].global = pose.global(static_cast<int>(i));
}

void SceneSession::copy_springs_to_poses() {
    const std::vector<int> nodes = springs_->nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto [k, j] = spring_targets_[i];
        if (k < 0) continue;  // a spring node no skin lists: nothing drawn hangs from it
        const glm::dquat& q = spring_scene_.nodes[static_cast<size_t>(nodes[i])].rotation;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

}  // namespace sv::viewer
