// An offscreen framebuffer (RGBA8 colour, 24-bit depth) and its read-back, top row first.
#pragma once

#include "anim/core/expected.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/image.h"

namespace sv::render {

class RenderTarget {
public:
    Status resize(int width, int height);
    void bind() const;
    // 0 x 0 without a framebuffer, so a moved-from target (its size copied, its names moved away)
    // reads as empty and the next resize() remakes it.
    int width() const { return fbo_ ? width_ : 0; }
    int height() const { return fbo_ ? height_ : 0; }
    GLuint framebuffer() const { return fbo_.get(); }

    // Reads the colour attachment. GL's origin is the bottom-left, PNG's the top-left: rows are
    // flipped here, once, so every image in the project is top row first.
    RgbaImage read() const;

private:
    void release();
    // The renderbuffers before the framebuffer they are attached to, so the framebuffer is deleted
    // first, as it was by hand (the other order is legal too: an attached renderbuffer lives on
    // until its framebuffer goes).
    GlRenderbuffer color_, depth_;
    GlFramebuffer fbo_;
    int width_ = 0, height_ = 0;
};

// Reads the currently bound read framebuffer (a window's back buffer, say), top row first.
RgbaImage read_framebuffer(int width, int height);

}  // namespace sv::render
