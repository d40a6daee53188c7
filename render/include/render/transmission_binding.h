// The uniforms and textures of shaders/transmission.glsl: a material's TransmissionBinding and the
// frame's backdrop (render/transmission_backdrop.h), bound to a TRANSMISSION program.
#pragma once

#include <glm/glm.hpp>

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// Past the material's, the environment's and the sheen's units (material_binding.h), and past
// 18..23, which are left to further material slots; GLES 3.0 numbers units up to its 32 combined.
inline constexpr GLuint kTransmissionUnit = 24, kThicknessUnit = 25, kBackdropUnit = 26;

// `model_scale`: the length of each of the node's model-matrix columns (the volume's thickness is
// in mesh units). Leaves unit 0 active.
void bind_transmission(const ShaderProgram& program, const TransmissionBinding& t, GLuint backdrop,
                       const glm::mat4& view_proj, const glm::vec3& model_scale);

}  // namespace sv::render
