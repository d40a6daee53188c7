// The one rule for required extensions (docs/gltf-support.md): a file is refused only when it
// requires an extension skinview does not implement. Held over the whole support table, so it holds
// whatever each row says: every row that is not "refused when required" loads when required, every
// refused row is KHR_texture_basisu or a decoder this build lacks, and an extension the table does
// not know is refused when required and only noted when used.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

// The project's arm, requiring (and using) `name`, loaded from memory: "(loaded)" or the refusal.
std::string load_requiring(const std::string& name, bool required) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["extensionsUsed"] = {name};
    if (required) g.json["extensionsRequired"] = {name};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    return a.ok() ? "(loaded)" : a.error().message;
}

}  // namespace

TEST(GltfRequiredExtensions, OnlyWhatSkinviewDoesNotImplementIsRefused) {
    const auto table = gltf_extension_support();
    ASSERT_GE(table.size(), 20u);
    int refused_rows = 0;
    for (const auto& e : table) {
        const std::string got = load_requiring(e.name, true);
        if (e.status == "refused when required") {
            ++refused_rows;
            // After #22 the refusals the table itself makes are KTX2 and VRM's extended spring
            // colliders (they move vertices); the others are decoders a build may lack (a full build
            // implements them).
            const bool lacks_decoder = e.how.find("which this build lacks") != std::string::npos;
            EXPECT_TRUE(e.name == "KHR_texture_basisu" || e.name == "VRMC_springBone_extended_collider" ||
                        lacks_decoder)
                << e.name << " is refused when required, but it is neither KTX2, the extended colliders "
                << "nor a missing decoder";
            EXPECT_EQ(got, "glTF: " + e.name + " is required but " + e.how) << e.name;
        } else {
            EXPECT_EQ(got, "(loaded)") << e.name << " (" << e.status << ") is refused when required";
        }
    }
    EXPECT_GE(refused_rows, 1) << "KHR_texture_basisu must stay refused when required";
}

TEST(GltfRequiredExtensions, EveryRatifiedExtensionOfTheSampleModelsIsInTheTable) {
    // The extensions the Khronos sample models in ../shared/khronos require or use (issue #22's list):
    // each must be a row, so that none of those files is refused as "unknown".
    const std::vector<std::string> needed = {"KHR_materials_unlit",
                                             "KHR_materials_pbrSpecularGlossiness",
                                             "KHR_materials_emissive_strength",
                                             "KHR_materials_ior",
                                             "KHR_materials_specular",
                                             "KHR_materials_clearcoat",
                                             "KHR_materials_sheen",
                                             "KHR_materials_transmission",
                                             "KHR_materials_volume",
                                             "KHR_materials_iridescence",
                                             "KHR_materials_anisotropy",
                                             "KHR_materials_dispersion",
                                             "KHR_materials_diffuse_transmission",
                                             "KHR_materials_variants",
                                             "EXT_mesh_gpu_instancing",
                                             "KHR_lights_punctual",
                                             "KHR_animation_pointer",
                                             "KHR_texture_transform",
                                             "KHR_texture_basisu"};
    const auto table = gltf_extension_support();
    for (const std::string& n : needed) {
        bool found = false;
        for (const auto& e : table) found = found || e.name == n;
        EXPECT_TRUE(found) << n << " has no row in anim/src/gltf/gltf_extensions.cpp";
    }
}

// Negative control: a name the table does not know is refused when required (the rule's other
// half), and only noted when merely used.
TEST(GltfRequiredExtensions, AnUnknownExtensionIsRefusedWhenRequiredAndNotedWhenUsed) {
    EXPECT_EQ(load_requiring("EXT_not_an_extension", true),
              "glTF: extensionsRequired names 'EXT_not_an_extension', which skinview does not implement");
    EXPECT_EQ(load_requiring("EXT_not_an_extension", false), "(loaded)");
    // KTX2 used but not required: the file loads (its images fall back or draw untextured).
    EXPECT_EQ(load_requiring("KHR_texture_basisu", false), "(loaded)");
}
