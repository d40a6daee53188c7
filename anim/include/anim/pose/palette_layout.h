// The palette texture's shape, defined once, and the joint limit that follows from it.
//
// The renderer keeps every character's joint matrices in one RGBA32F texture, one row per
// character instance, four texels per matrix (one column each). A row of 2048 texels therefore
// holds 512 matrices, and a skeleton with more joints than that cannot be drawn in one row: the
// limit is a property of the texture, not a taste, so it is derived here and nowhere else.
// Raising it means widening the texture (GL_MAX_TEXTURE_SIZE is at least 2048 on GLES 3.0, which
// is why 2048 is the width that works everywhere) or splitting a skeleton across rows.
#pragma once

namespace sv {

inline constexpr int kPaletteTextureWidth = 2048;  // texels per row
inline constexpr int kTexelsPerMatrix = 4;         // one RGBA32F texel per column
inline constexpr int MAX_JOINTS = kPaletteTextureWidth / kTexelsPerMatrix;
static_assert(MAX_JOINTS == 512, "the palette row holds 512 matrices");

}  // namespace sv
