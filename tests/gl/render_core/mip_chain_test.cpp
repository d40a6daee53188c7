// render/mip_chain.h: the CPU mip chain that replaced glGenerateMipmap for power-of-two textures.
// Every texel of every level of random images is held against the chain recomputed here in double
// (each level from the 8-bit level above it, as documented: sRGB colour decoded with the
// specification's pow formula, averaged, encoded and rounded to nearest; alpha and linear textures
// averaged and rounded half up), and a worked case against numbers written out by hand. Negative
// control: averaging sRGB codes as stored (the mistake a fast path makes) misses the worked case.
#include "render/mip_chain.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace {

using sv::render::box_mip_chain;

double decode_exact(double s) { return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4); }
double decode(int c) { return decode_exact(c / 255.0); }
double encode(double l) {
    return 255.0 * (l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055);
}

// One level from the one above, in double; `near_half` marks the bytes whose exact value lies
// within 1e-4 of a code boundary (where float and double may round apart), byte for byte, so a
// wrong byte elsewhere (a row left unwritten) cannot hide behind the boundary cases' count.
std::vector<std::uint8_t> reference_level(const std::vector<std::uint8_t>& src, int sw, int sh, bool srgb,
                                          std::vector<bool>& near_half) {
    const int w = sw > 1 ? sw / 2 : 1, h = sh > 1 ? sh / 2 : 1;
    std::vector<std::uint8_t> out(static_cast<size_t>(w) * h * 4);
    near_half.assign(out.size(), false);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 4; ++c) {
                std::vector<int> parents;
                for (int py : {sh > 1 ? 2 * y : y, sh > 1 ? 2 * y + 1 : y})
                    for (int px : {sw > 1 ? 2 * x : x, sw > 1 ? 2 * x + 1 : x})
                        parents.push_back(src[(static_cast<size_t>(py) * sw + px) * 4 + c]);
                double v = 0;
                if (srgb && c < 3) {
                    for (int p : parents) v += decode(p) / 4.0;
                    v = encode(v);
                } else {
                    for (int p : parents) v += p / 4.0;
                }
                if (std::abs(v - std::floor(v) - 0.5) < 1e-4)
                    near_half[(static_cast<size_t>(y) * w + x) * 4 + c] = true;
                out[(static_cast<size_t>(y) * w + x) * 4 + c] =
                    static_cast<std::uint8_t>(std::floor(v + 0.5));
            }
    return out;
}

TEST(MipChain, AWorkedCase) {
    // 2x2, red 0 and 255 on a diagonal: linear mean 0.5, sRGB 1.055 x 0.5^(1/2.4) - 0.055 =
    // 0.735357, x 255 = 187.52, code 188. Alpha 0, 255, 255, 0: mean 127.5, half up: 128.
    const std::vector<std::uint8_t> img = {0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0};
    const auto srgb = box_mip_chain(img.data(), 2, 2, true);
    ASSERT_EQ(srgb.size(), 1u);
    EXPECT_EQ(srgb[0].width, 1);
    EXPECT_EQ(srgb[0].rgba[0], 188);
    EXPECT_EQ(srgb[0].rgba[3], 128);
    // A linear texture averages the codes: 127.5 rounds to 128.
    EXPECT_EQ(box_mip_chain(img.data(), 2, 2, false)[0].rgba[0], 128);
    // Negative control: the codes averaged as stored, the sRGB texture's mistake, give 128, not 188.
    EXPECT_NE(128, srgb[0].rgba[0]);
}

TEST(MipChain, EveryTexelOfEveryLevelMatchesTheDoubleChain) {
    std::mt19937 rng(12345);
    for (auto [w, h] : {std::pair{64, 16}, std::pair{16, 64}, std::pair{1, 8}, std::pair{8, 1},
                        std::pair{32, 32}, std::pair{1024, 512}})
        for (bool srgb : {true, false}) {
            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + (srgb ? " srgb" : " linear"));
            std::vector<std::uint8_t> img(static_cast<size_t>(w) * h * 4);
            for (auto& b : img) b = static_cast<std::uint8_t>(rng() & 255);
            const auto levels = box_mip_chain(img.data(), w, h, srgb);
            std::vector<std::uint8_t> src = img;
            int sw = w, sh = h, mismatched = 0, level = 0;
            std::vector<bool> near_half;
            while (sw > 1 || sh > 1) {
                ASSERT_LT(static_cast<size_t>(level), levels.size());
                const auto want = reference_level(src, sw, sh, srgb, near_half);
                const auto& got = levels[static_cast<size_t>(level)];
                ASSERT_EQ(got.rgba.size(), want.size());
                for (size_t i = 0; i < want.size(); ++i)
                    mismatched += got.rgba[i] != want[i] && !near_half[i];
                // The next level from the chain's own level, as the chain makes it.
                src = got.rgba;
                sw = got.width, sh = got.height, ++level;
            }
            EXPECT_EQ(static_cast<size_t>(level), levels.size());
            EXPECT_EQ(levels.back().width, 1);
            EXPECT_EQ(levels.back().height, 1);
            // Exact everywhere but where the exact value sits on a rounding boundary.
            EXPECT_EQ(mismatched, 0);
        }
}

// The sRGB encode the chain uses (a table picks where to start counting thresholds) against the
// count it replaced, a binary search over the same float thresholds, rebuilt here from the same
// formula: on both sides of every threshold (the only places the answer changes), and on every
// 61st float from 0 to past 1. The same code for every float means the same levels, bit for bit,
// as before the table.
std::uint8_t searched(float l, const std::vector<float>& above) {
    int lo = 0, hi = 255;
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (l >= above[static_cast<size_t>(mid)])
            lo = mid + 1;
        else
            hi = mid;
    }
    return static_cast<std::uint8_t>(lo);
}

TEST(MipChain, TheSrgbEncodeIsTheThresholdCountForEveryFloat) {
    std::vector<float> above;
    for (int c = 0; c < 255; ++c) above.push_back(static_cast<float>(decode_exact((c + 0.5) / 255.0)));
    for (int c = 0; c < 255; ++c) {
        const float t = above[static_cast<size_t>(c)];
        EXPECT_EQ(sv::render::linear_to_srgb8(t), c + 1) << "at threshold " << c;
        EXPECT_EQ(sv::render::linear_to_srgb8(std::nextafter(t, 0.0f)), c) << "below threshold " << c;
    }
    int differ = 0;
    for (std::uint32_t bits = 0; bits <= 0x3F90'0000u; bits += 61) {
        float l = 0;
        std::memcpy(&l, &bits, sizeof l);
        differ += sv::render::linear_to_srgb8(l) != searched(l, above);
    }
    EXPECT_EQ(differ, 0);
    EXPECT_EQ(sv::render::linear_to_srgb8(-0.5f), 0);
    EXPECT_EQ(sv::render::linear_to_srgb8(2.0f), 255);
    EXPECT_EQ(sv::render::linear_to_srgb8(std::nanf("")), 0);
    // Negative control: the search itself sees a threshold move by one float.
    std::vector<float> moved = above;
    moved[100] = std::nextafter(moved[100], 1.0f);
    EXPECT_NE(searched(above[100], moved), searched(above[100], above));
}

TEST(MipChain, OtherSizesAreLeftToTheDriver) {
    const std::vector<std::uint8_t> img(3 * 4 * 4, 7);
    EXPECT_TRUE(box_mip_chain(img.data(), 3, 4, true).empty());
    EXPECT_TRUE(box_mip_chain(img.data(), 1, 1, true).empty());
}

}  // namespace
