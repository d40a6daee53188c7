// The palette texture: RGBA32F, 2048 texels wide, four texels (the four columns) a matrix, so 512
// matrices a row; a skin takes a block of rows, `row` its first (anim/pose/palette_layout.h).
// Holds A_j = joint.global x inverse_bind, in the character's world. Read with texelFetch: no
// filtering, no normalised coordinates, exact texels.
uniform highp sampler2D u_palette;

// Joint j of the block at `row`: texture row row + j / 512, column (j % 512) * 4. 512 is
// kPaletteMatricesPerRow; the read-back tests at 513, 1024 and 4096 joints fail when they differ.
ivec2 palette_texel(int row, int joint) { return ivec2((joint % 512) * 4, row + joint / 512); }

mat4 palette_matrix(int row, int joint) {
    ivec2 at = palette_texel(row, joint);
    return mat4(texelFetch(u_palette, at, 0), texelFetch(u_palette, at + ivec2(1, 0), 0),
                texelFetch(u_palette, at + ivec2(2, 0), 0), texelFetch(u_palette, at + ivec2(3, 0), 0));
}
