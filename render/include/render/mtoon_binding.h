// The uniforms and textures of shaders/mtoon.glsl (and the outline's in shaders/skinned_vs.glsl): a
// material's MToonBinding, bound to an MTOON program.
#pragma once

#include "render/gl.h"
#include "render/material_binding.h"
#include "render/shader_program.h"

namespace sv::render {

// An MTOON program compiles neither transmission.glsl nor diffuse_transmission.glsl (MToon replaces
// the PBR shading those extend: skinned_pass.cpp never asks for both), so two of its units are
// transmission's (24, 25); 23 and 30 are free in every program. All within GLES 3.0's 32 combined
// units, short of 31 (the skinning pass's extra influences). The outline width is read by the
// vertex stage; the other three by the fragment stage (10 samplers with the plain program's 7).
inline constexpr GLuint kMToonShadeUnit = 23, kMToonShiftUnit = 24, kMToonRimUnit = 25,
                        kMToonOutlineUnit = 30;

// Sets every MToon uniform with the surface pass's outline mode (0); leaves unit 0 active.
void bind_mtoon(const ShaderProgram& program, const MToonBinding& mtoon);
// The outline pass's switch: `mode` 1 world or 2 screen widths (the hull), 0 the surface again.
// `aspect`: the viewport's height over its width (screen widths are a share of the height).
void set_mtoon_outline(const ShaderProgram& program, int mode, float aspect);

}  // namespace sv::render
