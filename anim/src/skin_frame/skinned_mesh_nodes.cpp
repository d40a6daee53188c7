#include "anim/skin_frame/skinned_mesh_nodes.h"

namespace sv::anim {

std::vector<int> skinned_mesh_nodes(const Scene& scene, int skin_index) {
    std::vector<int> out;
    for (size_t i = 0; i < scene.nodes.size(); ++i)
        if (scene.nodes[i].skin == skin_index && scene.nodes[i].mesh >= 0) out.push_back(static_cast<int>(i));
    return out;
}

}  // namespace sv::anim
