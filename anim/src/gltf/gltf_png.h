// PNG images decoded by libpng (private to anim/src/gltf), the importer's fast path for the
// format most glTF textures are stored in. Apart from gltf_image_decode.cpp, which keeps the
// reference decoder (stb_image) and the size limit, because this answers one question: "what are
// this PNG's RGBA8 texels, if libpng reads it?".
//
// Why libpng: tests/bench/decode_bench measured it at about 2.4x stb_image's speed on the
// project's PNGs (docs/benchmarks.md "Which PNG decoder"), and its texels were stb's, byte for
// byte, on every one. The rule it is held to is stb's, as the importer applied it: four
// channels, palette and low bit depths expanded, tRNS made alpha, grey fanned out to R, G and B,
// an opaque alpha where the file has none, a 16-bit sample's high byte; no gamma (gAMA, sRGB and
// iCCP are ignored, as stb ignores them). gltf_reader's PngDecoder.* hold it to stb on every
// colour type, bit depth, tRNS and interlacing. What would make it wrong: a libpng transform
// that rounds (png_set_scale_16 instead of png_set_strip_16) or one that applies gamma.
#pragma once

#include <cstddef>
#include <cstdint>

#include "anim/scene/asset.h"

namespace sv::anim::gltf {

// True for the 8-byte PNG signature.
bool is_png(const std::uint8_t* bytes, size_t size);

// The PNG's texels into `out` (width, height, rgba; its name left alone), true when libpng read
// the whole image. False for anything libpng refuses, stb-readable or not: a CRC or Adler-32
// mismatch (stb checks neither), a truncated stream, a chunk past libpng's limits, Apple's CgBI
// variant; always false in a build without libpng (SKINVIEW_HAVE_LIBPNG unset). The caller then decodes with
// stb, so a file stb read before still loads, with the same texels; libpng's messages are not printed. `out`
// is left empty on false.
bool decode_png_rgba8(const std::uint8_t* bytes, size_t size, Image& out);

}  // namespace sv::anim::gltf
