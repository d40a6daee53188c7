// What a material is: glTF's metallic-roughness model with the material extensions skinview draws,
// its texture slots and samplers, and VRM's MToon. Plain data, filled by the glTF importer or the
// asset builder; part of anim/scene/asset.h, which includes it.
#pragma once

#include <glm/glm.hpp>
#include <initializer_list>
#include <limits>
#include <string>

namespace sv::anim {

// glTF's sampler, as GL enums (glTF uses GL's values). 0 filters: the file left them to the
// viewer, which then filters linearly with mipmaps.
struct Sampler {
    int mag_filter = 0;
    int min_filter = 0;
    int wrap_s = 10497;  // REPEAT
    int wrap_t = 10497;
};

// One of a material's texture slots: which image, sampled how, through which UV set, moved by
// KHR_texture_transform (uv' = T * R * S * uv, glTF's order).
struct TextureRef {
    int image = -1;     // index into Asset::images; -1: the slot is empty
    int sampler = -1;   // index into Asset::samplers; -1: the default sampler
    int tex_coord = 0;  // TEXCOORD_n, 0 or 1 (the extension's texCoord overrides the slot's)
    glm::vec2 offset{0.0f};
    float rotation = 0.0f;  // radians
    glm::vec2 scale{1.0f};
    // normalTexture.scale or occlusionTexture.strength; 1 for the other slots.
    float strength = 1.0f;
    bool present() const { return image >= 0; }
};

enum class AlphaMode { Opaque, Mask, Blend };

// How a material's colour is computed: glTF's metallic-roughness, the archived
// KHR_materials_pbrSpecularGlossiness (base_color then holds diffuseFactor and base_color_texture
// the diffuseTexture), or KHR_materials_unlit (the base colour is the output, no light at all).
enum class Workflow { MetallicRoughness, SpecularGlossiness, Unlit };

// VRMC_materials_mtoon 1.0 (or VRM 0.x's "VRM/MToon" materialProperties, mapped to 1.0's
// parameters as three-vrm's VRM0 importer maps them) on a material. Defaults are the 1.0
// specification's; `present` false: the material is drawn as glTF says (PBR).
enum class MToonOutlineMode { None, WorldCoordinates, ScreenCoordinates };

struct MToon {
    bool present = false;
    glm::vec3 shade_color{0.0f};
    TextureRef shade_texture;  // sRGB RGB, multiplies shade_color
    float shading_shift = 0.0f;
    TextureRef shading_shift_texture;  // R, times its `scale` (held in strength), added to the shift
    float shading_toony = 0.9f;
    float gi_equalization = 0.9f;
    glm::vec3 matcap_factor{1.0f};  // read, not drawn
    TextureRef matcap_texture;      // read, not drawn
    glm::vec3 rim_color{0.0f};      // parametricRimColorFactor
    float rim_fresnel_power = 5.0f;
    float rim_lift = 0.0f;
    TextureRef rim_texture;  // sRGB RGB, multiplies the rim
    float rim_lighting_mix = 1.0f;
    MToonOutlineMode outline_mode = MToonOutlineMode::None;
    float outline_width = 0.0f;        // metres (world) or a share of the screen height (screen)
    TextureRef outline_width_texture;  // G, multiplies the width
    glm::vec3 outline_color{0.0f};
    float outline_lighting_mix = 1.0f;
    bool has_outline() const {
        return present && outline_mode != MToonOutlineMode::None && outline_width > 0.0f;
    }
};

// glTF 2.0's metallic-roughness material with KHR_materials_emissive_strength, unlit,
// pbrSpecularGlossiness, ior, specular and clearcoat. Defaults are the
// specification's, so a material the file leaves empty draws as glTF says it should.
struct Material {
    std::string name;
    glm::vec4 base_color{1.0f};
    int base_color_image = -1;  // index into Asset::images (base_color_texture.image mirrors it)
    TextureRef base_color_texture;
    float metallic = 1.0f;
    float roughness = 1.0f;
    TextureRef metallic_roughness_texture;  // B metal, G rough, linear
    TextureRef normal_texture;              // strength: the normal scale
    TextureRef occlusion_texture;           // R, strength: how much of it applies
    TextureRef emissive_texture;            // sRGB
    glm::vec3 emissive{0.0f};
    float emissive_strength = 1.0f;
    AlphaMode alpha_mode = AlphaMode::Opaque;
    float alpha_cutoff = 0.5f;
    bool double_sided = false;

    Workflow workflow = Workflow::MetallicRoughness;
    // KHR_materials_pbrSpecularGlossiness: F0 and glossiness (roughness = 1 - glossiness); the
    // texture is sRGB specular in RGB and linear glossiness in A.
    glm::vec3 specular_glossiness_factor{1.0f};
    float glossiness = 1.0f;
    TextureRef specular_glossiness_texture;
    // KHR_materials_ior: the dielectric F0 is ((ior - 1) / (ior + 1))^2; 1.5 gives glTF's 0.04.
    float ior = 1.5f;
    // KHR_materials_specular: the dielectric lobe's strength (A of its texture) and F0 tint (sRGB).
    float specular = 1.0f;
    TextureRef specular_texture;
    glm::vec3 specular_color{1.0f};
    TextureRef specular_color_texture;
    // KHR_materials_clearcoat: a GGX layer with F0 0.04 over the material (0: none), its
    // roughness (G of its texture), its own normal map (strength: the normal scale).
    float clearcoat = 0.0f;
    TextureRef clearcoat_texture;  // R
    float clearcoat_roughness = 0.0f;
    TextureRef clearcoat_roughness_texture;  // G
    TextureRef clearcoat_normal_texture;
    // KHR_materials_sheen: a Charlie-distribution layer of this colour (black: none) and roughness,
    // over the material; colour texture sRGB RGB, roughness texture A.
    glm::vec3 sheen_color{0.0f};
    TextureRef sheen_color_texture;
    float sheen_roughness = 0.0f;
    TextureRef sheen_roughness_texture;
    // KHR_materials_transmission: the share of light that passes through the surface (R of its
    // texture), seen as the opaque scene behind, blurred by roughness. 0 everywhere: an ordinary
    // surface, drawn without the transmission pass.
    float transmission = 0.0f;
    TextureRef transmission_texture;  // R
    // KHR_materials_volume: the thickness in the mesh's own units (G of its texture; 0: thin
    // walled, no refraction offset), and Beer-Lambert attenuation to attenuation_color over
    // attenuation_distance (infinite: none).
    float thickness = 0.0f;
    TextureRef thickness_texture;  // G
    float attenuation_distance = std::numeric_limits<float>::infinity();
    glm::vec3 attenuation_color{1.0f};
    // KHR_materials_diffuse_transmission: the share of the diffuse (non-specular) light that
    // leaves through the far side of the surface as a Lambertian lobe instead of being reflected
    // (A of its texture), tinted by the colour (sRGB RGB of its texture). 0 everywhere: none, and
    // the material draws without the DIFFUSE_TRANSMISSION program.
    float diffuse_transmission = 0.0f;
    TextureRef diffuse_transmission_texture;  // A
    glm::vec3 diffuse_transmission_color{1.0f};
    TextureRef diffuse_transmission_color_texture;  // sRGB RGB
    // KHR_materials_dispersion: the spread of the ior over R, G, B (the Khronos renderer's
    // (ior - 1) * 0.025 * dispersion either side of G); 0 none.
    float dispersion = 0.0f;
    // KHR_materials_iridescence: a thin film over the material (0: none) of index iridescence_ior,
    // its thickness in nanometres mixed from min to max by G of its texture (max without one);
    // the factor's texture is R.
    float iridescence = 0.0f;
    TextureRef iridescence_texture;
    float iridescence_ior = 1.3f;
    float iridescence_thickness_min = 100.0f;
    float iridescence_thickness_max = 400.0f;
    TextureRef iridescence_thickness_texture;
    // KHR_materials_anisotropy: strength (0: isotropic) and rotation (radians, counter-clockwise
    // from the tangent); its texture holds the direction in RG (0..1 for -1..1) and strength in B.
    float anisotropy = 0.0f;
    float anisotropy_rotation = 0.0f;
    TextureRef anisotropy_texture;
    // VRMC_materials_mtoon (VRM avatars): drawn by the MTOON program instead of the PBR shading.
    MToon mtoon;

    // Every texture slot, for what must treat them all alike (an image that failed to decode is
    // dropped from each slot that uses it). A new slot goes here too, or that code misses it.
    template <class F>
    void for_each_texture(F&& f) {
        for (TextureRef* t :
             {&base_color_texture, &metallic_roughness_texture, &normal_texture, &occlusion_texture,
              &emissive_texture, &specular_glossiness_texture, &specular_texture, &specular_color_texture,
              &clearcoat_texture, &clearcoat_roughness_texture, &clearcoat_normal_texture,
              &sheen_color_texture, &sheen_roughness_texture, &transmission_texture, &thickness_texture,
              &iridescence_texture, &iridescence_thickness_texture, &anisotropy_texture})
            f(*t);
        for (TextureRef* t : {&diffuse_transmission_texture, &diffuse_transmission_color_texture}) f(*t);
        for (TextureRef* t : {&mtoon.shade_texture, &mtoon.shading_shift_texture, &mtoon.matcap_texture,
                              &mtoon.rim_texture, &mtoon.outline_width_texture})
            f(*t);
    }
};

}  // namespace sv::anim
