// The images of a file are decoded on a small pool (anim/src/gltf/gltf_image_decode.h): the same
// texels as one thread gives, in the file's order, and a failing image named as before. The
// expected texels come from PNGs this file writes by hand (stored deflate blocks, no compressor),
// so what each sample should widen to is known from what was written, not from a decoder: 8-bit
// and 16-bit (its high byte), grey and grey+alpha fanned out, RGB given an opaque alpha. That is
// what the import did before the pool (tinygltf's stb loader asked for four channels, and the
// importer kept a 16-bit sample's high byte).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "gltf_image_decode.h"
#include "model_files.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

void put_be32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}

std::uint32_t crc32(const std::uint8_t* p, size_t n) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; ++i) {
        c ^= p[i];
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return c ^ 0xFFFFFFFFu;
}

void chunk(std::vector<std::uint8_t>& png, const char* type, const std::vector<std::uint8_t>& data) {
    put_be32(png, static_cast<std::uint32_t>(data.size()));
    std::vector<std::uint8_t> body(type, type + 4);
    body.insert(body.end(), data.begin(), data.end());
    png.insert(png.end(), body.begin(), body.end());
    put_be32(png, crc32(body.data(), body.size()));
}

// A PNG of `channels` samples a texel (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) of `bits` (8 or 16),
// samples[(y * w + x) * channels + c] each below 2^bits, in one zlib stream of stored blocks.
std::vector<std::uint8_t> write_png(int w, int h, int channels, int bits, const std::vector<int>& samples) {
    std::vector<std::uint8_t> raw;
    for (int y = 0; y < h; ++y) {
        raw.push_back(0);  // filter: none
        for (int i = 0; i < w * channels; ++i) {
            const int v = samples[static_cast<size_t>(y * w * channels + i)];
            if (bits == 16) raw.push_back(static_cast<std::uint8_t>(v >> 8));
            raw.push_back(static_cast<std::uint8_t>(v & 0xFF));
        }
    }
    std::vector<std::uint8_t> z = {0x78, 0x01};
    for (size_t at = 0; at < raw.size() || at == 0;) {
        const size_t n = std::min<size_t>(65535, raw.size() - at);
        z.push_back(at + n == raw.size() ? 1 : 0);
        z.push_back(static_cast<std::uint8_t>(n & 0xFF));
        z.push_back(static_cast<std::uint8_t>(n >> 8));
        z.push_back(static_cast<std::uint8_t>(~n & 0xFF));
        z.push_back(static_cast<std::uint8_t>((~n >> 8) & 0xFF));
        z.insert(z.end(), raw.begin() + static_cast<long>(at), raw.begin() + static_cast<long>(at + n));
        at += n;
        if (n == 0) break;
    }
    std::uint32_t a = 1, b = 0;
    for (std::uint8_t c : raw) {
        a = (a + c) % 65521u;
        b = (b + a) % 65521u;
    }
    put_be32(z, (b << 16) | a);
    static const int colour_type[5] = {0, 0, 4, 2, 6};
    std::vector<std::uint8_t> ihdr;
    put_be32(ihdr, static_cast<std::uint32_t>(w));
    put_be32(ihdr, static_cast<std::uint32_t>(h));
    ihdr.insert(ihdr.end(),
                {static_cast<std::uint8_t>(bits), static_cast<std::uint8_t>(colour_type[channels]), 0, 0, 0});
    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    chunk(png, "IHDR", ihdr);
    chunk(png, "IDAT", z);
    chunk(png, "IEND", {});
    return png;
}

std::string base64(const std::vector<std::uint8_t>& in) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < in.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t(in[i]) << 16) |
                                (i + 1 < in.size() ? std::uint32_t(in[i + 1]) << 8 : 0) |
                                (i + 2 < in.size() ? std::uint32_t(in[i + 2]) : 0);
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += i + 1 < in.size() ? k[(v >> 6) & 63] : '=';
        out += i + 2 < in.size() ? k[v & 63] : '=';
    }
    return out;
}

struct TestImage {
    std::string name;
    std::vector<std::uint8_t> bytes;
    bool data_uri = false;           // else a buffer view: the two paths bytes take to the pool
    std::vector<std::uint8_t> rgba;  // the texels it must widen to; empty for one that cannot decode
    int w = 0, h = 0;
};

// An image of made-up samples, and the RGBA8 it must become: a 16-bit sample's high byte, grey
// fanned out to R, G and B, alpha 255 where the file has none.
TestImage made_image(const std::string& name, int w, int h, int channels, int bits, bool data_uri,
                     unsigned seed) {
    std::vector<int> samples(static_cast<size_t>(w * h * channels));
    std::uint32_t s = seed * 2654435761u + 1;
    for (int& v : samples) {
        s = s * 1664525u + 1013904223u;
        v = static_cast<int>(s >> (32 - bits));
    }
    TestImage t{name, write_png(w, h, channels, bits, samples), data_uri, {}, w, h};
    for (int p = 0; p < w * h; ++p) {
        const auto at = [&](int c) { return samples[static_cast<size_t>(p * channels + c)] >> (bits - 8); };
        const int grey = at(0);
        const std::array<int, 4> px = channels == 1   ? std::array<int, 4>{grey, grey, grey, 255}
                                      : channels == 2 ? std::array<int, 4>{grey, grey, grey, at(1)}
                                      : channels == 3 ? std::array<int, 4>{at(0), at(1), at(2), 255}
                                                      : std::array<int, 4>{at(0), at(1), at(2), at(3)};
        for (int v : px) t.rgba.push_back(static_cast<std::uint8_t>(v));
    }
    return t;
}

TestImage junk(const std::string& name) {
    const std::string text = "not an image, " + name;
    return {name, {text.begin(), text.end()}, false, {}, 0, 0};
}

std::vector<TestImage> many_formats() {
    std::vector<TestImage> v = {
        made_image("rgba8", 5, 3, 4, 8, true, 1),
        made_image("rgb8", 4, 4, 3, 8, false, 2),
        made_image("grey8", 3, 7, 1, 8, true, 3),
        made_image("greyalpha8", 6, 2, 2, 8, false, 4),
        made_image("rgb16", 4, 3, 3, 16, true, 5),
        made_image("greyalpha16", 3, 3, 2, 16, false, 6),
        junk("junk"),
        made_image("rgba16", 2, 5, 4, 16, true, 7),
        made_image("big", 300, 200, 3, 8, false, 8),
        junk("junk2"),
        made_image("grey16", 7, 1, 1, 16, true, 9),
    };
    return v;
}

// The arm with `images` as its images (data URIs or buffer views), each with a texture.
std::vector<std::uint8_t> arm_with(const std::vector<TestImage>& images) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["images"] = nlohmann::json::array();
    g.json["textures"] = nlohmann::json::array();
    for (const TestImage& t : images) {
        if (t.data_uri) {
            g.json["images"].push_back(
                {{"uri", "data:image/png;base64," + base64(t.bytes)}, {"name", t.name}});
        } else {
            while (g.bin.size() % 4) g.bin.push_back(0);
            const size_t at = g.bin.size();
            g.bin.insert(g.bin.end(), t.bytes.begin(), t.bytes.end());
            g.json["bufferViews"].push_back(
                {{"buffer", 0}, {"byteOffset", at}, {"byteLength", t.bytes.size()}});
            g.json["images"].push_back({{"bufferView", g.json["bufferViews"].size() - 1},
                                        {"mimeType", "image/png"},
                                        {"name", t.name}});
        }
        g.json["textures"].push_back({{"source", g.json["images"].size() - 1}});
    }
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
    return g.pack();
}

Asset load(const std::vector<std::uint8_t>& glb, unsigned threads) {
    ImportOptions o;
    o.decode_threads = threads;
    auto a = load_gltf_from_memory(glb, "", true, o);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? std::move(*a) : Asset{};
}

// Where two imports' images differ (count, name, size, a texel, the failures), or "".
std::string image_difference(const Asset& a, const Asset& b) {
    if (a.images.size() != b.images.size())
        return std::to_string(a.images.size()) + " images against " + std::to_string(b.images.size());
    for (size_t i = 0; i < a.images.size(); ++i) {
        const Image& x = a.images[i];
        const Image& y = b.images[i];
        if (x.name != y.name || x.width != y.width || x.height != y.height || x.rgba.size() != y.rgba.size())
            return "image " + std::to_string(i) + ": name or size";
        for (size_t k = 0; k < x.rgba.size(); ++k)
            if (x.rgba[k] != y.rgba[k]) return "image " + std::to_string(i) + ": byte " + std::to_string(k);
    }
    if (a.image_failures != b.image_failures) return "the failures";
    if (a.report != b.report) return "the report";
    return "";
}

}  // namespace

TEST(ParallelDecode, EveryFormatWidensToTheTexelsWrittenOnOneThreadAndMany) {
    const std::vector<TestImage> images = many_formats();
    const std::vector<std::uint8_t> glb = arm_with(images);
    for (unsigned threads : {1u, 4u}) {
        const Asset a = load(glb, threads);
        ASSERT_EQ(a.images.size(), images.size()) << threads << " threads";
        for (size_t i = 0; i < images.size(); ++i) {
            SCOPED_TRACE(images[i].name + ", " + std::to_string(threads) + " threads");
            EXPECT_EQ(a.images[i].name, images[i].name);
            EXPECT_EQ(a.images[i].width, images[i].w);
            EXPECT_EQ(a.images[i].height, images[i].h);
            EXPECT_TRUE(a.images[i].rgba == images[i].rgba);
        }
    }
}

TEST(ParallelDecode, FailingImagesAreNamedInTheFilesOrder) {
    const Asset a = load(arm_with(many_formats()), 4);
    const std::string why = ": is not an image (no PNG, JPEG, BMP, GIF, TGA, PSD, HDR or PNM header)";
    EXPECT_EQ(a.image_failures,
              (std::vector<std::string>{"image 6 ('junk')" + why, "image 9 ('junk2')" + why}));
}

TEST(ParallelDecode, OneThreadAndManyGiveTheSameImagesOfAKhronosFile) {
    const std::string path =
        (sv::test::khronos_models() / "SheenChair" / "glTF" / "SheenChair.gltf").string();
    ImportOptions one, many;
    one.decode_threads = 1;
    many.decode_threads = 4;
    auto a = load_gltf(path, one);
    auto b = load_gltf(path, many);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_TRUE(b.ok()) << b.error().message;
    ASSERT_EQ(a->images.size(), 7u);
    for (const Image& im : a->images) EXPECT_GT(im.width, 0) << im.name << " did not decode";
    EXPECT_EQ(image_difference(*a, *b), "");
    // Negative control: one texel changed is found, so the comparison above could have failed.
    Asset changed = std::move(*b);
    changed.images[6].rgba[changed.images[6].rgba.size() / 2] ^= 1;
    EXPECT_EQ(image_difference(*a, changed).rfind("image 6: byte ", 0), 0u);
}

// The pool takes the largest encoded image first and ties in the file's order, so it does not end on
// a large image with one thread idle; images with no bytes are not handed out. The sizes here are
// the encoded byte counts the order is of.
TEST(ParallelDecode, ThePoolTakesTheLargestImageFirst) {
    const std::uint8_t byte = 0;
    const auto image = [&](size_t size) {
        gltf::EncodedImage e;
        e.bytes = size ? &byte : nullptr;
        e.size = size;
        return e;
    };
    const std::vector<gltf::EncodedImage> images = {image(10), image(30), image(0), image(30), image(20)};
    EXPECT_EQ(gltf::decode_order(images), (std::vector<size_t>{1, 3, 4, 0}));
    // Control: the file's order, which the pool used before, is not what it does now.
    EXPECT_NE(gltf::decode_order(images), (std::vector<size_t>{0, 1, 3, 4}));
}
