// Hostile input, the container and what it points at: truncated and lying GLB chunks, JSON that is
// not JSON, buffer and image URIs that leave the file's folder or name nothing, textures that are
// not images or are too large. Each case checks the whole message, because the message is the
// product: a user who drops a broken file on the viewer reads it and nothing else. Expected
// layouts (chunk offsets, lengths) are read from the bytes by the test's own parser (glb_edit.h),
// never from the importer.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "hostile_fixture.h"
#include "test_paths.h"

using namespace sv::anim;
using sv::test::Glb;
using namespace sv::test;

namespace {

std::vector<std::uint8_t> text_bytes(const std::string& s) { return {s.begin(), s.end()}; }

void put_u32(std::vector<std::uint8_t>& b, size_t at, std::uint32_t v) { std::memcpy(&b[at], &v, 4); }

// The arm with one image whose encoded bytes are `encoded`, stored in a buffer view of its own.
Glb arm_with_image(const std::vector<std::uint8_t>& encoded, const std::string& name) {
    Glb g = arm();
    while (g.bin.size() % 4) g.bin.push_back(0);
    const size_t at = g.bin.size();
    g.bin.insert(g.bin.end(), encoded.begin(), encoded.end());
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", encoded.size()}});
    g.json["images"] = {
        {{"bufferView", g.json["bufferViews"].size() - 1}, {"mimeType", "image/png"}, {"name", name}}};
    return g;
}

// A PNG signature and IHDR chunk claiming `w` x `h` RGBA, and nothing after: enough for a header
// reader, not for a decoder. The CRC is left zero; stb_image does not check it.
std::vector<std::uint8_t> png_header(std::uint32_t w, std::uint32_t h) {
    std::vector<std::uint8_t> b = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A,
                                   0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    for (std::uint32_t v : {w, h})
        for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
    for (std::uint8_t v : {8, 6, 0, 0, 0, 0, 0, 0, 0}) b.push_back(v);  // depth, RGBA, methods, CRC
    return b;
}

}  // namespace

TEST(HostileContainer, TheUnbrokenArmLoadsFromItsBytesAndRepacked) {
    EXPECT_TRUE(load_gltf_from_memory(arm_bytes(), "", true).ok());
    EXPECT_EQ(load_error(arm()), "(loaded)");
}

TEST(HostileContainer, ThePackedArmAsGltfTextWithADataUriLoads) {
    // The .gltf door: the same file, JSON with its buffer as a data URI (written by the project's
    // own writer), goes through the same checks.
    const std::string path = std::string(SKINVIEW_TEST_OUTPUT_DIR) + "/hostile_arm.gltf";
    ASSERT_TRUE(write_gltf_file(build_arm_asset(), path).ok());
    EXPECT_EQ(load_error(sv::test::read_bytes(path), false), "(loaded)");
}

// The arm's container, read by the test's own parser: header 0..12, JSON chunk header 12..20,
// JSON 20..20+J, BIN chunk header 20+J..28+J, BIN 28+J..T.
TEST(HostileContainer, TruncatedAtEveryChunkBoundary) {
    const std::vector<std::uint8_t> good = arm_bytes();
    const size_t T = good.size();
    const size_t J = Glb::u32(good, 12);
    const size_t B = Glb::u32(good, 20 + J);
    ASSERT_EQ(T, 28 + J + B);  // one JSON and one BIN chunk, nothing else
    auto cut = [&](size_t n) {
        return load_error({good.begin(), good.begin() + static_cast<long>(n)}, true);
    };
    const std::string t = std::to_string(T);
    const std::string trunc = "; the file is truncated";

    EXPECT_EQ(cut(0), "GLB: 0 bytes is shorter than the 12-byte header: truncated");
    EXPECT_EQ(cut(11), "GLB: 11 bytes is shorter than the 12-byte header: truncated");
    EXPECT_EQ(cut(12), "GLB: the header says " + t + " bytes but the file has 12" + trunc);
    EXPECT_EQ(cut(16), "GLB: chunk 0's 8-byte header at byte 12 is cut off at byte 16" + trunc);
    EXPECT_EQ(cut(20), "GLB: chunk 0 (JSON) at byte 12 says " + std::to_string(J) +
                           " bytes, past the end at byte 20" + trunc);
    EXPECT_EQ(cut(20 + J),
              "GLB: the header says " + t + " bytes but the file has " + std::to_string(20 + J) + trunc);
    EXPECT_EQ(cut(24 + J), "GLB: chunk 1's 8-byte header at byte " + std::to_string(20 + J) +
                               " is cut off at byte " + std::to_string(24 + J) + trunc);
    EXPECT_EQ(cut(28 + J), "GLB: chunk 1 (BIN) at byte " + std::to_string(20 + J) + " says " +
                               std::to_string(B) + " bytes, past the end at byte " + std::to_string(28 + J) +
                               trunc);
    EXPECT_EQ(cut(T - 1), "GLB: chunk 1 (BIN) at byte " + std::to_string(20 + J) + " says " +
                              std::to_string(B) + " bytes, past the end at byte " + std::to_string(T - 1) +
                              trunc);
}

TEST(HostileContainer, ChunkLengthPastTheEnd) {
    const std::vector<std::uint8_t> good = arm_bytes();
    const size_t T = good.size(), J = Glb::u32(good, 12), B = Glb::u32(good, 20 + J);
    // BIN longer by exactly its own 8-byte header, and the buffer claiming all of it: tinygltf 2.7
    // bounds the chunk without its header, lets this through and copies 8 bytes from past the end
    // of the file (ASan in the fuzz build: heap-buffer-overflow in tinygltf's memcpy, with the
    // container check bypassed by hand). The regression for that finding.
    Glb claim = arm();
    claim.json["buffers"][0]["byteLength"] = claim.bin.size() + 8;
    std::vector<std::uint8_t> bin_long = claim.pack();
    const size_t J2 = Glb::u32(bin_long, 12), B2 = Glb::u32(bin_long, 20 + J2);
    put_u32(bin_long, 20 + J2, static_cast<std::uint32_t>(B2 + 8));
    EXPECT_EQ(load_error(bin_long, true), "GLB: chunk 1 (BIN) at byte " + std::to_string(20 + J2) + " says " +
                                              std::to_string(B2 + 8) + " bytes, past the end at byte " +
                                              std::to_string(bin_long.size()));
    std::vector<std::uint8_t> bin_long_only = good;  // the chunk alone, the buffer as it was
    put_u32(bin_long_only, 20 + J, static_cast<std::uint32_t>(B + 8));
    EXPECT_EQ(load_error(bin_long_only, true), "GLB: chunk 1 (BIN) at byte " + std::to_string(20 + J) +
                                                   " says " + std::to_string(B + 8) +
                                                   " bytes, past the end at byte " + std::to_string(T));
    std::vector<std::uint8_t> json_long = good;
    put_u32(json_long, 12, 0xFFFFFFF0u);
    EXPECT_EQ(
        load_error(json_long, true),
        "GLB: chunk 0 (JSON) at byte 12 says 4294967280 bytes, past the end at byte " + std::to_string(T));
    std::vector<std::uint8_t> total_long = good;
    put_u32(total_long, 8, static_cast<std::uint32_t>(T + 4));
    EXPECT_EQ(load_error(total_long, true), "GLB: the header says " + std::to_string(T + 4) +
                                                " bytes but the file has " + std::to_string(T) +
                                                "; the file is truncated");
}

TEST(HostileContainer, JsonChunkThatIsNotJson) {
    // `{"asset": }`: the value is missing; the parser stops at the '}', byte 11 counting from 1.
    Glb g = arm();
    std::vector<std::uint8_t> b = g.pack();
    const size_t J = Glb::u32(b, 12);
    const std::string bad = "{\"asset\": }";
    std::memcpy(&b[20], bad.data(), bad.size());
    std::memset(&b[20 + bad.size()], ' ', J - bad.size());
    EXPECT_EQ(load_error(b, true), "GLB: the JSON chunk is not JSON (syntax error at byte 11)");
    EXPECT_EQ(load_error(text_bytes(bad), false), "glTF: the file is not JSON (syntax error at byte 11)");
    EXPECT_EQ(load_error(text_bytes("[1, 2]"), false), "glTF: the file is JSON but not an object");
    // A GLB's bytes offered as text, and text offered as a GLB.
    EXPECT_EQ(load_error(arm_bytes(), false), "glTF: the file is not JSON (syntax error at byte 1)");
    EXPECT_EQ(load_error(text_bytes("{\"asset\": {\"version\": \"2.0\"}}"), true),
              "GLB: the file does not start with 'glTF'");
}

TEST(HostileContainer, AccessorCountOrOffsetPastItsBufferView) {
    // POSITION is accessor 0 on buffer view 0: 132 VEC3 floats, 1584 bytes, tightly packed.
    Glb count = arm();
    count.json["accessors"][0]["count"] = 133;
    EXPECT_EQ(load_error(count),
              "mesh 0 ('ArmMesh') primitive 0 POSITION: accessor 0: count 133 at offset 0 stride 12 "
              "runs past the end of buffer view 0 (1584 bytes): accessor out of bounds");
    Glb offset = arm();
    offset.json["accessors"][0]["byteOffset"] = 4;
    EXPECT_EQ(load_error(offset),
              "mesh 0 ('ArmMesh') primitive 0 POSITION: accessor 0: count 132 at offset 4 stride 12 "
              "runs past the end of buffer view 0 (1584 bytes): accessor out of bounds");
}

TEST(HostileContainer, ByteStrideSmallerThanTheElement) {
    Glb g = arm();
    g.json["bufferViews"][0]["byteStride"] = 4;  // a legal stride for glTF, a third of a VEC3 float
    EXPECT_EQ(load_error(g),
              "mesh 0 ('ArmMesh') primitive 0 POSITION: accessor 0: buffer view 0 stride 4 is smaller "
              "than an element (12 bytes)");
}

TEST(HostileContainer, ZeroAccessorPastItsLimit) {
    // No buffer view: all zeros. One past the cap is refused before a byte is allocated.
    Glb g = arm();
    g.json["accessors"][1].erase("bufferView");
    g.json["accessors"][1]["count"] = kMaxZeroAccessorCount + 1;
    EXPECT_EQ(load_error(g),
              "mesh 0 ('ArmMesh') primitive 0 NORMAL: accessor 1: count 1048577 with no buffer view "
              "(all zeros) is past the limit of 1048576");
}

namespace {
// A folder holding the arm as text with its buffer in "inside.bin", and a file beside the folder
// that no URI may reach. One folder per test: ctest runs the tests of this executable as parallel
// processes, and a shared folder would be removed under a neighbour's feet.
struct UriFolder {
    std::filesystem::path dir =
        std::filesystem::path(SKINVIEW_TEST_OUTPUT_DIR) /
        (std::string("hostile_uri_") + ::testing::UnitTest::GetInstance()->current_test_info()->name()) /
        "model";
    std::filesystem::path secret = dir.parent_path() / "secret.bin";
    Glb g = arm();
    UriFolder() {
        std::filesystem::remove_all(dir.parent_path());
        std::filesystem::create_directories(dir);
        std::ofstream(dir / "inside.bin", std::ios::binary)
            .write(reinterpret_cast<const char*>(g.bin.data()), static_cast<long>(g.bin.size()));
        std::filesystem::copy_file(dir / "inside.bin", secret);
    }
    std::string with_buffer_uri(const std::string& uri, const std::string& base) {
        Glb t = g;
        t.json["buffers"][0]["uri"] = uri;
        return load_error(text_bytes(t.json.dump()), false, base);
    }
};
}  // namespace

TEST(HostileContainer, BufferUriInsideTheFolderLoads) {
    UriFolder f;
    EXPECT_EQ(f.with_buffer_uri("inside.bin", f.dir.string()), "(loaded)");
    EXPECT_EQ(f.with_buffer_uri("./inside.bin", f.dir.string()), "(loaded)");
}

TEST(HostileContainer, BufferUriOutsideTheFolderIsRefused) {
    UriFolder f;
    const std::string d = f.dir.string();
    EXPECT_EQ(
        f.with_buffer_uri("../secret.bin", d),
        "glTF: buffer 0 uri '../secret.bin' points outside the glTF's folder; only files inside it are read");
    EXPECT_EQ(f.with_buffer_uri("sub/../../secret.bin", d),
              "glTF: buffer 0 uri 'sub/../../secret.bin' points outside the glTF's folder; only files inside "
              "it are read");
    EXPECT_EQ(f.with_buffer_uri("%2e%2e/secret.bin", d),
              "glTF: buffer 0 uri '%2e%2e/secret.bin' points outside the glTF's folder; only files inside it "
              "are read");
    EXPECT_EQ(f.with_buffer_uri(f.secret.string(), d),
              "glTF: buffer 0 uri '" + f.secret.string() +
                  "' is an absolute path; only files inside the glTF's folder are read");
    EXPECT_EQ(f.with_buffer_uri("file:///etc/passwd", d),
              "glTF: buffer 0 uri 'file:///etc/passwd' names a scheme other than data:; only files inside "
              "the glTF's "
              "folder are read");
    // Bytes with no folder: every external file is refused, including one that would exist in
    // the working directory.
    EXPECT_EQ(f.with_buffer_uri("inside.bin", ""),
              "glTF: buffer 0 uri 'inside.bin' names an external file, but the bytes came with no folder to "
              "read it "
              "from; refused");
}

TEST(HostileContainer, BufferUriThroughALinkOutOfTheFolderIsRefused) {
    // Lexically inside, really outside: the read guard resolves links before opening.
    UriFolder f;
    std::filesystem::create_symlink(f.secret, f.dir / "link.bin");
    EXPECT_EQ(
        f.with_buffer_uri("link.bin", f.dir.string()),
        "glTF: '" + (f.dir / "link.bin").string() + "' is not a file inside the glTF's folder; refused");
}

TEST(HostileContainer, BufferUriToAMissingFile) {
    UriFolder f;
    // The folder is not repeated: load_gltf puts the glTF's own path before every message.
    EXPECT_EQ(f.with_buffer_uri("missing.bin", f.dir.string()),
              "glTF: buffer 0 uri 'missing.bin': no file 'missing.bin' in the glTF's folder");
}

TEST(HostileContainer, ImageUriOutsideTheFolderIsRefused) {
    UriFolder f;
    Glb t = f.g;
    t.json["buffers"][0]["uri"] = "inside.bin";
    t.json["images"] = {{{"uri", "../secret.png"}}};
    EXPECT_EQ(
        load_error(text_bytes(t.json.dump()), false, f.dir.string()),
        "glTF: image 0 uri '../secret.png' points outside the glTF's folder; only files inside it are read");
}

TEST(HostileContainer, TextureThatIsNotAnImage) {
    const std::string text = "this is not an image";
    EXPECT_EQ(image_failure(arm_with_image({text.begin(), text.end()}, "skin")),
              "image 0 ('skin'): is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)");
    // The same through a data URI in a .gltf, decoded inside tinygltf's pass.
    const std::string path = std::string(SKINVIEW_TEST_OUTPUT_DIR) + "/hostile_arm_image.gltf";
    ASSERT_TRUE(write_gltf_file(build_arm_asset(), path).ok());
    nlohmann::json j = nlohmann::json::parse(sv::test::read_bytes(path));
    j["images"] = {
        {{"uri", "data:image/png;base64,dGhpcyBpcyBub3QgYW4gaW1hZ2U="}, {"name", "skin"}}};  // the text above
    EXPECT_EQ(image_failure(text_bytes(j.dump()), false),
              "image 0 ('skin'): is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)");
}

TEST(HostileContainer, TextureLargerThanTheLimitIsRefusedBeforeDecoding) {
    EXPECT_EQ(image_failure(arm_with_image(png_header(kMaxImageSide + 1, 16), "big")),
              "image 0 ('big'): 8193x16 is larger than the 8192x8192 limit; refused before decoding");
    EXPECT_EQ(image_failure(arm_with_image(png_header(16, 100000), "tall")),
              "image 0 ('tall'): 16x100000 is larger than the 8192x8192 limit; refused before decoding");
    // At the limit the header passes and the decoder runs (and fails here: there are no pixels).
    EXPECT_EQ(image_failure(arm_with_image(png_header(kMaxImageSide, kMaxImageSide), "edge")),
              "image 0 ('edge'): its 8192x8192 header is readable but the pixels are not");
}

TEST(HostileContainer, ImageBufferViewPastItsBuffer) {
    // tinygltf does not bound an image's view; the importer does, before decoding.
    Glb g = arm_with_image(png_header(4, 4), "img");
    g.json["bufferViews"].back()["byteLength"] = 1u << 20;
    const size_t at = g.json["bufferViews"].back()["byteOffset"];
    EXPECT_EQ(load_error(g), "image 0 ('img'): buffer view 9 (offset " + std::to_string(at) +
                                 ", length 1048576) runs past the end of buffer 0 (" +
                                 std::to_string(g.bin.size()) + " bytes)");
}
