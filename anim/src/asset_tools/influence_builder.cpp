#include "anim/asset_tools/influence_builder.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "builder_parts.h"

namespace sv::anim {

Asset build_many_influence_asset(int influences) {
    const int n = std::clamp(influences, 1, 64);
    constexpr double kSegment = 0.25, kRadius = 0.08;
    constexpr int kSides = 12, kRingsPerSegment = 4;
    Asset a;
    a.source = "build_many_influence_asset(" + std::to_string(n) + ")";
    auto& nodes = a.scene.nodes;
    nodes.resize(static_cast<size_t>(n) + 1);
    nodes[0].name = "Tentacle";
    nodes[0].mesh = 0;
    nodes[0].skin = 0;
    Skin skin;
    skin.name = "TentacleSkin";
    for (int j = 0; j < n; ++j) {
        Node& node = nodes[static_cast<size_t>(j) + 1];
        node.name = "Segment" + std::to_string(j);
        node.parent = j == 0 ? -1 : j;
        if (j + 1 < n) node.children = {j + 2};
        node.translation = {0.0, j == 0 ? 0.0 : kSegment, 0.0};
        skin.joints.push_back(j + 1);
        skin.inverse_bind.push_back(glm::translate(glm::dmat4(1.0), glm::dvec3(0.0, -kSegment * j, 0.0)));
    }
    a.skins.push_back(skin);

    Primitive p;
    p.material = 0;
    p.extra_influences = std::max(0, n - kInlineInfluences);
    const int rings = n * kRingsPerSegment + 1;
    const double height = kSegment * n, sigma = 1.5 * kSegment, floor = 0.02 / n;
    for (int ri = 0; ri < rings; ++ri) {
        const double y = height * ri / (rings - 1);
        std::vector<double> w(static_cast<size_t>(n));
        double sum = 0.0;
        for (int k = 0; k < n; ++k) {
            const double d = (y - kSegment * (k + 0.5)) / sigma;
            w[static_cast<size_t>(k)] = std::exp(-d * d) + floor;
            sum += w[static_cast<size_t>(k)];
        }
        std::array<std::uint16_t, kInlineInfluences> js{};
        std::array<float, kInlineInfluences> ws{};
        for (int k = 0; k < std::min(n, kInlineInfluences); ++k) {
            js[static_cast<size_t>(k)] = static_cast<std::uint16_t>(k);
            ws[static_cast<size_t>(k)] = static_cast<float>(w[static_cast<size_t>(k)] / sum);
        }
        for (int s = 0; s < kSides; ++s) {
            const double ang = 2.0 * glm::pi<double>() * s / kSides;
            p.positions.emplace_back(kRadius * std::cos(ang), y, kRadius * std::sin(ang));
            p.normals.emplace_back(std::cos(ang), 0.0, std::sin(ang));
            p.uvs.emplace_back(float(s) / kSides, float(y / height));
            p.joints.push_back(js);
            p.weights.push_back(ws);
            for (int k = kInlineInfluences; k < n; ++k) {
                p.extra_joints.push_back(static_cast<std::uint16_t>(k));
                p.extra_weights.push_back(static_cast<float>(w[static_cast<size_t>(k)] / sum));
            }
        }
    }
    for (int ri = 0; ri + 1 < rings; ++ri)
        for (int s = 0; s < kSides; ++s) {
            const auto i0 = std::uint32_t(ri * kSides + s),
                       i1 = std::uint32_t(ri * kSides + (s + 1) % kSides);
            p.indices.insert(p.indices.end(), {i0, i0 + kSides, i1 + kSides, i0, i1 + kSides, i1});
        }
    Mesh mesh;
    mesh.name = "TentacleMesh";
    mesh.primitives.push_back(std::move(p));
    a.meshes.push_back(std::move(mesh));
    a.materials.push_back(builder::rough_dielectric("TentacleMaterial", {0.55f, 0.3f, 0.7f, 1.0f}, 0.7f));

    // Every joint turns about Z (up to 14 degrees) and X (up to 8), each out of phase with the
    // next, so the chain curls and no two joints move alike.
    Clip clip;
    clip.name = "sway";
    clip.duration = 2.0f;
    for (int j = 0; j < n; ++j)
        clip.channels.push_back(
            builder::track(j + 1, TargetPath::Rotation, 2.0, 25, [j](double t, std::vector<float>& v) {
                const double phase = glm::pi<double>() * (t + 0.37 * j);
                builder::push_quat(
                    v, glm::angleAxis(glm::radians(14.0 * std::sin(phase)), glm::dvec3(0, 0, 1)) *
                           glm::angleAxis(glm::radians(8.0 * std::cos(1.3 * phase)), glm::dvec3(1, 0, 0)));
            }));
    a.clips.push_back(std::move(clip));
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
