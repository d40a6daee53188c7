// The GLB container of a file being imported (private to anim/src/scene): is its header and chunk
// layout sound, and where do the JSON and BIN chunks lie? Checked before tinygltf sees the bytes
// (see GlbLayout for why), and apart from the importer because it is a question about bytes, not
// glTF: it runs before there is a document. Also the repacking of a GLB whose JSON the document
// checks edited. gltf_container.h is the other GLB reader, for `skinview fix`, which trusts a file
// this one has already accepted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

// The GLB container, checked before tinygltf sees it: tinygltf 2.7 bounds the BIN chunk without
// its 8-byte header and reads up to 8 bytes past the end of a file whose BIN length is off by one
// header, and its messages do not say which chunk was cut where.
struct GlbLayout {
    size_t length = 0;  // the header's total length, which bounds everything (<= the byte count)
    size_t json_offset = 0;
    size_t json_length = 0;
    size_t bin_offset = 0;  // 0: no BIN chunk
    size_t bin_length = 0;
};

// Refusals start "GLB: " and say which chunk is cut or wrong where.
Expected<GlbLayout> check_glb(const std::vector<std::uint8_t>& b);

// A GLB with its JSON chunk replaced (the BIN chunk copied as it was), for a document the checks
// edited.
std::vector<std::uint8_t> repack_glb(const std::vector<std::uint8_t>& bytes, const GlbLayout& g,
                                     std::string text);

}  // namespace sv::anim::gltf
