// KHR_draco_mesh_compression (private to anim/src): primitives whose attributes and indices are a
// Draco stream in a buffer view. Described from the JSON by the document checks (which hide a
// Draco primitive's data-less indices accessor from tinygltf, which refuses one), decoded after
// tinygltf has loaded the buffers into new buffer views the primitive's accessors then read, so
// every check downstream (counts, index ranges, weights) is the same as for plain data.
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

struct DracoPrimitive {
    size_t mesh = 0, primitive = 0;
    size_t view = 0;                        // the compressed stream
    std::map<std::string, int> attributes;  // glTF attribute name -> Draco unique id
    int indices = -1;                       // the primitive's indices accessor, restored after decoding
};

Status describe_draco(nlohmann::json& doc, std::vector<DracoPrimitive>& out, bool& edited);

// Decodes each primitive's stream and points its accessors at the decoded data.
Status decode_draco(tinygltf::Model& m, const std::vector<DracoPrimitive>& primitives);

}  // namespace sv::anim::gltf
