// An offscreen framebuffer (RGBA8 colour, 24-bit depth) and its read-back, top row first.
#pragma once

#include <utility>

#include "anim/expected.h"
#include "render/gl.h"
#include "render/image.h"

namespace sv::render {

class RenderTarget {
public:
    RenderTarget() = default;
    RenderTarget(const RenderTarget&) = delete;
    RenderTarget& operator=(const RenderTarget&) = delete;
    RenderTarget(RenderTarget&& o) noexcept { *this = std::move(o); }
    RenderTarget& operator=(RenderTarget&& o) noexcept;
    ~RenderTarget();

    Status resize(int width, int height);
    void bind() const;
    int width() const { return width_; }
    int height() const { return height_; }
    GLuint framebuffer() const { return fbo_; }

    // Reads the colour attachment. GL's origin is the bottom-left, PNG's the top-left: rows are
    // flipped here, once, so every image in the project is top row first.
    RgbaImage read() const;

private:
    void release();
    GLuint fbo_ = 0, color_ = 0, depth_ = 0;
    int width_ = 0, height_ = 0;
};

// Reads the currently bound read framebuffer (a window's back buffer, say), top row first.
RgbaImage read_framebuffer(int width, int height);

}  // namespace sv::render
