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

struct WriteOptions {
    // Node channels as KHR_animation_pointer channels ("/nodes/N/translation") instead of core
    // targets: the same animation, spelt as that extension's fixtures need.
    bool node_pointers = false;
};

// Serialises nodes, meshes, materials (factors, a base colour texture with its transform,
// KHR_materials_diffuse_transmission's factor and colour),
// images (as PNG), samplers, KHR_lights_punctual lights, skins and clips (material and light
// properties as KHR_animation_pointer channels) as glTF 2.0. Deterministic.
sv::Expected<std::vector<std::uint8_t>> write_glb(const Asset& asset, const WriteOptions& options = {});
// `.glb`, `.vrm` and `.vrma` write binary; any other name writes .gltf JSON with the buffer as a
// data URI.
sv::Status write_gltf_file(const Asset& asset, const std::string& path, const WriteOptions& options = {});

}  // namespace sv::anim
