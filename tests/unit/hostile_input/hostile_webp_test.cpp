// EXT_texture_webp: a WebP texture decodes to the pixels it was encoded from (lossless, so exactly),
// is chosen over the texture's PNG fallback, and a WebP header past the size limit is refused
// before decoding. The WebP bytes are made here with libwebp's own encoder (linked to this test
// only when the build found libwebp).
#include <gtest/gtest.h>

#include <cstring>

#ifdef SKINVIEW_TEST_HAVE_WEBP
#include <webp/encode.h>
#endif

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "hostile_fixture.h"

using namespace sv::anim;
using sv::test::Glb;
using namespace sv::test;

namespace {

// The arm with image 0 = `encoded` in a buffer view, behind texture 0 used as the base colour,
// through EXT_texture_webp.
Glb arm_with_webp(const std::vector<std::uint8_t>& encoded) {
    Glb g = sv::test::arm();
    while (g.bin.size() % 4) g.bin.push_back(0);
    const size_t at = g.bin.size();
    g.bin.insert(g.bin.end(), encoded.begin(), encoded.end());
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", encoded.size()}});
    g.json["images"] = {
        {{"bufferView", g.json["bufferViews"].size() - 1}, {"mimeType", "image/webp"}, {"name", "skin"}}};
    g.json["textures"] = {{{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}}};
    g.json["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    g.json["extensionsUsed"] = {"EXT_texture_webp"};
    g.json["extensionsRequired"] = {"EXT_texture_webp"};
    return g;
}

void put_le(std::vector<std::uint8_t>& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// A lossless WebP header (RIFF, VP8L, the 14-bit sides) claiming `w` x `h`, and no pixels.
std::vector<std::uint8_t> webp_header(std::uint32_t w, std::uint32_t h) {
    std::vector<std::uint8_t> b = {'R', 'I', 'F', 'F'};
    put_le(b, 4 + 8 + 5 + 16);
    for (char c : std::string("WEBPVP8L")) b.push_back(static_cast<std::uint8_t>(c));
    put_le(b, 5 + 16);
    b.push_back(0x2f);
    put_le(b, (w - 1) | ((h - 1) << 14));
    b.resize(b.size() + 16, 0);
    return b;
}

}  // namespace

TEST(HostileWebp, ALosslessWebpTextureDecodesToItsPixels) {
#ifndef SKINVIEW_TEST_HAVE_WEBP
    GTEST_SKIP() << "built without libwebp";
#else
    std::vector<std::uint8_t> rgba(5 * 3 * 4);
    for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = static_cast<std::uint8_t>(i * 37 % 251);
    for (size_t p = 0; p < 15; ++p) rgba[p * 4 + 3] = 255;  // opaque: lossless keeps RGB exactly then
    std::uint8_t* out = nullptr;
    const size_t n = WebPEncodeLosslessRGBA(rgba.data(), 5, 3, 5 * 4, &out);
    ASSERT_GT(n, 0u);
    const std::vector<std::uint8_t> encoded(out, out + n);
    WebPFree(out);
    const auto a = load_gltf_from_memory(arm_with_webp(encoded).pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->images.size(), 1u);
    EXPECT_EQ(a->images[0].width, 5);
    EXPECT_EQ(a->images[0].height, 3);
    EXPECT_EQ(a->images[0].rgba, rgba);
    EXPECT_EQ(a->materials[0].base_color_image, 0);
#endif
}

TEST(HostileWebp, AWebpHeaderPastTheLimitIsRefusedBeforeDecoding) {
#ifndef SKINVIEW_TEST_HAVE_WEBP
    GTEST_SKIP() << "built without libwebp";
#else
    const auto big =
        load_gltf_from_memory(arm_with_webp(webp_header(kMaxImageSide + 1, 16)).pack(), "", true);
    // The image is refused; the file loads and draws without it (Asset::image_failures).
    ASSERT_TRUE(big.ok()) << big.error().message;
    ASSERT_EQ(big->image_failures.size(), 1u);
    EXPECT_EQ(big->image_failures[0],
              "image 0 ('skin'): 8193x16 is larger than the 8192x8192 limit; refused before decoding");
    EXPECT_TRUE(big->images.at(0).rgba.empty());
    EXPECT_EQ(big->materials.at(0).base_color_image, -1) << "the slot still names the image it cannot draw";
    const auto edge = load_gltf_from_memory(arm_with_webp(webp_header(64, 64)).pack(), "", true);
    ASSERT_TRUE(edge.ok()) << edge.error().message;
    ASSERT_EQ(edge->image_failures.size(), 1u);
    EXPECT_EQ(edge->image_failures[0],
              "image 0 ('skin'): its 64x64 WebP header is readable but the pixels are not");
#endif
}
