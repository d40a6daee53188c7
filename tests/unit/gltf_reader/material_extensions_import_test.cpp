// The material extensions' import (KHR_materials_unlit, _pbrSpecularGlossiness, _ior, _specular,
// _clearcoat, _iridescence, _anisotropy, _variants): every factor and texture index held against the file's
// own JSON, read here with nlohmann (glb_edit.h), not through the importer; and the refusals, made from the
// project's arm by changing one thing, each pinned by its message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/scene/material_variants.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;
using nlohmann::json;
using sv::test::Glb;

namespace {

std::string khronos_glb(const std::string& model) {
    const auto p =
        sv::test::shared_assets().parent_path() / "khronos" / model / "glTF-Binary" / (model + ".glb");
    return std::filesystem::exists(p) ? p.string() : std::string();
}

Glb read_glb(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return Glb::parse({std::istreambuf_iterator<char>(f), {}});
}

float num(const json& x, const char* key, float fallback) {
    return x.contains(key) ? x[key].get<float>() : fallback;
}

// The image a textureInfo names (texture -> source), -1 when absent.
int image_of(const json& doc, const json& x, const char* key) {
    if (!x.contains(key)) return -1;
    return doc["textures"][x[key]["index"].get<size_t>()]["source"].get<int>();
}

TEST(MaterialExtensionsImport, ClearcoatMatchesTheFile) {
    const std::string path = khronos_glb("ClearCoatTest");
    if (path.empty()) GTEST_SKIP() << "ClearCoatTest is not in ../shared/khronos";
    const Glb g = read_glb(path);
    auto a = load_gltf(path);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->materials.size(), g.json["materials"].size());
    int coated = 0, with_normal = 0;
    for (size_t i = 0; i < a->materials.size(); ++i) {
        const json& src = g.json["materials"][i];
        const Material& m = a->materials[i];
        if (!src.contains("extensions") || !src["extensions"].contains("KHR_materials_clearcoat")) {
            EXPECT_EQ(m.clearcoat, 0.0f) << m.name;
            continue;
        }
        const json& x = src["extensions"]["KHR_materials_clearcoat"];
        ++coated;
        EXPECT_FLOAT_EQ(m.clearcoat, num(x, "clearcoatFactor", 0.0f)) << m.name;
        EXPECT_FLOAT_EQ(m.clearcoat_roughness, num(x, "clearcoatRoughnessFactor", 0.0f)) << m.name;
        EXPECT_EQ(m.clearcoat_texture.image, image_of(g.json, x, "clearcoatTexture")) << m.name;
        EXPECT_EQ(m.clearcoat_roughness_texture.image, image_of(g.json, x, "clearcoatRoughnessTexture"))
            << m.name;
        EXPECT_EQ(m.clearcoat_normal_texture.image, image_of(g.json, x, "clearcoatNormalTexture")) << m.name;
        if (x.contains("clearcoatNormalTexture")) {
            ++with_normal;
            EXPECT_FLOAT_EQ(m.clearcoat_normal_texture.strength,
                            num(x["clearcoatNormalTexture"], "scale", 1.0f));
        }
    }
    // The file's rows: several coats, one with its own normal map at least.
    EXPECT_GE(coated, 6);
    EXPECT_GE(with_normal, 1);
}

TEST(MaterialExtensionsImport, IridescenceAndAnisotropyMatchTheFile) {
    // Every factor against the file's JSON, the schema's defaults where it gives none (iridescence:
    // ior 1.3, thickness 100..400 nm; anisotropy: strength and rotation 0).
    int films = 0, thickness_maps = 0, anisotropic = 0;
    for (const char* model : {"IridescenceSuzanne", "AnisotropyStrengthTest"}) {
        const std::string path = khronos_glb(model);
        if (path.empty()) GTEST_SKIP() << model << " is not in ../shared/khronos";
        const Glb g = read_glb(path);
        auto a = load_gltf(path);
        ASSERT_TRUE(a.ok()) << a.error().message;
        ASSERT_EQ(a->materials.size(), g.json["materials"].size());
        for (size_t i = 0; i < a->materials.size(); ++i) {
            const json& src = g.json["materials"][i];
            const Material& m = a->materials[i];
            const json none = json::object();
            const json& ext = src.contains("extensions") ? src["extensions"] : none;
            if (ext.contains("KHR_materials_iridescence")) {
                const json& x = ext["KHR_materials_iridescence"];
                ++films;
                EXPECT_FLOAT_EQ(m.iridescence, num(x, "iridescenceFactor", 0.0f));
                EXPECT_FLOAT_EQ(m.iridescence_ior, num(x, "iridescenceIor", 1.3f));
                EXPECT_FLOAT_EQ(m.iridescence_thickness_min, num(x, "iridescenceThicknessMinimum", 100.0f));
                EXPECT_FLOAT_EQ(m.iridescence_thickness_max, num(x, "iridescenceThicknessMaximum", 400.0f));
                EXPECT_EQ(m.iridescence_texture.image, image_of(g.json, x, "iridescenceTexture"));
                EXPECT_EQ(m.iridescence_thickness_texture.image,
                          image_of(g.json, x, "iridescenceThicknessTexture"));
                thickness_maps += x.contains("iridescenceThicknessTexture") ? 1 : 0;
            } else {
                EXPECT_EQ(m.iridescence, 0.0f);
            }
            if (ext.contains("KHR_materials_anisotropy")) {
                const json& x = ext["KHR_materials_anisotropy"];
                ++anisotropic;
                EXPECT_FLOAT_EQ(m.anisotropy, num(x, "anisotropyStrength", 0.0f));
                EXPECT_FLOAT_EQ(m.anisotropy_rotation, num(x, "anisotropyRotation", 0.0f));
                EXPECT_EQ(m.anisotropy_texture.image, image_of(g.json, x, "anisotropyTexture"));
            } else {
                EXPECT_EQ(m.anisotropy, 0.0f);
            }
        }
    }
    EXPECT_EQ(films, 3);
    EXPECT_EQ(thickness_maps, 1);
    EXPECT_EQ(anisotropic, 49);
}

TEST(MaterialExtensionsImport, SpecularAndIorMatchTheFile) {
    const std::string path = khronos_glb("SpecularTest");
    if (path.empty()) GTEST_SKIP() << "SpecularTest is not in ../shared/khronos";
    const Glb g = read_glb(path);
    auto a = load_gltf(path);
    ASSERT_TRUE(a.ok()) << a.error().message;
    int specular = 0, textured = 0;
    for (size_t i = 0; i < a->materials.size(); ++i) {
        const json& src = g.json["materials"][i];
        const Material& m = a->materials[i];
        const json ext = src.value("extensions", json::object());
        if (ext.contains("KHR_materials_ior"))
            EXPECT_FLOAT_EQ(m.ior, num(ext["KHR_materials_ior"], "ior", 1.5f));
        else
            EXPECT_FLOAT_EQ(m.ior, 1.5f);
        if (!ext.contains("KHR_materials_specular")) continue;
        const json& x = ext["KHR_materials_specular"];
        ++specular;
        EXPECT_FLOAT_EQ(m.specular, num(x, "specularFactor", 1.0f)) << m.name;
        const json c = x.value("specularColorFactor", json::array({1.0, 1.0, 1.0}));
        for (int k = 0; k < 3; ++k)
            EXPECT_FLOAT_EQ(m.specular_color[k], c[static_cast<size_t>(k)].get<float>());
        EXPECT_EQ(m.specular_texture.image, image_of(g.json, x, "specularTexture")) << m.name;
        EXPECT_EQ(m.specular_color_texture.image, image_of(g.json, x, "specularColorTexture")) << m.name;
        textured += m.specular_texture.present() || m.specular_color_texture.present();
    }
    EXPECT_GE(specular, 10);
    EXPECT_GE(textured, 2);
}

TEST(MaterialExtensionsImport, UnlitAndSpecularGlossinessChooseTheirWorkflow) {
    const std::string unlit = khronos_glb("UnlitTest");
    if (unlit.empty()) GTEST_SKIP() << "UnlitTest is not in ../shared/khronos";
    auto u = load_gltf(unlit);
    ASSERT_TRUE(u.ok()) << u.error().message;
    for (const Material& m : u->materials) EXPECT_EQ(m.workflow, Workflow::Unlit) << m.name;
    const auto sg_path = sv::test::shared_assets().parent_path() / "khronos" / "SpecGlossVsMetalRough" /
                         "glTF" / "SpecGlossVsMetalRough.gltf";
    if (!std::filesystem::exists(sg_path))
        GTEST_SKIP() << "SpecGlossVsMetalRough is not in ../shared/khronos";
    std::ifstream f(sg_path);
    const json doc = json::parse(f);
    auto a = load_gltf(sg_path.string());
    ASSERT_TRUE(a.ok()) << a.error().message;
    int sg = 0, mr = 0;
    for (size_t i = 0; i < a->materials.size(); ++i) {
        const json ext = doc["materials"][i].value("extensions", json::object());
        const Material& m = a->materials[i];
        if (!ext.contains("KHR_materials_pbrSpecularGlossiness")) {
            EXPECT_EQ(m.workflow, Workflow::MetallicRoughness) << m.name;
            ++mr;
            continue;
        }
        ++sg;
        const json& x = ext["KHR_materials_pbrSpecularGlossiness"];
        EXPECT_EQ(m.workflow, Workflow::SpecularGlossiness) << m.name;
        EXPECT_FLOAT_EQ(m.glossiness, num(x, "glossinessFactor", 1.0f));
        const json s = x.value("specularFactor", json::array({1.0, 1.0, 1.0}));
        for (int k = 0; k < 3; ++k)
            EXPECT_FLOAT_EQ(m.specular_glossiness_factor[k], s[static_cast<size_t>(k)].get<float>());
        EXPECT_EQ(m.base_color_texture.image, image_of(doc, x, "diffuseTexture"));
        EXPECT_EQ(m.specular_glossiness_texture.image, image_of(doc, x, "specularGlossinessTexture"));
        EXPECT_FALSE(m.metallic_roughness_texture.present())
            << "a metallic-roughness texture read as specular";
    }
    EXPECT_GE(sg, 1);
    EXPECT_GE(mr, 1);
}

Glb arm() { return Glb::parse(write_glb(build_arm_asset()).value()); }

std::string load_error(const Glb& g) {
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    return a.ok() ? "(loaded)" : a.error().message;
}

// The arm with two materials (red default, blue for variant "blue") and the mappings.
Glb arm_with_variants() {
    Glb g = arm();
    g.json["materials"] = json::array(
        {{{"name", "red"}, {"pbrMetallicRoughness", {{"baseColorFactor", {1.0, 0.0, 0.0, 1.0}}}}},
         {{"name", "blue"}, {"pbrMetallicRoughness", {{"baseColorFactor", {0.0, 0.0, 1.0, 1.0}}}}}});
    g.json["extensionsUsed"] = {"KHR_materials_variants"};
    g.json["extensions"]["KHR_materials_variants"]["variants"] = {{{"name", "default"}}, {{"name", "blue"}}};
    for (auto& mesh : g.json["meshes"])
        for (auto& p : mesh["primitives"]) {
            p["material"] = 0;
            p["extensions"]["KHR_materials_variants"]["mappings"] = {{{"material", 1}, {"variants", {1}}}};
        }
    return g;
}

TEST(MaterialExtensionsImport, VariantsAreNamedAndMapped) {
    const auto a = load_gltf_from_memory(arm_with_variants().pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->variants, (std::vector<std::string>{"default", "blue"}));
    ASSERT_FALSE(a->meshes.empty());
    const Primitive& p = a->meshes[0].primitives[0];
    EXPECT_EQ(material_for_variant(p, -1), 0);
    EXPECT_EQ(material_for_variant(p, 0), 0);  // not mapped: the default material
    EXPECT_EQ(material_for_variant(p, 1), 1);
    EXPECT_EQ(find_variant(*a, "blue").value(), 1);
    const auto missing = find_variant(*a, "green");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "variant 'green' is not one of the file's: 'default', 'blue'");
}

TEST(MaterialExtensionsImport, BadValuesAreRefusedByName) {
    Glb ior = arm_with_variants();
    ior.json["materials"][0]["extensions"]["KHR_materials_ior"]["ior"] = 0.5;
    EXPECT_EQ(load_error(ior),
              "material 0 ('red') KHR_materials_ior: ior 0.500000 is neither 0 nor at least 1");
    Glb spec = arm_with_variants();
    spec.json["materials"][1]["extensions"]["KHR_materials_specular"]["specularFactor"] = -1.0;
    EXPECT_EQ(load_error(spec),
              "material 1 ('blue') KHR_materials_specular: a factor is negative or not finite");
    Glb tex = arm_with_variants();
    tex.json["materials"][0]["extensions"]["KHR_materials_clearcoat"]["clearcoatTexture"]["index"] = 7;
    EXPECT_EQ(load_error(tex),
              "material 0 ('red') KHR_materials_clearcoat clearcoatTexture: texture 7 is out of range (0 "
              "textures)");
    Glb variant = arm_with_variants();
    variant.json["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"][0]
                ["variants"] = {5};
    EXPECT_NE(
        load_error(variant).find("KHR_materials_variants mapping 0: variant 5 is out of range (2 variants)"),
        std::string::npos)
        << load_error(variant);
    Glb material = arm_with_variants();
    material.json["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"][0]
                 ["material"] = 9;
    EXPECT_NE(load_error(material).find("mapping 0: material 9 is out of range"), std::string::npos)
        << load_error(material);
    Glb film = arm_with_variants();
    film.json["materials"][0]["extensions"]["KHR_materials_iridescence"] = {{"iridescenceFactor", 1.5}};
    EXPECT_EQ(load_error(film),
              "material 0 ('red') KHR_materials_iridescence: iridescenceFactor 1.500000 is outside 0..1");
    Glb film_ior = arm_with_variants();
    film_ior.json["materials"][0]["extensions"]["KHR_materials_iridescence"] = {{"iridescenceIor", 0.5}};
    EXPECT_EQ(load_error(film_ior),
              "material 0 ('red') KHR_materials_iridescence: iridescenceIor 0.500000 is below 1");
    Glb aniso = arm_with_variants();
    aniso.json["materials"][1]["extensions"]["KHR_materials_anisotropy"] = {{"anisotropyStrength", -0.5}};
    EXPECT_EQ(load_error(aniso),
              "material 1 ('blue') KHR_materials_anisotropy: anisotropyStrength -0.500000 is outside 0..1");
    // Negative control: the unedited file loads.
    EXPECT_EQ(load_error(arm_with_variants()), "(loaded)");
}

// The extension's own example (its "Example" section: the sneaker's shoelaces): four variants, the
// laces' mappings material 2 for variants 0 and 3, 4 for 1, 5 for 2; its table gives each
// variant's material. A second primitive of the same mesh has no mapping at all. The extension:
// "When no mapping contains the active variant, or there is no active variant, a compliant viewer
// will fall back on vanilla glTF behaviour for the primitive", and "across the entire mappings
// array, each variant index must be used no more than one time".
Glb sneaker_laces(const json& mappings) {
    Glb g = arm();
    json materials = json::array();
    for (int k = 0; k < 6; ++k) materials.push_back({{"name", "m" + std::to_string(k)}});
    g.json["materials"] = materials;
    g.json["extensionsUsed"] = {"KHR_materials_variants"};
    g.json["extensions"]["KHR_materials_variants"]["variants"] = {{{"name", "Yellow Sneaker"}},
                                                                  {{"name", "Red Sneaker"}},
                                                                  {{"name", "Black Sneaker"}},
                                                                  {{"name", "Orange Sneaker"}}};
    json& prims = g.json["meshes"][0]["primitives"];
    json plain = prims[0];
    plain["material"] = 1;
    prims[0]["material"] = 0;
    prims[0]["extensions"]["KHR_materials_variants"]["mappings"] = mappings;
    prims.push_back(plain);
    return g;
}

TEST(MaterialExtensionsImport, VariantsFollowTheExtensionsExampleAndFallBackToTheDefault) {
    const json example = {{{"material", 2}, {"variants", {0, 3}}},
                          {{"material", 4}, {"variants", {1}}},
                          {{"material", 5}, {"variants", {2}}}};
    // The same mappings in another order: each variant is named once, so the order says nothing.
    const json reordered = {example[2], example[0], example[1]};
    for (const json& mappings : {example, reordered}) {
        const auto a = load_gltf_from_memory(sneaker_laces(mappings).pack(), "", true);
        ASSERT_TRUE(a.ok()) << a.error().message;
        ASSERT_EQ(a->meshes[0].primitives.size(), 2u);
        const Primitive& laces = a->meshes[0].primitives[0];
        const Primitive& plain = a->meshes[0].primitives[1];
        // The example's table: Yellow and Orange 2, Red 4, Black 5; no variant: the default (0).
        const int want[] = {2, 4, 5, 2};
        for (int v = 0; v < 4; ++v) {
            EXPECT_EQ(material_for_variant(laces, v), want[v]) << a->variants[static_cast<size_t>(v)];
            // No mapping on this primitive: its own material whichever variant is chosen.
            EXPECT_EQ(material_for_variant(plain, v), 1) << a->variants[static_cast<size_t>(v)];
        }
        EXPECT_EQ(material_for_variant(laces, -1), 0);
        EXPECT_EQ(material_for_variant(plain, -1), 1);
        EXPECT_EQ(find_variant(*a, "Orange Sneaker").value(), 3);
    }
    // Without a mapping for Black Sneaker the laces keep their default under it.
    json partial = example;
    partial.erase(2);
    const auto b = load_gltf_from_memory(sneaker_laces(partial).pack(), "", true);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(material_for_variant(b->meshes[0].primitives[0], 2), 0);
    EXPECT_EQ(material_for_variant(b->meshes[0].primitives[0], 1), 4);
    // A name the file lacks is refused naming it and listing the file's; a file without variants
    // says so.
    const auto missing = find_variant(*b, "Blue Sneaker");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message,
              "variant 'Blue Sneaker' is not one of the file's: 'Yellow Sneaker', 'Red Sneaker', 'Black "
              "Sneaker', 'Orange Sneaker'");
    const auto none = load_gltf_from_memory(arm().pack(), "", true);
    ASSERT_TRUE(none.ok());
    const auto no_variants = find_variant(*none, "Yellow Sneaker");
    ASSERT_FALSE(no_variants.ok());
    EXPECT_EQ(no_variants.error().message, "variant 'Yellow Sneaker': the file has no material variants");
}

TEST(MaterialExtensionsImport, AVariantMappedTwiceInAPrimitiveIsRefused) {
    // Red Sneaker in the second and the third mapping: which material it means is not said.
    const json twice = {{{"material", 2}, {"variants", {0, 3}}},
                        {{"material", 4}, {"variants", {1}}},
                        {{"material", 5}, {"variants", {2, 1}}}};
    EXPECT_EQ(load_error(sneaker_laces(twice)),
              "mesh 0 ('ArmMesh') primitive 0 KHR_materials_variants mapping 2: variant 1 ('Red Sneaker') is "
              "already mapped by mapping 1 (each variant at most once a primitive)");
    // Twice within one mapping too (the schema's uniqueItems).
    const json repeated = {{{"material", 2}, {"variants", {3, 3}}}};
    EXPECT_EQ(
        load_error(sneaker_laces(repeated)),
        "mesh 0 ('ArmMesh') primitive 0 KHR_materials_variants mapping 0: variant 3 ('Orange Sneaker') is "
        "already mapped by mapping 0 (each variant at most once a primitive)");
    // The same variant on two different primitives is allowed (once each).
    Glb both = sneaker_laces({{{"material", 2}, {"variants", {1}}}});
    both.json["meshes"][0]["primitives"][1]["extensions"]["KHR_materials_variants"]["mappings"] = {
        {{"material", 3}, {"variants", {1}}}};
    EXPECT_EQ(load_error(both), "(loaded)");
}

}  // namespace
