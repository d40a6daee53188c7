#include "anim/character/shared_joints.h"

#include <algorithm>

namespace sv::anim {

void share_skin_pose(Character& character, int from) {
    auto& skins = character.skins();
    const auto& nodes_of = character.asset().skins;
    if (from < 0 || static_cast<size_t>(from) >= skins.size() || static_cast<size_t>(from) >= nodes_of.size())
        return;
    const std::vector<int>& source_nodes = nodes_of[static_cast<size_t>(from)].joints;
    const Pose& source = skins[static_cast<size_t>(from)].pose;
    for (size_t k = 0; k < skins.size() && k < nodes_of.size(); ++k) {
        if (static_cast<int>(k) == from) continue;
        const std::vector<int>& nodes = nodes_of[k].joints;
        Pose& pose = skins[k].pose;
        for (size_t j = 0; j < nodes.size() && static_cast<int>(j) < pose.joint_count(); ++j) {
            const auto it = std::find(source_nodes.begin(), source_nodes.end(), nodes[j]);
            if (it == source_nodes.end()) continue;
            const size_t i = static_cast<size_t>(it - source_nodes.begin());
            if (static_cast<int>(i) >= source.joint_count()) continue;
            std::copy_n(&source.translation[i * 3], 3, &pose.translation[j * 3]);
            std::copy_n(&source.rotation[i * 4], 4, &pose.rotation[j * 4]);
            std::copy_n(&source.scale[i * 3], 3, &pose.scale[j * 3]);
        }
    }
}

}  // namespace sv::anim
