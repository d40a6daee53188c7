// The surfaces the asset builder skins: a box-section tube (the box humanoids and the arm) and a
// rounded capsule (the built-in character's limbs). Templates over how a ring or a point is skinned,
// so they live in a header; private to asset_tools.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/constants.hpp>

#include "anim/scene/asset.h"

namespace sv::anim::builder {

// A box-section tube from a to b (char space), `ring_count` rings, radius r, the joints and
// weights of each ring given by `ring_skin`. Appends to `p`.
template <class RingSkin>
void tube(Primitive& p, glm::dvec3 a, glm::dvec3 b, double r, int ring_count, RingSkin ring_skin,
          const glm::dmat4& to_mesh) {
    const glm::dvec3 axis = glm::normalize(b - a);
    const glm::dvec3 helper = std::abs(axis.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
    const glm::dvec3 u = glm::normalize(glm::cross(axis, helper));
    const glm::dvec3 v = glm::cross(axis, u);
    const glm::dmat3 nrm(to_mesh);
    const auto base = static_cast<std::uint32_t>(p.positions.size());
    const int sides = 4;
    for (int ri = 0; ri < ring_count; ++ri) {
        const double t = double(ri) / (ring_count - 1);
        const glm::dvec3 c = a + (b - a) * t;
        std::array<std::uint16_t, kMaxInfluences> js{};
        std::array<float, kMaxInfluences> ws{};
        ring_skin(ri, js, ws);
        for (int s = 0; s < sides; ++s) {
            const double ang = 2.0 * glm::pi<double>() * (s + 0.5) / sides;
            const glm::dvec3 dir = u * std::cos(ang) + v * std::sin(ang);
            p.positions.push_back(glm::vec3(to_mesh * glm::dvec4(c + dir * r, 1.0)));
            p.normals.push_back(glm::vec3(glm::normalize(nrm * dir)));
            p.uvs.emplace_back(float(s) / sides, float(t));
            p.joints.push_back(js);
            p.weights.push_back(ws);
        }
    }
    for (int ri = 0; ri + 1 < ring_count; ++ri)
        for (int s = 0; s < sides; ++s) {
            const std::uint32_t i0 = base + std::uint32_t(ri * sides + s);
            const std::uint32_t i1 = base + std::uint32_t(ri * sides + (s + 1) % sides);
            const std::uint32_t j0 = i0 + sides, j1 = i1 + sides;
            p.indices.insert(p.indices.end(), {i0, i1, j1, i0, j1, j0});
        }
    // End caps (two triangles each) so the boxes are closed.
    const std::uint32_t e = base + std::uint32_t((ring_count - 1) * sides);
    p.indices.insert(p.indices.end(), {base, base + 2, base + 1, base, base + 3, base + 2});
    p.indices.insert(p.indices.end(), {e, e + 1, e + 2, e, e + 2, e + 3});
}

// A capsule from a to b (char space), radius r: `kCapsuleSides` sides, a ring every 2 cm or less
// along the bone, three rings and a pole rounding each end, each vertex skinned by
// `skin_at(s, joints, weights)` with s its position along a..b clamped to [0, 1]. `pill`: the ends'
// rounding lies inside a..b (a bone ending at a tip, such as the head or a toe, would otherwise
// poke out past its end joint by r); otherwise the caps round the joints they overlap.
constexpr int kCapsuleSides = 12;
template <class SkinAt>
void capsule(Primitive& p, glm::dvec3 a, glm::dvec3 b, double r, bool pill, SkinAt skin_at,
             const glm::dmat4& to_mesh) {
    const double length = glm::length(b - a);
    const glm::dvec3 axis = (b - a) / length;
    const glm::dvec3 helper = std::abs(axis.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
    const glm::dvec3 u = glm::normalize(glm::cross(axis, helper));
    const glm::dvec3 v = glm::cross(axis, u);
    const glm::dmat3 nrm(to_mesh);
    // Where the straight part runs, along the axis from a; a pill shorter than 2r is a sphere.
    const double inset = pill ? std::min(r, length / 2) : 0.0;
    const double x0 = inset, x1 = length - inset;
    struct Ring {
        double x, radius, axial;  // position along the axis, radius, the normal's share along it
    };
    std::vector<Ring> rings;
    const int cap_rings = 3;
    for (int i = 1; i <= cap_rings; ++i) {
        const double th = 0.5 * glm::pi<double>() * i / (cap_rings + 1);
        rings.push_back({x0 - r * std::cos(th), r * std::sin(th), -std::cos(th)});
    }
    const int body = std::max(1, int(std::ceil((x1 - x0) / 2.0)));
    for (int i = 0; i <= body; ++i) rings.push_back({x0 + (x1 - x0) * i / body, r, 0.0});
    for (int i = cap_rings; i >= 1; --i) {
        const double th = 0.5 * glm::pi<double>() * i / (cap_rings + 1);
        rings.push_back({x1 + r * std::cos(th), r * std::sin(th), std::cos(th)});
    }
    const double span = (x1 + r) - (x0 - r);
    auto vertex = [&](double x, double ang, const glm::dvec3& offset, const glm::dvec3& normal, float tex_u) {
        std::array<std::uint16_t, kMaxInfluences> js{};
        std::array<float, kMaxInfluences> ws{};
        skin_at(std::clamp(x / length, 0.0, 1.0), ang, js, ws);
        p.positions.push_back(glm::vec3(to_mesh * glm::dvec4(a + axis * x + offset, 1.0)));
        p.normals.push_back(glm::vec3(glm::normalize(nrm * normal)));
        p.uvs.emplace_back(tex_u, float((x - (x0 - r)) / span));
        p.joints.push_back(js);
        p.weights.push_back(ws);
    };
    const auto first_pole = static_cast<std::uint32_t>(p.positions.size());
    vertex(x0 - r, 0.0, glm::dvec3(0.0), -axis, 0.5f);
    for (const Ring& ring : rings)
        for (int s = 0; s < kCapsuleSides; ++s) {
            const double ang = 2.0 * glm::pi<double>() * s / kCapsuleSides;
            const glm::dvec3 dir = u * std::cos(ang) + v * std::sin(ang);
            vertex(ring.x, ang, dir * ring.radius,
                   dir * std::sqrt(1.0 - ring.axial * ring.axial) + axis * ring.axial,
                   float(s) / kCapsuleSides);
        }
    vertex(x1 + r, 0.0, glm::dvec3(0.0), axis, 0.5f);
    const std::uint32_t ring0 = first_pole + 1, sides = kCapsuleSides;
    const auto ring_count = static_cast<std::uint32_t>(rings.size());
    const std::uint32_t last_pole = ring0 + ring_count * sides;
    // Counter-clockwise seen from outside, as the box tubes: the fans face -axis and +axis.
    for (std::uint32_t s = 0; s < sides; ++s) {
        const std::uint32_t s1 = (s + 1) % sides;
        p.indices.insert(p.indices.end(), {first_pole, ring0 + s1, ring0 + s});
        const std::uint32_t last = ring0 + (ring_count - 1) * sides;
        p.indices.insert(p.indices.end(), {last_pole, last + s, last + s1});
        for (std::uint32_t ri = 0; ri + 1 < ring_count; ++ri) {
            const std::uint32_t i0 = ring0 + ri * sides + s, i1 = ring0 + ri * sides + s1;
            const std::uint32_t j0 = i0 + sides, j1 = i1 + sides;
            p.indices.insert(p.indices.end(), {i0, i1, j1, i0, j1, j0});
        }
    }
}

}  // namespace sv::anim::builder
