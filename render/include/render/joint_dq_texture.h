// Per-joint dual quaternions for the dual-quaternion rungs, converted once per joint per frame on
// the CPU instead of once per influence per vertex in the shader.
//
// The palette texture (palette_texture.h) stays as it is: A_j, four texels a matrix, a row per
// instance, which linear blending, the collapsed-joint fallback and the palette panel read. This
// texture sits beside it with the same rows: two RGBA32F texels a joint (1024 wide, 512 joints a
// row, a skin's block of rows where the palette has it: joint j at (first row + j / 512,
// (j % 512) * 2)), holding
//   texel 0: the unit rotation quaternion of M_j = mesh.global^-1 x A_j (x, y, z, w);
//   texel 1: M_j's translation, and in w the rung's uniform scale s (1 on the rigid rung), negated
//            when M_j is collapsed or mirrored (dual_quat_cannot_carry): the shader's per-vertex
//            fallback to linear blending reads the sign instead of a determinant per influence.
// On the scaled rung the rotation and translation are those of M_j / s, as the shader formed them
// before. The shader builds the dual part as (t, 0) x r / 2: sixteen multiplies, cheaper than a
// third texel.
//
// M_j depends on the mesh's frame, so the texels are those of one (palette row, mesh frame, rung).
// A row is converted again when its palette row was written since, or when a draw asks for another
// frame or rung: two meshes of one skin with different frames (the correction off on a file whose
// meshes disagree) are drawn right, converting the row at each draw; meshes sharing a frame (the
// usual case, and every mesh with the correction on) convert it once a frame.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/skin_frame/skinning_rung.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/palette_texture.h"

namespace sv::render {

inline constexpr int kJointDqTexelsPerJoint = 2;
inline constexpr int kJointDqTextureWidth = kPaletteMatricesPerRow * kJointDqTexelsPerJoint;

class JointDqTexture {
public:
    // Makes `row` hold the dual quaternions of `palette`'s row for `mesh_global` and `rung` (a
    // dual-quaternion rung), converting only when they are stale. Call prepare for every row a
    // draw uses, then upload(). The texture grows to the palette's row count the first time (the
    // one allocation); after that no call allocates.
    Status prepare(const PaletteTexture& palette, int row, const glm::mat4& mesh_global,
                   anim::SkinningRung rung);
    // One glTexSubImage2D over the rows converted since the last upload.
    void upload();
    void bind(GLuint unit) const;
    // The per-row key table's size, so a moved-from texture (table emptied) has no rows.
    int rows() const { return static_cast<int>(keys_.size()); }
    // Whether some joint of `row`, as last prepared, cannot be a dual quaternion (its flag is set):
    // the draw then needs the shader's per-vertex fallback to linear blending.
    bool any_cannot_carry(int row) const { return keys_[static_cast<size_t>(row)].any_cannot_carry; }
    // The CPU shadow of joint `joint`'s two texels in the block at `row` (8 floats), for tests.
    const float* texels(int row, int joint) const;
    // How many rows prepare() has converted since creation (tests: the cache is used, and dropped
    // when it must be).
    long conversions() const { return conversions_; }

private:
    struct RowKey {
        std::uint64_t palette_version = ~std::uint64_t(0);
        glm::mat4 mesh_global{0.0f};
        int rung = -1;
        bool any_cannot_carry = false;
    };
    Status grow(int rows);
    GlTexture texture_;
    int dirty_lo_ = -1, dirty_hi_ = -1;
    long conversions_ = 0;
    std::vector<RowKey> keys_;
    std::vector<float> shadow_;  // rows x width x 4 floats
};

}  // namespace sv::render
