#include "render/environment.h"

#include <algorithm>
#include <cmath>
#include <utility>

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
    for (int k = 0; k < levels; ++k)
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const glm::vec3 d = latlong_direction((x + 0.5f) / w, (y + 0.5f) / h);
                const glm::vec3 c = prefilter(source, d, float(k) / float(levels - 1), samples, texel);
                float* px = &e.atlas[static_cast<size_t>(((k * h + y) * w + x) * 4)];
                px[0] = c.r, px[1] = c.g, px[2] = c.b;
            }
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

const EnvironmentData& environment_data() {
    static const EnvironmentData data = compute([](glm::vec3 d, float) { return sky_radiance(d); }, 96);
    return data;
}

EnvironmentData compute_environment(const RadianceSource& source, std::uint32_t samples) {
    return compute(source, samples);
}

EnvironmentData environment_from_image(const HdrImage& image) {
    // A box pyramid down to a 2-texel-high level; each level halves both sides (odd sizes drop
    // their last row or column into the one before, so energy is kept).
    std::vector<HdrImage> levels{image};
    while (levels.back().height > 2 && levels.back().width > 2) {
        const HdrImage& a = levels.back();
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
        levels.push_back(std::move(b));
    }
    // Solid angle of a level-0 texel at the equator; level k's is 4^k times that.
    const float texel0 = (2.0f * kPi / image.width) * (kPi / image.height);
    const auto source = [&levels, texel0](glm::vec3 d, float solid_angle) {
        const glm::vec2 uv = equirect_uv(d);
        if (solid_angle <= texel0) return sample_equirect(levels[0], uv);
        const float lod = std::min(0.5f * std::log2(solid_angle / texel0), float(levels.size() - 1));
        const int lo = static_cast<int>(std::floor(lod));
        const int hi = std::min(lo + 1, static_cast<int>(levels.size()) - 1);
        return glm::mix(sample_equirect(levels[static_cast<size_t>(lo)], uv),
                        sample_equirect(levels[static_cast<size_t>(hi)], uv), lod - float(lo));
    };
    return compute(source, 96);
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
    glBindTexture(GL_TEXTURE_2D, 0);
    if (!e.atlas_ || !e.lut_)
        return make_error("environment textures: the driver refused a half-float texture");
    if (with_sheen) {
        auto sheen = SheenEnvironment::create();
        if (!sheen) return sheen.error();
        e.sheen_ = std::move(*sheen);
    }
    return e;
}

}  // namespace sv::render
