#include "render/transmission_backdrop.h"

#include <cmath>
#include <cstdio>

namespace sv::render {

float TransmissionBackdrop::max_lod() { return std::log2(static_cast<float>(kSize)); }

Status TransmissionBackdrop::begin(const glm::vec4& clear_linear) {
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &saved_fbo_);
    glGetIntegerv(GL_VIEWPORT, saved_viewport_);
    if (!fbo_) {
        color_ = GlTexture::make();
        glBindTexture(GL_TEXTURE_2D, color_.get());
        // Every level allocated up front (GLES 3.0 has no glTexStorage guarantee of mip
        // completeness otherwise); the mip chain is rebuilt by end() each frame.
        int size = kSize, level = 0;
        while (size >= 1) {
            glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
            size /= 2;
            ++level;
        }
        // Trilinear between levels and NEAREST magnification, as the Khronos renderer sets it.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindTexture(GL_TEXTURE_2D, 0);
        depth_ = GlRenderbuffer::make();
        glBindRenderbuffer(GL_RENDERBUFFER, depth_.get());
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kSize, kSize);
        fbo_ = GlFramebuffer::make();
        glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.get(), 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.get());
        const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(saved_fbo_));
            fbo_.reset();
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%04x", status);
            return make_error(std::string("transmission backdrop framebuffer is incomplete (status ") + hex +
                              ")");
        }
    }
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.get());
    glViewport(0, 0, kSize, kSize);
    // A caller's scissor (a viewport inside a window) would clip the backdrop's clear and draws
    // to that rectangle of the square.
    saved_scissor_ = glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE;
    glDisable(GL_SCISSOR_TEST);
    GLfloat previous[4];
    glGetFloatv(GL_COLOR_CLEAR_VALUE, previous);
    glClearColor(clear_linear.r, clear_linear.g, clear_linear.b, clear_linear.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glClearColor(previous[0], previous[1], previous[2], previous[3]);
    return ok_status();
}

void TransmissionBackdrop::end() {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(saved_fbo_));
    glViewport(saved_viewport_[0], saved_viewport_[1], saved_viewport_[2], saved_viewport_[3]);
    if (saved_scissor_) glEnable(GL_SCISSOR_TEST);
    glBindTexture(GL_TEXTURE_2D, color_.get());
    glGenerateMipmap(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, 0);
}

glm::vec4 linear_clear_color() {
    GLfloat c[4];
    glGetFloatv(GL_COLOR_CLEAR_VALUE, c);
    const auto decode = [](float v) {
        v = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
        return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
    };
    return {decode(c[0]), decode(c[1]), decode(c[2]), c[3]};
}

}  // namespace sv::render
