// The benches' synthetic texture (scale_bench's series, decode_bench's 2048x2048 row): one picture,
// so the two benches' figures are of the same bytes.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "render/image.h"

namespace sv::bench {

// A 2048x2048 picture with some structure and some noise, so that the PNG inflates about as a
// photographic texture does (neither flat, which inflates at once, nor pure noise). False, with the
// reason on stderr, when it cannot be written.
inline bool write_synthetic_texture(const std::filesystem::path& path) {
    render::RgbaImage im;
    im.width = im.height = 2048;
    im.pixels.resize(size_t(2048) * 2048 * 4);
    std::uint32_t s = 12345;
    for (int y = 0; y < 2048; ++y)
        for (int x = 0; x < 2048; ++x) {
            s = s * 1664525u + 1013904223u;
            std::uint8_t* p = im.at(x, y);
            const int noise = static_cast<int>(s >> 28);
            p[0] = static_cast<std::uint8_t>((x / 8 + noise) & 0xFF);
            p[1] = static_cast<std::uint8_t>((y / 8 + noise) & 0xFF);
            p[2] = static_cast<std::uint8_t>(((x ^ y) / 16) & 0xFF);
            p[3] = 255;
        }
    auto st = render::write_png(path.string(), im);
    if (!st) std::fprintf(stderr, "%s: %s\n", path.c_str(), st.error().message.c_str());
    return static_cast<bool>(st);
}

}  // namespace sv::bench
