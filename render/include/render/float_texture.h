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

// Lookup tables and prefiltered radiance atlases, sampled with filtering: `channels` floats a texel
// (1, 2 or 4) stored as 16-bit float, LINEAR, wrapping `wrap_s` across and clamped down, left bound
// to GL_TEXTURE_2D. Half floats because 16-bit float is filterable on GLES 3.0 and 32-bit is not;
// the cost is an 11-bit mantissa (relative error 4.9e-4), ample for radiance near 1 and for tables
// in 0..1, and wrong for anything that needs more (use make_float_texture and fetch it instead).
// Empty when the driver refused it.
GlTexture make_filtered_half_texture(int channels, int width, int height, const float* texels, GLint wrap_s);

}  // namespace sv::render
