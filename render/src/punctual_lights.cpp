#include "render/punctual_lights.h"

#include <algorithm>
#include <cmath>

#include "anim/character/character.h"

namespace sv::render {

PunctualLights gather_punctual_lights(const anim::Character& character) {
    PunctualLights out;
    const anim::Asset& a = character.asset();
    for (size_t n = 0; n < a.scene.nodes.size(); ++n) {
        const int l = a.scene.nodes[n].light;
        if (l < 0 || static_cast<size_t>(l) >= a.lights.size()) continue;
        if (out.count == kMaxPunctualLights) {
            ++out.dropped;
            continue;
        }
        const anim::Light& src = a.lights[static_cast<size_t>(l)];
        const glm::dmat4& g = character.scene_pose().global(static_cast<int>(n));
        PunctualLight& d = out.lights[static_cast<size_t>(out.count++)];
        d.type = src.type == anim::Light::Type::Directional ? 0
                 : src.type == anim::Light::Type::Point     ? 1
                                                            : 2;
        d.position = glm::vec3(g[3]);
        const glm::dvec3 z(g[2]);
        d.to_light = glm::length(z) > 0.0 ? glm::vec3(glm::normalize(z)) : glm::vec3(0.0f, 0.0f, 1.0f);
        d.radiance = src.color * src.intensity;
        d.range = src.range;
        const float ci = std::cos(src.inner_cone), co = std::cos(src.outer_cone);
        d.cone_scale = 1.0f / std::max(0.001f, ci - co);
        d.cone_offset = -co * d.cone_scale;
    }
    return out;
}

bool has_punctual_lights(const anim::Character& character) {
    const anim::Asset& a = character.asset();
    return std::any_of(a.scene.nodes.begin(), a.scene.nodes.end(), [&](const anim::Node& n) {
        return n.light >= 0 && static_cast<size_t>(n.light) < a.lights.size();
    });
}

}  // namespace sv::render
