// A linear RGB float image (an equirectangular environment), its Radiance .hdr round trip (stb),
// and the one mapping between directions and its pixels, which is the Khronos glTF Sample
// Renderer's: the same file and the same environment rotation give the same light in both.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::render {

struct HdrImage {
    int width = 0;
    int height = 0;
    std::vector<float> rgb;  // width * height * 3, linear, top row first

    glm::vec3 at(int x, int y) const {
        const float* p = &rgb[(static_cast<size_t>(y) * width + x) * 3];
        return {p[0], p[1], p[2]};
    }
};

// Refuses (naming the file and the reason) anything stb cannot decode, an empty image, and any
// texel that is not a finite non-negative number: a NaN would spread through every prefiltered
// texel it touches.
Expected<HdrImage> read_hdr(const std::string& path);
Status write_hdr(const std::string& path, const HdrImage& image);

// The Khronos renderer's panorama mapping (panorama_to_cubemap.frag and its cube-face layout,
// 1.1.0): u = 0.5 + atan2(d.z, d.x) / 2pi across, v = acos(d.y) / pi down from the top row, so the
// top row is straight up, the centre column (u = 0.5) is +X and u = 0.75 is +Z.
glm::vec2 equirect_uv(glm::vec3 d);
glm::vec3 equirect_direction(glm::vec2 uv);
// Bilinear, wrapping across u and clamped in v; uv as above.
glm::vec3 sample_equirect(const HdrImage& image, glm::vec2 uv);

}  // namespace sv::render
