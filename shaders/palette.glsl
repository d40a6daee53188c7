// The palette texture: RGBA32F, 2048 texels wide, four texels (the four columns) a matrix, one
// row per character instance. Holds A_j = joint.global x inverse_bind, in the character's world.
// Read with texelFetch: no filtering, no normalised coordinates, exact texels.
uniform highp sampler2D u_palette;

mat4 palette_matrix(int row, int joint) {
    int x = joint * 4;
    return mat4(texelFetch(u_palette, ivec2(x, row), 0), texelFetch(u_palette, ivec2(x + 1, row), 0),
                texelFetch(u_palette, ivec2(x + 2, row), 0), texelFetch(u_palette, ivec2(x + 3, row), 0));
}
