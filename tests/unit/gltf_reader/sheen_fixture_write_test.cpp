// The Khronos comparison's sheen fixture (anim/asset_tools/sheen_builder.h) as the Asset writer
// writes it and the importer reads it back: each sphere's sheen colour and roughness and the
// specular factor 0 survive the file, because the comparison's sheen rows are only about the
// sheen lobe if the file says what the builder meant. The control: a material at the extensions'
// defaults (the diffuse transmission fixture's) writes neither extension.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "anim/asset_tools/diffuse_transmission_builder.h"
#include "anim/asset_tools/sheen_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

namespace {

using namespace sv::anim;

TEST(SheenFixtureWrite, SheenAndSpecularFactorsSurviveTheFile) {
    const Asset built = build_sheen_asset();
    const auto bytes = write_glb(built);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const auto back = load_gltf_from_memory(*bytes, "", true);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_EQ(back->materials.size(), 12u);
    const float roughness[] = {0.2f, 0.45f, 0.7f, 0.95f};
    for (size_t k = 0; k < 12; ++k) {
        const Material& m = back->materials[k];
        EXPECT_EQ(m.sheen_color, built.materials[k].sheen_color) << k;
        EXPECT_FLOAT_EQ(m.sheen_roughness, roughness[k % 4]) << k;
        EXPECT_FLOAT_EQ(m.specular, 0.0f) << k;
        EXPECT_EQ(m.base_color, glm::vec4(0.0f, 0.0f, 0.0f, 1.0f)) << k;
    }
    EXPECT_EQ(back->materials[4].sheen_color, glm::vec3(1.0f, 0.6f, 0.3f));
    EXPECT_EQ(back->lights.size(), 1u);
}

TEST(SheenFixtureWrite, DefaultsWriteNeitherExtension) {
    const auto bytes = write_glb(build_diffuse_transmission_asset());
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const nlohmann::json doc = sv::test::Glb::parse(*bytes).json;
    for (const auto& m : doc["materials"]) {
        EXPECT_FALSE(m.contains("extensions") && m["extensions"].contains("KHR_materials_sheen")) << m.dump();
        EXPECT_FALSE(m.contains("extensions") && m["extensions"].contains("KHR_materials_specular"))
            << m.dump();
    }
    const std::string used = doc.value("extensionsUsed", nlohmann::json::array()).dump();
    EXPECT_EQ(used.find("KHR_materials_sheen"), std::string::npos) << used;
}

}  // namespace
