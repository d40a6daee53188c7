// Per-vertex tangents for primitives the file gave none, so normal maps work on them.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

// Tangents from the UV layout of `uvs` (one per vertex) over the triangles of `p`, in the
// MikkTSpace spirit: each triangle's dP/du is accumulated at its corners weighted by the corner
// angle, made perpendicular to the vertex normal, and w is the sign glTF's bitangent
// cross(N, T) * w needs to point along dP/dv' with v' = 1 - v (glTF's UV origin is the image's
// top-left, a normal map's +Y is up). What it does not do that MikkTSpace does: split a vertex
// whose triangles disagree on handedness (a mirrored UV seam shared by one vertex) — such a
// vertex gets the majority's sign. Vertices with no usable UV area get any unit perpendicular.
// `normals` must have one entry per vertex.
std::vector<glm::vec4> generate_tangents(const Primitive& p, const std::vector<glm::vec3>& normals,
                                         const std::vector<glm::vec2>& uvs);

}  // namespace sv::anim
