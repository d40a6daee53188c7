// The uniforms and textures of shaders/transmission.glsl: a material's TransmissionBinding and the
// frame's backdrop (render/transmission_backdrop.h), bound to a TRANSMISSION program.
#pragma once

#include <glm/glm.hpp>

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// `model_scale`: the length of each of the node's model-matrix columns (the volume's thickness is
// in mesh units). Leaves unit 0 active.
void bind_transmission(const ShaderProgram& program, const TransmissionBinding& t, GLuint backdrop,
                       const glm::mat4& view_proj, const glm::vec3& model_scale);

}  // namespace sv::render
