// What the tests that drive the `skinview` binary share: a scratch folder per test, text files
// written into it (settings, suites), a uniform-colour .hdr sky, and the count of pixels two PNGs
// differ in (any of R, G, B, A; -1 when either is unreadable or the sizes differ, so a missing
// image never reads as "identical").
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "render/hdr_image.h"
#include "render/image.h"
#include "test_paths.h"

namespace sv::test {

// output_dir()/group/name, emptied: ctest runs a file's tests as parallel processes, so each test
// names its own.
inline std::filesystem::path scratch_dir(const std::string& group, const std::string& name) {
    const std::filesystem::path d = output_dir() / group / name;
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

inline std::string write_text(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p) << text;
    return p.string();
}

// A 32 x 16 sky of one linear colour: an environment whose light shows plainly in a picture.
inline std::string write_uniform_sky(const std::filesystem::path& p, float r, float g, float b) {
    render::HdrImage img;
    img.width = 32, img.height = 16;
    for (int i = 0; i < img.width * img.height; ++i) img.rgb.insert(img.rgb.end(), {r, g, b});
    if (!render::write_hdr(p.string(), img).ok()) return {};
    return p.string();
}

inline long differing_png_pixels(const std::string& a, const std::string& b) {
    auto x = render::read_png(a), y = render::read_png(b);
    if (!x || !y || x->width != y->width || x->height != y->height) return -1;
    long n = 0;
    for (size_t i = 0; i + 3 < x->pixels.size(); i += 4)
        n += x->pixels[i] != y->pixels[i] || x->pixels[i + 1] != y->pixels[i + 1] ||
             x->pixels[i + 2] != y->pixels[i + 2] || x->pixels[i + 3] != y->pixels[i + 3];
    return n;
}

}  // namespace sv::test
