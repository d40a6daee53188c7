#include "avatar_steps.h"

#include <algorithm>

#include "anim/avatar/expressions.h"
#include "anim/character/character.h"

namespace sv::anim {

namespace {

void write_rotation(Character& ch, std::pair<int, int> target, const glm::dquat& q) {
    const auto [k, j] = target;
    float* r = &ch.skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
    r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
    r[3] = static_cast<float>(q.w);
}

void copy_globals(const Character& ch, Scene& scene) {
    const auto& pose = ch.scene_pose();
    for (size_t i = 0; i < scene.nodes.size(); ++i) scene.nodes[i].global = pose.global(static_cast<int>(i));
}

// `over`'s names replace the same names in `values` (three-vrm's look-at applier sets its four every
// frame; a .vrma's tracks drive the names they have); the override rules then act on them as usual.
void replace_names(std::vector<std::pair<std::string, double>>& values,
                   const std::vector<std::pair<std::string, double>>& over) {
    if (over.empty()) return;
    values.erase(std::remove_if(values.begin(), values.end(),
                                [&](const auto& v) {
                                    return std::any_of(over.begin(), over.end(),
                                                       [&](const auto& o) { return o.first == v.first; });
                                }),
                 values.end());
    values.insert(values.end(), over.begin(), over.end());
}

}  // namespace

void apply_look_at(const LookAtState& look, Character& ch, FrameContext& ctx) {
    ctx.look_values.clear();
    ctx.look_angles = {};
    if (!ctx.look_at || !look.on) return;
    const auto& pose = ch.scene_pose();
    const glm::dvec3 target = look.node >= 0 ? glm::dvec3(pose.global(look.node)[3]) : look.point;
    copy_globals(ch, ctx.look_scene);
    ctx.look_angles = ctx.look_at->angles(ctx.look_scene, target);
    if (ctx.look_at->type() == VrmLookAtType::Expression) {
        ctx.look_values = ctx.look_at->expression_values(ctx.look_angles);
        return;
    }
    const auto eyes = ctx.look_at->eye_rotations(ctx.look_angles);
    for (size_t i = 0; i < eyes.size(); ++i)
        if (ctx.look_targets[i].first >= 0) write_rotation(ch, ctx.look_targets[i], eyes[i].second);
    ch.apply_poses();
}

void apply_expressions(const std::vector<std::pair<std::string, double>>& values, Character& ch,
                       FrameContext& ctx) {
    ctx.expression_values = values;
    replace_names(ctx.expression_values, ctx.vrma_values);
    replace_names(ctx.expression_values, ctx.look_values);
    ctx.expression_error.clear();
    if (ctx.expression_values.empty()) return;
    auto mw = expression_morph_weights(ch.asset().vrm, ctx.expression_values);
    if (!mw) {
        ctx.expression_error = mw.error().message;
        return;
    }
    for (const auto& m : *mw) ch.set_morph_weight(m.node, m.index, m.weight);
}

void apply_constraints(Character& ch, FrameContext& ctx) {
    if (!ctx.constraints) return;
    copy_globals(ch, ctx.constraint_scene);
    ctx.constraints->apply(ctx.constraint_scene);
    const std::vector<int> nodes = ctx.constraints->nodes();
    for (size_t i = 0; i < nodes.size(); ++i)
        if (ctx.constraint_targets[i].first >= 0)  // a constrained node no skin lists draws nothing
            write_rotation(ch, ctx.constraint_targets[i],
                           ctx.constraint_scene.nodes[static_cast<size_t>(nodes[i])].rotation);
    ch.apply_poses();
}

void copy_globals_to_springs(const Character& ch, FrameContext& ctx) { copy_globals(ch, ctx.spring_scene); }

void copy_springs_to_poses(Character& ch, FrameContext& ctx) {
    const std::vector<int> nodes = ctx.springs->nodes();
    for (size_t i = 0; i < nodes.size(); ++i)
        if (ctx.spring_targets[i].first >= 0)  // a spring node no skin lists: nothing drawn hangs from it
            write_rotation(ch, ctx.spring_targets[i],
                           ctx.spring_scene.nodes[static_cast<size_t>(nodes[i])].rotation);
    ch.apply_poses();
}

}  // namespace sv::anim
