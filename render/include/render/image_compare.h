// The screenshot comparison: how far two renders may differ and still be the same picture.
//
// Metric: a pixel differs when any of its R, G, B, A channels differs by more than
// `channel_tolerance` (out of 255); the images match when at most `max_differing_fraction` of
// their pixels differ. Filament's golden tests use the same shape (5/255 on at most 0.1% of pixels).
//
// Why these defaults (8/255, 0.1%): the goldens are rendered by Mesa's llvmpipe, which is
// deterministic for a given Mesa build; across builds and drivers what moves is the rasterisation
// of edge pixels and the last bit of lighting arithmetic (a channel step or two), which 8/255
// absorbs. What must never be absorbed is a joint out of place: one finger joint of the humanoid
// at 256x256 moves a few hundred pixels, well over 0.1% (65 pixels), and a test breaks one palette
// entry on purpose to hold that line.
#pragma once

#include <string>

#include "anim/expected.h"
#include "render/image.h"

namespace sv::render {

struct CompareOptions {
    int channel_tolerance = 8;              // out of 255
    double max_differing_fraction = 0.001;  // of all pixels
};

struct CompareResult {
    bool match = false;
    long differing_pixels = 0;
    long total_pixels = 0;
    int max_channel_difference = 0;
    double differing_fraction = 0.0;
    RgbaImage diff;  // differing pixels red, the rest the expected image darkened and grey
    std::string summary() const;
};

// Fails (as an error, not a mismatch) when the sizes differ.
Expected<CompareResult> compare_images(const RgbaImage& expected, const RgbaImage& actual,
                                       const CompareOptions& options = {});

}  // namespace sv::render
