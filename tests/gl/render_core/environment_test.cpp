// The image-based light's CPU side (render/environment.h): the spherical-harmonic diffuse light
// and the prefiltered atlas held against brute-force integrals of the same procedural sky.
#include "render/environment.h"

#include <gtest/gtest.h>

#include <cmath>

#include "render/brdf.h"

namespace sv::render {
namespace {

using brdf::kPi;

// Irradiance / pi along n by midpoint quadrature over the sphere (256 x 512 cells: the glow lobe,
// about 8 degrees wide, spans several cells).
glm::vec3 brute_diffuse(glm::vec3 n) {
    const int nt = 256, np = 512;
    glm::dvec3 sum(0.0);
    for (int i = 0; i < nt; ++i) {
        const double th = (i + 0.5) / nt * kPi;
        for (int j = 0; j < np; ++j) {
            const double ph = (j + 0.5) / np * 2 * kPi;
            const glm::vec3 l(std::sin(th) * std::cos(ph), std::cos(th), std::sin(th) * std::sin(ph));
            const double c = glm::dot(n, l);
            if (c <= 0.0) continue;
            sum += glm::dvec3(sky_radiance(l)) * (c * std::sin(th) * (double(kPi) / nt) * (2.0 * kPi / np));
        }
    }
    return glm::vec3(sum / double(kPi));
}

TEST(Environment, SphericalHarmonicDiffuseMatchesTheIntegral) {
    const EnvironmentData& e = environment_data();
    // Nine coefficients carry a cosine-convolved sky to within a few percent (the convolution
    // leaves little above band 2); 6% of the brightest channel covers the glow's residue.
    for (glm::vec3 n :
         {glm::vec3(0, 1, 0), glm::vec3(0, -1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, 1),
          glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f)), glm::normalize(glm::vec3(-1, -0.2f, 0.3f))}) {
        const glm::vec3 want = brute_diffuse(n), got = sh_diffuse(e.sh, n);
        const float scale = std::max(want.r, std::max(want.g, want.b));
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(got[c], want[c], 0.06f * scale)
                << "normal " << n.x << "," << n.y << "," << n.z << " channel " << c;
    }
    // The ground is darker than the sky, as seen by an up and a down normal.
    EXPECT_GT(sh_diffuse(e.sh, {0, 1, 0}).b, 2.0f * sh_diffuse(e.sh, {0, -1, 0}).b);
}

TEST(Environment, SmoothBandIsTheSkyAndRoughBandsAreBlurred) {
    const EnvironmentData& e = environment_data();
    const int w = EnvironmentData::kWidth, h = EnvironmentData::kHeight;
    const auto texel = [&](int band, int x, int y) {
        const float* p = &e.atlas[static_cast<size_t>(((band * h + y) * w + x) * 4)];
        return glm::vec3(p[0], p[1], p[2]);
    };
    // Band 0 (roughness 0) at the texel straight up is the zenith's radiance (the texel centre is
    // half a texel off the pole, where the sky barely changes: 1%).
    const glm::vec3 up = texel(0, w / 2, 0), sky_up = sky_radiance({0, 1, 0});
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(up[c], sky_up[c], 0.01f * (sky_up[c] + 0.1f));
    // Across the horizon (bright above, dark below) the rough band changes less than the smooth
    // one from one row to the next: prefiltering blurs.
    const int row = h / 2;
    const float sharp = glm::length(texel(0, 0, row - 2) - texel(0, 0, row + 2));
    const float blurred = glm::length(texel(EnvironmentData::kLevels - 1, 0, row - 2) -
                                      texel(EnvironmentData::kLevels - 1, 0, row + 2));
    EXPECT_LT(blurred, 0.5f * sharp) << "sharp " << sharp << " blurred " << blurred;
}

}  // namespace
}  // namespace sv::render
