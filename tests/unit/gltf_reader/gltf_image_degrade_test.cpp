// An image skinview cannot draw degrades, never refuses: the geometry does not depend on it. A
// missing file or bytes no decoder reads: the file loads, the image stays as a 0x0 entry (indices
// hold), every slot naming it is emptied, and Asset::image_failures names the image and why (audit
// counts it). A KTX2 image (KHR_texture_basisu used, not required): the texture's core source is
// drawn when the file gives one, else the slot draws untextured, with a note naming image and
// extension; not a failure. Every such line is also a picture note (render prints them).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

// A 1x1 opaque red PNG (written by hand with zlib and CRCs, not by the project).
const std::vector<std::uint8_t> kRedPng = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
    0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
    0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
// The KTX2 file identifier and a few bytes after it: enough to be recognised, nothing to decode.
const std::vector<std::uint8_t> kKtx2 = {0xAB, 'K',  'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n',
                                         0x1A, '\n', 0,   0,   0,   0,   0,   0,    0,    0};

bool contains(const std::vector<std::string>& lines, const std::string& text) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

// The arm with `images` (bytes and name each) in buffer views, and `textures` as given.
Glb arm_with_images(const std::vector<std::pair<std::vector<std::uint8_t>, std::string>>& images,
                    const nlohmann::json& textures) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["images"] = nlohmann::json::array();
    for (const auto& [bytes, name] : images) {
        while (g.bin.size() % 4) g.bin.push_back(0);
        const size_t at = g.bin.size();
        g.bin.insert(g.bin.end(), bytes.begin(), bytes.end());
        g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", bytes.size()}});
        g.json["images"].push_back({{"bufferView", g.json["bufferViews"].size() - 1},
                                    {"mimeType", name == "ktx" ? "image/ktx2" : "image/png"},
                                    {"name", name}});
    }
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["textures"] = textures;
    g.json["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    return g;
}

}  // namespace

TEST(GltfImageDegrade, AMissingImageFileLoadsWithoutItAndIsAFailure) {
    const std::filesystem::path dir = sv::test::output_dir() / "image_degrade_missing";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "arm.gltf").string();
    ASSERT_TRUE(write_gltf_file(build_arm_asset(), path).ok());
    nlohmann::json j = nlohmann::json::parse(sv::test::read_bytes(path));
    j["images"] = {{{"uri", "gone.png"}, {"name", "skin"}}};
    j["textures"] = {{{"source", 0}}};
    j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    const std::string text = j.dump();
    const auto a = load_gltf_from_memory({text.begin(), text.end()}, dir.string(), false);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->image_failures.size(), 1u);
    EXPECT_EQ(a->image_failures[0], "image 0 ('skin'): no file 'gone.png' in the glTF's folder");
    ASSERT_EQ(a->images.size(), 1u);
    EXPECT_EQ(a->images[0].width, 0);
    EXPECT_EQ(a->materials[0].base_color_texture.image, -1);
    EXPECT_EQ(a->materials[0].base_color_image, -1);
    EXPECT_TRUE(contains(a->picture_notes, "gone.png")) << "render would not say why the arm is untextured";
    EXPECT_FALSE(a->meshes.empty());
}

TEST(GltfImageDegrade, BytesNoDecoderReadsLoadWithoutThemAndAreAFailure) {
    const std::string junk = "not an image at all";
    const auto a = load_gltf_from_memory(
        arm_with_images({{{junk.begin(), junk.end()}, "skin"}}, {{{"source", 0}}}).pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->image_failures.size(), 1u);
    EXPECT_EQ(a->image_failures[0],
              "image 0 ('skin'): is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)");
    EXPECT_EQ(a->materials[0].base_color_image, -1);
}

TEST(GltfImageDegrade, AKtx2ImageFallsBackToTheCoreSource) {
    // Image 0 KTX2 through the extension, image 1 the PNG fallback as the core source.
    const nlohmann::json textures = {
        {{"source", 1}, {"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}}};
    Glb g = arm_with_images({{kKtx2, "ktx"}, {kRedPng, "fallback"}}, textures);
    g.json["extensionsUsed"] = {"KHR_texture_basisu"};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_TRUE(a->image_failures.empty()) << a->image_failures.front();
    EXPECT_EQ(a->materials[0].base_color_image, 1);
    ASSERT_EQ(a->images.size(), 2u);
    ASSERT_EQ(a->images[1].rgba.size(), 4u);
    EXPECT_EQ(a->images[1].rgba, (std::vector<std::uint8_t>{255, 0, 0, 255}));
    EXPECT_TRUE(
        contains(a->report, "image 0 ('ktx'): is KTX2 (KHR_texture_basisu), which skinview does not decode"));
}

TEST(GltfImageDegrade, AKtx2OnlyTextureDrawsUntexturedWithANote) {
    const nlohmann::json textures = {{{"extensions", {{"KHR_texture_basisu", {{"source", 0}}}}}}};
    Glb g = arm_with_images({{kKtx2, "ktx"}}, textures);
    g.json["extensionsUsed"] = {"KHR_texture_basisu"};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_TRUE(a->image_failures.empty()) << "KTX2 is a known format the build lacks, not a broken file";
    EXPECT_EQ(a->materials[0].base_color_image, -1);
    EXPECT_TRUE(contains(a->picture_notes,
                         "material 0 ('" + a->materials[0].name +
                             "') baseColorTexture: texture 0 has only image 0 ('ktx'), KTX2 through "
                             "KHR_texture_basisu, which skinview does not decode; drawn untextured"))
        << (a->picture_notes.empty() ? "(no notes)" : a->picture_notes.front());
}

// Negative control: a good image is drawn, and nothing is said about it.
TEST(GltfImageDegrade, AGoodImageIsNoFailure) {
    const auto a =
        load_gltf_from_memory(arm_with_images({{kRedPng, "skin"}}, {{{"source", 0}}}).pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_TRUE(a->image_failures.empty());
    EXPECT_EQ(a->materials[0].base_color_image, 0);
    EXPECT_EQ(a->images[0].width, 1);
}

// Every slot that uses an image that failed loses it, the extensions' slots too (a clearcoat or
// sheen texture left pointing at the 0x0 entry would be bound as a texture with no pixels).
TEST(GltfImageDegrade, EverySlotThatUsesAFailedImageLosesIt) {
    const std::string junk = "not an image at all";
    Glb g = arm_with_images({{{junk.begin(), junk.end()}, "skin"}}, {{{"source", 0}}});
    auto& m = g.json["materials"][0];
    m["normalTexture"] = {{"index", 0}};
    m["extensions"]["KHR_materials_clearcoat"] = {{"clearcoatFactor", 1.0},
                                                  {"clearcoatTexture", {{"index", 0}}},
                                                  {"clearcoatRoughnessTexture", {{"index", 0}}},
                                                  {"clearcoatNormalTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_specular"] = {{"specularTexture", {{"index", 0}}},
                                                 {"specularColorTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_sheen"] = {{"sheenColorFactor", {1.0, 1.0, 1.0}},
                                              {"sheenColorTexture", {{"index", 0}}},
                                              {"sheenRoughnessTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_iridescence"] = {{"iridescenceFactor", 1.0},
                                                    {"iridescenceTexture", {{"index", 0}}},
                                                    {"iridescenceThicknessTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_anisotropy"] = {{"anisotropyStrength", 0.5},
                                                   {"anisotropyTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_transmission"] = {{"transmissionFactor", 1.0},
                                                     {"transmissionTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_volume"] = {{"thicknessFactor", 0.5},
                                               {"thicknessTexture", {{"index", 0}}}};
    m["extensions"]["KHR_materials_diffuse_transmission"] = {
        {"diffuseTransmissionFactor", 0.5},
        {"diffuseTransmissionTexture", {{"index", 0}}},
        {"diffuseTransmissionColorTexture", {{"index", 0}}}};
    m["extensions"]["VRMC_materials_mtoon"] = {{"specVersion", "1.0"},
                                               {"shadeMultiplyTexture", {{"index", 0}}},
                                               {"shadingShiftTexture", {{"index", 0}}},
                                               {"matcapTexture", {{"index", 0}}},
                                               {"rimMultiplyTexture", {{"index", 0}}},
                                               {"outlineWidthMultiplyTexture", {{"index", 0}}}};
    g.json["extensionsUsed"] = {"KHR_materials_clearcoat",  "KHR_materials_specular",
                                "KHR_materials_sheen",      "KHR_materials_iridescence",
                                "KHR_materials_anisotropy", "KHR_materials_transmission",
                                "KHR_materials_volume",     "KHR_materials_diffuse_transmission",
                                "VRMC_materials_mtoon"};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->image_failures.size(), 1u);
    Material mat = a->materials[0];
    int slots = 0;
    mat.for_each_texture([&](const TextureRef& t) {
        ++slots;
        EXPECT_EQ(t.image, -1) << "slot " << slots << " still uses the failed image";
    });
    EXPECT_EQ(slots, 25);
    // The control: the same file with a good image keeps it in those slots.
    Glb good = arm_with_images({{kRedPng, "skin"}}, {{{"source", 0}}});
    good.json["materials"][0]["extensions"] = m["extensions"];
    good.json["extensionsUsed"] = g.json["extensionsUsed"];
    const auto b = load_gltf_from_memory(good.pack(), "", true);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(b->materials[0].clearcoat_normal_texture.image, 0);
    EXPECT_EQ(b->materials[0].specular_color_texture.image, 0);
    EXPECT_EQ(b->materials[0].iridescence_thickness_texture.image, 0);
    EXPECT_EQ(b->materials[0].anisotropy_texture.image, 0);
    EXPECT_EQ(b->materials[0].transmission_texture.image, 0);
    EXPECT_EQ(b->materials[0].thickness_texture.image, 0);
    EXPECT_EQ(b->materials[0].mtoon.shade_texture.image, 0);
    EXPECT_EQ(b->materials[0].mtoon.outline_width_texture.image, 0);
}
