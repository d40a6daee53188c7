// The VRM Animation (.vrma) of the humanoid's walk (anim/asset_tools/vrm_builder.h): the box
// humanoid's clip moved into VRM 1.0's frame, with expression tracks for the tests.
#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/vrm_builder.h"
#include "anim/graph/humanoid_names.h"
#include "builder_parts.h"

namespace sv::anim {

Asset build_vrm_animation(const VrmAnimationOptions& options) {
    const Asset h = build_humanoid_asset(HumanoidShape::MixamoExport);
    // The humanoid's node 0 is the Armature (turned +90 about X, scale 0.01), node 1 the mesh node,
    // then the joints parents first; its Hips undoes the Armature's turn, so every joint below it
    // is already in the character's frame with an identity rest rotation. Taking the Armature out
    // means: Hips' rest and keys turned back by the Armature's turn, every translation in metres.
    const glm::dquat turn = h.scene.nodes[0].rotation;
    const double scale = h.scene.nodes[0].scale.x;
    const int first = 2;
    const int nj = static_cast<int>(h.scene.nodes.size()) - first;
    const auto is_hips = [&](int j) { return h.scene.nodes[static_cast<size_t>(first + j)].parent == 0; };
    Asset a;
    a.source = options.swap_sides ? "build_vrm_animation(swap_sides)" : "build_vrm_animation()";
    auto& nodes = a.scene.nodes;
    nodes.resize(static_cast<size_t>(nj));
    for (int j = 0; j < nj; ++j) {
        const Node& src = h.scene.nodes[static_cast<size_t>(first + j)];
        Node& n = nodes[static_cast<size_t>(j)];
        n.name = "VRMA_" + src.name;
        n.translation = (is_hips(j) ? turn * src.translation : src.translation) * scale;
        n.parent = is_hips(j) ? -1 : src.parent - first;
        for (int c : src.children) n.children.push_back(c - first);
    }
    Clip clip = h.clips[0];
    for (Channel& ch : clip.channels) {
        const bool hips = is_hips(ch.node - first);
        ch.node -= first;
        const size_t k = static_cast<size_t>(ch.components());
        for (size_t i = 0; i + k <= ch.values.size(); i += k) {
            float* v = &ch.values[i];
            if (ch.path == TargetPath::Translation) {
                const glm::dvec3 t =
                    (hips ? turn * glm::dvec3(v[0], v[1], v[2]) : glm::dvec3(v[0], v[1], v[2])) * scale;
                v[0] = float(t.x), v[1] = float(t.y), v[2] = float(t.z);
            } else if (ch.path == TargetPath::Rotation && hips) {
                const glm::dquat q = turn * glm::dquat(v[3], v[0], v[1], v[2]);
                v[0] = float(q.x), v[1] = float(q.y), v[2] = float(q.z), v[3] = float(q.w);
            }
        }
    }

    Vrm& vrm = a.vrm;
    vrm.version = VrmVersion::Animation;
    vrm.spec_version = "1.0";
    const auto swapped = [&](std::string bone) {
        if (!options.swap_sides) return bone;
        if (bone.rfind("left", 0) == 0) return "right" + bone.substr(4);
        if (bone.rfind("right", 0) == 0) return "left" + bone.substr(5);
        return bone;
    };
    for (int j = 0; j < nj; ++j) {
        const std::string bone = humanoid_bone(h.scene.nodes[static_cast<size_t>(first + j)].name);
        if (bone.empty()) continue;
        const bool taken = std::any_of(vrm.humanoid.begin(), vrm.humanoid.end(),
                                       [&](const VrmHumanBone& b) { return b.bone == swapped(bone); });
        if (!taken) vrm.humanoid.push_back({swapped(bone), j});
    }

    // The expression and look-at nodes: roots of their own, as UniVRM's exporter writes them.
    const auto add_root = [&](const std::string& name, glm::dvec3 t) {
        Node n;
        n.name = name;
        n.translation = t;
        nodes.push_back(n);
        return static_cast<int>(nodes.size()) - 1;
    };
    const int blink = add_root("VRMA_Expression_blink", {0, 0, 0});
    const int wink = add_root("VRMA_Expression_wink", {0, 0, 0});
    const int look = add_root("VRMA_LookAt", {0, 1.6, 1.0});
    vrm.animation_expressions = {{"blink", blink, true}, {"wink", wink, false}};
    vrm.animation_look_at = look;
    if (options.expression_tracks)
        clip.channels.push_back(builder::track(
            blink, TargetPath::Translation, clip.duration, 21, [&](double t, std::vector<float>& v) {
                v.insert(v.end(), {float(std::sin(glm::pi<double>() * t / clip.duration)), 0.0f, 0.0f});
            }));
    a.clips.push_back(std::move(clip));

    // "limbs": what tells the sides apart, which the walk cannot (its left and right make the same
    // angles half a stride apart): both upper arms turned the same way about Z (the left one up
    // while the right one goes down, 60 degrees), the left thigh out to the side (30 about Z) and
    // the right one forward (35 about X).
    const auto joint = [&](const char* name) { return a.scene.find(std::string("VRMA_") + name); };
    Clip limbs;
    limbs.name = "limbs";
    limbs.duration = 2.0f;
    const auto turn_track = [&](int node, glm::dvec3 axis, double degrees) {
        return builder::track(node, TargetPath::Rotation, 2.0, 41, [=](double t, std::vector<float>& v) {
            builder::push_quat(v,
                               glm::angleAxis(glm::radians(degrees) * std::sin(glm::pi<double>() * t), axis));
        });
    };
    limbs.channels.push_back(turn_track(joint("LeftArm"), {0, 0, 1}, 60.0));
    limbs.channels.push_back(turn_track(joint("RightArm"), {0, 0, 1}, 60.0));
    limbs.channels.push_back(turn_track(joint("LeftUpLeg"), {0, 0, 1}, 30.0));
    limbs.channels.push_back(turn_track(joint("RightUpLeg"), {1, 0, 0}, -35.0));
    a.clips.push_back(std::move(limbs));
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
