// Writing an Asset as glTF 2.0: the project's own characters (assets/, the tests' fixtures) go to
// disk through this, so it belongs with the reader (it links nlohmann-json) and not with the
// runtime. `skinview fix` does not use it: fix edits the file it read (anim/gltf/fix_gltf.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// Serialises nodes, meshes, materials, skins and clips (not images) as glTF 2.0. Deterministic.
sv::Expected<std::vector<std::uint8_t>> write_glb(const Asset& asset);
// `.glb` writes binary; any other name writes .gltf JSON with the buffer as a data URI.
sv::Status write_gltf_file(const Asset& asset, const std::string& path);

}  // namespace sv::anim
