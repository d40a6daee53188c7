// Reading VRM 0.x (`VRM`) and 1.0 (`VRMC_vrm`, `VRMC_springBone`, `VRMC_node_constraint`) from
// the document's JSON into anim::Vrm (private to anim/src/gltf). Read from the JSON rather than
// tinygltf's Value tree so the refusals name the element as the file spells it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/vrm.h"

namespace sv::anim::gltf {

// Fills `out` (left at version None when the file is no VRM). A node index out of range, or a
// spring whose joints do not form a parent-to-child chain, is refused naming the element: the
// simulation would otherwise swing bones the file never meant. What the file has that skinview
// does not apply goes to `notes`, one line each.
Status read_vrm(const nlohmann::json& doc, Vrm& out, std::vector<std::string>& notes);

}  // namespace sv::anim::gltf
