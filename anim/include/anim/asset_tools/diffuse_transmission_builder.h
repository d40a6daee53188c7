// A KHR_materials_diffuse_transmission fixture for the comparison with the Khronos Sample Renderer
// (tests/khronos_reference): three spheres of radius 0.4 (smooth normals, 32 x 16 segments) in a
// row along X at x = -1, 0, 1, a rough blue dielectric (base colour (0.1, 0.3, 0.8), metallic 0,
// roughness 0.6), whose diffuse transmission factor is 0 (the extension absent), 0.5 and 1, with
// colour (1, 0.55, 0.1); lit from behind (the camera's side is +Z) by
//   - a directional light of 3 lux shining along (0.3, -0.4, 1) normalised (from behind, above and
//     to the left of the row), off every sphere's line of sight, so the renderers' choices of the
//     transmitted lobe's Fresnel (docs/materials.md) differ on it;
//   - a point light of 2 cd at (0.3, 0.1, -1.2), behind the middle sphere.
// No clip. The numbers here are the ones the builder uses.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

Asset build_diffuse_transmission_asset();

}  // namespace sv::anim
