#include "gltf_animation_pointer.h"

#include <cctype>
#include <vector>

namespace sv::anim::gltf {

namespace {

using nlohmann::json;
using P = AnimatedProperty;
using S = TextureSlot;

// A material property's path below "/materials/N/".
struct MaterialPath {
    const char* path;
    P property;
};
constexpr MaterialPath kMaterialPaths[] = {
    {"pbrMetallicRoughness/baseColorFactor", P::BaseColorFactor},
    {"pbrMetallicRoughness/metallicFactor", P::MetallicFactor},
    {"pbrMetallicRoughness/roughnessFactor", P::RoughnessFactor},
    {"emissiveFactor", P::EmissiveFactor},
    {"alphaCutoff", P::AlphaCutoff},
    {"normalTexture/scale", P::NormalTextureScale},
    {"occlusionTexture/strength", P::OcclusionTextureStrength},
    {"extensions/KHR_materials_emissive_strength/emissiveStrength", P::EmissiveStrength},
    {"extensions/KHR_materials_ior/ior", P::Ior},
    {"extensions/KHR_materials_specular/specularFactor", P::SpecularFactor},
    {"extensions/KHR_materials_specular/specularColorFactor", P::SpecularColorFactor},
    {"extensions/KHR_materials_clearcoat/clearcoatFactor", P::ClearcoatFactor},
    {"extensions/KHR_materials_clearcoat/clearcoatRoughnessFactor", P::ClearcoatRoughnessFactor},
    {"extensions/KHR_materials_clearcoat/clearcoatNormalTexture/scale", P::ClearcoatNormalTextureScale},
    {"extensions/KHR_materials_sheen/sheenColorFactor", P::SheenColorFactor},
    {"extensions/KHR_materials_sheen/sheenRoughnessFactor", P::SheenRoughnessFactor},
    {"extensions/KHR_materials_transmission/transmissionFactor", P::TransmissionFactor},
    {"extensions/KHR_materials_volume/thicknessFactor", P::ThicknessFactor},
    {"extensions/KHR_materials_volume/attenuationDistance", P::AttenuationDistance},
    {"extensions/KHR_materials_volume/attenuationColor", P::AttenuationColor},
    {"extensions/KHR_materials_iridescence/iridescenceFactor", P::IridescenceFactor},
    {"extensions/KHR_materials_iridescence/iridescenceIor", P::IridescenceIor},
    {"extensions/KHR_materials_iridescence/iridescenceThicknessMinimum", P::IridescenceThicknessMinimum},
    {"extensions/KHR_materials_iridescence/iridescenceThicknessMaximum", P::IridescenceThicknessMaximum},
    {"extensions/KHR_materials_anisotropy/anisotropyStrength", P::AnisotropyStrength},
    {"extensions/KHR_materials_anisotropy/anisotropyRotation", P::AnisotropyRotation},
    {"extensions/KHR_materials_dispersion/dispersion", P::Dispersion},
};

// A texture slot's path below "/materials/N/"; its KHR_texture_transform follows it.
struct SlotPath {
    const char* path;
    S slot;
};
constexpr SlotPath kSlotPaths[] = {
    {"pbrMetallicRoughness/baseColorTexture", S::BaseColor},
    {"pbrMetallicRoughness/metallicRoughnessTexture", S::MetallicRoughness},
    {"normalTexture", S::Normal},
    {"occlusionTexture", S::Occlusion},
    {"emissiveTexture", S::Emissive},
    {"extensions/KHR_materials_specular/specularTexture", S::Specular},
    {"extensions/KHR_materials_specular/specularColorTexture", S::SpecularColor},
    {"extensions/KHR_materials_clearcoat/clearcoatTexture", S::Clearcoat},
    {"extensions/KHR_materials_clearcoat/clearcoatRoughnessTexture", S::ClearcoatRoughness},
    {"extensions/KHR_materials_clearcoat/clearcoatNormalTexture", S::ClearcoatNormal},
    {"extensions/KHR_materials_sheen/sheenColorTexture", S::SheenColor},
    {"extensions/KHR_materials_sheen/sheenRoughnessTexture", S::SheenRoughness},
    {"extensions/KHR_materials_transmission/transmissionTexture", S::Transmission},
    {"extensions/KHR_materials_volume/thicknessTexture", S::Thickness},
    {"extensions/KHR_materials_iridescence/iridescenceTexture", S::Iridescence},
    {"extensions/KHR_materials_iridescence/iridescenceThicknessTexture", S::IridescenceThickness},
    {"extensions/KHR_materials_anisotropy/anisotropyTexture", S::Anisotropy},
};
constexpr const char* kTransform = "/extensions/KHR_texture_transform/";

struct OwnedPath {
    const char* path;
    P property;
};
constexpr OwnedPath kLightPaths[] = {
    {"color", P::LightColor},
    {"intensity", P::LightIntensity},
    {"range", P::LightRange},
    {"spot/innerConeAngle", P::LightInnerConeAngle},
    {"spot/outerConeAngle", P::LightOuterConeAngle},
};
// znear and zfar come twice: one field of Camera, whichever projection the camera has.
constexpr OwnedPath kCameraPaths[] = {
    {"perspective/yfov", P::CameraYfov},    {"perspective/aspectRatio", P::CameraAspectRatio},
    {"perspective/znear", P::CameraZnear},  {"perspective/zfar", P::CameraZfar},
    {"orthographic/xmag", P::CameraXmag},   {"orthographic/ymag", P::CameraYmag},
    {"orthographic/znear", P::CameraZnear}, {"orthographic/zfar", P::CameraZfar},
};

// "0" or a digit string without a leading zero (RFC 6901's array index), at most 9 digits.
bool parse_index(const std::string& s, int& out) {
    if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = std::stoi(s);
    return true;
}

size_t count(const json& doc, const std::vector<const char*>& path) {
    const json* at = &doc;
    for (const char* k : path) {
        if (!at->is_object() || !at->contains(k)) return 0;
        at = &(*at)[k];
    }
    return at->is_array() ? at->size() : 0;
}

PointerTarget unsupported(std::string reason) {
    PointerTarget t;
    t.reason = std::move(reason);
    return t;
}

PointerTarget property(P p, int index, S slot = S::None) {
    PointerTarget t;
    t.kind = PointerTarget::Kind::Property;
    t.property.property = p;
    t.property.index = index;
    t.property.slot = slot;
    return t;
}

constexpr const char* kNotAnimated = "not a property skinview animates";

}  // namespace

PointerTarget parse_animation_pointer(const std::string& pointer, const json& doc) {
    if (pointer.empty()) return unsupported("the channel gives no pointer");
    if (pointer[0] != '/') return unsupported("not a JSON pointer (it must start with '/')");
    // "/<collection>/<index>/<rest>", the collection one or three tokens deep.
    struct Collection {
        const char* prefix;  // with its slashes
        std::vector<const char*> json_path;
        const char* singular;
    };
    static const Collection kCollections[] = {
        {"/nodes/", {"nodes"}, "node"},
        {"/materials/", {"materials"}, "material"},
        {"/extensions/KHR_lights_punctual/lights/", {"extensions", "KHR_lights_punctual", "lights"}, "light"},
        {"/cameras/", {"cameras"}, "camera"},
    };
    for (const Collection& c : kCollections) {
        const std::string prefix = c.prefix;
        if (pointer.rfind(prefix, 0) != 0) continue;
        const size_t slash = pointer.find('/', prefix.size());
        const std::string index_text = pointer.substr(prefix.size(), slash - prefix.size());
        int index = 0;
        if (!parse_index(index_text, index))
            return unsupported("'" + index_text + "' is not a " + c.singular + " index");
        if (slash == std::string::npos) return unsupported("names a whole " + std::string(c.singular));
        const size_t have = count(doc, c.json_path);
        if (static_cast<size_t>(index) >= have)
            return unsupported(std::string(c.singular) + " " + index_text + " does not exist (the file has " +
                               std::to_string(have) + ")");
        const std::string rest = pointer.substr(slash + 1);
        const json& element = [&]() -> const json& {
            const json* at = &doc;
            for (const char* k : c.json_path) at = &(*at)[k];
            return (*at)[static_cast<size_t>(index)];
        }();
        if (c.singular == std::string("node")) {
            for (const char* p : {"translation", "rotation", "scale", "weights"})
                if (rest == p) {
                    PointerTarget t;
                    t.kind = PointerTarget::Kind::Node;
                    t.node = index;
                    t.path = rest;
                    return t;
                }
            return unsupported(kNotAnimated);
        }
        if (c.singular == std::string("material")) {
            for (const MaterialPath& m : kMaterialPaths)
                if (rest == m.path) return property(m.property, index);
            for (const SlotPath& s : kSlotPaths) {
                const std::string base = std::string(s.path) + kTransform;
                if (rest.rfind(base, 0) != 0) continue;
                const std::string leaf = rest.substr(base.size());
                if (leaf == "offset") return property(P::TextureOffset, index, s.slot);
                if (leaf == "rotation") return property(P::TextureRotation, index, s.slot);
                if (leaf == "scale") return property(P::TextureScale, index, s.slot);
            }
            return unsupported(kNotAnimated);
        }
        if (c.singular == std::string("light")) {
            for (const OwnedPath& l : kLightPaths)
                if (rest == l.path) {
                    const bool cone =
                        l.property == P::LightInnerConeAngle || l.property == P::LightOuterConeAngle;
                    if (cone && !(element.is_object() && element.value("type", json()) == "spot"))
                        return unsupported("light " + index_text + " is not a spot light");
                    return property(l.property, index);
                }
            return unsupported(kNotAnimated);
        }
        for (const OwnedPath& p : kCameraPaths)
            if (rest == p.path) {
                const std::string projection = rest.substr(0, rest.find('/'));
                if (!(element.is_object() && element.value("type", json()) == projection))
                    return unsupported("camera " + index_text + " is not " +
                                       (projection == "perspective" ? "a perspective" : "an orthographic") +
                                       " camera");
                return property(p.property, index);
            }
        return unsupported(kNotAnimated);
    }
    return unsupported(kNotAnimated);
}

std::string animation_pointer(const PropertyTarget& t) {
    const std::string i = std::to_string(t.index);
    for (const MaterialPath& m : kMaterialPaths)
        if (m.property == t.property) return "/materials/" + i + "/" + m.path;
    if (t.property == P::TextureOffset || t.property == P::TextureRotation || t.property == P::TextureScale) {
        const char* leaf = t.property == P::TextureOffset     ? "offset"
                           : t.property == P::TextureRotation ? "rotation"
                                                              : "scale";
        for (const SlotPath& s : kSlotPaths)
            if (s.slot == t.slot) return "/materials/" + i + "/" + s.path + kTransform + leaf;
        return "";
    }
    for (const OwnedPath& l : kLightPaths)
        if (l.property == t.property) return "/extensions/KHR_lights_punctual/lights/" + i + "/" + l.path;
    // The writer has no camera type at hand; znear and zfar are spelt as perspective ones, which the
    // writer's cameras are (it writes none yet: nothing relies on this).
    for (const OwnedPath& p : kCameraPaths)
        if (p.property == t.property) return "/cameras/" + i + "/" + p.path;
    return "";
}

}  // namespace sv::anim::gltf
