// Loading glTF 2.0 (.gltf with external or data-URI buffers, and .glb) into an Asset.
//
// tinygltf parses; everything it hands over is re-checked here before a byte is read (accessor and
// buffer-view bounds, index ranges, key times), because a hostile or broken file must produce an
// Error naming the element and the reason, never a crash. Nothing is half-loaded: either the whole
// Asset, with its scene walked (globals derived), or an Error. Things that did not stop the load
// (renormalised weights, ignored morph targets, the glTF validator's skin warnings) go to
// Asset::report, one line each.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "anim/asset.h"
#include "anim/expected.h"

namespace sv::anim {

// `.glb` is recognised by its magic bytes, not its name.
sv::Expected<Asset> load_gltf(const std::string& path);
// `base_dir` resolves external buffers and images; `binary` selects GLB.
sv::Expected<Asset> load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                                          bool binary);

}  // namespace sv::anim
