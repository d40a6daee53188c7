// The palette texture: every character instance's joint matrices in one RGBA32F texture.
//
// 2048 texels wide (kPaletteTextureWidth), four texels a matrix, so 512 matrices a row; a skin of
// n joints takes a block of palette_rows_for(n) consecutive rows (anim/pose/palette_layout.h),
// named by its first row, and the shader reads joint j at (first row + j / 512, (j % 512) * 4).
// The real limit is the texture's height: every instance's blocks together may take at most
// GL_MAX_TEXTURE_SIZE rows (16384 on Mesa and desktop drivers, 2048 the GLES 3.0 minimum: 2048
// rows of 4096-joint skins are 256 instances). Rows are written on the CPU into a shadow copy and
// uploaded with one glTexSubImage2D per frame spanning the rows that changed: a crowd of dancers
// costs one upload, not one per dancer.
#pragma once

#include <cstdint>
#include <vector>

#include "anim/core/expected.h"
#include "anim/pose/palette_layout.h"
#include "render/gl.h"
#include "render/gl_name.h"

namespace sv::render {

class PaletteTexture {
public:
    // `rows` instances. Fails when the driver cannot hold a texture that wide or tall.
    static Expected<PaletteTexture> create(int rows);

    // The row count is the per-row table's size, so a moved-from palette (tables emptied) has none.
    int rows() const { return static_cast<int>(row_joints_.size()); }
    // Writes `joint_count` matrices (16 floats each, column-major) into the block that starts at
    // `row` (palette_rows_for(joint_count) rows). Refuses a block that does not fit below the
    // texture's last row, naming both; marks its rows for the next upload. The caller places blocks
    // so they do not overlap (CharacterRenderer: skin k of an instance at first_row + its offset).
    Status set_row(int row, const float* matrices, int joint_count);
    // The CPU shadow of joint `joint` of the block at `row` (row + joint / 512 in the texture), for
    // the palette panel's read-back comparison.
    const float* matrix(int row, int joint) const;
    // How many joints of the block at `row` hold written matrices (the most any set_row wrote there, 0 before
    // any), and a number that changes
    // at every set_row of it, unique across palettes (a cache of what was derived from a row, the
    // joint dual quaternions, compares it).
    int row_joints(int row) const { return row_joints_[static_cast<size_t>(row)]; }
    std::uint64_t row_version(int row) const { return row_version_[static_cast<size_t>(row)]; }
    // One glTexSubImage2D over the span of rows changed since the last upload; nothing when none.
    // Returns how many rows it uploaded.
    int upload();
    void bind(GLuint unit) const;
    GLuint texture() const { return texture_.get(); }

    // Reads texture row `row` (512 matrices) back from the GPU texture itself (not the shadow), for the
    // palette check. GLES has no glGetTexImage, so both APIs attach the texture to a framebuffer and read the
    // row with glReadPixels (float colour attachments: core in GL 3.0, EXT_color_buffer_float on
    // GLES, which Mesa and every desktop GPU driver offer). Empty when the read is unsupported.
    std::vector<float> read_back_row(int row) const;

private:
    GlTexture texture_;
    int dirty_lo_ = -1, dirty_hi_ = -1;
    std::vector<float> shadow_;  // rows * width * 4 floats
    std::vector<int> row_joints_;
    std::vector<std::uint64_t> row_version_;
};

}  // namespace sv::render
