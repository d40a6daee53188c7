// What one draw of the skinned pass needs of a glTF material, resolved to GL names, and the
// uniforms and fixed-function state (blending, culling) that carry it to shaders/material_fs.glsl.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "anim/scene/asset.h"
#include "render/environment.h"
#include "render/gl.h"
#include "render/shader_program.h"
#include "render/texture_units.h"

namespace sv::render {

// Slots in the order of the shader's u_texture_set / u_texture_transform arrays.
enum TextureSlot {
    kSlotBaseColor = 0,
    kSlotMetallicRoughness,
    kSlotNormal,
    kSlotOcclusion,
    kSlotEmissive,
    kSlotSpecular,            // KHR_materials_specular: A scales the specular strength
    kSlotSpecularColor,       // its F0 tint (sRGB)
    kSlotClearcoat,           // R: clearcoat strength
    kSlotClearcoatRoughness,  // G: clearcoat roughness
    kSlotClearcoatNormal,
    kSlotSheenColor,            // KHR_materials_sheen: colour (sRGB RGB)
    kSlotSheenRoughness,        // its roughness (A)
    kSlotIridescence,           // KHR_materials_iridescence: R scales the factor
    kSlotIridescenceThickness,  // G mixes the film's thickness from minimum to maximum
    kSlotAnisotropy,            // KHR_materials_anisotropy: RG direction, B strength
    kSlotCount
};

// The units and sampler names of the slots are render/texture_units.h's, in this order.
static_assert(std::size(kMaterialUnits) == kSlotCount && std::size(kMaterialSamplers) == kSlotCount &&
              std::size(kMaterialSlotUse) == kSlotCount);

struct TextureBinding {
    GLuint texture = 0;  // 0: the slot is empty
    GLuint sampler = 0;  // 0: the texture's own parameters (linear, mipmapped, repeat)
    int set = 0;         // TEXCOORD_n
    glm::mat3 transform{1.0f};
};

// Binds `t` to texture unit `unit` and points the program's sampler, TEXCOORD set (-1 for an empty
// slot) and transform uniforms at it: the extensions that keep their own textures outside the slot
// arrays (transmission, diffuse transmission, MToon) all bind them this way.
void bind_texture_binding(const ShaderProgram& program, GLuint unit, const TextureBinding& t,
                          const char* sampler, const char* set, const char* transform);

// KHR_materials_transmission, _volume and _dispersion (render/transmission_backdrop.h draws the
// scene they see; shaders/transmission.glsl the maths). Its own textures and uniforms rather than
// slots of the arrays above, so the array layout (and every program without transmission) is as it was.
struct TransmissionBinding {
    float factor = 0.0f;                // 0: not transmissive, the plain programs draw it
    TextureBinding texture;             // R scales the factor
    float thickness = 0.0f;             // mesh units; 0 thin walled
    TextureBinding thickness_texture;   // G scales the thickness
    float attenuation_distance = 0.0f;  // 0: no attenuation (the file's infinity)
    glm::vec3 attenuation_color{1.0f};
    float dispersion = 0.0f;
    float ior = 1.5f;
    bool active() const { return factor > 0.0f; }
};

// KHR_materials_diffuse_transmission (shaders/diffuse_transmission.glsl), with the volume's
// attenuation it passes through; its own textures and uniforms, as transmission's, so the slot
// arrays and every program without it are as they were.
struct DiffuseTransmissionBinding {
    float factor = 0.0f;                // 0: none, the programs without the chunk draw it
    TextureBinding texture;             // A scales the factor
    glm::vec3 color{1.0f};              // the transmitted light's colour
    TextureBinding color_texture;       // sRGB RGB scales it
    float thickness = 0.0f;             // KHR_materials_volume's, mesh units; 0 thin walled
    TextureBinding thickness_texture;   // G scales it
    float attenuation_distance = 0.0f;  // 0: no attenuation (no volume, or the file's infinity)
    glm::vec3 attenuation_color{1.0f};
    bool active() const { return factor > 0.0f; }
};

// VRMC_materials_mtoon (shaders/mtoon.glsl, render/mtoon_binding.h): drawn by the MTOON program in
// place of the PBR shading, and a second draw of the mesh for the outline; its own textures and
// uniforms, as transmission's, so the slot arrays and every program without it are as they were.
struct MToonBinding {
    bool present = false;  // false: the material is drawn as glTF says
    glm::vec3 shade_color{0.0f};
    TextureBinding shade_texture;  // sRGB RGB
    float shading_shift = 0.0f;
    TextureBinding shading_shift_texture;  // R, times shading_shift_scale
    float shading_shift_scale = 1.0f;
    float shading_toony = 0.9f;
    float gi_equalization = 0.9f;
    glm::vec3 rim_color{0.0f};
    float rim_fresnel_power = 5.0f;
    float rim_lift = 0.0f;
    float rim_lighting_mix = 1.0f;
    TextureBinding rim_texture;  // sRGB RGB
    int outline_mode = 0;        // 0 none, 1 world coordinates, 2 screen coordinates
    float outline_width = 0.0f;
    TextureBinding outline_width_texture;  // G
    glm::vec3 outline_color{0.0f};
    float outline_lighting_mix = 1.0f;
    bool has_outline() const { return present && outline_mode != 0 && outline_width > 0.0f; }
};

// glTF's default material (specification 3.9.1: every property at its default) unless filled in.
struct MaterialBinding {
    glm::vec4 base_color{1.0f};
    float metallic = 1.0f;
    float roughness = 1.0f;
    glm::vec3 emissive{0.0f};  // factor x emissive strength
    float normal_scale = 1.0f;
    float occlusion_strength = 1.0f;
    anim::AlphaMode alpha_mode = anim::AlphaMode::Opaque;
    float alpha_cutoff = 0.5f;
    bool double_sided = false;
    anim::Workflow workflow = anim::Workflow::MetallicRoughness;
    // The dielectric F0 before the specular tint: ((ior - 1) / (ior + 1))^2 (ior 0: 1).
    float f0_from_ior = 0.04f;
    float specular = 1.0f;
    glm::vec3 specular_color{1.0f};
    // Specular-glossiness: F0 and glossiness factors (the texture is in the metallic-roughness slot).
    glm::vec3 specular_glossiness{1.0f};
    float glossiness = 1.0f;
    float clearcoat = 0.0f;
    float clearcoat_roughness = 0.0f;
    float clearcoat_normal_scale = 1.0f;
    glm::vec3 sheen_color{0.0f};  // black: no sheen
    float sheen_roughness = 0.0f;
    float iridescence = 0.0f;  // 0: no film
    float iridescence_ior = 1.3f;
    float iridescence_thickness_min = 100.0f, iridescence_thickness_max = 400.0f;  // nanometres
    float anisotropy = 0.0f;                                                       // strength; 0: isotropic
    float anisotropy_rotation = 0.0f;  // radians, counter-clockwise from the tangent
    std::array<TextureBinding, kSlotCount> textures{};
    TransmissionBinding transmission;
    DiffuseTransmissionBinding diffuse_transmission;
    MToonBinding mtoon;
    // Needs the MATERIAL_LAYERS program (skinned_pass.h says why it is a separate one).
    bool layered() const {
        return workflow == anim::Workflow::SpecularGlossiness || clearcoat > 0.0f ||
               sheen_color != glm::vec3(0.0f) || textures[kSlotSpecular].texture ||
               textures[kSlotSpecularColor].texture;
    }
    // Needs the MATERIAL_IRIDESCENCE program (the same reason: a variant only where it is used).
    bool iridescent() const { return iridescence > 0.0f; }
    // Needs the MATERIAL_ANISOTROPY program; the texture's strength only scales the factor, so a
    // factor of 0 is isotropic whatever the texture holds.
    bool anisotropic() const { return anisotropy > 0.0f; }
};

// KHR_texture_transform's uv' = T * R * S * uv as a 3x3 matrix (column-major, as GLSL reads it).
glm::mat3 texture_transform(glm::vec2 offset, float rotation, glm::vec2 scale);

// Sets the material's and the lights' uniforms on `program` (bound), binds its textures and
// samplers, and sets culling (single-sided: back faces culled, `mirrored` flips which face is
// the front) and blending (BLEND: over, depth writes off). `environment` may be null: no IBL.
void bind_material(const ShaderProgram& program, const MaterialBinding& material,
                   const Environment* environment, const LightingSettings& lighting,
                   const glm::vec3& camera_position, bool mirrored);
// Puts back what bind_material changed (no culling, no blending, depth writes on, no samplers).
void unbind_material();

}  // namespace sv::render
