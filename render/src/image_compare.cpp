#include "render/image_compare.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace sv::render {

std::string CompareResult::summary() const {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: %ld of %ld pixels differ (%.4f%%), largest channel difference %d/255",
                  match ? "match" : "MISMATCH", differing_pixels, total_pixels, differing_fraction * 100.0,
                  max_channel_difference);
    return buf;
}

Expected<CompareResult> compare_images(const RgbaImage& expected, const RgbaImage& actual,
                                       const CompareOptions& options) {
    if (expected.width != actual.width || expected.height != actual.height)
        return make_error("image sizes differ: expected " + std::to_string(expected.width) + "x" +
                          std::to_string(expected.height) + ", actual " + std::to_string(actual.width) + "x" +
                          std::to_string(actual.height));
    CompareResult r;
    r.total_pixels = static_cast<long>(expected.width) * expected.height;
    r.diff.width = expected.width;
    r.diff.height = expected.height;
    r.diff.pixels.resize(expected.pixels.size());
    for (size_t p = 0; p < expected.pixels.size(); p += 4) {
        int worst = 0;
        for (size_t c = 0; c < 4; ++c)
            worst = std::max(worst, std::abs(int(expected.pixels[p + c]) - int(actual.pixels[p + c])));
        r.max_channel_difference = std::max(r.max_channel_difference, worst);
        std::uint8_t* d = &r.diff.pixels[p];
        if (worst > options.channel_tolerance) {
            ++r.differing_pixels;
            d[0] = 255, d[1] = 0, d[2] = 0;
        } else {
            const int grey = (expected.pixels[p] + expected.pixels[p + 1] + expected.pixels[p + 2]) / 9;
            d[0] = d[1] = d[2] = static_cast<std::uint8_t>(grey);
        }
        d[3] = 255;
    }
    r.differing_fraction = r.total_pixels ? double(r.differing_pixels) / double(r.total_pixels) : 0.0;
    r.match = r.differing_fraction <= options.max_differing_fraction;
    return r;
}

}  // namespace sv::render
