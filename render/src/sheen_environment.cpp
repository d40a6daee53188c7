#include "render/sheen_environment.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "parallel_rows.h"
#include "render/brdf.h"
#include "render/environment.h"
#include "render/float_texture.h"

namespace sv::render {

namespace {

using brdf::kPi;

// The lat-long convention of environment.cpp (u along azimuth from -Z, v from the zenith), so one
// shader look-up serves both atlases.
glm::vec3 latlong_direction(float u, float v) {
    const float phi = (u - 0.5f) * 2.0f * kPi, theta = v * kPi;
    return {std::sin(theta) * std::sin(phi), std::cos(theta), -std::sin(theta) * std::cos(phi)};
}

}  // namespace

std::vector<float> compute_sheen_albedo_table() {
    const int n = SheenEnvironmentData::kLutSize;
    std::vector<float> t(static_cast<size_t>(n * n));
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            t[static_cast<size_t>(y * n + x)] = brdf::sheen_albedo((x + 0.5f) / n, (y + 0.5f) / n, 32);
    return t;
}

std::vector<float> compute_sky_sheen_atlas() {
    SheenEnvironmentData e;  // its atlas, filled below
    const int w = SheenEnvironmentData::kWidth, h = SheenEnvironmentData::kHeight;
    const int levels = SheenEnvironmentData::kLevels;
    e.atlas.assign(static_cast<size_t>(w * h * levels * 4), 1.0f);
    std::vector<std::array<float, brdf::kSheenThetaCells>> weights;
    for (int k = 0; k < levels; ++k)
        weights.push_back(brdf::sheen_lobe_weights(float(k) / float(levels - 1)));
    detail::for_each_row(levels * h, [&](int row) {
        const int k = row / h, y = row % h;
        for (int x = 0; x < w; ++x) {
            const glm::vec3 d = latlong_direction((x + 0.5f) / w, (y + 0.5f) / h);
            const glm::vec3 c = brdf::sheen_prefilter(sky_radiance, d, weights[static_cast<size_t>(k)]);
            float* px = &e.atlas[static_cast<size_t>(((k * h + y) * w + x) * 4)];
            px[0] = c.r, px[1] = c.g, px[2] = c.b;
        }
    });
    return e.atlas;
}

Expected<SheenEnvironment> SheenEnvironment::create() { return create(sheen_environment_data()); }

Expected<SheenEnvironment> SheenEnvironment::create(const SheenEnvironmentData& d) {
    SheenEnvironment e;
    // An image's data carries no albedo of its own: E is the BRDF's, whatever the light.
    const std::vector<float>& albedo = d.albedo.empty() ? sheen_albedo_table() : d.albedo;
    e.atlas_ = make_filtered_half_texture(4, SheenEnvironmentData::kWidth,
                                          SheenEnvironmentData::kHeight * SheenEnvironmentData::kLevels,
                                          d.atlas.data(), GL_REPEAT);
    e.albedo_ = make_filtered_half_texture(1, SheenEnvironmentData::kLutSize, SheenEnvironmentData::kLutSize,
                                           albedo.data(), GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    if (!e.atlas_ || !e.albedo_)
        return make_error("sheen environment textures: the driver refused a half-float texture");
    return e;
}

}  // namespace sv::render
