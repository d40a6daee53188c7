// One primitive's vertex and index buffers on the GPU.
//
// Attribute locations are fixed here and in the shader chunks (layout(location = N)), so every
// program reads every mesh without a per-program binding step:
//   0 position, 1 normal, 2 uv, 3 joints 0-3, 4 joints 4-7 (integer), 5 weights 0-3, 6 weights 4-7,
//   13 tangent (generated when the file has none), 14 COLOR_0 (white when none), 15 TEXCOORD_1.
// Influences past the eighth are in a texture (influence_texture()), all sixteen locations being
// taken.
#pragma once

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "render/gl.h"
#include "render/gl_name.h"

namespace sv::render {

enum AttributeLocation : GLuint {
    kAttrPosition = 0,
    kAttrNormal = 1,
    kAttrUv = 2,
    kAttrJoints0 = 3,
    kAttrJoints1 = 4,
    kAttrWeights0 = 5,
    kAttrWeights1 = 6,
    // 7..12 are the skinned pass's per-instance and per-vertex extras (skinned_pass.cpp).
    kAttrTangent = 13,
    kAttrColor0 = 14,
    kAttrUv1 = 15,
};

class GpuMesh {
public:
    // Uploads positions, normals (computed smooth when the primitive has none), UVs, the eight
    // joint/weight influences when the primitive is skinned (and the rest into the influence
    // texture), and its morph targets.
    static Expected<GpuMesh> upload(const anim::Primitive& primitive);

    void draw(GLsizei instances = 1) const;
    bool skinned() const { return skinned_; }
    GLsizei index_count() const { return index_count_; }
    GLsizei vertex_count() const { return vertex_count_; }
    GLuint vao() const { return vao_.get(); }

    // Morph targets live in a texture, not in vertex attributes, so their number is not bounded by
    // the sixteen attribute slots: RGBA32F texels, kMorphTextureWidth a row, the position delta of
    // target t for vertex v at texel (2t) * vertices + v and its normal delta at (2t + 1) *
    // vertices + v (zeros when the target moves no normals). The weights are a one-row R32F texture
    // written before each draw: the shader loops over the targets and skips zero weights.
    static constexpr int kMorphTextureWidth = 1024;
    int morph_targets() const { return morph_targets_; }
    GLuint morph_texture() const { return morph_tex_.get(); }
    GLuint morph_weight_texture() const { return weight_tex_.get(); }
    // Writes the weights the next draw uses; extra or missing entries are ignored or zero.
    void set_morph_weights(const std::vector<float>& weights) const;
    // The file gave no NORMAL: glTF says flat normals, which the fragment shader makes from the
    // drawn (skinned, morphed) surface; the smooth ones uploaded stand in for the vertex stage only.
    bool flat_normals() const { return flat_normals_; }

    // Influences past the eighth (anim::Primitive::extra_*), read by shaders/skinned_vs.glsl: an
    // RGBA32F texture, kInfluenceTextureWidth texels a row, two influences a texel as (joint,
    // weight, joint, weight), vertex v's at texels [v * T, (v + 1) * T) with T =
    // extra_influence_texels() (half the primitive's extra influences a vertex; 0 and no texture
    // when it has none, which costs the draw nothing). A texture rather than a buffer texture:
    // GLES 3.0 has none. Float joint indices are exact to 2^24, far past any palette.
    static constexpr int kInfluenceTextureWidth = 1024;
    int extra_influence_texels() const { return extra_influence_texels_; }
    GLuint influence_texture() const { return influence_tex_.get(); }

private:
    Status upload_morphs(const anim::Primitive& p);
    Status upload_influences(const anim::Primitive& p);
    // The buffers before the VAO that refers to them: members die in reverse order, so the VAO is
    // deleted first, as it was by hand. (The other order is legal too: a buffer deleted while a
    // VAO still refers to it lives on until the VAO goes.)
    GlBuffer vbo_, ibo_;
    GlVertexArray vao_;
    GlTexture morph_tex_, weight_tex_, influence_tex_;
    GLsizei index_count_ = 0, vertex_count_ = 0;
    GLenum mode_ = GL_TRIANGLES;
    int morph_targets_ = 0;
    int extra_influence_texels_ = 0;
    bool skinned_ = false;
    bool flat_normals_ = false;
};

// Smooth per-vertex normals from the triangles, for primitives the file gave none.
std::vector<glm::vec3> compute_normals(const anim::Primitive& primitive);

}  // namespace sv::render
