#include "render/mip_chain.h"

#include <array>
#include <cmath>
#include <utility>

#include "parallel_rows.h"

namespace sv::render {

namespace {

bool power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

double srgb_to_linear(double s) { return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4); }

struct SrgbTables {
    std::array<float, 256> decode{};
    // above[c]: the linear value halfway, in sRGB code space, between codes c and c + 1. A linear
    // value encodes to the number of thresholds below it: round-to-nearest of 255 x sRGB(l),
    // without a pow per texel.
    std::array<float, 255> above{};
};

const SrgbTables& tables() {
    static const SrgbTables t = [] {
        SrgbTables s;
        for (int c = 0; c < 256; ++c)
            s.decode[static_cast<size_t>(c)] = static_cast<float>(srgb_to_linear(c / 255.0));
        for (int c = 0; c < 255; ++c)
            s.above[static_cast<size_t>(c)] = static_cast<float>(srgb_to_linear((c + 0.5) / 255.0));
        return s;
    }();
    return t;
}

std::uint8_t encode(float linear, const SrgbTables& t) {
    int lo = 0, hi = 255;  // the answer is in [lo, hi]
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (linear >= t.above[static_cast<size_t>(mid)])
            lo = mid + 1;
        else
            hi = mid;
    }
    return static_cast<std::uint8_t>(lo);
}

}  // namespace

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
