#include "anim/asset_tools/diffuse_transmission_builder.h"

#include <glm/gtc/quaternion.hpp>
#include <string>

#include "builder_parts.h"

namespace sv::anim {

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
        mesh.primitives.push_back(builder::uv_sphere(0.4f, 32, 16, k));
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
