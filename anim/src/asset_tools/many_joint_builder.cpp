#include "anim/asset_tools/many_joint_builder.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <string>

#include "anim/pose/palette_layout.h"
#include "builder_parts.h"

namespace sv::anim {

std::vector<int> many_joint_probes(int joints) {
    std::vector<int> p;
    for (int first = 0; first < joints; first += kPaletteMatricesPerRow) {
        p.push_back(first);
        p.push_back(std::min(joints - 1, first + kPaletteMatricesPerRow - 1));
    }
    p.push_back(joints - 1);
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
    return p;
}

namespace {

constexpr double kGoldenAngle = 2.39996322972865332;  // pi (3 - sqrt 5)

glm::dvec3 fan_position(int j, int joints) {
    // Vogel's spiral: equal area a joint, radius 1 at the last.
    const double r = std::sqrt(double(j) / double(joints - 1));
    const double a = kGoldenAngle * j;
    return {r * std::cos(a), r * std::sin(a), 0.0};
}

// Joint j's sway: an angle between 10 and 40 degrees about an axis of its own, tilted out of the
// plane, so no two nearby joints (and no joint and its j % 512 alias) move alike. The root sways too
// (5 degrees about Z), so the vertices it carries are not at rest either.
glm::dquat sway(int j) {
    if (j == 0) return glm::angleAxis(glm::radians(5.0), glm::dvec3(0, 0, 1));
    const double angle = glm::radians(25.0 + 15.0 * std::sin(0.7 * j));
    const glm::dvec3 axis = glm::normalize(glm::dvec3(std::cos(1.3 * j), std::sin(1.3 * j), 0.6));
    return glm::angleAxis(angle, axis);
}

}  // namespace

Asset build_many_joint_asset(int joints) {
    Asset a;
    a.source = "build_many_joint_asset(" + std::to_string(joints) + ")";
    if (joints < 2) joints = 2;
    auto& nodes = a.scene.nodes;
    nodes.resize(static_cast<size_t>(joints) + 1);
    nodes[0].name = "Sunflower";
    nodes[0].mesh = 0;
    nodes[0].skin = 0;
    Skin skin;
    skin.name = "SunflowerSkin";
    Node& root = nodes[1];
    root.name = "Root";
    skin.joints.push_back(1);
    skin.inverse_bind.push_back(glm::dmat4(1.0));
    for (int j = 1; j < joints; ++j) {
        Node& n = nodes[static_cast<size_t>(j) + 1];
        n.name = "Petal" + std::to_string(j);
        n.parent = 1;
        n.translation = fan_position(j, joints);
        root.children.push_back(j + 1);
        skin.joints.push_back(j + 1);
        skin.inverse_bind.push_back(glm::translate(glm::dmat4(1.0), -n.translation));
    }
    a.skins.push_back(skin);

    const std::vector<int> probes = many_joint_probes(joints);
    const double spacing = 1.0 / std::sqrt(double(joints));  // about the distance between neighbours
    const double length = 1.1 * spacing, half = 0.28 * spacing;
    Mesh mesh;
    mesh.name = "SunflowerMesh";
    Primitive p;
    p.material = 0;
    int vertex = 0;
    for (int j = 0; j < joints; ++j) {
        const glm::dvec3 base = j == 0 ? glm::dvec3(0.0) : fan_position(j, joints);
        const double a = j == 0 ? 0.0 : kGoldenAngle * j;
        const glm::dvec3 out(std::cos(a), std::sin(a), 0.0), side(-std::sin(a), std::cos(a), 0.0),
            up(0.0, 0.0, 1.0);
        // A box from base to base + length * out, half-width `half` across and up: 4 faces of 4
        // vertices (flat normals) and the two ends.
        const glm::dvec3 c[8] = {base - side * half - up * half,
                                 base + side * half - up * half,
                                 base + side * half + up * half,
                                 base - side * half + up * half,
                                 base - side * half - up * half + out * length,
                                 base + side * half - up * half + out * length,
                                 base + side * half + up * half + out * length,
                                 base - side * half + up * half + out * length};
        struct Face {
            int v[4];
            glm::dvec3 n;
        };
        const Face faces[6] = {{{0, 1, 5, 4}, -up},   {{1, 2, 6, 5}, side}, {{2, 3, 7, 6}, up},
                               {{3, 0, 4, 7}, -side}, {{4, 5, 6, 7}, out},  {{3, 2, 1, 0}, -out}};
        for (const Face& f : faces) {
            const auto q = static_cast<std::uint32_t>(p.positions.size());
            // Winding counter-clockwise seen from outside: flip when the quad's order disagrees.
            const glm::dvec3 e = glm::cross(c[f.v[1]] - c[f.v[0]], c[f.v[2]] - c[f.v[0]]);
            const bool flip = glm::dot(e, f.n) < 0.0;
            for (int k = 0; k < 4; ++k) {
                p.positions.emplace_back(c[f.v[k]]);
                p.normals.emplace_back(f.n);
                p.uvs.emplace_back(float(k & 1), float(k >> 1));
                std::map<int, double> w;
                w[j] += 0.8;
                w[(j + kPaletteMatricesPerRow) % joints] += 0.08;
                w[joints - 1 - j] += 0.04;
                w[probes[static_cast<size_t>(vertex) % probes.size()]] += 0.04;
                w[probes[static_cast<size_t>(vertex * 7 + 3) % probes.size()]] += 0.04;
                std::array<std::uint16_t, kMaxInfluences> js{};
                std::array<float, kMaxInfluences> ws{};
                size_t slot = 0;
                for (const auto& [joint, weight] : w) {
                    js[slot] = static_cast<std::uint16_t>(joint);
                    ws[slot] = static_cast<float>(weight);
                    ++slot;
                }
                p.joints.push_back(js);
                p.weights.push_back(ws);
                ++vertex;
            }
            if (flip)
                p.indices.insert(p.indices.end(), {q, q + 2, q + 1, q, q + 3, q + 2});
            else
                p.indices.insert(p.indices.end(), {q, q + 1, q + 2, q, q + 2, q + 3});
        }
    }
    mesh.primitives.push_back(std::move(p));
    a.meshes.push_back(std::move(mesh));
    a.materials.push_back(builder::rough_dielectric("Petal", {0.95f, 0.7f, 0.15f, 1.0f}, 0.7f));

    Clip clip;
    clip.name = "sway";
    clip.duration = 2.0f;
    // Rest, sway, rest at t = 0, 1, 2.
    for (int j = 0; j < joints; ++j)
        clip.channels.push_back(
            builder::track(j + 1, TargetPath::Rotation, 2.0, 3, [j](double t, std::vector<float>& v) {
                builder::push_quat(v, t == 1.0 ? sway(j) : glm::dquat(1, 0, 0, 0));
            }));
    a.clips.push_back(std::move(clip));
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
