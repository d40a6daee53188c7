#include "render/mtoon_binding.h"

#include <glm/gtc/type_ptr.hpp>

#include "render/texture_units.h"

namespace sv::render {

void bind_mtoon(const ShaderProgram& program, const MToonBinding& m) {
    glUniform3fv(program.uniform("u_mtoon_shade_color"), 1, glm::value_ptr(m.shade_color));
    glUniform3f(program.uniform("u_mtoon_shading"), m.shading_shift, m.shading_toony, m.shading_shift_scale);
    glUniform1f(program.uniform("u_mtoon_gi_equalization"), m.gi_equalization);
    glUniform3fv(program.uniform("u_mtoon_rim_color"), 1, glm::value_ptr(m.rim_color));
    glUniform3f(program.uniform("u_mtoon_rim"), m.rim_fresnel_power, m.rim_lift, m.rim_lighting_mix);
    glUniform3fv(program.uniform("u_mtoon_outline_color"), 1, glm::value_ptr(m.outline_color));
    glUniform1f(program.uniform("u_mtoon_outline_mix"), m.outline_lighting_mix);
    glUniform1f(program.uniform("u_mtoon_outline_width"), m.outline_width);
    bind_texture_binding(program, kMToonShadeUnit, m.shade_texture, "u_mtoon_shade_texture",
                         "u_mtoon_shade_set", "u_mtoon_shade_transform");
    bind_texture_binding(program, kMToonShiftUnit, m.shading_shift_texture, "u_mtoon_shift_texture",
                         "u_mtoon_shift_set", "u_mtoon_shift_transform");
    bind_texture_binding(program, kMToonRimUnit, m.rim_texture, "u_mtoon_rim_texture", "u_mtoon_rim_set",
                         "u_mtoon_rim_transform");
    bind_texture_binding(program, kMToonOutlineUnit, m.outline_width_texture, "u_mtoon_outline_width_texture",
                         "u_mtoon_outline_width_set", "u_mtoon_outline_width_transform");
    glActiveTexture(GL_TEXTURE0);
    set_mtoon_outline(program, 0, 1.0f);
}

void set_mtoon_outline(const ShaderProgram& program, int mode, float aspect) {
    glUniform1i(program.uniform("u_mtoon_outline_mode"), mode);
    glUniform1f(program.uniform("u_mtoon_aspect"), aspect);
}

}  // namespace sv::render
