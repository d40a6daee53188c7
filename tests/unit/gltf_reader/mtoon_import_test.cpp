// VRMC_materials_mtoon 1.0 and VRM 0.x "VRM/MToon" materialProperties read into Material::mtoon.
// Expected 0.x values are worked out here from three-vrm's VRMMaterialsV0CompatPlugin rules (colours
// through x^2.2, toony' = lerp(toony, 1, 0.5 + 0.5 shift), shift' = -shift - (1 - toony'), the GI
// equalisation 1 - indirect intensity, the width from centimetres, the outline's lighting mix only
// in colour mode 1). A bad value is a note naming the material and the property, and the property
// keeps the extension's default; the file still loads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "anim/gltf/gltf_import.h"

using namespace sv::anim;

namespace {

Asset load_text(const std::string& json) {
    const std::vector<std::uint8_t> bytes(json.begin(), json.end());
    auto a = load_gltf_from_memory(bytes, "", false);
    EXPECT_TRUE(a.ok()) << (a.ok() ? "" : a.error().message);
    return a.ok() ? *a : Asset{};
}

bool has_line(const Asset& a, const std::string& part) {
    return std::any_of(a.report.begin(), a.report.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

float g22(double v) { return static_cast<float>(std::pow(v, 2.2)); }

void expect_vec3(glm::vec3 got, glm::vec3 want, const char* what) {
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(got[k], want[k], 1e-6) << what << "[" << k << "]";
}

const char* kV1 = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["VRMC_materials_mtoon"],
  "materials": [
    {"name": "Full", "extensions": {"VRMC_materials_mtoon": {
      "specVersion": "1.0", "shadeColorFactor": [0.1, 0.2, 0.3], "shadingShiftFactor": -0.25,
      "shadingToonyFactor": 0.6, "giEqualizationFactor": 0.4, "matcapFactor": [0.5, 0.5, 0.5],
      "parametricRimColorFactor": [0.7, 0.6, 0.5], "parametricRimFresnelPowerFactor": 3.0,
      "parametricRimLiftFactor": 0.15, "rimLightingMixFactor": 0.35,
      "outlineWidthMode": "screenCoordinates", "outlineWidthFactor": 0.004,
      "outlineColorFactor": [0.9, 0.8, 0.7], "outlineLightingMixFactor": 0.45,
      "uvAnimationScrollXSpeedFactor": 0.5}}},
    {"name": "Defaults", "extensions": {"VRMC_materials_mtoon": {"specVersion": "1.0"}}},
    {"name": "Bad", "extensions": {"VRMC_materials_mtoon": {
      "specVersion": "1.0", "shadeColorFactor": [1, "a", 0], "shadingToonyFactor": 2.0,
      "outlineWidthMode": "thick", "outlineWidthFactor": -1, "rimLightingMixFactor": "x",
      "shadeMultiplyTexture": {"index": 9}, "giEqualizationFactor": 0.5}}},
    {"name": "Plain"}
  ]
})";

const char* kV0 = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["VRM"],
  "materials": [{"name": "Skin"}, {"name": "Default"}, {"name": "BadV0"}, {"name": "Standard"}],
  "extensions": {"VRM": {"materialProperties": [
    {"name": "Skin", "shader": "VRM/MToon",
     "floatProperties": {"_ShadeToony": 0.6, "_ShadeShift": 0.2, "_IndirectLightIntensity": 0.3,
       "_RimFresnelPower": 3.0, "_RimLift": 0.1, "_RimLightingMix": 0.4, "_OutlineWidthMode": 1,
       "_OutlineWidth": 0.5, "_OutlineColorMode": 1, "_OutlineLightingMix": 0.25},
     "vectorProperties": {"_ShadeColor": [0.5, 0.25, 1.0, 1.0], "_RimColor": [0.5, 0.5, 0.5, 1.0],
       "_OutlineColor": [0.2, 0.4, 0.6, 1.0]}},
    {"name": "Default", "shader": "VRM/MToon", "floatProperties": {}, "vectorProperties": {}},
    {"name": "BadV0", "shader": "VRM/MToon",
     "floatProperties": {"_ShadeToony": "x", "_OutlineWidthMode": 7, "_OutlineWidth": -1},
     "vectorProperties": {"_ShadeColor": [0.5, 0.5]}},
    {"name": "Standard", "shader": "VRM_USE_GLTFSHADER"}
  ]}}
})";

}  // namespace

TEST(MToonImport, Version1EveryPropertyAndTheDefaults) {
    const Asset a = load_text(kV1);
    ASSERT_EQ(a.materials.size(), 4u);
    const MToon& m = a.materials[0].mtoon;
    EXPECT_TRUE(m.present);
    expect_vec3(m.shade_color, {0.1f, 0.2f, 0.3f}, "shade");
    EXPECT_FLOAT_EQ(m.shading_shift, -0.25f);
    EXPECT_FLOAT_EQ(m.shading_toony, 0.6f);
    EXPECT_FLOAT_EQ(m.gi_equalization, 0.4f);
    expect_vec3(m.matcap_factor, {0.5f, 0.5f, 0.5f}, "matcap");
    expect_vec3(m.rim_color, {0.7f, 0.6f, 0.5f}, "rim");
    EXPECT_FLOAT_EQ(m.rim_fresnel_power, 3.0f);
    EXPECT_FLOAT_EQ(m.rim_lift, 0.15f);
    EXPECT_FLOAT_EQ(m.rim_lighting_mix, 0.35f);
    EXPECT_EQ(m.outline_mode, MToonOutlineMode::ScreenCoordinates);
    EXPECT_FLOAT_EQ(m.outline_width, 0.004f);
    expect_vec3(m.outline_color, {0.9f, 0.8f, 0.7f}, "outline");
    EXPECT_FLOAT_EQ(m.outline_lighting_mix, 0.45f);
    EXPECT_TRUE(m.has_outline());
    // The specification's defaults.
    const MToon& d = a.materials[1].mtoon;
    EXPECT_TRUE(d.present);
    expect_vec3(d.shade_color, {0, 0, 0}, "default shade");
    EXPECT_FLOAT_EQ(d.shading_shift, 0.0f);
    EXPECT_FLOAT_EQ(d.shading_toony, 0.9f);
    EXPECT_FLOAT_EQ(d.gi_equalization, 0.9f);
    EXPECT_FLOAT_EQ(d.rim_fresnel_power, 5.0f);
    EXPECT_FLOAT_EQ(d.rim_lighting_mix, 1.0f);
    EXPECT_EQ(d.outline_mode, MToonOutlineMode::None);
    EXPECT_FLOAT_EQ(d.outline_lighting_mix, 1.0f);
    EXPECT_FALSE(d.has_outline());
    EXPECT_FALSE(a.materials[3].mtoon.present);
    // UV animation is read as used and noted, not drawn; the material without it has no such note.
    EXPECT_TRUE(has_line(a, "material 0 ('Full') VRMC_materials_mtoon uvAnimation: not drawn"));
    EXPECT_FALSE(has_line(a, "material 1 ('Defaults') VRMC_materials_mtoon uvAnimation"));
}

TEST(MToonImport, Version1BadValuesAreNotesAndDefaults) {
    const Asset a = load_text(kV1);
    ASSERT_EQ(a.materials.size(), 4u);
    const MToon& b = a.materials[2].mtoon;
    EXPECT_TRUE(b.present);
    expect_vec3(b.shade_color, {0, 0, 0}, "bad shade");
    EXPECT_FLOAT_EQ(b.shading_toony, 0.9f);
    EXPECT_EQ(b.outline_mode, MToonOutlineMode::None);
    EXPECT_FLOAT_EQ(b.outline_width, 0.0f);
    EXPECT_FLOAT_EQ(b.rim_lighting_mix, 1.0f);
    EXPECT_FALSE(b.shade_texture.present());
    EXPECT_FLOAT_EQ(b.gi_equalization, 0.5f);  // the good value beside the bad ones is kept
    for (const char* p : {"shadeColorFactor", "shadingToonyFactor", "outlineWidthMode", "outlineWidthFactor",
                          "rimLightingMixFactor", "shadeMultiplyTexture"})
        EXPECT_TRUE(has_line(a, std::string("material 2 ('Bad') VRMC_materials_mtoon ") + p)) << p;
    EXPECT_FALSE(has_line(a, "material 0 ('Full') VRMC_materials_mtoon shad"));
}

TEST(MToonImport, Version0PropertiesMapAsThreeVrmMapsThem) {
    const Asset a = load_text(kV0);
    ASSERT_EQ(a.materials.size(), 4u);
    const MToon& m = a.materials[0].mtoon;
    ASSERT_TRUE(m.present);
    expect_vec3(m.shade_color, {g22(0.5), g22(0.25), g22(1.0)}, "shade");
    const double toony = 0.6 + (1.0 - 0.6) * (0.5 + 0.5 * 0.2);  // lerp(0.6, 1, 0.6) = 0.84
    EXPECT_NEAR(m.shading_toony, toony, 1e-6);
    EXPECT_NEAR(m.shading_shift, -0.2 - (1.0 - toony), 1e-6);  // -0.36
    EXPECT_NEAR(m.gi_equalization, 0.7, 1e-6);
    expect_vec3(m.rim_color, {g22(0.5), g22(0.5), g22(0.5)}, "rim");
    EXPECT_FLOAT_EQ(m.rim_fresnel_power, 3.0f);
    EXPECT_FLOAT_EQ(m.rim_lift, 0.1f);
    EXPECT_FLOAT_EQ(m.rim_lighting_mix, 0.4f);
    EXPECT_EQ(m.outline_mode, MToonOutlineMode::WorldCoordinates);
    EXPECT_NEAR(m.outline_width, 0.005, 1e-9);
    expect_vec3(m.outline_color, {g22(0.2), g22(0.4), g22(0.6)}, "outline");
    EXPECT_FLOAT_EQ(m.outline_lighting_mix, 0.25f);
    // 0.x's own defaults, mapped: shade (0.97, 0.81, 0.86), toony 0.9 and shift 0 become 0.95 and
    // -0.05, rim power 1, rim lighting mix 0, outline colour mode 0 (fixed: mix 0).
    const MToon& d = a.materials[1].mtoon;
    ASSERT_TRUE(d.present);
    expect_vec3(d.shade_color, {g22(0.97), g22(0.81), g22(0.86)}, "0.x default shade");
    EXPECT_NEAR(d.shading_toony, 0.95, 1e-6);
    EXPECT_NEAR(d.shading_shift, -0.05, 1e-6);
    EXPECT_NEAR(d.gi_equalization, 0.9, 1e-6);
    EXPECT_FLOAT_EQ(d.rim_fresnel_power, 1.0f);
    EXPECT_FLOAT_EQ(d.rim_lighting_mix, 0.0f);
    EXPECT_EQ(d.outline_mode, MToonOutlineMode::None);
    EXPECT_FLOAT_EQ(d.outline_lighting_mix, 0.0f);
    EXPECT_FALSE(a.materials[3].mtoon.present);  // VRM_USE_GLTFSHADER: the glTF material
}

TEST(MToonImport, Version0BadValuesAreNotesAndDefaults) {
    const Asset a = load_text(kV0);
    ASSERT_EQ(a.materials.size(), 4u);
    const MToon& b = a.materials[2].mtoon;
    ASSERT_TRUE(b.present);
    EXPECT_NEAR(b.shading_toony, 0.95, 1e-6);  // the toony's 0.x default, mapped
    EXPECT_EQ(b.outline_mode, MToonOutlineMode::None);
    EXPECT_FLOAT_EQ(b.outline_width, 0.0f);
    expect_vec3(b.shade_color, {g22(0.97), g22(0.81), g22(0.86)}, "bad shade");
    for (const char* p : {"floatProperties._ShadeToony", "floatProperties._OutlineWidthMode",
                          "floatProperties._OutlineWidth", "vectorProperties._ShadeColor"})
        EXPECT_TRUE(has_line(a, std::string("material 2 ('BadV0') VRM/MToon ") + p)) << p;
}
