#include "anim/scene/animated_property.h"

#include "anim/scene/asset.h"

namespace sv::anim {

int property_components(AnimatedProperty p) {
    switch (p) {
        case AnimatedProperty::BaseColorFactor:
            return 4;
        case AnimatedProperty::EmissiveFactor:
        case AnimatedProperty::SpecularColorFactor:
        case AnimatedProperty::SheenColorFactor:
        case AnimatedProperty::AttenuationColor:
        case AnimatedProperty::LightColor:
            return 3;
        case AnimatedProperty::TextureOffset:
        case AnimatedProperty::TextureScale:
            return 2;
        default:
            return 1;
    }
}

PropertyOwner property_owner(AnimatedProperty p) {
    if (p >= AnimatedProperty::CameraYfov) return PropertyOwner::Camera;
    if (p >= AnimatedProperty::LightColor) return PropertyOwner::Light;
    return PropertyOwner::Material;
}

namespace {

TextureRef* texture(Material& m, TextureSlot s) {
    switch (s) {
        case TextureSlot::None:
            return nullptr;
        case TextureSlot::BaseColor:
            return &m.base_color_texture;
        case TextureSlot::MetallicRoughness:
            return &m.metallic_roughness_texture;
        case TextureSlot::Normal:
            return &m.normal_texture;
        case TextureSlot::Occlusion:
            return &m.occlusion_texture;
        case TextureSlot::Emissive:
            return &m.emissive_texture;
        case TextureSlot::Specular:
            return &m.specular_texture;
        case TextureSlot::SpecularColor:
            return &m.specular_color_texture;
        case TextureSlot::Clearcoat:
            return &m.clearcoat_texture;
        case TextureSlot::ClearcoatRoughness:
            return &m.clearcoat_roughness_texture;
        case TextureSlot::ClearcoatNormal:
            return &m.clearcoat_normal_texture;
        case TextureSlot::SheenColor:
            return &m.sheen_color_texture;
        case TextureSlot::SheenRoughness:
            return &m.sheen_roughness_texture;
        case TextureSlot::Transmission:
            return &m.transmission_texture;
        case TextureSlot::Thickness:
            return &m.thickness_texture;
        case TextureSlot::Iridescence:
            return &m.iridescence_texture;
        case TextureSlot::IridescenceThickness:
            return &m.iridescence_thickness_texture;
        case TextureSlot::Anisotropy:
            return &m.anisotropy_texture;
    }
    return nullptr;
}

// The first of the property's floats inside the Asset (glm vectors hold their components in
// order, so a vecN is N consecutive floats), or null when the target names nothing.
float* field(Asset& a, const PropertyTarget& t) {
    if (t.index < 0) return nullptr;
    const auto i = static_cast<size_t>(t.index);
    switch (property_owner(t.property)) {
        case PropertyOwner::Material: {
            if (i >= a.materials.size()) return nullptr;
            Material& m = a.materials[i];
            switch (t.property) {
                case AnimatedProperty::BaseColorFactor:
                    return &m.base_color.x;
                case AnimatedProperty::MetallicFactor:
                    return &m.metallic;
                case AnimatedProperty::RoughnessFactor:
                    return &m.roughness;
                case AnimatedProperty::EmissiveFactor:
                    return &m.emissive.x;
                case AnimatedProperty::AlphaCutoff:
                    return &m.alpha_cutoff;
                case AnimatedProperty::NormalTextureScale:
                    return &m.normal_texture.strength;
                case AnimatedProperty::OcclusionTextureStrength:
                    return &m.occlusion_texture.strength;
                case AnimatedProperty::TextureOffset:
                case AnimatedProperty::TextureRotation:
                case AnimatedProperty::TextureScale: {
                    TextureRef* r = texture(m, t.slot);
                    if (!r) return nullptr;
                    return t.property == AnimatedProperty::TextureOffset     ? &r->offset.x
                           : t.property == AnimatedProperty::TextureRotation ? &r->rotation
                                                                             : &r->scale.x;
                }
                case AnimatedProperty::EmissiveStrength:
                    return &m.emissive_strength;
                case AnimatedProperty::Ior:
                    return &m.ior;
                case AnimatedProperty::SpecularFactor:
                    return &m.specular;
                case AnimatedProperty::SpecularColorFactor:
                    return &m.specular_color.x;
                case AnimatedProperty::ClearcoatFactor:
                    return &m.clearcoat;
                case AnimatedProperty::ClearcoatRoughnessFactor:
                    return &m.clearcoat_roughness;
                case AnimatedProperty::ClearcoatNormalTextureScale:
                    return &m.clearcoat_normal_texture.strength;
                case AnimatedProperty::SheenColorFactor:
                    return &m.sheen_color.x;
                case AnimatedProperty::SheenRoughnessFactor:
                    return &m.sheen_roughness;
                case AnimatedProperty::TransmissionFactor:
                    return &m.transmission;
                case AnimatedProperty::ThicknessFactor:
                    return &m.thickness;
                case AnimatedProperty::AttenuationDistance:
                    return &m.attenuation_distance;
                case AnimatedProperty::AttenuationColor:
                    return &m.attenuation_color.x;
                case AnimatedProperty::IridescenceFactor:
                    return &m.iridescence;
                case AnimatedProperty::IridescenceIor:
                    return &m.iridescence_ior;
                case AnimatedProperty::IridescenceThicknessMinimum:
                    return &m.iridescence_thickness_min;
                case AnimatedProperty::IridescenceThicknessMaximum:
                    return &m.iridescence_thickness_max;
                case AnimatedProperty::AnisotropyStrength:
                    return &m.anisotropy;
                case AnimatedProperty::AnisotropyRotation:
                    return &m.anisotropy_rotation;
                case AnimatedProperty::Dispersion:
                    return &m.dispersion;
                default:
                    return nullptr;
            }
        }
        case PropertyOwner::Light: {
            if (i >= a.lights.size()) return nullptr;
            Light& l = a.lights[i];
            switch (t.property) {
                case AnimatedProperty::LightColor:
                    return &l.color.x;
                case AnimatedProperty::LightIntensity:
                    return &l.intensity;
                case AnimatedProperty::LightRange:
                    return &l.range;
                case AnimatedProperty::LightInnerConeAngle:
                    return &l.inner_cone;
                case AnimatedProperty::LightOuterConeAngle:
                    return &l.outer_cone;
                default:
                    return nullptr;
            }
        }
        case PropertyOwner::Camera: {
            if (i >= a.cameras.size()) return nullptr;
            Camera& c = a.cameras[i];
            switch (t.property) {
                case AnimatedProperty::CameraYfov:
                    return &c.yfov;
                case AnimatedProperty::CameraAspectRatio:
                    return &c.aspect_ratio;
                case AnimatedProperty::CameraXmag:
                    return &c.xmag;
                case AnimatedProperty::CameraYmag:
                    return &c.ymag;
                case AnimatedProperty::CameraZnear:
                    return &c.znear;
                case AnimatedProperty::CameraZfar:
                    return &c.zfar;
                default:
                    return nullptr;
            }
        }
    }
    return nullptr;
}

}  // namespace

bool property_in_range(const Asset& asset, const PropertyTarget& target) {
    return field(const_cast<Asset&>(asset), target) != nullptr;
}

void read_property(const Asset& asset, const PropertyTarget& target, float* out) {
    // field() hands out a writable pointer; only this read goes through it on a const Asset.
    const float* f = field(const_cast<Asset&>(asset), target);
    if (!f) return;
    for (int c = 0; c < property_components(target.property); ++c) out[c] = f[c];
}

void write_property(Asset& asset, const PropertyTarget& target, const float* v) {
    float* f = field(asset, target);
    if (!f) return;
    for (int c = 0; c < property_components(target.property); ++c) f[c] = v[c];
}

bool any_clip_animates(const Asset& asset, AnimatedProperty p) {
    for (const Clip& c : asset.clips)
        for (const PropertyChannel& ch : c.properties)
            if (ch.target.property == p) return true;
    return false;
}

}  // namespace sv::anim
