// The mipmap levels of an RGBA8 texture made on the CPU: each level the 2x2 box average of the
// level above, colour in linear light for an sRGB texture (decoded, averaged, encoded with
// round-to-nearest in sRGB code space), alpha and linear textures averaged as stored and rounded.
//
// Why not glGenerateMipmap: on llvmpipe it took 116 ms of a 1024x1024 sRGB texture, 40% of a warm
// `render` of CesiumMan (0.29 s), while this takes a few milliseconds. A box over the level above is
// what a bilinear blit of that level to half its size computes where every texel has exactly four
// parents, which is what GL implementations do; the specification leaves the filter to the
// implementation, so neither is "the" mip chain, and this one is the same on every driver.
//
// Power-of-two sizes only (every texel then has four parents, or two along a side of 1). Other
// sizes return no levels and the caller keeps glGenerateMipmap: halving an odd side needs a filter
// over three parents, and a chain that differed by driver for some images and not for others
// would be harder to reason about than one path for each kind of size.
#pragma once

#include <cstdint>
#include <vector>

namespace sv::render {

struct MipLevel {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
};

// The sRGB code of a linear value, as the chain encodes its sRGB levels: the number of the 255
// float thresholds halfway (in code space) between neighbouring codes that are at or below it, so
// round-to-nearest of 255 x sRGB(l); 0 below zero and for NaN, 255 from 1.0 up.
std::uint8_t linear_to_srgb8(float linear);

// The level below a `width` x `height` RGBA8 level; empty (0x0, no texels) when a side is not a
// power of two or the level is 1x1. The upload makes its chain with this a level at a time, each
// level freed once the next is made from it, so a texture's chain costs a third of the texture at
// most, never the whole chain at once (material_textures.cpp).
MipLevel next_mip_level(const std::uint8_t* rgba, int width, int height, bool srgb);

// Levels 1 to the last (1x1) of a `width` x `height` RGBA8 image, each next_mip_level of the one
// above; empty when a side is not a power of two or the image is 1x1.
std::vector<MipLevel> box_mip_chain(const std::uint8_t* rgba, int width, int height, bool srgb);

}  // namespace sv::render
