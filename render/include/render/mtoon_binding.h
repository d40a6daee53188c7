// The uniforms and textures of shaders/mtoon.glsl (and the outline's in shaders/skinned_vs.glsl): a
// material's MToonBinding, bound to an MTOON program.
#pragma once

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// Sets every MToon uniform with the surface pass's outline mode (0); leaves unit 0 active.
void bind_mtoon(const ShaderProgram& program, const MToonBinding& mtoon);
// The outline pass's switch: `mode` 1 world or 2 screen widths (the hull), 0 the surface again.
// `aspect`: the viewport's height over its width (screen widths are a share of the height).
void set_mtoon_outline(const ShaderProgram& program, int mode, float aspect);

}  // namespace sv::render
