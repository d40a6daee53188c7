// An 8-bit RGBA image, top row first, and its PNG round trip (stb).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::render {

struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;  // width * height * 4, top row first

    std::uint8_t* at(int x, int y) { return &pixels[(static_cast<size_t>(y) * width + x) * 4]; }
    const std::uint8_t* at(int x, int y) const { return &pixels[(static_cast<size_t>(y) * width + x) * 4]; }
};

Status write_png(const std::string& path, const RgbaImage& image);
Expected<RgbaImage> read_png(const std::string& path);

}  // namespace sv::render
