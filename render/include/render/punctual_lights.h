// KHR_lights_punctual as the shader takes it: up to kMaxPunctualLights lights in world space, gathered
// from the character's lit nodes as posed now (so an animated light node moves its light). A fixed
// array, not a vector: LightingSettings is copied per draw and the draw path allocates nothing.
#pragma once

#include <array>
#include <glm/glm.hpp>

namespace sv::anim {
class Character;
}

namespace sv::render {

inline constexpr int kMaxPunctualLights = 8;

struct PunctualLight {
    int type = 0;                          // 0 directional, 1 point, 2 spot (the shader's numbers)
    glm::vec3 position{0.0f};              // world; point and spot
    glm::vec3 to_light{0.0f, 0.0f, 1.0f};  // world, unit: the node's +Z (the light shines down -Z)
    glm::vec3 radiance{1.0f};              // colour x intensity (lux or candela, as the extension says)
    float range = 0.0f;                    // 0: none
    // The extension's spot falloff, as its specification writes it: saturate(cd * scale + offset)^2
    // with cd the cosine from the spot's axis; scale = 1 / max(0.001, cos inner - cos outer),
    // offset = -cos outer * scale.
    float cone_scale = 0.0f, cone_offset = 1.0f;
};

struct PunctualLights {
    std::array<PunctualLight, kMaxPunctualLights> lights{};
    int count = 0;
    int dropped = 0;  // placed lights past kMaxPunctualLights, not drawn
};

// The character's placed lights at its current pose. Nodes in index order; past the limit they are
// counted in `dropped` (the caller says so once).
PunctualLights gather_punctual_lights(const anim::Character& character);
// True when any node of the character places a light: the viewer then draws them and turns its
// own key light off by default.
bool has_punctual_lights(const anim::Character& character);

}  // namespace sv::render
