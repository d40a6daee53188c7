// Test helper: a GLB split into its JSON (editable with nlohmann) and its BIN chunk, and packed
// back, so bad files are made from good ones by mutating one thing. Parses the container by hand,
// independently of the importer under test.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sv::test {

struct Glb {
    nlohmann::json json;
    std::vector<std::uint8_t> bin;

    static std::uint32_t u32(const std::vector<std::uint8_t>& b, size_t at) {
        std::uint32_t v;
        std::memcpy(&v, b.data() + at, 4);
        return v;
    }
    static Glb parse(const std::vector<std::uint8_t>& b) {
        Glb g;
        const std::uint32_t jlen = u32(b, 12);
        g.json = nlohmann::json::parse(b.begin() + 20, b.begin() + 20 + jlen);
        const size_t bin_at = 20 + jlen;
        if (bin_at + 8 <= b.size()) {
            const std::uint32_t blen = u32(b, bin_at);
            g.bin.assign(b.begin() + static_cast<long>(bin_at + 8),
                         b.begin() + static_cast<long>(bin_at + 8 + blen));
        }
        return g;
    }
    std::vector<std::uint8_t> pack() const {
        std::string text = json.dump();
        while (text.size() % 4) text += ' ';
        std::vector<std::uint8_t> bb = bin;
        while (bb.size() % 4) bb.push_back(0);
        std::vector<std::uint8_t> out;
        auto put = [&](std::uint32_t x) {
            for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
        };
        put(0x46546C67);
        put(2);
        put(static_cast<std::uint32_t>(12 + 8 + text.size() + 8 + bb.size()));
        put(static_cast<std::uint32_t>(text.size()));
        put(0x4E4F534A);
        out.insert(out.end(), text.begin(), text.end());
        put(static_cast<std::uint32_t>(bb.size()));
        put(0x004E4942);
        out.insert(out.end(), bb.begin(), bb.end());
        return out;
    }
    // Byte offset in `bin` of element `i` of accessor `a` (tightly packed views only).
    size_t element_offset(int a, size_t i, size_t elem_bytes) const {
        const auto& acc = json["accessors"][static_cast<size_t>(a)];
        const auto& bv = json["bufferViews"][acc["bufferView"].get<size_t>()];
        return bv.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0)) + i * elem_bytes;
    }
};

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

}  // namespace sv::test
