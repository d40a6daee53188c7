// The world box of a skinned mesh, from its joints and its bind-pose geometry: never from the mesh
// node's transform, which glTF declares meaningless for a skinned mesh and which exporters fill
// with whatever their unit conversion left there (Xbot's would put the character at 1/100 size).
//
// Each vertex contributes A_j x v for every joint that influences it with a positive weight. A
// linear blend lies in the convex hull of those points, so the box holds it exactly; dual
// quaternion skinning can bulge slightly outside the hull at a bent joint, which a caller wanting a
// strict bound pads for.
#pragma once

#include <cmath>
#include <glm/glm.hpp>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

struct Aabb {
    glm::dvec3 min{HUGE_VAL};
    glm::dvec3 max{-HUGE_VAL};
    bool empty() const { return min.x > max.x; }
};

// Refuses an unwalked skeleton and a vertex naming a joint the skin does not have, by name.
Expected<Aabb> skin_world_bounds(const Scene& scene, const Skin& skin, const Mesh& mesh);

}  // namespace sv::anim
