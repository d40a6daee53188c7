// VRMC_materials_hdr_emissiveMultiplier (VRM 1.0): the emissive factor multiplied by the extension's
// emissiveMultiplier, as KHR_materials_emissive_strength scales it (both multiply when both are
// given), a file that requires it loads, and its required property is held to the spec. The rest
// of VRM's extensions skinview does not apply are refused by name when a file requires them.
#include <gtest/gtest.h>

#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

const char* kExt = "VRMC_materials_hdr_emissiveMultiplier";

// The project's arm with material 0 given an emissive factor and `extensions` (merged in), the
// multiplier listed as used (and required when asked).
Glb arm_with(const nlohmann::json& extensions, bool required) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    auto& m = g.json["materials"][0];
    m["emissiveFactor"] = {0.25, 0.5, 0.125};
    for (const auto& [k, v] : extensions.items()) m["extensions"][k] = v;
    g.json["extensionsUsed"] = {kExt, "KHR_materials_emissive_strength"};
    if (required) g.json["extensionsRequired"] = {kExt};
    return g;
}

sv::Expected<Asset> load(const Glb& g) { return load_gltf_from_memory(g.pack(), "", true); }

std::string refusal(const Glb& g) {
    const auto a = load(g);
    return a.ok() ? "(loaded)" : a.error().message;
}

}  // namespace

TEST(VrmEmissiveMultiplier, TheMultiplierScalesTheEmissiveAndAFileRequiringItLoads) {
    const auto a = load(arm_with({{kExt, {{"emissiveMultiplier", 3.5}}}}, true));
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Material& m = a->materials.at(0);
    EXPECT_FLOAT_EQ(m.emissive_strength, 3.5f);
    // The factor itself is the file's: the multiplier travels with the strength, which every
    // emissive path multiplies in (render's u_emissive, VRM expression emission binds).
    EXPECT_FLOAT_EQ(m.emissive.r, 0.25f);
    EXPECT_FLOAT_EQ(m.emissive.g, 0.5f);
    // No note says the extension is ignored.
    for (const auto& n : a->report) EXPECT_EQ(n.find(kExt), std::string::npos) << n;
}

TEST(VrmEmissiveMultiplier, WithKhrEmissiveStrengthBothMultiply) {
    const auto a = load(arm_with({{kExt, {{"emissiveMultiplier", 2.0}}},
                                  {"KHR_materials_emissive_strength", {{"emissiveStrength", 4.0}}}},
                                 false));
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_FLOAT_EQ(a->materials.at(0).emissive_strength, 8.0f);
}

// Negative control: the same file without the extension keeps the strength 1.
TEST(VrmEmissiveMultiplier, WithoutTheExtensionTheStrengthStaysOne) {
    const auto a = load(arm_with(nlohmann::json::object(), false));
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_FLOAT_EQ(a->materials.at(0).emissive_strength, 1.0f);
}

TEST(VrmEmissiveMultiplier, AMissingOrNegativeMultiplierIsRefusedNamingTheMaterial) {
    const std::string missing = refusal(arm_with({{kExt, nlohmann::json::object()}}, true));
    EXPECT_NE(missing.find("material 0"), std::string::npos) << missing;
    EXPECT_NE(missing.find("emissiveMultiplier (required) is missing or not a number"), std::string::npos)
        << missing;
    const std::string negative = refusal(arm_with({{kExt, {{"emissiveMultiplier", -2.0}}}}, true));
    EXPECT_NE(negative.find(std::string(kExt) + ": emissiveMultiplier -2"), std::string::npos) << negative;
}

// The rest of VRM: an extension the table does not know, and one it knows but does not apply
// where that changes the motion, are refused by name when required; only used, they load.
TEST(VrmRequiredExtensions, UnimplementedVrmExtensionsAreRefusedByName) {
    const auto requiring = [](const std::string& name, bool required) {
        Glb g = Glb::parse(write_glb(build_arm_asset()).value());
        g.json["extensionsUsed"] = {"VRMC_vrm", name};
        if (required) g.json["extensionsRequired"] = {name};
        return refusal(g);
    };
    EXPECT_EQ(requiring("VRMC_springBone_extended_collider", true),
              "glTF: VRMC_springBone_extended_collider is required but the extended colliders are not "
              "simulated (only used: the spec's fallback colliders stand in)");
    EXPECT_EQ(requiring("VRMC_vrm_future", true),
              "glTF: extensionsRequired names 'VRMC_vrm_future', which skinview does not implement");
    EXPECT_EQ(requiring("VRMC_springBone_extended_collider", false), "(loaded)");
    EXPECT_EQ(requiring("VRMC_vrm_future", false), "(loaded)");
}
