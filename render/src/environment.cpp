#include "render/environment.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "parallel_rows.h"
#include "render/brdf.h"
#include "render/float_texture.h"

namespace sv::render {

namespace {

using brdf::kPi;

glm::vec3 latlong_direction(float u, float v) {
    const float phi = (u - 0.5f) * 2.0f * kPi, theta = v * kPi;
    return {std::sin(theta) * std::sin(phi), std::cos(theta), -std::sin(theta) * std::cos(phi)};
}

std::array<float, 9> sh_basis(glm::vec3 d) {
    return {0.282095f,
            0.488603f * d.y,
            0.488603f * d.z,
            0.488603f * d.x,
            1.092548f * d.x * d.y,
            1.092548f * d.y * d.z,
            0.315392f * (3.0f * d.z * d.z - 1.0f),
            1.092548f * d.x * d.z,
            0.546274f * (d.x * d.x - d.y * d.y)};
}

// Prefilters along reflection r for one roughness with N = V = R (Karis's split-sum assumption,
// which loses the stretched lobe at grazing angles; that is the split sum's known cost).
glm::vec3 prefilter(const RadianceSource& source, glm::vec3 r, float roughness, std::uint32_t samples,
                    float texel_solid_angle) {
    // The mirror band reads the source blurred to its own texel, so a large image is not
    // point-sampled (aliased) into the small atlas.
    if (roughness <= 0.0f) return source(r, texel_solid_angle);
    const glm::vec3 up = std::abs(r.z) < 0.999f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
    const glm::vec3 tx = glm::normalize(glm::cross(up, r)), ty = glm::cross(r, tx);
    const float alpha = roughness * roughness;
    glm::vec3 sum(0.0f);
    float weight = 0.0f;
    for (std::uint32_t i = 0; i < samples; ++i) {
        const glm::vec3 hl = brdf::sample_ggx(brdf::hammersley(i, samples), alpha);
        const glm::vec3 h = tx * hl.x + ty * hl.y + r * hl.z;
        const glm::vec3 l = 2.0f * glm::dot(r, h) * h - r;
        const float n_dot_l = glm::dot(r, l);
        if (n_dot_l <= 0.0f) continue;
        // With N = V the pdf of l is D(h) / 4; one sample stands for 1 / (samples pdf) sr.
        const float pdf = brdf::distribution_ggx(hl.z, alpha) / 4.0f;
        sum += source(l, 1.0f / (float(samples) * std::max(pdf, 1e-6f))) * n_dot_l;
        weight += n_dot_l;
    }
    return weight > 0.0f ? sum / weight : source(r, texel_solid_angle);
}

EnvironmentData compute(const RadianceSource& source, std::uint32_t samples) {
    EnvironmentData e;
    const int w = EnvironmentData::kWidth, h = EnvironmentData::kHeight, levels = EnvironmentData::kLevels;
    e.atlas.assign(static_cast<size_t>(w * h * levels * 4), 1.0f);
    const float texel = (2.0f * kPi / w) * (kPi / h);
    detail::for_each_row(levels * h, [&](int row) {
        const int k = row / h, y = row % h;
        for (int x = 0; x < w; ++x) {
            const glm::vec3 d = latlong_direction((x + 0.5f) / w, (y + 0.5f) / h);
            const glm::vec3 c = prefilter(source, d, float(k) / float(levels - 1), samples, texel);
            float* px = &e.atlas[static_cast<size_t>(((k * h + y) * w + x) * 4)];
            px[0] = c.r, px[1] = c.g, px[2] = c.b;
        }
    });
    // Projection onto SH over a lat-long grid weighted by each cell's solid angle, then the
    // cosine lobe's bands (pi, 2pi/3, pi/4) and a 1/pi so a uniform sky of 1 gives 1.
    const int sw = 128, shh = 64;
    std::array<glm::vec3, 9> c{};
    for (int y = 0; y < shh; ++y)
        for (int x = 0; x < sw; ++x) {
            const float v = (y + 0.5f) / shh;
            const glm::vec3 d = latlong_direction((x + 0.5f) / sw, v);
            const float d_omega = (2.0f * kPi / sw) * (kPi / shh) * std::sin(v * kPi);
            const auto b = sh_basis(d);
            const glm::vec3 l = source(d, d_omega);
            for (size_t i = 0; i < 9; ++i) c[i] += l * b[i] * d_omega;
        }
    const float band[9] = {1.0f, 2.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f};
    for (size_t i = 0; i < 9; ++i) e.sh[i] = c[i] * band[i];
    const int n = EnvironmentData::kLutSize;
    e.lut.resize(static_cast<size_t>(n * n * 2));
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const glm::vec2 ab = brdf::integrate_split_sum((x + 0.5f) / n, (y + 0.5f) / n, 256);
            e.lut[static_cast<size_t>((y * n + x) * 2)] = ab.x;
            e.lut[static_cast<size_t>((y * n + x) * 2 + 1)] = ab.y;
        }
    return e;
}

}  // namespace

glm::vec3 sky_radiance(glm::vec3 d) {
    // Contrast between a bright horizon band, a darker sky and a dark ground is what lets a
    // smooth metal read as a mirror rather than as a pale matte.
    const glm::vec3 zenith(0.22f, 0.32f, 0.55f), horizon(1.1f, 1.05f, 0.98f), ground(0.1f, 0.09f, 0.08f);
    // A soft warm glow where the default key light sits gives the sky an azimuth, so turning
    // it moves reflections (an axisymmetric sky would make the rotation setting do nothing).
    const glm::vec3 glow_direction = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
    const glm::vec3 glow =
        glm::vec3(2.0f, 1.8f, 1.5f) * std::pow(std::max(glm::dot(d, glow_direction), 0.0f), 48.0f);
    if (d.y >= 0.0f) return glm::mix(horizon, zenith, std::pow(d.y, 0.45f)) + glow;
    return glm::mix(horizon, ground, std::pow(-d.y, 0.3f));
}

glm::vec3 sh_diffuse(const std::array<glm::vec3, 9>& sh, glm::vec3 n) {
    const auto b = sh_basis(n);
    glm::vec3 out(0.0f);
    for (size_t i = 0; i < 9; ++i) out += sh[i] * b[i];
    return glm::max(out, glm::vec3(0.0f));
}

EnvironmentData compute_sky_environment() {
    EnvironmentData d = compute([](glm::vec3 dir, float) { return sky_radiance(dir); }, kSkySamples);
    // 512 x 256: the sky is smooth but for the glow (a lobe of cos^48, about 10 degrees wide),
    // which this resolves with some 14 texels; 0.5 MB of floats once a process.
    d.panorama = sky_image(kSkyPanoramaWidth, kSkyPanoramaHeight);
    return d;
}

EnvironmentData compute_environment(const RadianceSource& source, std::uint32_t samples) {
    return compute(source, samples);
}

namespace {

// The image as a RadianceSource with a footprint: a box pyramid down to a 2-texel-high level (each
// level halves both sides; odd sizes drop their last row or column into the one before, so energy
// is kept), and each sample reads the level whose texel matches its solid angle.
RadianceSource filtered_image_source(const HdrImage& image) {
    auto levels = std::make_shared<std::vector<HdrImage>>(1, image);
    while (levels->back().height > 2 && levels->back().width > 2) {
        const HdrImage& a = levels->back();
        HdrImage b;
        b.width = a.width / 2;
        b.height = a.height / 2;
        b.rgb.assign(static_cast<size_t>(b.width) * b.height * 3, 0.0f);
        std::vector<float> count(static_cast<size_t>(b.width) * b.height, 0.0f);
        for (int y = 0; y < a.height; ++y)
            for (int x = 0; x < a.width; ++x) {
                const int bx = std::min(x / 2, b.width - 1), by = std::min(y / 2, b.height - 1);
                const size_t i = static_cast<size_t>(by) * b.width + bx;
                const glm::vec3 c = a.at(x, y);
                b.rgb[i * 3] += c.r, b.rgb[i * 3 + 1] += c.g, b.rgb[i * 3 + 2] += c.b;
                count[i] += 1.0f;
            }
        for (size_t i = 0; i < count.size(); ++i)
            for (int c = 0; c < 3; ++c) b.rgb[i * 3 + c] /= count[i];
        levels->push_back(std::move(b));
    }
    // Solid angle of a level-0 texel at the equator; level k's is 4^k times that.
    const float texel0 = (2.0f * kPi / image.width) * (kPi / image.height);
    return [levels, texel0](glm::vec3 d, float solid_angle) {
        const glm::vec2 uv = equirect_uv(d);
        if (!(solid_angle > texel0)) return sample_equirect((*levels)[0], uv);
        const float lod = std::min(0.5f * std::log2(solid_angle / texel0), float(levels->size() - 1));
        const int lo = static_cast<int>(std::floor(lod));
        const int hi = std::min(lo + 1, static_cast<int>(levels->size()) - 1);
        return glm::mix(sample_equirect((*levels)[static_cast<size_t>(lo)], uv),
                        sample_equirect((*levels)[static_cast<size_t>(hi)], uv), lod - float(lo));
    };
}

// The sheen atlas's lat-long convention (sheen_environment.cpp, the GGX atlas's).
glm::vec3 sheen_latlong_direction(float u, float v) { return latlong_direction(u, v); }

}  // namespace

SheenEnvironmentData sheen_environment_from(const RadianceSource& source, std::uint32_t samples) {
    SheenEnvironmentData e;
    const int w = SheenEnvironmentData::kWidth, h = SheenEnvironmentData::kHeight;
    const int levels = SheenEnvironmentData::kLevels;
    const int cells = brdf::kSheenThetaCells;
    const float cell = kPi / 2 / float(cells);
    e.atlas.assign(static_cast<size_t>(w * h * levels * 4), 1.0f);
    for (int k = 0; k < levels; ++k) {
        // The lobe's weight over the polar angle of L about N (= V = R), per cell: the density the
        // samples are drawn from (piecewise constant in theta, uniform in phi), so each sample
        // counts alike and the estimate is their mean.
        const auto weights = brdf::sheen_lobe_weights(float(k) / float(levels - 1));
        std::array<float, brdf::kSheenThetaCells + 1> cdf{};
        for (int i = 0; i < cells; ++i) cdf[size_t(i) + 1] = cdf[size_t(i)] + weights[size_t(i)];
        const float total = cdf[size_t(cells)];
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const glm::vec3 r = sheen_latlong_direction((x + 0.5f) / w, (y + 0.5f) / h);
                const glm::vec3 up = std::abs(r.z) < 0.999f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
                const glm::vec3 tx = glm::normalize(glm::cross(up, r)), ty = glm::cross(r, tx);
                glm::vec3 sum(0.0f);
                for (std::uint32_t i = 0; i < samples; ++i) {
                    const glm::vec2 xi = brdf::hammersley(i, samples);
                    // Inverse CDF: the cell, then linearly within it.
                    const float target = xi.y * total;
                    int c = 0;
                    while (c + 1 < cells && cdf[size_t(c) + 1] < target) ++c;
                    const float in_cell =
                        weights[size_t(c)] > 0.0f ? (target - cdf[size_t(c)]) / weights[size_t(c)] : 0.5f;
                    const float th = (float(c) + std::clamp(in_cell, 0.0f, 1.0f)) * cell;
                    const float ph = 2.0f * kPi * xi.x;
                    const glm::vec3 l = tx * (std::sin(th) * std::cos(ph)) +
                                        ty * (std::sin(th) * std::sin(ph)) + r * std::cos(th);
                    // pdf over solid angle: the cell's share over its theta width, over 2 pi sin(theta).
                    const float pdf =
                        weights[size_t(c)] / (total * cell) / (2.0f * kPi * std::max(std::sin(th), 1e-4f));
                    sum += source(l, 1.0f / (float(samples) * std::max(pdf, 1e-6f)));
                }
                const glm::vec3 c = sum / float(samples);
                float* px = &e.atlas[static_cast<size_t>(((k * h + y) * w + x) * 4)];
                px[0] = c.r, px[1] = c.g, px[2] = c.b;
            }
    }
    return e;  // no albedo: SheenEnvironment::create takes the BRDF's table
}

EnvironmentData environment_from_image(const HdrImage& image, bool with_sheen) {
    const RadianceSource source = filtered_image_source(image);
    EnvironmentData out = compute(source, 96);
    if (with_sheen) out.sheen = sheen_environment_from(source, 256);
    out.panorama = image;
    return out;
}

HdrImage sky_image(int width, int height) {
    HdrImage img;
    img.width = width;
    img.height = height;
    img.rgb.resize(static_cast<size_t>(width) * height * 3);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const glm::vec3 c = sky_radiance(equirect_direction({(x + 0.5f) / width, (y + 0.5f) / height}));
            float* p = &img.rgb[(static_cast<size_t>(y) * width + x) * 3];
            p[0] = c.r, p[1] = c.g, p[2] = c.b;
        }
    return img;
}

Expected<Environment> Environment::create(bool with_sheen) { return create(environment_data(), with_sheen); }

Expected<Environment> Environment::create(const EnvironmentData& d, bool with_sheen) {
    Environment e;
    e.sh_ = d.sh;
    e.atlas_ = make_filtered_half_texture(4, EnvironmentData::kWidth,
                                          EnvironmentData::kHeight * EnvironmentData::kLevels, d.atlas.data(),
                                          GL_REPEAT);
    e.lut_ = make_filtered_half_texture(2, EnvironmentData::kLutSize, EnvironmentData::kLutSize, d.lut.data(),
                                        GL_CLAMP_TO_EDGE);
    if (!d.panorama.rgb.empty()) {
        const HdrImage& p = d.panorama;
        std::vector<float> rgba(static_cast<size_t>(p.width) * p.height * 4, 1.0f);
        for (size_t i = 0; i < static_cast<size_t>(p.width) * p.height; ++i)
            for (size_t c = 0; c < 3; ++c) rgba[i * 4 + c] = p.rgb[i * 3 + c];
        // May come back empty for an image past GL_MAX_TEXTURE_SIZE: the background then reads
        // the atlas, and the lighting, which never reads this, is unaffected.
        e.panorama_ = make_filtered_half_texture(4, p.width, p.height, rgba.data(), GL_REPEAT);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    if (!e.atlas_ || !e.lut_)
        return make_error("environment textures: the driver refused a half-float texture");
    if (with_sheen) {
        // An image's own sheen prefilter when it has one (environment_from_image), else the sky's.
        auto sheen = d.sheen.atlas.empty() ? SheenEnvironment::create() : SheenEnvironment::create(d.sheen);
        if (!sheen) return sheen.error();
        e.sheen_ = std::move(*sheen);
    }
    return e;
}

}  // namespace sv::render
