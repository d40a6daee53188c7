// A test character with any number of influences a vertex: the fixture for JOINTS_n/WEIGHTS_n
// past the eighth (the importer, the shader's influence texture, both CPU references, bake and
// diagnose). Deterministic, like anim/asset_tools/asset_builder.h.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

// A tentacle: `influences` joints in a chain up +Y (0.25 m apart, joint k at y = 0.25 k), skinning
// a 12-sided tube from y = 0 to the chain's top whose every vertex is weighted to every joint: a
// Gaussian of the vertex's height about each segment's middle (sigma 1.5 segments) plus a floor of
// 0.02 / influences, so no slot is zero and the heaviest slots of the upper vertices are past the
// eighth. Slot k holds joint k, in that order. One 2 s LINEAR clip "sway" (25 keys) turns every
// joint about Z and X by a few degrees out of phase, so each joint's motion differs and dropping
// any slot moves a vertex. `influences` is clamped to [1, 64]; past 8 the extras are in
// Primitive::extra_* with extra_influences = influences - 8 (9 gives an odd 1, which the writer
// pads to a third set of four).
Asset build_many_influence_asset(int influences);

}  // namespace sv::anim
