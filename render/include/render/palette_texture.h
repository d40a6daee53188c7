// The palette texture: every character instance's joint matrices in one RGBA32F texture.
//
// 2048 texels wide (kPaletteTextureWidth), four texels a matrix, one row per instance, so the
// skeleton limit MAX_JOINTS (512) and this texture are one constant. Rows are written on the CPU
// into a shadow copy and uploaded with one glTexSubImage2D per frame spanning the rows that
// changed: a crowd of dancers costs one upload, not one per dancer.
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
    // Writes `joint_count` matrices (16 floats each, column-major) into `row`. Refuses a row out
    // of range or more joints than MAX_JOINTS; marks the row for the next upload.
    Status set_row(int row, const float* matrices, int joint_count);
    // The CPU shadow of one matrix, for the palette panel's read-back comparison.
    const float* matrix(int row, int joint) const;
    // How many joints of `row` hold written matrices (the most any set_row wrote there, 0 before
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

    // Reads row `row` back from the GPU texture itself (not the shadow), for the palette check.
    // GLES has no glGetTexImage, so both APIs attach the texture to a framebuffer and read the
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
