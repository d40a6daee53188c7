#include "render/transmission_binding.h"

#include <glm/gtc/type_ptr.hpp>

#include "render/texture_units.h"
#include "render/transmission_backdrop.h"

namespace sv::render {

void bind_transmission(const ShaderProgram& program, const TransmissionBinding& t, GLuint backdrop,
                       const glm::mat4& view_proj, const glm::vec3& model_scale) {
    glUniform1f(program.uniform("u_transmission"), t.factor);
    glUniform1f(program.uniform("u_thickness"), t.thickness);
    glUniform4f(program.uniform("u_attenuation"), t.attenuation_color.r, t.attenuation_color.g,
                t.attenuation_color.b, t.attenuation_distance);
    glUniform1f(program.uniform("u_dispersion"), t.dispersion);
    glUniform1f(program.uniform("u_transmission_ior"), t.ior);
    glUniform3fv(program.uniform("u_model_scale"), 1, glm::value_ptr(model_scale));
    glUniformMatrix4fv(program.uniform("u_transmission_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
    glUniform1f(program.uniform("u_backdrop_max_lod"), TransmissionBackdrop::max_lod());
    bind_texture_binding(program, kTransmissionUnit, t.texture, "u_transmission_texture",
                         "u_transmission_set", "u_transmission_transform");
    bind_texture_binding(program, kThicknessUnit, t.thickness_texture, "u_thickness_texture",
                         "u_thickness_set", "u_thickness_transform");
    glActiveTexture(GL_TEXTURE0 + kBackdropUnit);
    glBindTexture(GL_TEXTURE_2D, backdrop);
    glBindSampler(kBackdropUnit, 0);
    glUniform1i(program.uniform("u_backdrop"), static_cast<GLint>(kBackdropUnit));
    glActiveTexture(GL_TEXTURE0);
}

}  // namespace sv::render
