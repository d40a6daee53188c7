#include "render/diffuse_transmission_binding.h"

#include <glm/gtc/type_ptr.hpp>

#include "render/texture_units.h"

namespace sv::render {

void bind_diffuse_transmission(const ShaderProgram& program, const DiffuseTransmissionBinding& dt,
                               float mean_scale) {
    glUniform1f(program.uniform("u_dt_factor"), dt.factor);
    glUniform3fv(program.uniform("u_dt_color"), 1, glm::value_ptr(dt.color));
    glUniform1f(program.uniform("u_dt_thickness"), dt.thickness * mean_scale);
    glUniform4f(program.uniform("u_dt_attenuation"), dt.attenuation_color.r, dt.attenuation_color.g,
                dt.attenuation_color.b, dt.attenuation_distance);
    bind_texture_binding(program, kDiffuseTransmissionUnit, dt.texture, "u_dt_texture", "u_dt_set",
                         "u_dt_transform");
    bind_texture_binding(program, kDiffuseTransmissionColorUnit, dt.color_texture, "u_dt_color_texture",
                         "u_dt_color_set", "u_dt_color_transform");
    bind_texture_binding(program, kDiffuseTransmissionThicknessUnit, dt.thickness_texture,
                         "u_dt_thickness_texture", "u_dt_thickness_set", "u_dt_thickness_transform");
    glActiveTexture(GL_TEXTURE0);
}

}  // namespace sv::render
