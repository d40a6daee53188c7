#include "anim/avatar/vrm_facing.h"

#include <glm/gtc/constants.hpp>

namespace sv::anim {

std::string apply_vrm_facing(Asset& asset) {
    if (asset.vrm.version != VrmVersion::V0) return "";
    Scene& s = asset.scene;
    if (s.find(kVrmFacingNode) >= 0) return "";
    const std::vector<int> roots = s.roots();
    Node turn;
    turn.name = kVrmFacingNode;
    turn.rotation = glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0));
    turn.children = roots;
    const int idx = static_cast<int>(s.nodes.size());
    s.nodes.push_back(turn);
    for (int r : roots) s.nodes[static_cast<size_t>(r)].parent = idx;
    s.update_matrices();
    return kVrmFacingNote;
}

}  // namespace sv::anim
