// The palette texture's shape, defined once, and the joint limit of a skin.
//
// The renderer keeps every character's joint matrices in one RGBA32F texture, four texels per
// matrix (one column each), 2048 texels a row, so a row holds 512 matrices. A skin of n joints
// takes a block of palette_rows_for(n) consecutive rows; joint j sits in row (block's first row +
// j / 512) at column (j % 512) * 4. 2048 is the width that works everywhere: GL_MAX_TEXTURE_SIZE
// is at least 2048 on GLES 3.0. The block layout makes a block's rows contiguous in memory
// (512 matrices x 16 floats is exactly one row), so the CPU side addresses joint j of a block as
// one array, and only the shader divides.
//
// The skin limit is not the texture's: it is what a vertex can name. JOINTS_n holds unsigned byte
// or unsigned short indices (glTF 3.7.3.1) and the Asset stores them as std::uint16_t, so joints
// past index 65535 can move no vertex; a skin listing more is refused rather than drawn with joints
// nothing can reach. 65536 joints are 128 rows, far inside GLES 3.0's 2048-row minimum; how many
// instances fit is the renderer's question (GL_MAX_TEXTURE_SIZE rows in all), asked when it
// creates the texture.
#pragma once

namespace sv {

inline constexpr int kPaletteTextureWidth = 2048;  // texels per row
inline constexpr int kTexelsPerMatrix = 4;         // one RGBA32F texel per column
inline constexpr int kPaletteMatricesPerRow = kPaletteTextureWidth / kTexelsPerMatrix;
static_assert(kPaletteMatricesPerRow == 512, "the palette row holds 512 matrices (palette.glsl says 512)");
inline constexpr int kMaxSkinJoints = 65536;  // one past the largest unsigned short joint index

// Rows a skin of `joints` joints takes (at least one, so an instance always has a row).
inline constexpr int palette_rows_for(int joints) {
    return joints <= kPaletteMatricesPerRow ? 1
                                            : (joints + kPaletteMatricesPerRow - 1) / kPaletteMatricesPerRow;
}
static_assert(palette_rows_for(512) == 1 && palette_rows_for(513) == 2 && palette_rows_for(4096) == 8,
              "rows per skin");

}  // namespace sv
