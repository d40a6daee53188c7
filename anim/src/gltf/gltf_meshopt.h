// EXT_meshopt_compression (private to anim/src): buffer views whose bytes are meshoptimizer
// streams, decoded into the view's own buffer (often a "fallback" buffer with no data of its own)
// before any accessor reads them. Described from the JSON by the document checks, decoded after
// tinygltf has loaded the buffers, each size checked before a byte is written.
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

struct MeshoptView {
    size_t view = 0;
    size_t buffer = 0, offset = 0, length = 0;  // the compressed stream
    size_t stride = 0, count = 0;               // the decoded elements
    std::string mode;                           // ATTRIBUTES, TRIANGLES or INDICES
    std::string filter;                         // NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL
};

// A buffer marked as EXT_meshopt_compression's fallback, with no data of its own: tinygltf is
// given one byte for it, and it is sized to byteLength zeros before decoding.
struct FallbackBuffer {
    size_t buffer = 0;
    size_t byte_length = 0;
};

// A fallback buffer is allocated whole from a number in the JSON; past this, all of them together,
// they are refused (the same 256 MiB as the largest image, kMaxImageSide).
inline constexpr size_t kMaxFallbackBytes = size_t(256) << 20;

// Reads and checks the extension's objects in `doc` (buffer views and fallback buffers), and gives
// each fallback buffer without a uri a one-byte placeholder for tinygltf.
Status describe_meshopt(nlohmann::json& doc, std::vector<MeshoptView>& views,
                        std::vector<FallbackBuffer>& fallbacks, bool& edited);

// Whether this build has the decoder (libmeshoptimizer).
bool meshopt_available();

// Sizes the fallback buffers and decodes every view into its buffer.
Status decode_meshopt(tinygltf::Model& m, const std::vector<MeshoptView>& views,
                      const std::vector<FallbackBuffer>& fallbacks);

}  // namespace sv::anim::gltf
