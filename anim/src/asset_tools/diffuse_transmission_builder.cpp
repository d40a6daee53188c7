#include "anim/asset_tools/diffuse_transmission_builder.h"

#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "builder_parts.h"

namespace sv::anim {

namespace {

// A UV sphere of radius `r` about the origin: `slices` around Y, `stacks` pole to pole, the seam
// and the poles' vertices repeated so every vertex has one UV.
Primitive sphere(float r, int slices, int stacks, int material) {
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

}  // namespace

Asset build_diffuse_transmission_asset() {
    Asset a;
    a.source = "diffuse_transmission_builder";
    const float factors[] = {0.0f, 0.5f, 1.0f};
    for (int k = 0; k < 3; ++k) {
        Material m = builder::rough_dielectric("leaf_" + std::to_string(k), {0.1f, 0.3f, 0.8f, 1.0f}, 0.6f);
        m.diffuse_transmission = factors[k];
        m.diffuse_transmission_color = {1.0f, 0.55f, 0.1f};
        a.materials.push_back(m);
        Mesh mesh;
        mesh.name = "sphere_" + std::to_string(k);
        mesh.primitives.push_back(sphere(0.4f, 32, 16, k));
        a.meshes.push_back(mesh);
        Node n;
        n.name = "sphere_" + std::to_string(k);
        n.mesh = k;
        n.translation = {double(k - 1), 0.0, 0.0};
        a.scene.nodes.push_back(n);
    }
    Light sun;
    sun.name = "back_sun";
    sun.type = Light::Type::Directional;
    sun.intensity = 3.0f;
    Light lamp;
    lamp.name = "back_lamp";
    lamp.type = Light::Type::Point;
    lamp.intensity = 2.0f;
    a.lights = {sun, lamp};
    // A light shines down its node's -Z: turn -Z onto the direction of travel.
    Node sun_node;
    sun_node.name = "back_sun";
    sun_node.light = 0;
    // The shortest arc from a to b: (1 + a.b, a x b), normalised.
    const glm::dvec3 from(0.0, 0.0, -1.0), to = glm::normalize(glm::dvec3(0.3, -0.4, 1.0));
    const glm::dvec3 axis = glm::cross(from, to);
    sun_node.rotation = glm::normalize(glm::dquat(1.0 + glm::dot(from, to), axis.x, axis.y, axis.z));
    Node lamp_node;
    lamp_node.name = "back_lamp";
    lamp_node.light = 1;
    lamp_node.translation = {0.3, 0.1, -1.2};
    a.scene.nodes.push_back(sun_node);
    a.scene.nodes.push_back(lamp_node);
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
