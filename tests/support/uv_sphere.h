// A UV sphere as one primitive (positions, normals, indices), for tests that need a closed round
// mesh of a known radius: the framing's sky-dome rule and the scene-object framing tests. Normals
// point out, or in for a dome seen from inside; either way the triangles keep one winding.
#pragma once

#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

#include "anim/scene/asset.h"

namespace sv::test {

inline anim::Primitive uv_sphere(float radius, glm::vec3 centre, bool inward, int rings, int segments) {
    anim::Primitive p;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s <= segments; ++s) {
            const float th = 3.14159265f * float(r) / float(rings),
                        ph = 6.2831853f * float(s) / float(segments);
            const glm::vec3 n(std::sin(th) * std::cos(ph), std::cos(th), std::sin(th) * std::sin(ph));
            p.positions.push_back(n * radius + centre);
            p.normals.push_back(inward ? -n : n);
        }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto i = static_cast<std::uint32_t>(r * (segments + 1) + s);
            const auto j = i + static_cast<std::uint32_t>(segments + 1);
            p.indices.insert(p.indices.end(), {i, j, i + 1, i + 1, j, j + 1});
        }
    return p;
}

}  // namespace sv::test
