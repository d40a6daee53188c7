// The writer's half of VRM (private to anim/src/gltf): anim::Vrm put into a document as VRM 1.0
// (`VRMC_vrm`, `VRMC_springBone`) or 0.x (`VRM`), the inverse of vrm_import.cpp, for the
// project's own avatars.
#pragma once

#include <nlohmann/json.hpp>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/vrm.h"

namespace sv::anim::gltf {

// Adds the extensions and their names to extensionsUsed. Refuses a 0.x spring whose joints are
// not one subtree walked parents-first from its first joint (0.x can only say "this root and all
// below"), and a 1.0 spring whose last joint has no tail node.
Status write_vrm(const Vrm& vrm, nlohmann::json& doc);

// The materials' MToon parameters (their factors; the fixtures texture no MToon slot): 1.0's
// VRMC_materials_mtoon on each material, or for a VRM 0.x asset "VRM/MToon" materialProperties
// holding the 0.x values that the reader's three-vrm mapping turns back into them. After
// write_vrm and the materials.
void write_mtoon(const Asset& asset, nlohmann::json& doc);

}  // namespace sv::anim::gltf
