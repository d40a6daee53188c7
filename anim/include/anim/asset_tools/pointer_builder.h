// A KHR_animation_pointer fixture: four unskinned quads facing +Z and a point light, with one clip
// "pointers" (2 s) that animates, through pointers only,
//   - material 0's baseColorFactor, LINEAR: red (t 0), green (t 1), blue (t 2), alpha 1 throughout;
//   - material 1's base colour texture offset (KHR_texture_transform), STEP: x 0, 0.25, 0.5 at
//     t 0, 0.8, 1.6 over a 4x1 NEAREST texture (red, green, blue, white texels);
//   - light 0's intensity (a point light 2 m in front of the quads), CUBICSPLINE: 4 cd at t 0 with
//     out-tangent 30 cd/s, 16 cd at t 2 with in-tangent -6 cd/s;
//   - node 3's translation, LINEAR: (-0.5, -0.75, 0) at t 0 to (0.5, -0.75, 0) at t 2.
// The keys are written in this comment so that a test can compute what a time means on its own;
// the constants below are the same numbers.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

Asset build_pointer_asset();

}  // namespace sv::anim
