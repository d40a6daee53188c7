// The materials the importer's table (and so docs/gltf-support.md, held to it by GltfSupportTable) calls
// implemented are the ones the shader implements. The rule (CONTRIBUTING.md): the shader chunk that
// draws a material extension names it. So a material extension is "implemented" exactly when some
// chunk names it; one marked implemented that no chunk draws, or drawn while the table says
// "ignored", fails here, naming it.
#include <gtest/gtest.h>

#include <string>

#include "anim/gltf/gltf_import.h"
#include "render/shader_program.h"

namespace {

// Extensions the fragment shader draws. KHR_materials_variants chooses which material a primitive
// has (on the CPU, SceneSession::select_variant), so no chunk draws it. VRM's material extensions
// (VRMC_materials_mtoon, _hdr_emissiveMultiplier) are held to the same rule.
bool is_material_extension(const std::string& name) {
    return (name.rfind("KHR_materials_", 0) == 0 && name != "KHR_materials_variants") ||
           name.rfind("VRMC_materials_", 0) == 0 || name == "KHR_texture_transform";
}

bool some_chunk_names(const std::string& name) {
    for (const auto& [file, text] : sv::render::embedded_shader_chunks())
        if (text.find(name) != std::string::npos) return true;
    return false;
}

TEST(MaterialSupport, TheTableSaysImplementedExactlyWhereTheShaderDrawsIt) {
    int materials = 0;
    for (const auto& e : sv::anim::gltf_extension_support()) {
        if (!is_material_extension(e.name)) continue;
        ++materials;
        const bool drawn = some_chunk_names(e.name);
        if (e.status == "implemented")
            EXPECT_TRUE(drawn) << e.name
                               << " is 'implemented' in gltf_extensions.cpp but no shader chunk names it";
        else
            EXPECT_FALSE(drawn) << e.name << " is named by a shader chunk but gltf_extensions.cpp says '"
                                << e.status << "'";
    }
    EXPECT_GE(materials, 2) << "the table lost its material extensions";
}

// The control: the check sees a chunk's text (a name no chunk holds is not found, one that is, is).
TEST(MaterialSupport, TheChunkSearchFindsWhatIsThereOnly) {
    EXPECT_TRUE(some_chunk_names("KHR_texture_transform"));
    EXPECT_FALSE(some_chunk_names("KHR_materials_not_an_extension"));
}

}  // namespace
