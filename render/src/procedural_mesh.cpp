#include "render/procedural_mesh.h"

#include <cmath>

namespace sv::render {

anim::Primitive make_torus(float ring_radius, float tube_radius, int segments, int sides) {
    anim::Primitive p;
    const float two_pi = 6.28318530717958647692f;
    for (int i = 0; i <= segments; ++i) {
        const float u = float(i) / float(segments);
        const float a = u * two_pi;
        const glm::vec3 ring(std::cos(a), 0.0f, std::sin(a));
        for (int j = 0; j <= sides; ++j) {
            const float v = float(j) / float(sides);
            const float b = v * two_pi;
            const glm::vec3 n = ring * std::cos(b) + glm::vec3(0.0f, std::sin(b), 0.0f);
            p.positions.push_back(ring * ring_radius + n * tube_radius);
            p.normals.push_back(n);
            p.uvs.emplace_back(u, v);
        }
    }
    const auto idx = [&](int i, int j) { return static_cast<std::uint32_t>(i * (sides + 1) + j); };
    for (int i = 0; i < segments; ++i)
        for (int j = 0; j < sides; ++j) {
            // Counter-clockwise seen from outside the tube.
            p.indices.insert(p.indices.end(), {idx(i, j), idx(i, j + 1), idx(i + 1, j)});
            p.indices.insert(p.indices.end(), {idx(i + 1, j), idx(i, j + 1), idx(i + 1, j + 1)});
        }
    return p;
}

std::vector<glm::vec3> make_grid_lines(float half_extent, int cells) {
    std::vector<glm::vec3> lines;
    for (int i = 0; i <= cells; ++i) {
        const float t = -half_extent + 2.0f * half_extent * float(i) / float(cells);
        lines.emplace_back(t, 0.0f, -half_extent);
        lines.emplace_back(t, 0.0f, half_extent);
        lines.emplace_back(-half_extent, 0.0f, t);
        lines.emplace_back(half_extent, 0.0f, t);
    }
    return lines;
}

}  // namespace sv::render
