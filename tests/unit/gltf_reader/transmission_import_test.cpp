// KHR_materials_transmission, _volume and _dispersion on import: every factor and texture held
// against the Khronos files' own JSON (read with nlohmann through glb_edit.h, not the importer),
// the defaults the specifications give, and values outside their ranges, which drop that
// extension from the material with a note naming it (the geometry is untouched, so the file
// still loads), while a bad texture reference is refused as in every other slot.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
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

int image_of(const json& doc, const json& x, const char* key) {
    if (!x.contains(key)) return -1;
    return doc["textures"][x[key]["index"].get<size_t>()]["source"].get<int>();
}

const json* ext(const json& material, const char* name) {
    if (!material.contains("extensions") || !material["extensions"].contains(name)) return nullptr;
    return &material["extensions"][name];
}

// Every material of the file against its JSON; returns how many had each extension.
std::pair<int, int> expect_matches_file(const std::string& path) {
    const Glb g = read_glb(path);
    auto a = load_gltf(path);
    EXPECT_TRUE(a.ok()) << a.error().message;
    if (!a) return {0, 0};
    EXPECT_EQ(a->materials.size(), g.json["materials"].size());
    int transmissive = 0, volumes = 0;
    for (size_t i = 0; i < a->materials.size(); ++i) {
        const json& src = g.json["materials"][i];
        const Material& m = a->materials[i];
        if (const json* x = ext(src, "KHR_materials_transmission")) {
            ++transmissive;
            EXPECT_FLOAT_EQ(m.transmission, num(*x, "transmissionFactor", 0.0f)) << m.name;
            EXPECT_EQ(m.transmission_texture.image, image_of(g.json, *x, "transmissionTexture")) << m.name;
        } else {
            EXPECT_EQ(m.transmission, 0.0f) << m.name;
        }
        if (const json* x = ext(src, "KHR_materials_volume")) {
            ++volumes;
            EXPECT_FLOAT_EQ(m.thickness, num(*x, "thicknessFactor", 0.0f)) << m.name;
            EXPECT_EQ(m.thickness_texture.image, image_of(g.json, *x, "thicknessTexture")) << m.name;
            if (x->contains("attenuationDistance"))
                EXPECT_FLOAT_EQ(m.attenuation_distance, (*x)["attenuationDistance"].get<float>()) << m.name;
            else
                EXPECT_TRUE(std::isinf(m.attenuation_distance)) << m.name;
            for (int c = 0; c < 3; ++c)
                EXPECT_FLOAT_EQ(m.attenuation_color[c], x->contains("attenuationColor")
                                                            ? (*x)["attenuationColor"][c].get<float>()
                                                            : 1.0f)
                    << m.name;
        } else {
            EXPECT_EQ(m.thickness, 0.0f) << m.name;
            EXPECT_TRUE(std::isinf(m.attenuation_distance)) << m.name;
        }
    }
    return {transmissive, volumes};
}

TEST(TransmissionImport, TransmissionTestMatchesTheFile) {
    const std::string path = khronos_glb("TransmissionTest");
    if (path.empty()) GTEST_SKIP() << "TransmissionTest is not in ../shared/khronos";
    const auto [transmissive, volumes] = expect_matches_file(path);
    EXPECT_GE(transmissive, 3);  // the file's rows of glass, one textured
    (void)volumes;
}

TEST(TransmissionImport, AttenuationTestMatchesTheFile) {
    const std::string path = khronos_glb("AttenuationTest");
    if (path.empty()) GTEST_SKIP() << "AttenuationTest is not in ../shared/khronos";
    const auto [transmissive, volumes] = expect_matches_file(path);
    EXPECT_GE(transmissive, 5);
    EXPECT_GE(volumes, 5);  // thickness factors, a thickness texture, attenuation distances
}

Glb arm() { return Glb::parse(write_glb(build_arm_asset()).value()); }

Glb glass_arm() {
    Glb g = arm();
    g.json["materials"] = json::array({{{"name", "glass"},
                                        {"extensions",
                                         {{"KHR_materials_transmission", {{"transmissionFactor", 0.75}}},
                                          {"KHR_materials_volume",
                                           {{"thicknessFactor", 0.5},
                                            {"attenuationDistance", 2.0},
                                            {"attenuationColor", {0.5, 0.25, 1.0}}}},
                                          {"KHR_materials_dispersion", {{"dispersion", 0.3}}}}}}});
    for (auto& mesh : g.json["meshes"])
        for (auto& p : mesh["primitives"]) p["material"] = 0;
    return g;
}

sv::Expected<Asset> load(const Glb& g) { return load_gltf_from_memory(g.pack(), "", true); }

bool has_note(const Asset& a, const std::string& text) {
    for (const auto& n : a.picture_notes)
        if (n == text) return true;
    return false;
}

TEST(TransmissionImport, FactorsAndDefaults) {
    const auto a = load(glass_arm());
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Material& m = a->materials[0];
    EXPECT_FLOAT_EQ(m.transmission, 0.75f);
    EXPECT_FLOAT_EQ(m.thickness, 0.5f);
    EXPECT_FLOAT_EQ(m.attenuation_distance, 2.0f);
    EXPECT_EQ(m.attenuation_color, glm::vec3(0.5f, 0.25f, 1.0f));
    EXPECT_FLOAT_EQ(m.dispersion, 0.3f);
    EXPECT_TRUE(a->picture_notes.empty()) << a->picture_notes.front();
    // The specifications' defaults: an empty object is no transmission, a thin wall, no attenuation.
    Glb empty = glass_arm();
    empty.json["materials"][0]["extensions"] = {{"KHR_materials_transmission", json::object()},
                                                {"KHR_materials_volume", json::object()}};
    const auto d = load(empty);
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->materials[0].transmission, 0.0f);
    EXPECT_EQ(d->materials[0].thickness, 0.0f);
    EXPECT_TRUE(std::isinf(d->materials[0].attenuation_distance));
    EXPECT_EQ(d->materials[0].attenuation_color, glm::vec3(1.0f));
}

TEST(TransmissionImport, OutOfRangeDropsTheExtensionWithANote) {
    Glb t = glass_arm();
    t.json["materials"][0]["extensions"]["KHR_materials_transmission"]["transmissionFactor"] = 1.5;
    auto a = load(t);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].transmission, 0.0f);
    EXPECT_FLOAT_EQ(a->materials[0].thickness, 0.5f) << "the volume is another extension, kept";
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('glass') KHR_materials_transmission: transmissionFactor 1.500000 is "
                         "outside [0, 1]; the extension is not drawn on this material"));

    Glb v = glass_arm();
    v.json["materials"][0]["extensions"]["KHR_materials_volume"]["attenuationDistance"] = 0.0;
    a = load(v);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].thickness, 0.0f);
    EXPECT_TRUE(std::isinf(a->materials[0].attenuation_distance));
    EXPECT_FLOAT_EQ(a->materials[0].transmission, 0.75f);
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('glass') KHR_materials_volume: attenuationDistance 0.000000 is not "
                         "positive; the extension is not drawn on this material"));

    Glb c = glass_arm();
    c.json["materials"][0]["extensions"]["KHR_materials_volume"]["attenuationColor"] = {0.5, 2.0, 0.5};
    a = load(c);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].attenuation_color, glm::vec3(1.0f));
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('glass') KHR_materials_volume: attenuationColor is outside [0, 1]; the "
                         "extension is not drawn on this material"));

    Glb th = glass_arm();
    th.json["materials"][0]["extensions"]["KHR_materials_volume"]["thicknessFactor"] = -1.0;
    a = load(th);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].thickness, 0.0f);
    EXPECT_FALSE(a->picture_notes.empty());

    Glb disp = glass_arm();
    disp.json["materials"][0]["extensions"]["KHR_materials_dispersion"]["dispersion"] = -0.1;
    a = load(disp);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].dispersion, 0.0f);
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('glass') KHR_materials_dispersion: dispersion -0.100000 is negative or "
                         "not finite; the extension is not drawn on this material"));
}

TEST(TransmissionImport, ABadTextureIsRefusedByName) {
    Glb g = glass_arm();
    g.json["materials"][0]["extensions"]["KHR_materials_transmission"]["transmissionTexture"]["index"] = 4;
    const auto a = load(g);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(
        a.error().message,
        "material 0 ('glass') KHR_materials_transmission transmissionTexture: texture 4 is out of range (0 "
        "textures)");
    Glb t = glass_arm();
    t.json["materials"][0]["extensions"]["KHR_materials_volume"]["thicknessTexture"]["index"] = 2;
    const auto b = load(t);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(
        b.error().message,
        "material 0 ('glass') KHR_materials_volume thicknessTexture: texture 2 is out of range (0 textures)");
    // Negative control: the unedited file loads.
    EXPECT_TRUE(load(glass_arm()).ok());
}

}  // namespace
