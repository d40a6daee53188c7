// The nodes that draw a mesh with a given skin. A skin may be shared (Xbot's body and joints
// surfaces share one), and every such node needs its own frame.
#pragma once

#include <vector>

#include "anim/scene/scene.h"

namespace sv::anim {

std::vector<int> skinned_mesh_nodes(const Scene& scene, int skin_index);

}  // namespace sv::anim
