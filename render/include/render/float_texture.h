// The float data textures the skinning pass reads with texelFetch (the palette, the joint dual
// quaternions, the morph deltas and weights): one way to make them, so they cannot drift apart in
// a parameter.
#pragma once

#include "render/gl_name.h"

namespace sv::render {

enum class FloatChannels { R, RGBA };  // R32F or RGBA32F

// A width x height float texture holding `texels` (width * height * channels floats, rows bottom
// up), NEAREST and CLAMP_TO_EDGE, left bound to GL_TEXTURE_2D on the active unit. Empty when the
// driver refused it (too large, or no float textures); the caller names what it was for.
GlTexture make_float_texture(FloatChannels channels, int width, int height, const float* texels);

}  // namespace sv::render
