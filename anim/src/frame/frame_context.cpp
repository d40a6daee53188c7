#include "anim/frame/frame_context.h"

#include <algorithm>

#include "anim/character/character.h"
#include "anim/scene/asset.h"

namespace sv::anim {

FrameContext FrameContext::create(Asset& asset, std::vector<std::string>& report) {
    FrameContext c;
    if (!asset.vrm.present()) return c;
    asset.scene.update_matrices();
    // Each degrades rather than failing the load: the geometry is untouched by a spring, constraint
    // or look-at that cannot run; that part of the avatar rests.
    if (!asset.vrm.springs.empty()) {
        if (auto sb = SpringBones::create(asset.vrm, asset.scene)) {
            c.springs = std::move(*sb);
            c.spring_scene = asset.scene;
        } else {
            report.push_back("VRM spring bones: not simulated: " + sb.error().message);
        }
    }
    if (!asset.vrm.constraints.empty()) {
        if (auto nc = NodeConstraints::create(asset.vrm, asset.scene)) {
            c.constraints = std::move(*nc);
            c.constraint_scene = asset.scene;
        } else {
            report.push_back("VRMC_node_constraint: not applied: " + nc.error().message);
        }
    }
    if (asset.vrm.look_at.present) {
        if (auto la = LookAt::create(asset.vrm, asset.scene)) {
            c.look_at = std::move(*la);
            c.look_scene = asset.scene;
        } else {
            report.push_back("VRM look-at: not applied: " + la.error().message);
        }
    }
    return c;
}

void FrameContext::bind(const Character& character) {
    const auto& skins = character.asset().skins;
    const auto joint_of = [&](int node) {
        for (size_t k = 0; k < skins.size(); ++k) {
            const auto it = std::find(skins[k].joints.begin(), skins[k].joints.end(), node);
            if (it != skins[k].joints.end())
                return std::pair<int, int>{static_cast<int>(k),
                                           static_cast<int>(it - skins[k].joints.begin())};
        }
        return std::pair<int, int>{-1, -1};
    };
    look_targets.clear();
    constraint_targets.clear();
    spring_targets.clear();
    if (look_at)
        for (int node : look_at->eye_nodes()) look_targets.push_back(joint_of(node));
    if (constraints)
        for (int node : constraints->nodes()) constraint_targets.push_back(joint_of(node));
    if (springs)
        for (int node : springs->nodes()) spring_targets.push_back(joint_of(node));
    spring_step = -1;
}

}  // namespace sv::anim
