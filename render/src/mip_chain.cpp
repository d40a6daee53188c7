#include "render/mip_chain.h"

#include <array>
#include <cmath>
#include <cstring>
#include <utility>

#include "parallel_rows.h"

namespace sv::render {

namespace {

bool power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

double srgb_to_linear(double s) { return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4); }

struct SrgbTables {
    std::array<float, 256> decode{};
    // above[c]: the linear value halfway, in sRGB code space, between codes c and c + 1. A linear
    // value encodes to the number of thresholds at or below it: round-to-nearest of 255 x sRGB(l),
    // without a pow per texel.
    std::array<float, 255> above{};
    // first[b]: the code of the smallest non-negative float whose top 16 bits are b, for the
    // floats up to 1.0 (0x3F80'0000). A float's code is at least its bucket's, and the thresholds
    // above it are walked from there. The same answer as counting the thresholds by a binary
    // search (what this replaced: 8 dependent compares a channel, a third of a 2048x2048 sRGB
    // level's time), because it ends on the same test, linear >= above[c]; the bucket only picks
    // where to start, a step or two below at most (a bucket is 2^-7 of its value wide, about one
    // code where the curve is steepest). Costs 16 KiB of table.
    std::array<std::uint8_t, (0x3F80'0000u >> 16) + 1> first{};
};

std::uint8_t count_thresholds(float linear, const std::array<float, 255>& above) {
    int lo = 0, hi = 255;  // the answer is in [lo, hi]
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (linear >= above[static_cast<size_t>(mid)])
            lo = mid + 1;
        else
            hi = mid;
    }
    return static_cast<std::uint8_t>(lo);
}

const SrgbTables& tables() {
    static const SrgbTables t = [] {
        SrgbTables s;
        for (int c = 0; c < 256; ++c)
            s.decode[static_cast<size_t>(c)] = static_cast<float>(srgb_to_linear(c / 255.0));
        for (int c = 0; c < 255; ++c)
            s.above[static_cast<size_t>(c)] = static_cast<float>(srgb_to_linear((c + 0.5) / 255.0));
        for (std::uint32_t b = 0; b < s.first.size(); ++b) {
            float f = 0;
            const std::uint32_t bits = b << 16;
            std::memcpy(&f, &bits, sizeof f);
            s.first[b] = count_thresholds(f, s.above);
        }
        return s;
    }();
    return t;
}

std::uint8_t encode(float linear, const SrgbTables& t) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &linear, sizeof bits);
    // Negative values (sign bit set), NaN and anything above 1.0 fall outside the table: the
    // search answers them (0 below every threshold, 255 above them all; NaN compares false: 0).
    if (bits > 0x3F80'0000u) return count_thresholds(linear, t.above);
    int c = t.first[bits >> 16];
    while (c < 255 && linear >= t.above[static_cast<size_t>(c)]) ++c;
    return static_cast<std::uint8_t>(c);
}

}  // namespace

std::uint8_t linear_to_srgb8(float linear) { return encode(linear, tables()); }

MipLevel next_mip_level(const std::uint8_t* src, int sw, int sh, bool srgb) {
    MipLevel l;
    if (!power_of_two(sw) || !power_of_two(sh) || (sw == 1 && sh == 1)) return l;
    const SrgbTables& t = tables();
    l.width = sw > 1 ? sw / 2 : 1;
    l.height = sh > 1 ? sh / 2 : 1;
    l.rgba.resize(static_cast<size_t>(l.width) * l.height * 4);
    // Parents of (x, y): columns 2x and 2x + 1 (or x alone on a side of 1), rows likewise.
    const int dx = sw > 1 ? 1 : 0, dy = sh > 1 ? 1 : 0;
    const auto row = [&](int y) {
        for (int x = 0; x < l.width; ++x) {
            const int x0 = x * (dx + 1), y0 = y * (dy + 1);
            const std::uint8_t* p[4] = {src + (static_cast<size_t>(y0) * sw + x0) * 4,
                                        src + (static_cast<size_t>(y0) * sw + x0 + dx) * 4,
                                        src + (static_cast<size_t>(y0 + dy) * sw + x0) * 4,
                                        src + (static_cast<size_t>(y0 + dy) * sw + x0 + dx) * 4};
            std::uint8_t* out = &l.rgba[(static_cast<size_t>(y) * l.width + x) * 4];
            // With a side of 1 the same parent is listed twice: the mean of 2 or 4 is unchanged.
            for (int c = 0; c < 4; ++c) {
                if (srgb && c < 3) {
                    const float sum =
                        t.decode[p[0][c]] + t.decode[p[1][c]] + t.decode[p[2][c]] + t.decode[p[3][c]];
                    out[c] = encode(sum * 0.25f, t);
                } else {
                    const int sum = p[0][c] + p[1][c] + p[2][c] + p[3][c];
                    out[c] = static_cast<std::uint8_t>((sum + 2) / 4);  // round half up
                }
            }
        }
    };
    // Rows on every core where a level is large enough to pay for the threads (a 2048x2048 sRGB
    // level 1 is a million texels of table look-ups); each row writes only its own texels, so the
    // level is the same bits for any thread count.
    if (static_cast<long>(l.width) * l.height >= 64L * 1024)
        detail::for_each_row(l.height, row);
    else
        for (int y = 0; y < l.height; ++y) row(y);
    return l;
}

std::vector<MipLevel> box_mip_chain(const std::uint8_t* rgba, int width, int height, bool srgb) {
    std::vector<MipLevel> levels;
    const std::uint8_t* src = rgba;
    int sw = width, sh = height;
    for (;;) {
        MipLevel l = next_mip_level(src, sw, sh, srgb);
        if (l.rgba.empty()) break;
        levels.push_back(std::move(l));
        src = levels.back().rgba.data();
        sw = levels.back().width;
        sh = levels.back().height;
    }
    return levels;
}

}  // namespace sv::render
