// Images' encoded bytes into RGBA8, on a small pool of threads (private to anim/src/gltf). Apart
// from the importer's image section (gltf_image_import.cpp), which says what a failure means for
// the file, because this only answers "what are this image's texels?" and "on how many threads?".
//
// Why a pool: a file with a dozen 2048x2048 PNGs spent most of its load inflating them one after
// another on one core. Each image is decoded by the same code from the same bytes whichever thread
// takes it, and each result goes to its own slot, so the texels and the order are those of a serial
// decode for any thread count (gltf_reader's ParallelDecode.* compares every texel both ways).
// What it costs: up to `threads` images in flight at once, each with its decoder's own buffer
// beside the result (a 16-bit PNG briefly holds 12 bytes a texel), so the working set grows with
// the thread count, not with the file's image count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/gltf/import_progress.h"
#include "anim/scene/asset.h"

namespace sv::anim::gltf {

// One image's encoded bytes (not owned; null when there are none to decode) and its name as the
// messages spell it (`named("image", i, name)`).
struct EncodedImage {
    const std::uint8_t* bytes = nullptr;
    size_t size = 0;
    std::string name;
};

// What one image decoded to: the texels (Image::rgba, width * height * 4, top row first; the
// name is left to the caller) or why not, and whether the bytes were KTX2 (a format skinview
// knows and does not decode: a note, not a failure).
struct DecodedImage {
    Image image;
    std::string failure;  // empty: decoded
    bool ktx2 = false;
};

// True for a KTX2 container (its 12-byte identifier), the format of KHR_texture_basisu.
bool is_ktx2(const unsigned char* bytes, size_t size);

// The image's size read from its header and refused past kMaxImageSide before a pixel is decoded,
// then the pixels: WebP by libwebp, KTX2 refused by name, everything else by stb_image as
// tinygltf's loader did (a 16-bit image's high byte; grey, grey+alpha and RGB widened to RGBA).
DecodedImage decode_rgba8(const EncodedImage& in);

// The order the pool hands images out in: those with bytes, the largest encoded first (a proxy
// for the inflate's work), equal sizes in the file's order. Largest first so that the last image
// handed out is a small one, and a thread does not idle while the other decodes a large one at the
// end: in the file's order StainedGlassLamp's pool could end on a 2048x2048 map with the other
// thread done. What would make it wrong: a format whose work does not follow its encoded size
// (a tiny file that inflates to a huge image) is handed out late; the cost is one image's time at
// the end, what the file's order risked for every file. The results go to their own slots, so the
// texels and the report's order do not depend on it.
std::vector<size_t> decode_order(const std::vector<EncodedImage>& images);

// decode_rgba8 over every image (in decode_order), result i for image i. `threads`: 0 is one a core
// (std::thread::hardware_concurrency), never more than there are images; 1 decodes on the calling
// thread alone. A thread that cannot be started leaves its images to the others; an exception out
// of a decode (std::bad_alloc) is rethrown here, on the caller's thread, after every thread has
// stopped. `progress` (may be null): images_total set to the images with bytes, images_decoded
// counted up as each is done, and `cancel` read before each image is taken: once it is set no
// thread starts another, and the images not started are left empty with no failure (the caller
// must then drop the whole result, as the importer does).
std::vector<DecodedImage> decode_all_rgba8(const std::vector<EncodedImage>& images, unsigned threads,
                                           ImportProgress* progress = nullptr);

}  // namespace sv::anim::gltf
