// The screenshot comparison: how far two renders may differ and still be the same picture.
//
// Metric: a pixel differs when any of its R, G, B, A channels differs by more than
// `channel_tolerance` (out of 255). The budget is relative to what is drawn, not to the frame: the
// footprint is every pixel that is not background in either image (or differs between them), and
// the images match when at most `max_footprint_fraction` of the footprint differs (and, when set,
// at most `max_differing_fraction` of the whole frame). Both shares are reported.
//
// Why relative to the footprint: a whole-frame share lets a small character hide anything. At
// 192x192 a finger moved by a tenth of the body stayed under 0.1% of the frame; at 640x480 Xbot's
// index finger turned 30 degrees changes 54 of 307,200 pixels (0.018% of the frame) but 0.40% of
// the 13,433 pixels the character covers.
//
// Background: a render of the same frame without the character (same camera, clear colour and
// grid), when the caller can make one: then the grid is background and the footprint is the
// character alone. Without one, the background is the expected image's most common colour (the
// clear colour in every render the project makes), and grid lines count as footprint, which
// loosens the budget by the grid's share; callers that can render the background should.
//
// Why 8/255: the goldens are rendered by Mesa's llvmpipe, deterministic for a given Mesa build;
// across builds and drivers what moves is the last bit of lighting arithmetic (a channel step or
// two) and the rasterisation of edge pixels, which the footprint budget absorbs.
#pragma once

#include <string>

#include "anim/core/expected.h"
#include "render/image.h"

namespace sv::render {

struct CompareOptions {
    int channel_tolerance = 8;              // out of 255
    double max_footprint_fraction = 0.001;  // of the footprint; why 0.1%: below
    double max_differing_fraction = 1.0;    // of all pixels; 1.0 leaves the frame share unchecked
    // A pixel differs only when no pixel within this many pixels (a square window) of it in the
    // other image is within `channel_tolerance`, looked at both ways (expected in actual, actual in
    // expected): the fuzzy matching browser pixel tests use. Why 1: re-encoded copies of one
    // character (Draco, meshopt, quantized) rendered from one pinned camera differ in ~50 of 25,000
    // footprint pixels at texture and silhouette edges, sub-pixel shifts from the encodings'
    // quantization; a turned joint moves whole runs of pixels by more than one. What it costs: a
    // change of at most one pixel in position (a line drawn one pixel over) is not seen by the
    // image; the sidecar's joints (0.2 px) still see a pose that moved. 0 is the exact rule.
    int shift_tolerance_px = 1;
};

// Why the default footprint budget is 0.1% (measured, tests/screenshot/ref_defaults): Xbot as
// `render` frames it at 640x480 covers 13,433 pixels, so the budget is 13 pixels. The same render
// repeated and the GLES render of the GL picture differ in 0 pixels on llvmpipe; an index finger
// joint turned 30 degrees differs in 54 (0.40%), a forearm turned 1 degree in 149 (1.1%): four times
// the budget at the least. With the one-pixel shift tolerance (below) they are 42 (0.32%) and 79
// (0.60%); Xbot's finger at 384x384 (tests/screenshot/characters) is the thinnest, 15 pixels of
// 8,460 (0.18%) against a budget of 8. What it costs: a driver that moves more than a dozen edge pixels of a
// character fails, and is a change to look at; what would make it wrong: a character drawn much
// smaller than its frame (a few thousand pixels), where 0.1% is a handful of pixels and a golden
// should be rendered closer instead.
struct CompareResult {
    bool match = false;
    long differing_pixels = 0;
    long total_pixels = 0;
    long footprint_pixels = 0;  // not background in either image, or differing
    int max_channel_difference = 0;
    double differing_fraction = 0.0;  // of all pixels
    double footprint_fraction = 0.0;  // differing pixels over the footprint
    RgbaImage diff;                   // differing pixels red, the footprint grey, the background near black
    std::string summary() const;
};

// Fails (as an error, not a mismatch) when the sizes differ, or when a background of another size
// is given.
Expected<CompareResult> compare_images(const RgbaImage& expected, const RgbaImage& actual,
                                       const CompareOptions& options = {},
                                       const RgbaImage* background = nullptr);

}  // namespace sv::render
