#include "anim/asset_tools/sheen_builder.h"

#include <glm/gtc/quaternion.hpp>
#include <string>

#include "builder_parts.h"

namespace sv::anim {

Asset build_sheen_asset() {
    Asset a;
    a.source = "sheen_builder";
    const float roughness[] = {0.2f, 0.45f, 0.7f, 0.95f};
    const glm::vec3 colours[] = {{1.0f, 1.0f, 1.0f}, {1.0f, 0.6f, 0.3f}, {0.3f, 0.5f, 1.0f}};
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 4; ++col) {
            const int k = static_cast<int>(a.materials.size());
            const std::string name = "sheen_" + std::to_string(row) + "_" + std::to_string(col);
            Material m = builder::rough_dielectric(name, {0.0f, 0.0f, 0.0f, 1.0f}, 0.5f);
            m.specular = 0.0f;
            m.sheen_color = colours[row];
            m.sheen_roughness = roughness[col];
            a.materials.push_back(m);
            Mesh mesh;
            mesh.name = name;
            mesh.primitives.push_back(builder::uv_sphere(0.4f, 32, 16, k));
            a.meshes.push_back(mesh);
            Node n;
            n.name = name;
            n.mesh = k;
            n.translation = {col - 1.5, 1.0 - row, 0.0};
            a.scene.nodes.push_back(n);
        }
    Light sun;
    sun.name = "sun";
    sun.type = Light::Type::Directional;
    sun.intensity = 3.0f;
    a.lights = {sun};
    // A light shines down its node's -Z: the shortest arc from -Z onto the direction of travel.
    Node sun_node;
    sun_node.name = "sun";
    sun_node.light = 0;
    const glm::dvec3 from(0.0, 0.0, -1.0), to = glm::normalize(glm::dvec3(0.4, -0.5, -0.77));
    const glm::dvec3 axis = glm::cross(from, to);
    sun_node.rotation = glm::normalize(glm::dquat(1.0 + glm::dot(from, to), axis.x, axis.y, axis.z));
    a.scene.nodes.push_back(sun_node);
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
