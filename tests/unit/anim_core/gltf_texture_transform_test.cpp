// The base colour texture's coordinates: its textureInfo.texCoord picks TEXCOORD_1 as well as
// TEXCOORD_0, and KHR_texture_transform (offset, rotation, scale, texCoord) is applied to them at
// import. Expected values are computed here from the file's own coordinates by the formula the
// importer documents (gltf_texture_transform.h), in the rotation sense the Khronos sample
// TextureTransformTest marks as correct.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "anim/asset_builder.h"
#include "anim/gltf_import.h"
#include "glb_edit.h"

using namespace sv::anim;
using nlohmann::json;
using sv::test::Glb;

namespace {

// The arm with a base colour texture (no image: the coordinates are what is tested) and a
// TEXCOORD_1 that is TEXCOORD_0 halved.
Glb arm_textured(const json& texture_info) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["textures"] = {json::object()};
    g.json["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = texture_info;
    const size_t at = g.element_offset(2, 0, 8), n = g.json["accessors"][2]["count"];
    std::vector<float> uv1(n * 2);
    std::memcpy(uv1.data(), g.bin.data() + at, n * 8);
    for (float& x : uv1) x *= 0.5f;
    const size_t start = g.bin.size();
    g.bin.resize(start + n * 8);
    std::memcpy(g.bin.data() + start, uv1.data(), n * 8);
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", start}, {"byteLength", n * 8}});
    g.json["accessors"].push_back({{"bufferView", g.json["bufferViews"].size() - 1},
                                   {"componentType", 5126},
                                   {"count", n},
                                   {"type", "VEC2"}});
    g.json["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_1"] = g.json["accessors"].size() - 1;
    return g;
}

std::vector<glm::vec2> uvs(const Glb& g) {
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? a->meshes[0].primitives[0].uvs : std::vector<glm::vec2>{};
}

}  // namespace

TEST(GltfTextureTransform, TexCoordOnePicksTheSecondSet) {
    const auto set0 = uvs(arm_textured({{"index", 0}}));
    const auto set1 = uvs(arm_textured({{"index", 0}, {"texCoord", 1}}));
    ASSERT_EQ(set0.size(), set1.size());
    ASSERT_FALSE(set0.empty());
    for (size_t i = 0; i < set0.size(); ++i) EXPECT_EQ(set1[i], set0[i] * 0.5f) << i;
}

TEST(GltfTextureTransform, OffsetRotationScaleAndTexCoordAreApplied) {
    const auto plain = uvs(arm_textured({{"index", 0}}));
    const json transform = {
        {"offset", {0.5, 0.25}}, {"rotation", M_PI / 2}, {"scale", {2.0, 3.0}}, {"texCoord", 1}};
    const auto got =
        uvs(arm_textured({{"index", 0}, {"extensions", {{"KHR_texture_transform", transform}}}}));
    ASSERT_EQ(got.size(), plain.size());
    for (size_t i = 0; i < got.size(); ++i) {
        // Set 1 (halved), scaled to (2u, 3v), turned a quarter (u, v) -> (v, -u), then offset.
        const glm::dvec2 uv = glm::dvec2(plain[i]) * 0.5;
        const glm::dvec2 want(3.0 * uv.y + 0.5, -2.0 * uv.x + 0.25);
        // Float storage of the result: 1e-6 is a few float roundings of coordinates near 1.
        EXPECT_NEAR(got[i].x, want.x, 1e-6) << i;
        EXPECT_NEAR(got[i].y, want.y, 1e-6) << i;
    }
}

TEST(GltfTextureTransform, ASetThePrimitiveLacksOrABadTransformIsNamed) {
    Glb g = arm_textured({{"index", 0}, {"texCoord", 2}});
    auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message,
              "mesh 0 ('ArmMesh') primitive 0: its material's base colour texture reads TEXCOORD_2, "
              "which the primitive does not have");
    g = arm_textured({{"index", 0}, {"extensions", {{"KHR_texture_transform", {{"scale", {1.0}}}}}}});
    a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(
        a.error().message,
        "material 0 ('ArmMaterial') baseColorTexture: KHR_texture_transform scale is not two finite numbers");
}
