// What a transmissive surface sees behind it: the frame's opaque (and blended) primitives drawn
// first into a square mipmapped texture, in linear light before exposure and tone mapping, as
// the Khronos Sample Renderer does (its opaque framebuffer: 1024 x 1024 RGBA8, linear output,
// sampled along the refracted ray at lod log2(1024) x roughness x clamp(2 ior - 2, 0, 1)).
//
// The same size and format as that renderer, so a roughness blurs the same share of the screen
// in both. What it costs: linear light in 8 bits clamps radiance above 1 (a highlight seen
// through glass is no brighter than white) and quantises the darkest values (a step of 1/255
// linear is 13/255 after sRGB encoding near black); a square texture stretches a wide view, so
// a pixel of the backdrop is wider than it is tall. Only frames with a transmissive primitive
// pay for the pass (the scene is drawn twice).
#pragma once

#include <glm/glm.hpp>

#include "anim/core/expected.h"
#include "render/gl.h"
#include "render/gl_name.h"

namespace sv::render {

class TransmissionBackdrop {
public:
    static constexpr int kSize = 1024;

    // Binds the backdrop's framebuffer and viewport, clearing it to `clear_linear` (the frame's
    // clear colour in linear light: glass over the empty background shows that background). The
    // caller's framebuffer and viewport are remembered for end(). Made on first use.
    Status begin(const glm::vec4& clear_linear);
    // Puts back the caller's framebuffer and viewport and builds the mip chain.
    void end();
    GLuint texture() const { return color_.get(); }
    // log2 of the size: the lod of a fully rough sample (the whole backdrop in one texel).
    static float max_lod();

private:
    GlTexture color_;
    GlRenderbuffer depth_;
    GlFramebuffer fbo_;
    GLint saved_fbo_ = 0;
    GLint saved_viewport_[4] = {0, 0, 0, 0};
    bool saved_scissor_ = false;
};

// The sRGB clear colour the caller set (glClearColor), as linear light.
glm::vec4 linear_clear_color();

}  // namespace sv::render
