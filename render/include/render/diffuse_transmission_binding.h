// The uniforms and textures of shaders/diffuse_transmission.glsl: a material's
// DiffuseTransmissionBinding, bound to a DIFFUSE_TRANSMISSION program.
#pragma once

#include <glm/glm.hpp>

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// `mean_scale`: the mean length of the node's model-matrix columns (the volume's thickness is in
// mesh units; the Khronos renderer's mean for this lobe). Leaves unit 0 active.
void bind_diffuse_transmission(const ShaderProgram& program, const DiffuseTransmissionBinding& dt,
                               float mean_scale);

}  // namespace sv::render
