// A material, light or camera property that a clip animates (KHR_animation_pointer), as plain data:
// which property of which element, how many floats it takes, and how a sampled value is written
// into (and a rest value read from) the Asset's structs.
//
// The reader maps a JSON pointer to one of these (anim/src/gltf/gltf_animation_pointer.h); the
// runtime samples the track (anim/pose/property_track.h) and writes the value here before anything
// draws (anim/character/property_pose.h). Node TRS and morph weights are not here: a pointer to them
// becomes an ordinary node channel, so it plays through the same sampling as every other.
#pragma once

#include <cstdint>

namespace sv::anim {

struct Asset;

enum class AnimatedProperty : std::uint8_t {
    // materials[index]
    BaseColorFactor,  // vec4
    MetallicFactor,
    RoughnessFactor,
    EmissiveFactor,  // vec3
    AlphaCutoff,
    NormalTextureScale,
    OcclusionTextureStrength,
    TextureOffset,    // vec2, KHR_texture_transform of `slot`
    TextureRotation,  // radians, of `slot`
    TextureScale,     // vec2, of `slot`
    EmissiveStrength,
    Ior,
    SpecularFactor,
    SpecularColorFactor,  // vec3
    ClearcoatFactor,
    ClearcoatRoughnessFactor,
    ClearcoatNormalTextureScale,
    SheenColorFactor,  // vec3
    SheenRoughnessFactor,
    TransmissionFactor,
    ThicknessFactor,
    AttenuationDistance,
    AttenuationColor,  // vec3
    IridescenceFactor,
    IridescenceIor,
    IridescenceThicknessMinimum,
    IridescenceThicknessMaximum,
    AnisotropyStrength,
    AnisotropyRotation,
    Dispersion,
    // lights[index] (KHR_lights_punctual)
    LightColor,  // vec3
    LightIntensity,
    LightRange,
    LightInnerConeAngle,
    LightOuterConeAngle,
    // cameras[index]; znear and zfar are one field whichever projection the camera has
    CameraYfov,
    CameraAspectRatio,
    CameraXmag,
    CameraYmag,
    CameraZnear,
    CameraZfar,
};

// A material's texture slot, for the KHR_texture_transform properties (None for every other).
enum class TextureSlot : std::uint8_t {
    None,
    BaseColor,
    MetallicRoughness,
    Normal,
    Occlusion,
    Emissive,
    Specular,
    SpecularColor,
    Clearcoat,
    ClearcoatRoughness,
    ClearcoatNormal,
    SheenColor,
    SheenRoughness,
    Transmission,
    Thickness,
    Iridescence,
    IridescenceThickness,
    Anisotropy,
};

enum class PropertyOwner : std::uint8_t { Material, Light, Camera };

struct PropertyTarget {
    AnimatedProperty property = AnimatedProperty::BaseColorFactor;
    int index = -1;  // into Asset::materials, lights or cameras, as property_owner says
    TextureSlot slot = TextureSlot::None;
    bool operator==(const PropertyTarget& o) const {
        return property == o.property && index == o.index && slot == o.slot;
    }
};

// Floats a value of the property takes: 1 to 4 (glTF's float, float2, float3, float4).
int property_components(AnimatedProperty p);
PropertyOwner property_owner(AnimatedProperty p);

// The element `target` names exists in `asset` (the reader checks this against the file; a
// caller that edits an Asset by hand can check it again before sampling).
bool property_in_range(const Asset& asset, const PropertyTarget& target);
// Reads the property's current value into `out` (property_components floats) / writes `v` over
// it. Neither allocates; both do nothing for a target out of range.
void read_property(const Asset& asset, const PropertyTarget& target, float* out);
void write_property(Asset& asset, const PropertyTarget& target, const float* v);
// Whether any clip of `asset` animates property `p` of any element: what a renderer that decides
// at load whether to pay for a pass (transmission's backdrop, sheen's prefiltered sky) asks besides
// the rest values, so a factor animated up from 0 is drawn.
bool any_clip_animates(const Asset& asset, AnimatedProperty p);

}  // namespace sv::anim
