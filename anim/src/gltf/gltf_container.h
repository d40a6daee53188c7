// A glTF file as its own JSON and buffer bytes, for tools that edit a file rather than import it
// (skinview fix): the JSON keeps its key order (ordered_json), numbers re-print as the shortest text
// that reads back the same double, and every buffer is held as raw bytes, so whatever the edit does
// not touch (unknown extensions, extras, accessors, images) is written back as it came. Private to
// anim: the public face is anim/fix_gltf.h.
//
// Only read a file that anim::load_gltf accepted: that is what checks the URIs stay inside the
// glTF's folder and that accessors lie inside their views; this reader trusts both.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim {

struct GltfContainer {
    nlohmann::ordered_json doc;
    std::vector<std::vector<std::uint8_t>> buffers;  // bytes of each doc["buffers"][k]
    std::vector<bool> edited;                        // per buffer: bytes changed since reading
    bool binary = false;                             // GLB (buffer 0 is the BIN chunk when it has no uri)
    std::string dir;                                 // the folder relative URIs resolve in
};

Expected<GltfContainer> read_gltf_container(const std::string& path);

// Writes `c` to `path` (.glb when c.binary). A GLB is one file; a .gltf is written with every
// edited buffer beside it as "<stem>.bin" ("<stem>_<k>.bin" when several), so the original's .bin is
// never overwritten, and every buffer and image left as it was is copied beside it under its own
// relative URI when the output's folder is not the input's (data: URIs stay inline). With
// `verbatim_from` the main file is a byte copy of that file instead (the file needed no change).
Status write_gltf_container(GltfContainer& c, const std::string& path, const std::string& verbatim_from = "");

// Raw element access inside an accessor (no sparse, no normalisation): the byte address of
// component `comp` of element `i`, with the stride the view gives or the tight one.
struct AccessorBytes {
    std::uint8_t* base = nullptr;
    size_t stride = 0;
    size_t component_size = 0;
    size_t count = 0;
    int buffer = -1;
    std::uint8_t* at(size_t i, size_t comp) const { return base + i * stride + comp * component_size; }
};
Expected<AccessorBytes> accessor_bytes(GltfContainer& c, int accessor, int components);

std::vector<std::uint8_t> base64_decode(const std::string& text);

}  // namespace sv::anim
