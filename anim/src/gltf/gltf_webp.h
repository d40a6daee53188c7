// EXT_texture_webp (private to anim/src): WebP images decoded by libwebp, under the same size
// limit as every other image (read from the header, refused before a pixel is decoded).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::anim::gltf {

// "RIFF" .... "WEBP": the container every WebP file starts with.
bool is_webp(const std::uint8_t* bytes, size_t size);

// The image's texels, 8-bit RGBA (its name left to the caller). `name` names the image for the message.
Expected<Image> decode_webp(const std::string& name, const std::uint8_t* bytes, size_t size);

}  // namespace sv::anim::gltf
