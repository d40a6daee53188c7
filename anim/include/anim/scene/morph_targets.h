// Morph targets on the CPU: the base mesh a skin moves (glTF 2.0 3.7.2.2: morph, then skin).
//
// The CPU references (the double skinner, `bake --source cpu`, diagnose) apply targets with
// this, the GPU with shaders/morph.glsl; both sum weight x delta over the targets in target order.
// Sums are taken in double and stored in float, the precision the base positions have anyway.
#pragma once

#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

// `prim` itself when no weight is non-zero (no copy), else `scratch` filled with the morphed
// positions and normals (normals renormalised) and every other attribute copied.
const Primitive& morphed(const Primitive& prim, const std::vector<float>& weights, Primitive& scratch);

}  // namespace sv::anim
