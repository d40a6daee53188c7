// What the builders in this folder make alike: their surfaces and their keyed tracks. One place, so
// the characters, the sunflower and the tentacle cannot drift apart in how a track's times are
// spaced (tests compute expected poses from those times) or what a default surface is.
#pragma once

#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim::builder {

// The project's characters are rough dielectrics: glTF's material defaults (metallic 1, roughness 1)
// would draw them as dull metal.
inline Material rough_dielectric(const std::string& name, const glm::vec4& base_color,
                                 float roughness = 0.8f) {
    Material m;
    m.name = name;
    m.base_color = base_color;
    m.metallic = 0.0f;
    m.roughness = roughness;
    return m;
}

inline void push_quat(std::vector<float>& v, const glm::dquat& q) {
    v.insert(v.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
}

// `keys` linear keys evenly over [0, duration] (k * duration / (keys - 1), computed in double, then
// stored as float as a file would hold it), values appended by `f(t, values)`.
template <class F>
Channel track(int node, TargetPath path, double duration, int keys, F f) {
    Channel c;
    c.node = node;
    c.path = path;
    c.interpolation = Interpolation::Linear;
    for (int k = 0; k < keys; ++k) {
        const double t = duration * k / (keys - 1);
        c.times.push_back(float(t));
        f(t, c.values);
    }
    return c;
}

// A UV sphere of radius `r` about the origin: `slices` around Y, `stacks` pole to pole, the seam
// and the poles' vertices repeated so every vertex has one UV.
inline Primitive uv_sphere(float r, int slices, int stacks, int material) {
    Primitive p;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i <= stacks; ++i) {
        const double theta = pi * i / stacks;  // from +Y down
        for (int j = 0; j <= slices; ++j) {
            const double phi = 2.0 * pi * j / slices;
            const glm::vec3 n(float(std::sin(theta) * std::sin(phi)), float(std::cos(theta)),
                              float(std::sin(theta) * std::cos(phi)));
            p.positions.push_back(n * r);
            p.normals.push_back(n);
            p.uvs.push_back({float(j) / float(slices), float(i) / float(stacks)});
        }
    }
    const auto at = [slices](int i, int j) { return static_cast<std::uint32_t>(i * (slices + 1) + j); };
    for (int i = 0; i < stacks; ++i)
        for (int j = 0; j < slices; ++j) {
            // Counter-clockwise seen from outside.
            if (i > 0) p.indices.insert(p.indices.end(), {at(i, j), at(i + 1, j), at(i, j + 1)});
            if (i + 1 < stacks)
                p.indices.insert(p.indices.end(), {at(i, j + 1), at(i + 1, j), at(i + 1, j + 1)});
        }
    p.material = material;
    return p;
}

}  // namespace sv::anim::builder
