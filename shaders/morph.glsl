// Morph targets, applied to the vertex before skinning (glTF 2.0 3.7.2.2: the skinned mesh is
// the morphed one). Deltas come from a texture, so any number of targets fits (see
// render/gpu_mesh.h for the layout); weights from a one-row texture the renderer writes per draw.
// u_morph_targets is 0 for a mesh without targets and the loop costs nothing.
uniform highp sampler2D u_morph_deltas;
uniform highp sampler2D u_morph_weights;
uniform int u_morph_targets;
uniform int u_morph_vertices;

const int kMorphTextureWidth = 1024;  // GpuMesh::kMorphTextureWidth

vec3 morph_delta(int texel) {
    return texelFetch(u_morph_deltas, ivec2(texel % kMorphTextureWidth, texel / kMorphTextureWidth), 0).xyz;
}

// gl_VertexID is the vertex's index in the primitive's arrays for indexed and plain draws alike,
// which is the row the deltas were written for.
void apply_morph_targets(inout vec3 position, inout vec3 normal) {
    for (int t = 0; t < u_morph_targets; ++t) {
        float w = texelFetch(u_morph_weights, ivec2(t, 0), 0).r;
        if (w == 0.0) continue;
        int at = 2 * t * u_morph_vertices + gl_VertexID;
        position += w * morph_delta(at);
        normal += w * morph_delta(at + u_morph_vertices);
    }
}
