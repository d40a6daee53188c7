#include "gltf_material_import.h"

#include <tiny_gltf.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gltf_material_values.h"
#include "gltf_names.h"

namespace sv::anim {

namespace {

using gltf::named;
using gltf::str;

namespace tg = tinygltf;
using material_values::extension;
using material_values::finite;
using material_values::number;
using material_values::vec3_of;

// A texture's image: EXT_texture_webp's source when the texture has one and this build decodes WebP
// (a file that requires the extension without it was refused by the document checks), else the
// core source (often a PNG fallback).
int texture_source(const tg::Texture& t) {
#ifdef SKINVIEW_HAVE_WEBP
    const auto x = t.extensions.find("EXT_texture_webp");
    if (x != t.extensions.end() && x->second.Has("source") && x->second.Get("source").IsInt())
        return x->second.Get("source").GetNumberAsInt();
#endif
    return t.source;
}

// KHR_texture_basisu's image, or -1: KTX2, which skinview does not decode; the core source, when
// the file gives one, is its fallback and is drawn instead.
int basisu_source(const tg::Texture& t) {
    const auto x = t.extensions.find("KHR_texture_basisu");
    if (x != t.extensions.end() && x->second.Has("source") && x->second.Get("source").IsInt())
        return x->second.Get("source").GetNumberAsInt();
    return -1;
}

}  // namespace

// Reads one texture slot: the texture's image and sampler, the slot's texCoord, and
// KHR_texture_transform (whose texCoord, when given, replaces the slot's).
Status read_slot(const tg::Model& m, const std::string& what, int index, int tex_coord,
                 const tg::ExtensionMap& extensions, TextureRef& out, Asset& asset) {
    if (index < 0) return ok_status();
    if (static_cast<size_t>(index) >= m.textures.size())
        return make_error(what + ": texture " + str(index) + " is out of range (" + str(m.textures.size()) +
                          " textures)");
    const tg::Texture& t = m.textures[static_cast<size_t>(index)];
    const int source = texture_source(t);
    if (source < 0) {  // a texture with no source (an extension's only): left empty
        const int ktx = basisu_source(t);
        if (ktx >= 0) {
            const std::string image =
                static_cast<size_t>(ktx) < m.images.size()
                    ? "image " + str(ktx) + " ('" + m.images[static_cast<size_t>(ktx)].name + "')"
                    : "image " + str(ktx);
            asset.report.push_back(what + ": texture " + str(index) + " has only " + image +
                                   ", KTX2 through KHR_texture_basisu, which skinview does not decode; drawn "
                                   "untextured");
            asset.picture_notes.push_back(asset.report.back());
        }
        return ok_status();
    }
    if (static_cast<size_t>(source) >= m.images.size())
        return make_error(what + ": texture " + str(index) + " names image " + str(source) +
                          ", out of range (" + str(m.images.size()) + " images)");
    if (t.sampler >= 0 && static_cast<size_t>(t.sampler) >= m.samplers.size())
        return make_error(what + ": texture " + str(index) + " names sampler " + str(t.sampler) +
                          ", out of range (" + str(m.samplers.size()) + " samplers)");
    out.image = source;
    out.sampler = t.sampler;
    out.tex_coord = tex_coord;
    auto it = extensions.find("KHR_texture_transform");
    if (it != extensions.end() && it->second.IsObject()) {
        const tg::Value& x = it->second;
        if (x.Has("offset") && x.Get("offset").ArrayLen() == 2)
            out.offset = {number(x.Get("offset").Get(0), 0.0f), number(x.Get("offset").Get(1), 0.0f)};
        if (x.Has("scale") && x.Get("scale").ArrayLen() == 2)
            out.scale = {number(x.Get("scale").Get(0), 1.0f), number(x.Get("scale").Get(1), 1.0f)};
        if (x.Has("rotation")) out.rotation = number(x.Get("rotation"), 0.0f);
        if (x.Has("texCoord")) out.tex_coord = static_cast<int>(number(x.Get("texCoord"), 0.0f));
    }
    // Two UV sets reach the shader; a third would silently read set 0, so it is refused by name.
    if (out.tex_coord < 0 || out.tex_coord > 1)
        return make_error(what + ": texCoord " + str(out.tex_coord) +
                          " (skinview reads TEXCOORD_0 and TEXCOORD_1)");
    if (!std::isfinite(out.offset.x + out.offset.y + out.scale.x + out.scale.y + out.rotation))
        return make_error(what + ": KHR_texture_transform has a value that is not finite");
    return ok_status();
}

// A textureInfo inside an extension's JSON (tinygltf parses only the core slots): index, texCoord,
// the normal map's scale, and its own KHR_texture_transform.
Status read_value_slot(const tg::Model& m, const std::string& what, const tg::Value& x, const char* key,
                       TextureRef& out, Asset& asset) {
    if (!x.Has(key)) return ok_status();
    const tg::Value& t = x.Get(key);
    if (!t.IsObject() || !t.Has("index") || !t.Get("index").IsInt())
        return make_error(what + " " + key + ": has no integer index");
    const int index = t.Get("index").GetNumberAsInt();
    if (index < 0) return make_error(what + " " + key + ": index " + str(index) + " is negative");
    const int tex_coord = t.Has("texCoord") ? static_cast<int>(number(t.Get("texCoord"), 0.0f)) : 0;
    tg::ExtensionMap extensions;
    if (t.Has("extensions") && t.Get("extensions").IsObject())
        for (const std::string& k : t.Get("extensions").Keys()) extensions[k] = t.Get("extensions").Get(k);
    if (auto st = read_slot(m, what + " " + key, index, tex_coord, extensions, out, asset); !st) return st;
    if (t.Has("scale")) out.strength = number(t.Get("scale"), 1.0f);
    return ok_status();
}

namespace {

// The material extensions that change the shading. Ranges are the specifications'; a value
// outside one is refused by name rather than clamped, since a clamped file draws something its
// author did not write.
Status import_material_extensions(const tg::Model& m, const std::string& name, const tg::Material& src,
                                  Material& d, Asset& asset) {
    if (const tg::Value* x = extension(src, "KHR_materials_pbrSpecularGlossiness")) {
        const std::string what = name + " KHR_materials_pbrSpecularGlossiness";
        d.workflow = Workflow::SpecularGlossiness;
        d.base_color = glm::vec4(1.0f);
        if (x->Has("diffuseFactor") && x->Get("diffuseFactor").ArrayLen() == 4) {
            const tg::Value& a = x->Get("diffuseFactor");
            d.base_color = {number(a.Get(0), 1.0f), number(a.Get(1), 1.0f), number(a.Get(2), 1.0f),
                            number(a.Get(3), 1.0f)};
        }
        d.specular_glossiness_factor = vec3_of(*x, "specularFactor", glm::vec3(1.0f));
        d.glossiness = x->Has("glossinessFactor") ? number(x->Get("glossinessFactor"), 1.0f) : 1.0f;
        if (!finite(glm::vec3(d.base_color)) || !std::isfinite(d.base_color.a) ||
            !finite(d.specular_glossiness_factor) || !std::isfinite(d.glossiness))
            return make_error(what + ": a factor is not finite");
        // The core slots are not this workflow's: a metallic-roughness texture would be read as
        // specular, so only the extension's two textures are kept.
        d.base_color_texture = TextureRef{};
        d.metallic_roughness_texture = TextureRef{};
        if (auto st = read_value_slot(m, what, *x, "diffuseTexture", d.base_color_texture, asset); !st)
            return st;
        if (auto st = read_value_slot(m, what, *x, "specularGlossinessTexture", d.specular_glossiness_texture,
                                      asset);
            !st)
            return st;
        d.base_color_image = d.base_color_texture.image;
    }
    if (extension(src, "KHR_materials_unlit")) d.workflow = Workflow::Unlit;
    if (const tg::Value* x = extension(src, "KHR_materials_ior")) {
        d.ior = x->Has("ior") ? number(x->Get("ior"), 1.5f) : 1.5f;
        // 0 is the specification's "infinite" (a perfect mirror F0 = 1); otherwise at least 1.
        if (!std::isfinite(d.ior) || (d.ior != 0.0f && d.ior < 1.0f))
            return make_error(name + " KHR_materials_ior: ior " + std::to_string(d.ior) +
                              " is neither 0 nor at least 1");
    }
    if (const tg::Value* x = extension(src, "KHR_materials_specular")) {
        const std::string what = name + " KHR_materials_specular";
        d.specular = x->Has("specularFactor") ? number(x->Get("specularFactor"), 1.0f) : 1.0f;
        d.specular_color = vec3_of(*x, "specularColorFactor", glm::vec3(1.0f));
        if (!std::isfinite(d.specular) || !finite(d.specular_color) || d.specular < 0.0f)
            return make_error(what + ": a factor is negative or not finite");
        if (auto st = read_value_slot(m, what, *x, "specularTexture", d.specular_texture, asset); !st)
            return st;
        if (auto st = read_value_slot(m, what, *x, "specularColorTexture", d.specular_color_texture, asset);
            !st)
            return st;
    }
    if (const tg::Value* x = extension(src, "KHR_materials_clearcoat")) {
        const std::string what = name + " KHR_materials_clearcoat";
        d.clearcoat = x->Has("clearcoatFactor") ? number(x->Get("clearcoatFactor"), 0.0f) : 0.0f;
        d.clearcoat_roughness =
            x->Has("clearcoatRoughnessFactor") ? number(x->Get("clearcoatRoughnessFactor"), 0.0f) : 0.0f;
        if (!std::isfinite(d.clearcoat + d.clearcoat_roughness))
            return make_error(what + ": a factor is not finite");
        if (auto st = read_value_slot(m, what, *x, "clearcoatTexture", d.clearcoat_texture, asset); !st)
            return st;
        if (auto st = read_value_slot(m, what, *x, "clearcoatRoughnessTexture", d.clearcoat_roughness_texture,
                                      asset);
            !st)
            return st;
        if (auto st =
                read_value_slot(m, what, *x, "clearcoatNormalTexture", d.clearcoat_normal_texture, asset);
            !st)
            return st;
    }
    if (const tg::Value* x = extension(src, "KHR_materials_sheen")) {
        const std::string what = name + " KHR_materials_sheen";
        d.sheen_color = vec3_of(*x, "sheenColorFactor", glm::vec3(0.0f));
        d.sheen_roughness =
            x->Has("sheenRoughnessFactor") ? number(x->Get("sheenRoughnessFactor"), 0.0f) : 0.0f;
        if (!finite(d.sheen_color) || !std::isfinite(d.sheen_roughness))
            return make_error(what + ": a factor is not finite");
        if (auto st = read_value_slot(m, what, *x, "sheenColorTexture", d.sheen_color_texture, asset); !st)
            return st;
        if (auto st = read_value_slot(m, what, *x, "sheenRoughnessTexture", d.sheen_roughness_texture, asset);
            !st)
            return st;
    }
    if (const tg::Value* x = extension(src, "KHR_materials_iridescence")) {
        const std::string what = name + " KHR_materials_iridescence";
        const auto get = [&](const char* key, float fallback) {
            return x->Has(key) ? number(x->Get(key), fallback) : fallback;
        };
        d.iridescence = get("iridescenceFactor", 0.0f);
        d.iridescence_ior = get("iridescenceIor", 1.3f);
        d.iridescence_thickness_min = get("iridescenceThicknessMinimum", 100.0f);
        d.iridescence_thickness_max = get("iridescenceThicknessMaximum", 400.0f);
        if (!std::isfinite(d.iridescence + d.iridescence_ior + d.iridescence_thickness_min +
                           d.iridescence_thickness_max))
            return make_error(what + ": a factor is not finite");
        // The schema's ranges: factor 0..1, ior at least 1, thicknesses at least 0.
        if (d.iridescence < 0.0f || d.iridescence > 1.0f)
            return make_error(what + ": iridescenceFactor " + std::to_string(d.iridescence) +
                              " is outside 0..1");
        if (d.iridescence_ior < 1.0f)
            return make_error(what + ": iridescenceIor " + std::to_string(d.iridescence_ior) + " is below 1");
        if (d.iridescence_thickness_min < 0.0f || d.iridescence_thickness_max < 0.0f)
            return make_error(what + ": a thickness is negative");
        if (auto st = read_value_slot(m, what, *x, "iridescenceTexture", d.iridescence_texture, asset); !st)
            return st;
        if (auto st = read_value_slot(m, what, *x, "iridescenceThicknessTexture",
                                      d.iridescence_thickness_texture, asset);
            !st)
            return st;
    }
    if (const tg::Value* x = extension(src, "KHR_materials_anisotropy")) {
        const std::string what = name + " KHR_materials_anisotropy";
        d.anisotropy = x->Has("anisotropyStrength") ? number(x->Get("anisotropyStrength"), 0.0f) : 0.0f;
        d.anisotropy_rotation =
            x->Has("anisotropyRotation") ? number(x->Get("anisotropyRotation"), 0.0f) : 0.0f;
        if (!std::isfinite(d.anisotropy + d.anisotropy_rotation))
            return make_error(what + ": a factor is not finite");
        if (d.anisotropy < 0.0f || d.anisotropy > 1.0f)
            return make_error(what + ": anisotropyStrength " + std::to_string(d.anisotropy) +
                              " is outside 0..1");
        if (auto st = read_value_slot(m, what, *x, "anisotropyTexture", d.anisotropy_texture, asset); !st)
            return st;
    }
    return import_transmission_volume(m, name, src, d, asset);
}

}  // namespace

Status import_materials(const tg::Model& m, Asset& out) {
    for (const tg::Sampler& s : m.samplers) {
        Sampler d;
        d.mag_filter = s.magFilter > 0 ? s.magFilter : 0;
        d.min_filter = s.minFilter > 0 ? s.minFilter : 0;
        d.wrap_s = s.wrapS;
        d.wrap_t = s.wrapT;
        out.samplers.push_back(d);
    }
    for (size_t i = 0; i < m.materials.size(); ++i) {
        const tg::Material& src = m.materials[i];
        const tg::PbrMetallicRoughness& pbr = src.pbrMetallicRoughness;
        const std::string name = named("material", i, src.name);
        Material d;
        d.name = src.name;
        const auto& f = pbr.baseColorFactor;
        if (f.size() == 4) d.base_color = glm::vec4(float(f[0]), float(f[1]), float(f[2]), float(f[3]));
        d.metallic = static_cast<float>(pbr.metallicFactor);
        d.roughness = static_cast<float>(pbr.roughnessFactor);
        if (src.emissiveFactor.size() == 3)
            d.emissive = glm::vec3(float(src.emissiveFactor[0]), float(src.emissiveFactor[1]),
                                   float(src.emissiveFactor[2]));
        if (!std::isfinite(d.base_color.r + d.base_color.g + d.base_color.b + d.base_color.a + d.metallic +
                           d.roughness + d.emissive.r + d.emissive.g + d.emissive.b))
            return make_error(name + ": a factor is not finite");
        const auto& bt = pbr.baseColorTexture;
        const auto& mrt = pbr.metallicRoughnessTexture;
        const auto& nt = src.normalTexture;
        const auto& ot = src.occlusionTexture;
        const auto& et = src.emissiveTexture;
        if (auto st = read_slot(m, name + " baseColorTexture", bt.index, bt.texCoord, bt.extensions,
                                d.base_color_texture, out);
            !st)
            return st;
        if (auto st = read_slot(m, name + " metallicRoughnessTexture", mrt.index, mrt.texCoord,
                                mrt.extensions, d.metallic_roughness_texture, out);
            !st)
            return st;
        if (auto st = read_slot(m, name + " normalTexture", nt.index, nt.texCoord, nt.extensions,
                                d.normal_texture, out);
            !st)
            return st;
        if (auto st = read_slot(m, name + " occlusionTexture", ot.index, ot.texCoord, ot.extensions,
                                d.occlusion_texture, out);
            !st)
            return st;
        if (auto st = read_slot(m, name + " emissiveTexture", et.index, et.texCoord, et.extensions,
                                d.emissive_texture, out);
            !st)
            return st;
        d.normal_texture.strength = static_cast<float>(nt.scale);
        d.occlusion_texture.strength = static_cast<float>(ot.strength);
        d.base_color_image = d.base_color_texture.image;
        auto es = src.extensions.find("KHR_materials_emissive_strength");
        if (es != src.extensions.end() && es->second.Has("emissiveStrength"))
            d.emissive_strength = number(es->second.Get("emissiveStrength"), 1.0f);
        // VRMC_materials_hdr_emissiveMultiplier (VRM 1.0, superseded by the Khronos extension above):
        // "overwrite emissiveFactor with the value multiplied by emissiveMultiplier", linear. Folded
        // into the strength so every emissive path (the shader's u_emissive, VRM expression emission
        // binds, the lighting choice) applies it without a second field. What would make that wrong: a
        // KHR_animation_pointer track on emissiveStrength replaces the product, dropping the multiplier
        // for that material (no known exporter writes both).
        if (const tg::Value* x = extension(src, "VRMC_materials_hdr_emissiveMultiplier")) {
            const std::string what = name + " VRMC_materials_hdr_emissiveMultiplier";
            if (!x->Has("emissiveMultiplier") || !x->Get("emissiveMultiplier").IsNumber())
                return make_error(what + ": emissiveMultiplier (required) is missing or not a number");
            const float k = number(x->Get("emissiveMultiplier"), 1.0f);
            if (!std::isfinite(k) || k < 0.0f)
                return make_error(what + ": emissiveMultiplier " + std::to_string(k) +
                                  " is not a finite number at least 0");
            d.emissive_strength *= k;
        }
        if (src.alphaMode == "MASK")
            d.alpha_mode = AlphaMode::Mask;
        else if (src.alphaMode == "BLEND")
            d.alpha_mode = AlphaMode::Blend;
        else if (!src.alphaMode.empty() && src.alphaMode != "OPAQUE")
            return make_error(name + ": alphaMode '" + src.alphaMode + "' is not OPAQUE, MASK or BLEND");
        d.alpha_cutoff = static_cast<float>(src.alphaCutoff);
        d.double_sided = src.doubleSided;
        if (auto st = import_material_extensions(m, name, src, d, out); !st) return st;
        out.materials.push_back(d);
    }
    return ok_status();
}

Status import_variant_names(const tg::Model& m, Asset& out) {
    const auto x = m.extensions.find("KHR_materials_variants");
    if (x == m.extensions.end() || !x->second.Has("variants")) return ok_status();
    const tg::Value& vs = x->second.Get("variants");
    for (size_t i = 0; i < vs.ArrayLen(); ++i) {
        const tg::Value& v = vs.Get(static_cast<int>(i));
        if (!v.Has("name") || !v.Get("name").IsString())
            return make_error("KHR_materials_variants: variant " + str(i) + " has no name");
        out.variants.push_back(v.Get("name").Get<std::string>());
    }
    return ok_status();
}

}  // namespace sv::anim
