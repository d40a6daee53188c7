// The import decodes PNGs with libpng (anim/src/gltf/gltf_png.h) and everything else, and what
// libpng refuses, with stb_image. libpng must give stb's texels, byte for byte, under the rule the
// importer applied to stb (four channels, a 16-bit sample's high byte): a picture may not change
// with the decoder. The reference here is stb itself, called as the importer called it before
// libpng, on PNGs of every colour type, bit depth, tRNS and interlacing, written by libpng's
// encoder with samples whose low bytes differ from their high ones (a decoder that rounds 16 bits
// to 8 shows) and with the tRNS colour present in the picture (a decoder that ignores it shows).
//
// Built where libpng is (tests/CMakeLists.txt defines SKINVIEW_TEST_LIBPNG); a build without it
// decodes every PNG with stb and has nothing here to hold.
#include <gtest/gtest.h>

#ifdef SKINVIEW_TEST_LIBPNG
#include <png.h>
#include <stb/stb_image.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gltf_image_decode.h"
#include "gltf_png.h"

namespace {

using Bytes = std::vector<std::uint8_t>;

struct PngKind {
    std::string name;
    int colour_type;  // PNG_COLOR_TYPE_*
    int bits;
    bool trns = false;
    bool interlaced = false;
};

void append_to(png_structp p, png_bytep data, png_size_t n) {
    auto* out = static_cast<Bytes*>(png_get_io_ptr(p));
    out->insert(out->end(), data, data + n);
}

void no_flush(png_structp) {}

// A w x h PNG of `kind`, samples from a fixed generator; pixel (0, 0) is the tRNS colour (or
// index) where there is one, and so is every seventh pixel.
Bytes write_kind(const PngKind& kind, int w, int h) {
    Bytes out;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(p);
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        return {};
    }
    png_set_write_fn(p, &out, append_to, no_flush);
    png_set_IHDR(p, info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), kind.bits,
                 kind.colour_type, kind.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    const int channels = kind.colour_type == PNG_COLOR_TYPE_GRAY         ? 1
                         : kind.colour_type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
                         : kind.colour_type == PNG_COLOR_TYPE_RGB        ? 3
                         : kind.colour_type == PNG_COLOR_TYPE_RGBA       ? 4
                                                                         : 1;  // palette index
    const unsigned top = (1u << kind.bits) - 1u;
    std::uint32_t s = static_cast<std::uint32_t>(kind.colour_type * 97 + kind.bits * 13 + kind.trns * 5 + 1);
    std::vector<unsigned> samples(static_cast<size_t>(w) * h * channels);
    for (unsigned& v : samples) {
        s = s * 1664525u + 1013904223u;
        v = (s >> 8) & top;
    }
    const int colours = kind.colour_type == PNG_COLOR_TYPE_PALETTE ? static_cast<int>(top) + 1 : 0;
    for (size_t px = 0; px < static_cast<size_t>(w) * h; px += 7)
        for (int c = 0; c < channels; ++c) samples[px * channels + c] = samples[static_cast<size_t>(c)];
    png_color palette[256];
    png_byte alphas[256];
    png_color_16 trns_colour{};
    if (colours) {
        for (int i = 0; i < colours; ++i) {
            palette[i] = {static_cast<png_byte>(i * 37), static_cast<png_byte>(255 - i * 11),
                          static_cast<png_byte>(i * 5 + 3)};
            alphas[i] = static_cast<png_byte>(255 - i * 23);
        }
        png_set_PLTE(p, info, palette, colours);
    }
    if (kind.trns) {
        if (colours) {
            // Fewer alphas than colours: the rest are opaque.
            png_set_tRNS(p, info, alphas, colours > 2 ? colours / 2 : 1, nullptr);
        } else {
            trns_colour.gray = static_cast<png_uint_16>(samples[0]);
            trns_colour.red = static_cast<png_uint_16>(samples[0]);
            if (channels == 3) {
                trns_colour.green = static_cast<png_uint_16>(samples[1]);
                trns_colour.blue = static_cast<png_uint_16>(samples[2]);
            }
            png_set_tRNS(p, info, nullptr, 0, &trns_colour);
        }
    }
    png_write_info(p, info);
    if (kind.bits < 8) png_set_packing(p);
    if (kind.bits == 16) png_set_swap(p);  // the rows below are host-order (little-endian) samples
    const size_t row_samples = static_cast<size_t>(w) * channels;
    std::vector<Bytes> rows(static_cast<size_t>(h));
    std::vector<png_bytep> row_ptrs;
    for (int y = 0; y < h; ++y) {
        Bytes& row = rows[static_cast<size_t>(y)];
        for (size_t i = 0; i < row_samples; ++i) {
            const unsigned v = samples[static_cast<size_t>(y) * row_samples + i];
            if (kind.bits == 16) {
                row.push_back(static_cast<std::uint8_t>(v & 0xFF));
                row.push_back(static_cast<std::uint8_t>(v >> 8));
            } else {
                row.push_back(static_cast<std::uint8_t>(v));
            }
        }
        row_ptrs.push_back(row.data());
    }
    png_write_image(p, row_ptrs.data());
    png_write_end(p, nullptr);
    png_destroy_write_struct(&p, &info);
    return out;
}

// stb as the importer called it before libpng: four channels, 16-bit files at 16 bits and their
// high byte kept. Empty when stb cannot decode the bytes.
sv::anim::Image stb_reference(const Bytes& b) {
    sv::anim::Image im;
    const int n = static_cast<int>(b.size());
    int w = 0, h = 0, c = 0;
    if (stbi_is_16_bit_from_memory(b.data(), n)) {
        stbi_us* px = stbi_load_16_from_memory(b.data(), n, &w, &h, &c, 4);
        if (!px) return im;
        for (size_t i = 0; i < size_t(w) * h * 4; ++i)
            im.rgba.push_back(static_cast<std::uint8_t>(px[i] >> 8));
        stbi_image_free(px);
    } else {
        stbi_uc* px = stbi_load_from_memory(b.data(), n, &w, &h, &c, 4);
        if (!px) return im;
        im.rgba.assign(px, px + size_t(w) * h * 4);
        stbi_image_free(px);
    }
    im.width = w;
    im.height = h;
    return im;
}

// Where two decodes differ (size, or the first differing byte), or "".
std::string texel_difference(const sv::anim::Image& a, const sv::anim::Image& b) {
    if (a.width != b.width || a.height != b.height || a.rgba.size() != b.rgba.size())
        return std::to_string(a.width) + "x" + std::to_string(a.height) + " against " +
               std::to_string(b.width) + "x" + std::to_string(b.height);
    for (size_t i = 0; i < a.rgba.size(); ++i)
        if (a.rgba[i] != b.rgba[i])
            return "byte " + std::to_string(i) + ": " + std::to_string(a.rgba[i]) + " against " +
                   std::to_string(b.rgba[i]);
    return "";
}

std::vector<PngKind> every_kind() {
    std::vector<PngKind> v;
    for (int bits : {1, 2, 4, 8, 16}) {
        v.push_back({"grey" + std::to_string(bits), PNG_COLOR_TYPE_GRAY, bits});
        v.push_back({"grey" + std::to_string(bits) + "+tRNS", PNG_COLOR_TYPE_GRAY, bits, true});
    }
    for (int bits : {1, 2, 4, 8}) {
        v.push_back({"palette" + std::to_string(bits), PNG_COLOR_TYPE_PALETTE, bits});
        v.push_back({"palette" + std::to_string(bits) + "+tRNS", PNG_COLOR_TYPE_PALETTE, bits, true});
    }
    for (int bits : {8, 16}) {
        const std::string b = std::to_string(bits);
        v.push_back({"greyalpha" + b, PNG_COLOR_TYPE_GRAY_ALPHA, bits});
        v.push_back({"rgb" + b, PNG_COLOR_TYPE_RGB, bits});
        v.push_back({"rgb" + b + "+tRNS", PNG_COLOR_TYPE_RGB, bits, true});
        v.push_back({"rgba" + b, PNG_COLOR_TYPE_RGBA, bits});
        v.push_back({"rgba" + b + " interlaced", PNG_COLOR_TYPE_RGBA, bits, false, true});
        v.push_back({"rgb" + b + "+tRNS interlaced", PNG_COLOR_TYPE_RGB, bits, true, true});
    }
    v.push_back({"palette4+tRNS interlaced", PNG_COLOR_TYPE_PALETTE, 4, true, true});
    v.push_back({"grey2 interlaced", PNG_COLOR_TYPE_GRAY, 2, false, true});
    return v;
}

}  // namespace

TEST(PngDecoder, EveryKindOfPngGivesStbsTexels) {
    for (const PngKind& kind : every_kind()) {
        SCOPED_TRACE(kind.name);
        // 13 x 11: odd sides, so the interlaced passes are partial and a packed row ends mid-byte.
        const Bytes png = write_kind(kind, 13, 11);
        ASSERT_FALSE(png.empty());
        const sv::anim::Image ref = stb_reference(png);
        ASSERT_EQ(ref.width, 13);
        sv::anim::Image fast;
        // libpng itself read it (else the comparison below would be stb against stb).
        ASSERT_TRUE(sv::anim::gltf::decode_png_rgba8(png.data(), png.size(), fast));
        EXPECT_EQ(texel_difference(fast, ref), "");
        // And the importer's decode, which takes that path, gives the same.
        const auto d = sv::anim::gltf::decode_rgba8({png.data(), png.size(), "image 0"});
        EXPECT_EQ(d.failure, "");
        EXPECT_EQ(texel_difference(d.image, ref), "");
    }
}

TEST(PngDecoder, WhatLibpngRefusesStbStillDecodesAsBefore) {
    const Bytes good = write_kind({"rgb8", PNG_COLOR_TYPE_RGB, 8}, 16, 16);
    ASSERT_FALSE(good.empty());
    // The IDAT chunk's CRC broken: libpng refuses the file, stb never checks a CRC.
    Bytes bad_crc = good;
    size_t idat = 0;
    for (size_t i = 8; i + 8 <= bad_crc.size(); ++i)
        if (std::memcmp(&bad_crc[i + 4], "IDAT", 4) == 0) {
            idat = i;
            break;
        }
    ASSERT_NE(idat, 0u);
    const size_t length = (size_t(bad_crc[idat]) << 24) | (size_t(bad_crc[idat + 1]) << 16) |
                          (size_t(bad_crc[idat + 2]) << 8) | bad_crc[idat + 3];
    bad_crc[idat + 8 + length] ^= 0xFF;
    sv::anim::Image fast;
    EXPECT_FALSE(sv::anim::gltf::decode_png_rgba8(bad_crc.data(), bad_crc.size(), fast));
    EXPECT_TRUE(fast.rgba.empty());
    const sv::anim::Image ref = stb_reference(bad_crc);
    ASSERT_EQ(ref.width, 16) << "stb no longer reads a PNG with a broken CRC; pick another refusal";
    const auto d = sv::anim::gltf::decode_rgba8({bad_crc.data(), bad_crc.size(), "image 0"});
    EXPECT_EQ(d.failure, "");
    EXPECT_EQ(texel_difference(d.image, ref), "");
    // Cut inside the pixels: neither reads it, and the failure is the one stb's path gives.
    const Bytes cut(good.begin(), good.begin() + static_cast<long>(idat + 8 + length / 2));
    EXPECT_FALSE(sv::anim::gltf::decode_png_rgba8(cut.data(), cut.size(), fast));
    EXPECT_TRUE(stb_reference(cut).rgba.empty());
    EXPECT_EQ(sv::anim::gltf::decode_rgba8({cut.data(), cut.size(), "image 0"}).failure,
              "image 0: its 16x16 header is readable but the pixels are not");
}

TEST(PngDecoder, TheComparisonSeesOneChangedTexel) {
    // Negative control for texel_difference, which the tests above rest on.
    const Bytes png = write_kind({"rgba16", PNG_COLOR_TYPE_RGBA, 16}, 5, 4);
    sv::anim::Image a = stb_reference(png), b = a;
    ASSERT_FALSE(a.rgba.empty());
    EXPECT_EQ(texel_difference(a, b), "");
    b.rgba[33] ^= 1;
    EXPECT_EQ(texel_difference(a, b).rfind("byte 33: ", 0), 0u);
}

#endif  // SKINVIEW_TEST_LIBPNG
