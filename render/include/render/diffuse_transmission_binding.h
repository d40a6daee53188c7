// The uniforms and textures of shaders/diffuse_transmission.glsl: a material's
// DiffuseTransmissionBinding, bound to a DIFFUSE_TRANSMISSION program.
#pragma once

#include <glm/glm.hpp>

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// Past the material's (1..22), the environment's, the sheen's and transmission's (24..26) units,
// short of 31 (the skinning pass's extra influences); GLES 3.0 numbers units up to its 32 combined.
// Three more fragment samplers: with the layers' 16 a program needs 19, past GLES 3.0's
// guaranteed 16, and such a device draws the material without the layers (skinned_pass.h).
inline constexpr GLuint kDiffuseTransmissionUnit = 27, kDiffuseTransmissionColorUnit = 28,
                        kDiffuseTransmissionThicknessUnit = 29;

// `mean_scale`: the mean length of the node's model-matrix columns (the volume's thickness is in
// mesh units; the Khronos renderer's mean for this lobe). Leaves unit 0 active.
void bind_diffuse_transmission(const ShaderProgram& program, const DiffuseTransmissionBinding& dt,
                               float mean_scale);

}  // namespace sv::render
