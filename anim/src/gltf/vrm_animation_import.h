// Reading a VRM Animation (.vrma, the root extension `VRMC_vrm_animation` 1.0) from the document's
// JSON into anim::Vrm (version Animation), private to anim/src/gltf. A .vrma is a glb of nodes and
// clips with no mesh: its humanoid map says which node is which bone, and its rest pose is the
// nodes' own transforms (the specification's T-pose), which is what retargeting lines up against.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim::gltf {

// Fills `out` when the document has VRMC_vrm_animation and no VRM avatar extension (an avatar keeps
// its own map; the animation extension is then a note). A bone name VRM 1.0 does not define, a
// node index out of range or a node under two bones is refused naming the element: the map is all
// a .vrma says about its clip, and a wrong entry would play one limb's motion on another.
Status read_vrm_animation(const nlohmann::json& doc, Vrm& out, std::vector<std::string>& notes);

// A .vrma has no skin, and a clip is retargeted from a skeleton: this adds one over the humanoid
// nodes and every node between them and their root, parents first, inverse binds from the rest.
// Does nothing unless asset.vrm is an Animation with no skin of its own. A line goes to the report.
void add_vrm_animation_skin(Asset& asset);

}  // namespace sv::anim::gltf
