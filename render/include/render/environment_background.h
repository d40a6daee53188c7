// The environment drawn behind the scene (the Lighting panel's "background", the settings file's
// `environment_background`): a full-screen pass reading the environment in each pixel's view
// direction, as the Khronos renderer's background pass does, blurred by reading the GGX bands.
// Off by default, so the viewer's plain clear colour (and every golden made with it) stays.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/expected.h"
#include "render/context.h"
#include "render/environment.h"
#include "render/shader_program.h"

namespace sv::render {

class EnvironmentBackground {
public:
    static Expected<EnvironmentBackground> create(Api api);
    // Fills the bound framebuffer's colour with the environment as `view_proj` sees it, through the
    // lighting's rotation, intensity and exposure (tone mapped as the surfaces are; linear light
    // before exposure when `linear_output`, for the transmission backdrop). Writes no depth, so
    // whatever is drawn after covers it. Blur: the roughness whose GGX band is drawn, 0..1.
    void draw(const Environment& environment, const glm::mat4& view_proj, const LightingSettings& lighting,
              bool linear_output) const;

private:
    ShaderProgram program_;
    GlVertexArray vao_;  // empty: core profiles draw nothing without one bound
};

}  // namespace sv::render
