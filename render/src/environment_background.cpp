#include "render/environment_background.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>

#include "render/texture_units.h"

namespace sv::render {

Expected<EnvironmentBackground> EnvironmentBackground::create(Api api) {
    auto program = ShaderProgram::build(api, {"environment_background",
                                              {"environment_background_vs.glsl"},
                                              {"brdf.glsl", "environment_background_fs.glsl"},
                                              {},
                                              {}});
    if (!program) return program.error();
    EnvironmentBackground b;
    b.program_ = std::move(*program);
    b.vao_ = GlVertexArray::make();
    return b;
}

void EnvironmentBackground::draw(const Environment& environment, const glm::mat4& view_proj,
                                 const LightingSettings& lighting, bool linear_output) const {
    glUseProgram(program_.id());
    // A material's sampler object may still be bound to these units; it would override the
    // textures' own filtering and wrapping (the panorama must wrap across its seam).
    glBindSampler(kBackgroundPanoramaUnit, 0);
    glBindSampler(kBackgroundAtlasUnit, 0);
    glActiveTexture(GL_TEXTURE0 + kBackgroundPanoramaUnit);
    glBindTexture(GL_TEXTURE_2D, environment.panorama());
    glActiveTexture(GL_TEXTURE0 + kBackgroundAtlasUnit);
    glBindTexture(GL_TEXTURE_2D, environment.atlas());
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program_.uniform("u_env_panorama"), static_cast<GLint>(kBackgroundPanoramaUnit));
    glUniform1i(program_.uniform("u_env_atlas"), static_cast<GLint>(kBackgroundAtlasUnit));
    glUniform1i(program_.uniform("u_has_panorama"), environment.panorama() != 0 ? 1 : 0);
    glUniformMatrix4fv(program_.uniform("u_inverse_view_proj"), 1, GL_FALSE,
                       glm::value_ptr(glm::inverse(view_proj)));
    // The same turn as the surfaces' light (material_binding.cpp): the background is what a mirror
    // ball in the scene reflects, so the two must not disagree about where the sun is.
    const float a = glm::radians(lighting.environment_rotation_deg);
    const glm::mat3 rot(std::cos(a), 0, -std::sin(a), 0, 1, 0, std::sin(a), 0, std::cos(a));
    glUniformMatrix3fv(program_.uniform("u_env_rotation"), 1, GL_FALSE, glm::value_ptr(rot));
    glUniform1f(program_.uniform("u_env_intensity"), lighting.environment_intensity);
    glUniform1f(program_.uniform("u_blur"), std::clamp(lighting.environment_blur, 0.0f, 1.0f));
    glUniform1f(program_.uniform("u_exposure"), lighting.exposure);
    glUniform1i(program_.uniform("u_linear_output"), linear_output ? 1 : 0);
    GLboolean depth_test = GL_FALSE, depth_mask = GL_TRUE, blend = GL_FALSE;
    glGetBooleanv(GL_DEPTH_TEST, &depth_test);
    glGetBooleanv(GL_DEPTH_WRITEMASK, &depth_mask);
    glGetBooleanv(GL_BLEND, &blend);
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glDisable(GL_BLEND);
    glBindVertexArray(vao_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    if (depth_test) glEnable(GL_DEPTH_TEST);
    glDepthMask(depth_mask);
    if (blend) glEnable(GL_BLEND);
}

}  // namespace sv::render
