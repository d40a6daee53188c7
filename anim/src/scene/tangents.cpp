#include "anim/scene/tangents.h"

#include <cmath>

namespace sv::anim {

namespace {

float corner_angle(glm::vec3 a, glm::vec3 b) {
    const float la = glm::length(a), lb = glm::length(b);
    if (la <= 0.0f || lb <= 0.0f) return 0.0f;
    return std::acos(glm::clamp(glm::dot(a, b) / (la * lb), -1.0f, 1.0f));
}

glm::vec3 any_perpendicular(glm::vec3 n) {
    const glm::vec3 axis = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(axis, n));
}

}  // namespace

std::vector<glm::vec4> generate_tangents(const Primitive& p, const std::vector<glm::vec3>& normals,
                                         const std::vector<glm::vec2>& uvs) {
    const size_t n = p.positions.size();
    std::vector<glm::vec3> tan(n, glm::vec3(0.0f)), bit(n, glm::vec3(0.0f));
    if (uvs.size() == n && p.triangles()) {
        for (size_t i = 0; i + 2 < p.indices.size(); i += 3) {
            const std::uint32_t v[3] = {p.indices[i], p.indices[i + 1], p.indices[i + 2]};
            if (v[0] >= n || v[1] >= n || v[2] >= n) continue;
            const glm::vec3 e1 = p.positions[v[1]] - p.positions[v[0]],
                            e2 = p.positions[v[2]] - p.positions[v[0]];
            const glm::vec2 d1 = uvs[v[1]] - uvs[v[0]], d2 = uvs[v[2]] - uvs[v[0]];
            const float det = d1.x * d2.y - d2.x * d1.y;
            if (std::abs(det) < 1e-20f) continue;
            const glm::vec3 sdir = (e1 * d2.y - e2 * d1.y) / det;  // dP/du
            const glm::vec3 tdir = (e2 * d1.x - e1 * d2.x) / det;  // dP/dv
            for (int c = 0; c < 3; ++c) {
                const glm::vec3 p0 = p.positions[v[c]];
                const float w =
                    corner_angle(p.positions[v[(c + 1) % 3]] - p0, p.positions[v[(c + 2) % 3]] - p0);
                tan[v[c]] += sdir * w;
                bit[v[c]] += tdir * w;
            }
        }
    }
    std::vector<glm::vec4> out(n);
    for (size_t i = 0; i < n; ++i) {
        const glm::vec3 nn = i < normals.size() ? normals[i] : glm::vec3(0, 0, 1);
        glm::vec3 t = tan[i] - nn * glm::dot(nn, tan[i]);
        const float len = glm::length(t);
        t = len > 1e-12f && std::isfinite(len) ? t / len : any_perpendicular(nn);
        // The bitangent glTF builds is cross(N, T) * w and must follow dP/dv' = -dP/dv.
        const float w = glm::dot(glm::cross(nn, t), -bit[i]) < 0.0f ? -1.0f : 1.0f;
        out[i] = glm::vec4(t, w);
    }
    return out;
}

}  // namespace sv::anim
