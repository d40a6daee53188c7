#include "render/render_target.h"

#include <cstdio>
#include <cstring>

#include "render/phase_timings.h"

namespace sv::render {

void RenderTarget::release() {
    fbo_.reset();
    color_.reset();
    depth_.reset();
}

Status RenderTarget::resize(int width, int height) {
    if (width <= 0 || height <= 0 || width > 8192 || height > 8192)
        return make_error("render target size " + std::to_string(width) + "x" + std::to_string(height) +
                          " is outside 1..8192");
    release();
    width_ = width;
    height_ = height;
    fbo_ = GlFramebuffer::make();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
    color_ = GlRenderbuffer::make();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
    depth_ = GlRenderbuffer::make();
    glBindRenderbuffer(GL_RENDERBUFFER, depth_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.get());
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%04x", status);
        return make_error("render target " + std::to_string(width) + "x" + std::to_string(height) +
                          " is incomplete (status " + hex + ")");
    }
    return ok_status();
}

void RenderTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
    glViewport(0, 0, width_, height_);
}

RgbaImage read_framebuffer(int width, int height) {
    if (timings_enabled()) {
        // The driver draws when the pixels are asked for: finished first, so the draw's time is
        // the draw's and the read-back's is the copy's.
        PhaseTimer timer("draw (GPU finish)");
        glFinish();
    }
    PhaseTimer timer("readback");
    RgbaImage img;
    img.width = width;
    img.height = height;
    img.pixels.resize(static_cast<size_t>(width) * height * 4);
    std::vector<std::uint8_t> rows(img.pixels.size());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
    const size_t stride = static_cast<size_t>(width) * 4;
    for (int y = 0; y < height; ++y)
        std::memcpy(&img.pixels[static_cast<size_t>(y) * stride],
                    &rows[static_cast<size_t>(height - 1 - y) * stride], stride);
    return img;
}

RgbaImage RenderTarget::read() const {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
    return read_framebuffer(width_, height_);
}

}  // namespace sv::render
