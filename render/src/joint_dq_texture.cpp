#include "render/joint_dq_texture.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/type_ptr.hpp>

#include "anim/skin_frame/quat_from_m3.h"
#include "anim/skin_frame/reference_skinner.h"
#include "render/float_texture.h"

namespace sv::render {

namespace {

constexpr size_t kFloatsPerRow = static_cast<size_t>(kJointDqTextureWidth) * 4;

// What the shader did per influence before (dual_quat.glsl's dual_quat_from_m4 and the scaled
// rung's division), now once per joint, in float like the shader. M = frame^-1 x A_j.
void convert_joint(const glm::mat4& frame_inverse, const float* a, anim::SkinningRung rung, float* out) {
    glm::mat4 m = frame_inverse * glm::make_mat4(a);
    const bool cannot = anim::dual_quat_cannot_carry(glm::mat3(m));
    float s = 1.0f;
    if (rung == anim::SkinningRung::DqsUniformScale) {
        // Uniform scale is the cube root of the determinant; dividing the whole matrix by it leaves
        // the rigid motion (R | t / s), which is what the dual quaternion carries. NaN or 0: 1.
        s = std::cbrt(std::fabs(glm::determinant(glm::mat3(m))));
        s = s > 0.0f ? s : 1.0f;
        m = m * (1.0f / s);
    }
    glm::quat r = anim::quat_from_m3(glm::mat3(m));
    // The normalise is not decoration: for a degenerate 3x3 (a joint scaled to nothing) the branch
    // form answers a quaternion of length 1/2, and this keeps that from becoming a shrink.
    const float len = std::sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
    r = len > 0.0f ? glm::quat(r.w / len, r.x / len, r.y / len, r.z / len)
                   : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    const float texels[8] = {r.x, r.y, r.z, r.w, m[3][0], m[3][1], m[3][2], cannot ? -s : s};
    std::memcpy(out, texels, sizeof texels);
}

}  // namespace

Status JointDqTexture::grow(int rows) {
    if (rows <= this->rows()) return ok_status();
    texture_.reset();
    keys_.assign(static_cast<size_t>(rows), RowKey{});
    shadow_.assign(kFloatsPerRow * static_cast<size_t>(rows), 0.0f);
    dirty_lo_ = dirty_hi_ = -1;
    // The same texture as the palette's, a row per palette row (float_texture.h). A refusal leaves
    // the rows sized and the texture empty: later draws read zeros, as they did before.
    texture_ = make_float_texture(FloatChannels::RGBA, kJointDqTextureWidth, rows, shadow_.data());
    if (!texture_)
        return make_error("joint dual-quaternion texture: the driver refused an RGBA32F texture of " +
                          std::to_string(kJointDqTextureWidth) + " x " + std::to_string(rows));
    return ok_status();
}

Status JointDqTexture::prepare(const PaletteTexture& palette, int row, const glm::mat4& mesh_global,
                               anim::SkinningRung rung) {
    if (row < 0 || row >= palette.rows())
        return make_error("joint dual quaternions: palette row " + std::to_string(row) + " is outside 0.." +
                          std::to_string(palette.rows() - 1));
    if (auto s = grow(palette.rows()); !s) return s;
    RowKey& key = keys_[static_cast<size_t>(row)];
    const std::uint64_t version = palette.row_version(row);
    if (key.palette_version == version && key.rung == static_cast<int>(rung) &&
        key.mesh_global == mesh_global)
        return ok_status();
    // The same float inverse the shader's linear blending gets (SkinnedPass: u_mesh_global_inverse).
    const glm::mat4 inv = glm::inverse(mesh_global);
    // A row is exactly 512 joints' texels, so the block is one array here too (palette_layout.h).
    float* out = &shadow_[kFloatsPerRow * static_cast<size_t>(row)];
    const int joints = palette.row_joints(row);
    bool any = false;
    for (int j = 0; j < joints; ++j) {
        float* texels = out + static_cast<size_t>(j) * 8;
        convert_joint(inv, palette.matrix(row, j), rung, texels);
        any = any || texels[7] < 0.0f;
    }
    key = {version, mesh_global, static_cast<int>(rung), any};
    ++conversions_;
    // The palette accepted this block, so its rows lie inside the texture (the same row count).
    dirty_lo_ = dirty_lo_ < 0 ? row : std::min(dirty_lo_, row);
    dirty_hi_ = std::max(dirty_hi_, row + palette_rows_for(joints) - 1);
    return ok_status();
}

void JointDqTexture::upload() {
    if (dirty_lo_ < 0) return;
    glBindTexture(GL_TEXTURE_2D, texture_.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, dirty_lo_, kJointDqTextureWidth, dirty_hi_ - dirty_lo_ + 1, GL_RGBA,
                    GL_FLOAT, &shadow_[kFloatsPerRow * static_cast<size_t>(dirty_lo_)]);
    dirty_lo_ = dirty_hi_ = -1;
}

void JointDqTexture::bind(GLuint unit) const {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, texture_.get());
}

const float* JointDqTexture::texels(int row, int joint) const {
    return &shadow_[kFloatsPerRow * static_cast<size_t>(row) + static_cast<size_t>(joint) * 8];
}

}  // namespace sv::render
