// How a view is drawn, as plain values: the draw options the renderer takes every draw, their
// lighting and the file's lights as the shader takes them. GL-free and header-only
// (skinview_render_values), so the panels edit the renderer's own struct in place: ui used to hold a
// mirror of it (ui::DrawControls) that the viewer copied across twice a frame, and a field added to
// one and not the other was a view the window showed and the settings did not hold (issue 45).
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "anim/skin_frame/skinning_rung.h"
#include "render/debug_view.h"

namespace sv::render {

inline constexpr int kMaxPunctualLights = 8;

// KHR_lights_punctual as the shader takes it: up to kMaxPunctualLights lights in world space. A
// fixed array, not a vector: LightingSettings is copied per draw and the draw path allocates nothing.
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

// What the Lighting controls edit and the settings file stores.
struct LightingSettings {
    float exposure = 1.0f;  // linear multiplier before tone mapping
    // About +Y, in the Khronos renderer's convention (its environmentRotation): a world direction w
    // reads the environment at Ry(deg) w, so the same number gives the same light in both.
    float environment_rotation_deg = 0.0f;
    float environment_intensity = 1.0f;
    // The environment drawn as the background (render/environment_background.h) instead of the
    // clear colour, and the roughness it is drawn at (0: the image itself, 1: the roughest band),
    // the Khronos renderer's environment blur.
    bool environment_background = false;
    float environment_blur = 0.0f;
    bool key_light = true;
    // Towards the light, world space; the key light is white, `key_intensity` its irradiance.
    glm::vec3 key_direction = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
    float key_intensity = 2.0f;
    // KHR_lights_punctual: the file's lights as posed now (the viewer gathers them each frame while
    // `file_lights` is on); empty when the file has none or they are switched off.
    bool file_lights = true;
    PunctualLights punctual;
};

struct DrawOptions {
    // Skinning rung per draw; when `auto_rung`, each skin uses the rung its report calls for.
    bool auto_rung = true;
    anim::SkinningRung rung = anim::SkinningRung::RigidDqs;
    DebugView debug_view = DebugView::Lit;
    int selected_skin = 0;
    int selected_joint = -1;
    float heat_scale = 1.0f;
    bool draw_mesh = true;
    bool draw_skeleton = false;
    bool draw_joint_axes = false;
    bool draw_grid = true;
    LightingSettings lighting;
    // The skinning-frame correction (the settings key `correction`, the C key): each skinned mesh
    // skinned in its skin's bind frame, or in the file's node as given (the soup a 0.01-scaled node
    // makes under dual quaternions). The view's, handed to every draw: the character held it once,
    // and a draw could disagree with the view that asked for it.
    bool correction = true;
};

}  // namespace sv::render
