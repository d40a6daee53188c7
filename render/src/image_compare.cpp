#include "render/image_compare.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace sv::render {

std::string CompareResult::summary() const {
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "%s: %ld of %ld footprint pixels differ (%.4f%% of the footprint), %ld of %ld in the frame "
                  "(%.4f%%), largest channel difference %d/255",
                  match ? "match" : "MISMATCH", differing_pixels, footprint_pixels,
                  footprint_fraction * 100.0, differing_pixels, total_pixels, differing_fraction * 100.0,
                  max_channel_difference);
    return buf;
}

namespace {

std::string size_text(const RgbaImage& i) { return std::to_string(i.width) + "x" + std::to_string(i.height); }

int worst_channel(const std::uint8_t* a, const std::uint8_t* b) {
    int worst = 0;
    for (int c = 0; c < 4; ++c) worst = std::max(worst, std::abs(int(a[c]) - int(b[c])));
    return worst;
}

// The expected image's most common colour: the clear colour in every render the project makes.
std::uint32_t most_common_colour(const RgbaImage& img) {
    std::unordered_map<std::uint32_t, long> counts;
    std::uint32_t best = 0;
    long best_count = -1;
    for (size_t p = 0; p < img.pixels.size(); p += 4) {
        std::uint32_t c;
        std::memcpy(&c, &img.pixels[p], 4);
        const long n = ++counts[c];
        if (n > best_count) best = c, best_count = n;
    }
    return best;
}

// True when pixel (x, y) of `from` has a pixel within `radius` (a square window) in `in` that is
// within `tol` in every channel.
bool matched_nearby(const RgbaImage& from, const RgbaImage& in, int x, int y, int radius, int tol) {
    const std::uint8_t* f = &from.pixels[(static_cast<size_t>(y) * from.width + x) * 4];
    for (int dy = -radius; dy <= radius; ++dy) {
        const int yy = y + dy;
        if (yy < 0 || yy >= in.height) continue;
        for (int dx = -radius; dx <= radius; ++dx) {
            const int xx = x + dx;
            if (xx < 0 || xx >= in.width) continue;
            if (worst_channel(f, &in.pixels[(static_cast<size_t>(yy) * in.width + xx) * 4]) <= tol)
                return true;
        }
    }
    return false;
}

}  // namespace

Expected<CompareResult> compare_images(const RgbaImage& expected, const RgbaImage& actual,
                                       const CompareOptions& options, const RgbaImage* background) {
    if (expected.width != actual.width || expected.height != actual.height)
        return make_error("image sizes differ: expected " + size_text(expected) + ", actual " +
                          size_text(actual));
    if (background && (background->width != expected.width || background->height != expected.height))
        return make_error("background size " + size_text(*background) + " differs from the images' " +
                          size_text(expected));
    std::uint8_t flat[4];
    if (!background) {
        const std::uint32_t c = most_common_colour(expected);
        std::memcpy(flat, &c, 4);
    }
    CompareResult r;
    r.total_pixels = static_cast<long>(expected.width) * expected.height;
    r.diff.width = expected.width;
    r.diff.height = expected.height;
    r.diff.pixels.resize(expected.pixels.size());
    const int tol = options.channel_tolerance;
    const int radius = std::max(0, options.shift_tolerance_px);
    for (size_t p = 0; p < expected.pixels.size(); p += 4) {
        const std::uint8_t* e = &expected.pixels[p];
        const std::uint8_t* a = &actual.pixels[p];
        const std::uint8_t* bg = background ? &background->pixels[p] : flat;
        const int worst = worst_channel(e, a);
        r.max_channel_difference = std::max(r.max_channel_difference, worst);
        // Both ways: an edge that moved by a pixel finds itself next door in either image, while a
        // pixel that appears in one image only (a limb where the other had floor) finds no match in
        // the other's window, whichever image it is in.
        const int x = static_cast<int>((p / 4) % static_cast<size_t>(expected.width));
        const int y = static_cast<int>((p / 4) / static_cast<size_t>(expected.width));
        const bool differs =
            worst > tol && (radius == 0 || !matched_nearby(expected, actual, x, y, radius, tol) ||
                            !matched_nearby(actual, expected, x, y, radius, tol));
        const bool footprint = differs || worst_channel(e, bg) > tol || worst_channel(a, bg) > tol;
        std::uint8_t* d = &r.diff.pixels[p];
        if (differs) {
            ++r.differing_pixels;
            d[0] = 255, d[1] = 0, d[2] = 0;
        } else {
            // The footprint in the expected image's grey, lifted so it reads against the background.
            const int grey = (e[0] + e[1] + e[2]) / 3;
            d[0] = d[1] = d[2] = static_cast<std::uint8_t>(footprint ? 60 + grey / 2 : grey / 6);
        }
        if (footprint) ++r.footprint_pixels;
        d[3] = 255;
    }
    r.differing_fraction = r.total_pixels ? double(r.differing_pixels) / double(r.total_pixels) : 0.0;
    r.footprint_fraction = r.footprint_pixels ? double(r.differing_pixels) / double(r.footprint_pixels) : 0.0;
    r.match = r.footprint_fraction <= options.max_footprint_fraction &&
              r.differing_fraction <= options.max_differing_fraction;
    return r;
}

}  // namespace sv::render
