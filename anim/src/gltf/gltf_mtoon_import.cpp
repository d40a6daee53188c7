#include "gltf_mtoon_import.h"

#include <tiny_gltf.h>

#include <cmath>
#include <string>

#include "gltf_material_import.h"
#include "gltf_names.h"

namespace sv::anim {

namespace {

using gltf::named;
namespace tg = tinygltf;

// Reads one property or leaves the default with a note; `ok` limits the accepted values.
struct Reader {
    const tg::Model& model;
    Asset& asset;
    std::string what;  // "material 3 ('Face') VRMC_materials_mtoon"

    void note(const std::string& key, const std::string& why) {
        asset.report.push_back(what + " " + key + ": " + why + "; left at its default");
        asset.picture_notes.push_back(asset.report.back());
    }
    template <class Ok>
    void number(const tg::Value& x, const char* key, float& out, Ok ok, const char* range) {
        if (!x.Has(key)) return;
        const tg::Value& v = x.Get(key);
        const double d = v.IsNumber() ? v.GetNumberAsDouble() : std::nan("");
        if (!std::isfinite(d) || !ok(d)) return note(key, std::string("is not ") + range);
        out = static_cast<float>(d);
    }
    void number(const tg::Value& x, const char* key, float& out) {
        number(
            x, key, out, [](double) { return true; }, "a finite number");
    }
    // Three finite numbers of at least 0 (colours; the schema sets no upper bound).
    void color(const tg::Value& x, const char* key, glm::vec3& out) {
        if (!x.Has(key)) return;
        const tg::Value& a = x.Get(key);
        glm::vec3 c(0.0f);
        bool good = a.IsArray() && a.ArrayLen() == 3;
        for (int k = 0; good && k < 3; ++k) {
            const tg::Value& e = a.Get(k);
            const double d = e.IsNumber() ? e.GetNumberAsDouble() : std::nan("");
            good = std::isfinite(d) && d >= 0.0;
            c[k] = static_cast<float>(d);
        }
        if (!good) return note(key, "is not three finite numbers of at least 0");
        out = c;
    }
    // A part of MToon skinview reads and does not draw (matcap, UV animation): one note a material.
    void not_drawn(bool used, const char* what_part) {
        if (!used) return;
        asset.report.push_back(what + " " + what_part +
                               ": not drawn (skinview approximates MToon without it)");
        asset.picture_notes.push_back(asset.report.back());
    }
    void texture(const tg::Value& x, const char* key, TextureRef& out) {
        TextureRef t;
        if (auto st = read_value_slot(model, what, x, key, t, asset); !st) {
            asset.report.push_back(st.error().message + "; drawn without it");
            asset.picture_notes.push_back(asset.report.back());
            return;
        }
        out = t;
    }
};

void read_v1(const tg::Value& x, Reader& r, MToon& m) {
    const auto unit = [](double d) { return d >= 0.0 && d <= 1.0; };
    m.present = true;
    r.color(x, "shadeColorFactor", m.shade_color);
    r.texture(x, "shadeMultiplyTexture", m.shade_texture);
    r.number(x, "shadingShiftFactor", m.shading_shift);
    r.texture(x, "shadingShiftTexture", m.shading_shift_texture);
    r.number(x, "shadingToonyFactor", m.shading_toony, unit, "a number in [0, 1]");
    r.number(x, "giEqualizationFactor", m.gi_equalization, unit, "a number in [0, 1]");
    r.color(x, "matcapFactor", m.matcap_factor);
    r.texture(x, "matcapTexture", m.matcap_texture);
    r.color(x, "parametricRimColorFactor", m.rim_color);
    r.number(
        x, "parametricRimFresnelPowerFactor", m.rim_fresnel_power, [](double d) { return d >= 0.0; },
        "a number of at least 0");
    r.number(x, "parametricRimLiftFactor", m.rim_lift);
    r.texture(x, "rimMultiplyTexture", m.rim_texture);
    r.number(x, "rimLightingMixFactor", m.rim_lighting_mix, unit, "a number in [0, 1]");
    if (x.Has("outlineWidthMode")) {
        const tg::Value& v = x.Get("outlineWidthMode");
        const std::string s = v.IsString() ? v.Get<std::string>() : "";
        if (s == "none")
            m.outline_mode = MToonOutlineMode::None;
        else if (s == "worldCoordinates")
            m.outline_mode = MToonOutlineMode::WorldCoordinates;
        else if (s == "screenCoordinates")
            m.outline_mode = MToonOutlineMode::ScreenCoordinates;
        else
            r.note("outlineWidthMode", "is none of \"none\", \"worldCoordinates\", \"screenCoordinates\"");
    }
    r.number(
        x, "outlineWidthFactor", m.outline_width, [](double d) { return d >= 0.0; },
        "a number of at least 0");
    r.texture(x, "outlineWidthMultiplyTexture", m.outline_width_texture);
    r.color(x, "outlineColorFactor", m.outline_color);
    r.number(x, "outlineLightingMixFactor", m.outline_lighting_mix, unit, "a number in [0, 1]");
    r.not_drawn(m.matcap_texture.present(), "matcapTexture");
    bool animated = x.Has("uvAnimationMaskTexture");
    for (const char* k :
         {"uvAnimationScrollXSpeedFactor", "uvAnimationScrollYSpeedFactor", "uvAnimationRotationSpeedFactor"})
        animated = animated || (x.Has(k) && x.Get(k).IsNumber() && x.Get(k).GetNumberAsDouble() != 0.0);
    r.not_drawn(animated, "uvAnimation");
}

// Unity's colours in 0.x properties are gamma-encoded; three-vrm decodes them with x^2.2 (its
// gammaEOTF), not the sRGB curve, and so does this.
float gamma_eotf(float v) { return std::pow(v, 2.2f); }

// VRM 0.x "VRM/MToon": floatProperties, vectorProperties and textureProperties by UniVRM's names,
// converted to 1.0's parameters by three-vrm's rules (shading toony and shift re-expressed for
// 1.0's band, the outline width from centimetres, the GI equalisation from the indirect intensity).
void read_v0(const tg::Value& props, Reader& r, MToon& m) {
    m.present = true;
    const tg::Value* floats = props.Has("floatProperties") ? &props.Get("floatProperties") : nullptr;
    const tg::Value* vectors = props.Has("vectorProperties") ? &props.Get("vectorProperties") : nullptr;
    const tg::Value* textures = props.Has("textureProperties") ? &props.Get("textureProperties") : nullptr;
    const auto f = [&](const char* key, double fallback) {
        if (!floats || !floats->IsObject() || !floats->Has(key)) return fallback;
        const tg::Value& v = floats->Get(key);
        const double d = v.IsNumber() ? v.GetNumberAsDouble() : std::nan("");
        if (!std::isfinite(d)) {
            r.note(std::string("floatProperties.") + key, "is not a finite number");
            return fallback;
        }
        return d;
    };
    const auto color = [&](const char* key, glm::vec3 fallback) {
        if (!vectors || !vectors->IsObject() || !vectors->Has(key)) return fallback;
        const tg::Value& a = vectors->Get(key);
        glm::vec3 c(0.0f);
        bool good = a.IsArray() && (a.ArrayLen() == 3 || a.ArrayLen() == 4);
        for (int k = 0; good && k < 3; ++k) {
            const tg::Value& e = a.Get(k);
            const double d = e.IsNumber() ? e.GetNumberAsDouble() : std::nan("");
            good = std::isfinite(d) && d >= 0.0;
            c[k] = gamma_eotf(static_cast<float>(d));
        }
        if (!good) {
            r.note(std::string("vectorProperties.") + key,
                   "is not three or four finite numbers of at least 0");
            return fallback;
        }
        return c;
    };
    // 0.x's main texture transform (`_MainTex` tiling xy, offset zw, Unity's v bottom-up) goes to
    // every MToon texture, as three-vrm ports it.
    TextureRef transform;
    if (vectors && vectors->IsObject() && vectors->Has("_MainTex")) {
        const tg::Value& st = vectors->Get("_MainTex");
        bool good = st.IsArray() && st.ArrayLen() == 4;
        double v[4] = {0, 0, 1, 1};
        for (int k = 0; good && k < 4; ++k) {
            good = st.Get(k).IsNumber() && std::isfinite(st.Get(k).GetNumberAsDouble());
            if (good) v[k] = st.Get(k).GetNumberAsDouble();
        }
        if (good) {
            transform.offset = glm::vec2(static_cast<float>(v[0]), static_cast<float>(1.0 - v[3] - v[1]));
            transform.scale = glm::vec2(static_cast<float>(v[2]), static_cast<float>(v[3]));
        } else {
            r.note("vectorProperties._MainTex", "is not four finite numbers");
        }
    }
    const auto texture = [&](const char* key, TextureRef& out) {
        if (!textures || !textures->IsObject() || !textures->Has(key)) return;
        const tg::Value& v = textures->Get(key);
        if (!v.IsInt() || v.GetNumberAsInt() < 0)
            return r.note(std::string("textureProperties.") + key, "is not a texture index");
        TextureRef t;
        if (auto st = read_slot(r.model, r.what + " textureProperties." + key, v.GetNumberAsInt(), 0, {}, t,
                                r.asset);
            !st) {
            r.asset.report.push_back(st.error().message + "; drawn without it");
            r.asset.picture_notes.push_back(r.asset.report.back());
            return;
        }
        t.offset = transform.offset;
        t.scale = transform.scale;
        out = t;
    };
    m.shade_color = color("_ShadeColor", glm::vec3(gamma_eotf(0.97f), gamma_eotf(0.81f), gamma_eotf(0.86f)));
    texture("_ShadeTexture", m.shade_texture);
    const double shift0 = f("_ShadeShift", 0.0), toony0 = f("_ShadeToony", 0.9);
    const double toony1 = toony0 + (1.0 - toony0) * (0.5 + 0.5 * shift0);
    m.shading_toony = static_cast<float>(toony1);
    m.shading_shift = static_cast<float>(-shift0 - (1.0 - toony1));
    if (!(m.shading_toony >= 0.0f && m.shading_toony <= 1.0f)) {
        r.note("floatProperties._ShadeToony and _ShadeShift", "map to a toony factor outside [0, 1]");
        m.shading_toony = 0.9f;
        m.shading_shift = 0.0f;
    }
    // three-vrm: an indirect intensity of 0 (or none) leaves 1.0's default, 0.9.
    const double gi = f("_IndirectLightIntensity", 0.1);
    if (gi != 0.0) m.gi_equalization = static_cast<float>(1.0 - gi);
    if (!(m.gi_equalization >= 0.0f && m.gi_equalization <= 1.0f)) {
        r.note("floatProperties._IndirectLightIntensity", "maps to a GI equalisation outside [0, 1]");
        m.gi_equalization = 0.9f;
    }
    if (textures && textures->IsObject() && textures->Has("_SphereAdd"))
        texture("_SphereAdd", m.matcap_texture);
    m.rim_lighting_mix = static_cast<float>(f("_RimLightingMix", 0.0));
    texture("_RimTexture", m.rim_texture);
    m.rim_color = color("_RimColor", glm::vec3(0.0f));
    m.rim_fresnel_power = static_cast<float>(f("_RimFresnelPower", 1.0));
    if (m.rim_fresnel_power < 0.0f) {
        r.note("floatProperties._RimFresnelPower", "is below 0");
        m.rim_fresnel_power = 1.0f;
    }
    m.rim_lift = static_cast<float>(f("_RimLift", 0.0));
    const double mode = f("_OutlineWidthMode", 0.0);
    if (mode == 0.0 || mode == 1.0 || mode == 2.0)
        m.outline_mode = static_cast<MToonOutlineMode>(static_cast<int>(mode));
    else
        r.note("floatProperties._OutlineWidthMode", "is none of 0 (none), 1 (world), 2 (screen)");
    const double width_cm = f("_OutlineWidth", 0.0);
    if (width_cm >= 0.0)
        m.outline_width = static_cast<float>(0.01 * width_cm);
    else
        r.note("floatProperties._OutlineWidth", "is below 0");
    texture("_OutlineWidthTexture", m.outline_width_texture);
    m.outline_color = color("_OutlineColor", glm::vec3(0.0f));
    r.not_drawn(m.matcap_texture.present(), "textureProperties._SphereAdd (matcap)");
    r.not_drawn(f("_UvAnimScrollX", 0.0) != 0.0 || f("_UvAnimScrollY", 0.0) != 0.0 ||
                    f("_UvAnimRotation", 0.0) != 0.0,
                "floatProperties._UvAnim* (UV animation)");
    // _OutlineColorMode 0 (fixed) draws the colour as it is; 1 (mixed) mixes in the lighting.
    m.outline_lighting_mix =
        f("_OutlineColorMode", 0.0) == 1.0 ? static_cast<float>(f("_OutlineLightingMix", 1.0)) : 0.0f;
    if (!(m.outline_lighting_mix >= 0.0f && m.outline_lighting_mix <= 1.0f)) {
        r.note("floatProperties._OutlineLightingMix", "is not a number in [0, 1]");
        m.outline_lighting_mix = 1.0f;
    }
}

}  // namespace

void import_mtoon(const tg::Model& model, Asset& out) {
    size_t v1_count = 0, v0_count = 0;
    for (size_t i = 0; i < model.materials.size() && i < out.materials.size(); ++i) {
        const auto it = model.materials[i].extensions.find("VRMC_materials_mtoon");
        if (it == model.materials[i].extensions.end()) continue;
        Reader r{model, out, named("material", i, model.materials[i].name) + " VRMC_materials_mtoon"};
        if (!it->second.IsObject()) {
            out.report.push_back(r.what + ": is not an object; drawn as its glTF material");
            continue;
        }
        read_v1(it->second, r, out.materials[i].mtoon);
        ++v1_count;
    }
    // 0.x: only for a 0.x file (a file with VRMC_vrm too is a 1.0 file that kept its 0.x data).
    const auto v0 = model.extensions.find("VRM");
    if (v1_count == 0 && v0 != model.extensions.end() && !model.extensions.count("VRMC_vrm") &&
        v0->second.IsObject() && v0->second.Has("materialProperties")) {
        const tg::Value& list = v0->second.Get("materialProperties");
        for (size_t i = 0; list.IsArray() && i < list.ArrayLen(); ++i) {
            const tg::Value& p = list.Get(static_cast<int>(i));
            if (!p.IsObject() || !p.Has("shader") || !p.Get("shader").IsString() ||
                p.Get("shader").Get<std::string>() != "VRM/MToon")
                continue;
            if (i >= out.materials.size()) {
                out.report.push_back("VRM materialProperties[" + gltf::str(i) + "]: no material " +
                                     gltf::str(i) + " (the file has " + gltf::str(out.materials.size()) +
                                     "); not drawn");
                continue;
            }
            Reader r{model, out, named("material", i, out.materials[i].name) + " VRM/MToon"};
            read_v0(p, r, out.materials[i].mtoon);
            ++v0_count;
        }
    }
    if (v1_count + v0_count > 0)
        out.report.push_back(
            "MToon: " + gltf::str(v1_count + v0_count) + " materials drawn with the MToon approximation (" +
            (v1_count ? "VRMC_materials_mtoon" : "VRM 0.x VRM/MToon") + "; no matcap, no UV animation)");
}

}  // namespace sv::anim
