// KHR_materials_diffuse_transmission on import: the factors and both texture slots (with their
// texCoord and KHR_texture_transform) as the JSON written in the test gives them, the
// specification's defaults (factor 0, colour white), and what its schema forbids: a factor outside
// [0, 1], a colour that is not three numbers of at least 0, and the extension on an unlit or
// specular-glossiness material (its exclusions). Those leave the geometry as it is, so each drops
// the extension from that material with a note naming the material, the property and the reason;
// a bad texture reference is refused, as in every other slot.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;
using nlohmann::json;
using sv::test::Glb;

namespace {

// A 2 x 1 RGBA PNG (the one gltf_import_test.cpp decodes), so texture slots have an image to name.
const char* kPng =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+"
    "KAAAADklEQVR4nGP4z8AAQg0AD3oDfnfpf5cAAAAASUVORK5CYII=";

// The arm with one material on every primitive, `extension` as its diffuse transmission, and two
// images (0 and 1) behind textures 0 and 1.
Glb leaf_arm(const json& extension) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["images"] = {{{"uri", kPng}}, {{"uri", kPng}}};
    g.json["samplers"] = {{{"magFilter", 9728}}};
    g.json["textures"] = {{{"source", 0}}, {{"source", 1}, {"sampler", 0}}};
    g.json["materials"] = json::array(
        {{{"name", "leaf"}, {"extensions", {{"KHR_materials_diffuse_transmission", extension}}}}});
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

std::string notes(const Asset& a) {
    std::string s;
    for (const auto& n : a.picture_notes) s += n + "\n";
    return s;
}

TEST(DiffuseTransmissionImport, FactorsAndTextureSlots) {
    const json x = {
        {"diffuseTransmissionFactor", 0.25},
        {"diffuseTransmissionTexture",
         {{"index", 1},
          {"texCoord", 0},
          {"extensions",
           {{"KHR_texture_transform", {{"offset", {0.5, 0.25}}, {"scale", {2.0, 3.0}}, {"texCoord", 1}}}}}}},
        {"diffuseTransmissionColorFactor", {1.0, 0.9, 0.85}},
        {"diffuseTransmissionColorTexture", {{"index", 0}, {"texCoord", 1}}}};
    const auto a = load(leaf_arm(x));
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Material& m = a->materials.at(0);
    EXPECT_FLOAT_EQ(m.diffuse_transmission, 0.25f);
    EXPECT_FLOAT_EQ(m.diffuse_transmission_color.r, 1.0f);
    EXPECT_FLOAT_EQ(m.diffuse_transmission_color.g, 0.9f);
    EXPECT_FLOAT_EQ(m.diffuse_transmission_color.b, 0.85f);
    // Texture 1 is image 1 through sampler 0; the transform's texCoord replaces the slot's 0.
    EXPECT_EQ(m.diffuse_transmission_texture.image, 1);
    EXPECT_EQ(m.diffuse_transmission_texture.sampler, 0);
    EXPECT_EQ(m.diffuse_transmission_texture.tex_coord, 1);
    EXPECT_EQ(m.diffuse_transmission_texture.offset, glm::vec2(0.5f, 0.25f));
    EXPECT_EQ(m.diffuse_transmission_texture.scale, glm::vec2(2.0f, 3.0f));
    EXPECT_EQ(m.diffuse_transmission_color_texture.image, 0);
    EXPECT_EQ(m.diffuse_transmission_color_texture.sampler, -1);
    EXPECT_EQ(m.diffuse_transmission_color_texture.tex_coord, 1);
    EXPECT_TRUE(a->picture_notes.empty()) << notes(*a);
    // Both slots are among the material's textures (an image that fails to decode is dropped from
    // each slot that names it through this list).
    int seen = 0;
    Material copy = m;
    copy.for_each_texture([&](const TextureRef& t) { seen += t.present() ? 1 : 0; });
    EXPECT_EQ(seen, 2);
}

TEST(DiffuseTransmissionImport, Defaults) {
    // The specification's defaults: an empty object transmits nothing and is white.
    const auto a = load(leaf_arm(json::object()));
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].diffuse_transmission, 0.0f);
    EXPECT_EQ(a->materials[0].diffuse_transmission_color, glm::vec3(1.0f));
    EXPECT_FALSE(a->materials[0].diffuse_transmission_texture.present());
    EXPECT_FALSE(a->materials[0].diffuse_transmission_color_texture.present());
    EXPECT_TRUE(a->picture_notes.empty()) << notes(*a);
    // Without the extension: the same defaults (a material the file leaves alone is not translucent).
    Glb none = leaf_arm(json::object());
    none.json["materials"][0].erase("extensions");
    const auto b = load(none);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(b->materials[0].diffuse_transmission, 0.0f);
    EXPECT_EQ(b->materials[0].diffuse_transmission_color, glm::vec3(1.0f));
    // The edge values are in range: 0 and 1, and a colour above 1 (the schema has no maximum).
    const auto c = load(
        leaf_arm({{"diffuseTransmissionFactor", 1.0}, {"diffuseTransmissionColorFactor", {2.0, 0.0, 1.0}}}));
    ASSERT_TRUE(c.ok()) << c.error().message;
    EXPECT_EQ(c->materials[0].diffuse_transmission, 1.0f);
    EXPECT_EQ(c->materials[0].diffuse_transmission_color, glm::vec3(2.0f, 0.0f, 1.0f));
    EXPECT_TRUE(c->picture_notes.empty()) << notes(*c);
}

// Each bad value: the file loads, the material has no diffuse transmission (factor 0, colour
// white, no textures), and the note says which material, which property and why.
void expect_dropped(const json& x, const std::string& why) {
    const auto a = load(leaf_arm(x));
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Material& m = a->materials[0];
    EXPECT_EQ(m.diffuse_transmission, 0.0f) << why;
    EXPECT_EQ(m.diffuse_transmission_color, glm::vec3(1.0f)) << why;
    EXPECT_FALSE(m.diffuse_transmission_texture.present()) << why;
    EXPECT_TRUE(has_note(*a, "material 0 ('leaf') KHR_materials_diffuse_transmission: " + why +
                                 "; the extension is not drawn on this material"))
        << notes(*a);
}

TEST(DiffuseTransmissionImport, OutOfRangeDropsTheExtensionWithANote) {
    const json tex = {{"index", 0}};
    expect_dropped({{"diffuseTransmissionFactor", 1.5}, {"diffuseTransmissionTexture", tex}},
                   "diffuseTransmissionFactor 1.500000 is not a number in [0, 1]");
    expect_dropped({{"diffuseTransmissionFactor", -0.25}},
                   "diffuseTransmissionFactor -0.250000 is not a number in [0, 1]");
    expect_dropped({{"diffuseTransmissionFactor", "half"}},
                   "diffuseTransmissionFactor nan is not a number in [0, 1]");
    expect_dropped({{"diffuseTransmissionFactor", 0.5}, {"diffuseTransmissionColorFactor", {1.0, -0.5, 1.0}}},
                   "diffuseTransmissionColorFactor is not three numbers of at least 0");
    expect_dropped({{"diffuseTransmissionFactor", 0.5}, {"diffuseTransmissionColorFactor", {1.0, 1.0}}},
                   "diffuseTransmissionColorFactor is not three numbers of at least 0");
}

TEST(DiffuseTransmissionImport, ExcludedWorkflowsDropItWithANote) {
    const json x = {{"diffuseTransmissionFactor", 0.5}};
    Glb unlit = leaf_arm(x);
    unlit.json["materials"][0]["extensions"]["KHR_materials_unlit"] = json::object();
    auto a = load(unlit);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].diffuse_transmission, 0.0f);
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('leaf') KHR_materials_diffuse_transmission: the extension must not be "
                         "used with KHR_materials_unlit; the extension is not drawn on this material"))
        << notes(*a);
    Glb sg = leaf_arm(x);
    sg.json["materials"][0]["extensions"]["KHR_materials_pbrSpecularGlossiness"] = json::object();
    a = load(sg);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials[0].diffuse_transmission, 0.0f);
    EXPECT_TRUE(has_note(*a,
                         "material 0 ('leaf') KHR_materials_diffuse_transmission: the extension must not be "
                         "used with KHR_materials_pbrSpecularGlossiness; the extension is not drawn on this "
                         "material"))
        << notes(*a);
}

TEST(DiffuseTransmissionImport, ABadTextureIsRefusedByName) {
    auto a =
        load(leaf_arm({{"diffuseTransmissionFactor", 0.5}, {"diffuseTransmissionTexture", {{"index", 4}}}}));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(
        a.error().message,
        "material 0 ('leaf') KHR_materials_diffuse_transmission diffuseTransmissionTexture: texture 4 is out "
        "of range (2 textures)");
    a = load(leaf_arm({{"diffuseTransmissionColorTexture", {{"index", 0}, {"texCoord", 2}}}}));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(
        a.error().message,
        "material 0 ('leaf') KHR_materials_diffuse_transmission diffuseTransmissionColorTexture: texCoord 2 "
        "(skinview reads TEXCOORD_0 and TEXCOORD_1)");
    // Negative control: the same slots with good references load.
    EXPECT_TRUE(load(leaf_arm({{"diffuseTransmissionFactor", 0.5},
                               {"diffuseTransmissionTexture", {{"index", 1}}},
                               {"diffuseTransmissionColorTexture", {{"index", 0}}}}))
                    .ok());
}

// The writer (anim/gltf/gltf_write.h) writes the extension's factor and colour, which the
// Khronos comparison's fixture (anim/asset_tools/diffuse_transmission_builder.h) needs; read back,
// they are the values set here, and a material whose factor is 0 writes no extension (so the files
// the project already writes keep their bytes).
TEST(DiffuseTransmissionImport, TheWriterWritesTheFactorsTheReaderReadsBack) {
    Asset asset = build_arm_asset();
    ASSERT_GE(asset.materials.size(), 1u);
    Material leaf = asset.materials[0];
    leaf.name = "leaf";
    leaf.diffuse_transmission = 0.625f;
    leaf.diffuse_transmission_color = {1.0f, 0.5f, 0.25f};
    Material plain = asset.materials[0];
    plain.name = "plain";
    asset.materials = {leaf, plain};
    for (auto& mesh : asset.meshes)
        for (auto& p : mesh.primitives) p.material = 0;
    const auto bytes = write_glb(asset);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const Glb g = Glb::parse(*bytes);
    EXPECT_TRUE(g.json["materials"][0]["extensions"].contains("KHR_materials_diffuse_transmission"));
    EXPECT_FALSE(g.json["materials"][1].contains("extensions"));
    const auto& used = g.json["extensionsUsed"];
    EXPECT_NE(std::find(used.begin(), used.end(), "KHR_materials_diffuse_transmission"), used.end());
    const auto a = load(g);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->materials.at(0).diffuse_transmission, 0.625f);
    EXPECT_EQ(a->materials.at(0).diffuse_transmission_color, glm::vec3(1.0f, 0.5f, 0.25f));
    EXPECT_EQ(a->materials.at(1).diffuse_transmission, 0.0f);
    EXPECT_TRUE(a->picture_notes.empty()) << notes(*a);
    // Control: the arm as built (no material with the extension) names it nowhere.
    const auto arm = write_glb(build_arm_asset());
    ASSERT_TRUE(arm.ok());
    EXPECT_EQ(Glb::parse(*arm).json.dump().find("KHR_materials_diffuse_transmission"), std::string::npos);
}

}  // namespace
