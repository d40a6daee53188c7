// A KHR_materials_sheen fixture for the comparison with the Khronos Sample Renderer
// (tests/khronos_reference): the sheen lobe alone under one directional light. Twelve spheres of
// radius 0.4 (smooth normals, 32 x 16 segments) on a grid one metre apart in the XY plane, four
// columns of sheen roughness 0.2, 0.45, 0.7 and 0.95 (x = -1.5 .. 1.5) and three rows of sheen
// colour (1, 1, 1), (1, 0.6, 0.3) and (0.3, 0.5, 1) (y = 1, 0, -1). The base under the sheen is
// black (metallic 0, roughness 0.5) with KHR_materials_specular's factor 0, so the layer below
// reflects nothing and what is drawn is the sheen's Charlie D x V x N.L: the albedo scaling of the
// layer below (which the Khronos renderer takes from a table it misreads, docs/materials.md) has
// nothing to scale. The light: 3 lux shining along (0.4, -0.5, -0.77) normalised, from the
// camera's side (+Z), above and to the right. Compared with the environment off (the job key
// "ibl": 0), since the renderer's image-based sheen takes its own shortcuts. No clip.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

Asset build_sheen_asset();

}  // namespace sv::anim
