#include "gltf_glb.h"

#include <algorithm>
#include <cstring>

#include "gltf_names.h"

namespace sv::anim::gltf {

namespace {}  // namespace

Expected<GlbLayout> check_glb(const std::vector<std::uint8_t>& b) {
    auto u32 = [&](size_t at) {
        std::uint32_t v;
        std::memcpy(&v, b.data() + at, 4);
        return static_cast<size_t>(v);
    };
    const size_t size = b.size();
    if (size < 12)
        return make_error("GLB: " + str(size) + " bytes is shorter than the 12-byte header: truncated");
    if (std::memcmp(b.data(), "glTF", 4) != 0) return make_error("GLB: the file does not start with 'glTF'");
    if (u32(4) != 2) return make_error("GLB: container version " + str(u32(4)) + " is not 2");
    GlbLayout g;
    g.length = u32(8);
    if (g.length < 12)
        return make_error("GLB: the header's total length " + str(g.length) + " is smaller than the header");
    const std::string cut = g.length > size ? "; the file is truncated" : "";
    const size_t end = std::min(g.length, size);
    size_t at = 12;
    int chunk = 0;
    for (; at < end; ++chunk) {
        if (end - at < 8)
            return make_error("GLB: chunk " + str(chunk) + "'s 8-byte header at byte " + str(at) +
                              " is cut off at byte " + str(end) + cut);
        const size_t clen = u32(at);
        const size_t type = u32(at + 4);
        const char* tname = type == 0x4E4F534Au ? "JSON" : type == 0x004E4942u ? "BIN" : "unknown type";
        if (clen > end - at - 8)
            return make_error("GLB: chunk " + str(chunk) + " (" + tname + ") at byte " + str(at) + " says " +
                              str(clen) + " bytes, past the end at byte " + str(end) + cut);
        if (chunk == 0) {
            if (type != 0x4E4F534Au) return make_error("GLB: the first chunk is not JSON");
            if (clen == 0) return make_error("GLB: the JSON chunk is empty");
            g.json_offset = at + 8;
            g.json_length = clen;
        } else if (chunk == 1) {
            // tinygltf reads only the second chunk, as BIN; anything else there it refuses.
            if (type != 0x004E4942u) return make_error("GLB: the second chunk is not BIN");
            if (clen == 0 || clen % 4 != 0)
                return make_error("GLB: the BIN chunk's length " + str(clen) +
                                  " is not a positive multiple of 4");
            g.bin_offset = at + 8;
            g.bin_length = clen;
        }
        at += 8 + clen;
    }
    if (!cut.empty())
        return make_error("GLB: the header says " + str(g.length) + " bytes but the file has " + str(size) +
                          cut);
    if (chunk == 0) return make_error("GLB: no JSON chunk");
    g.length = end;
    return g;
}

std::vector<std::uint8_t> repack_glb(const std::vector<std::uint8_t>& bytes, const GlbLayout& g,
                                     std::string text) {
    while (text.size() % 4) text += ' ';
    std::vector<std::uint8_t> out;
    auto put = [&](size_t x) {
        for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
    };
    const size_t bin = g.bin_offset ? 8 + g.bin_length : 0;
    put(0x46546C67u);
    put(2);
    put(12 + 8 + text.size() + bin);
    put(text.size());
    put(0x4E4F534Au);
    out.insert(out.end(), text.begin(), text.end());
    if (g.bin_offset)
        out.insert(out.end(), bytes.begin() + static_cast<long>(g.bin_offset - 8),
                   bytes.begin() + static_cast<long>(g.bin_offset + g.bin_length));
    return out;
}

}  // namespace sv::anim::gltf
