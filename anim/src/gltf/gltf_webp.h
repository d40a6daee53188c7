// EXT_texture_webp (private to anim/src): WebP images decoded by libwebp, under the same size
// limit as every other image (read from the header, refused before a pixel is decoded).
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "anim/core/expected.h"

namespace sv::anim::gltf {

// "RIFF" .... "WEBP": the container every WebP file starts with.
bool is_webp(const std::uint8_t* bytes, size_t size);

// Decodes into `image` (8-bit RGBA). `name` names the image for the message.
Status decode_webp(tinygltf::Image& image, const std::string& name, const std::uint8_t* bytes, size_t size);

}  // namespace sv::anim::gltf
