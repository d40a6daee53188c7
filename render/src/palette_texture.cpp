#include "render/palette_texture.h"

#include "render/float_texture.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace sv::render {

namespace {
constexpr size_t kFloatsPerRow = static_cast<size_t>(kPaletteTextureWidth) * 4;
// Process-wide, so a version never names a row of another palette (a recreated one included).
std::atomic<std::uint64_t> next_row_version{1};
}

Expected<PaletteTexture> PaletteTexture::create(int rows) {
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    if (rows <= 0 || rows > max_size)
        return make_error("palette texture: " + std::to_string(rows) + " rows asked for, this driver allows 1.." +
                          std::to_string(max_size));
    if (max_size < kPaletteTextureWidth)
        return make_error("palette texture: the driver's largest texture is " + std::to_string(max_size) +
                          " texels, the palette needs " + std::to_string(kPaletteTextureWidth));
    PaletteTexture p;
    p.shadow_.assign(kFloatsPerRow * static_cast<size_t>(rows), 0.0f);
    p.row_joints_.assign(static_cast<size_t>(rows), 0);
    p.row_version_.assign(static_cast<size_t>(rows), 0);
    for (auto& v : p.row_version_) v = next_row_version++;
    p.texture_ = make_float_texture(FloatChannels::RGBA, kPaletteTextureWidth, rows, p.shadow_.data());
    if (!p.texture_) return make_error("palette texture: the driver refused an RGBA32F texture");
    return p;
}

Status PaletteTexture::set_row(int row, const float* matrices, int joint_count) {
    if (row < 0 || row >= rows())
        return make_error("palette row " + std::to_string(row) + " is outside 0.." + std::to_string(rows() - 1));
    if (joint_count < 0 || joint_count > MAX_JOINTS)
        return make_error("palette row " + std::to_string(row) + ": " + std::to_string(joint_count) +
                          " joints, a row holds at most " + std::to_string(MAX_JOINTS));
    std::memcpy(&shadow_[kFloatsPerRow * static_cast<size_t>(row)], matrices,
                static_cast<size_t>(joint_count) * 16 * sizeof(float));
    // The most any write reached: matrices past a shorter later write stay in the row (and in what
    // the shader reads), so whatever is derived from the row must cover them too.
    row_joints_[static_cast<size_t>(row)] = std::max(row_joints_[static_cast<size_t>(row)], joint_count);
    row_version_[static_cast<size_t>(row)] = next_row_version++;
    dirty_lo_ = dirty_lo_ < 0 ? row : std::min(dirty_lo_, row);
    dirty_hi_ = std::max(dirty_hi_, row);
    return ok_status();
}

const float* PaletteTexture::matrix(int row, int joint) const {
    return &shadow_[kFloatsPerRow * static_cast<size_t>(row) + static_cast<size_t>(joint) * 16];
}

int PaletteTexture::upload() {
    if (dirty_lo_ < 0) return 0;
    const int count = dirty_hi_ - dirty_lo_ + 1;
    glBindTexture(GL_TEXTURE_2D, texture_.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, dirty_lo_, kPaletteTextureWidth, count, GL_RGBA, GL_FLOAT,
                    &shadow_[kFloatsPerRow * static_cast<size_t>(dirty_lo_)]);
    dirty_lo_ = dirty_hi_ = -1;
    return count;
}

void PaletteTexture::bind(GLuint unit) const {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, texture_.get());
}

std::vector<float> PaletteTexture::read_back_row(int row) const {
    std::vector<float> out(kFloatsPerRow, 0.0f);
    if (row < 0 || row >= rows()) return {};
    GLint previous = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
    const GlFramebuffer fbo = GlFramebuffer::make();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.get(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, row, kPaletteTextureWidth, 1, GL_RGBA, GL_FLOAT, out.data());
    } else {
        out.clear();
    }
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
    return out;
}

}  // namespace sv::render
