// The RGBA32F data textures the skinning pass reads with texelFetch (the palette, the joint dual
// quaternions): one way to make them, so the two cannot drift apart in a parameter.
#pragma once

#include "render/gl_name.h"

namespace sv::render {

// A width x height RGBA32F texture holding `texels` (width * height * 4 floats, rows bottom up),
// NEAREST and CLAMP_TO_EDGE, left bound to GL_TEXTURE_2D on the active unit. Empty when the driver
// refused it (too large, or no float textures); the caller names what it was for.
GlTexture make_rgba32f_texture(int width, int height, const float* texels);

}  // namespace sv::render
