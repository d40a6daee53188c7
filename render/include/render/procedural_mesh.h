// Geometry the project makes itself: a torus for the first lit-mesh screenshot and a ground grid.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::render {

// A torus around the Y axis, with normals and UVs; `segments` around the ring, `sides` around
// the tube.
anim::Primitive make_torus(float ring_radius, float tube_radius, int segments, int sides);

// Line segments of a square grid in the XZ plane, `half_extent` each side of the origin.
std::vector<glm::vec3> make_grid_lines(float half_extent, int cells);

}  // namespace sv::render
