// The image-based light: a procedural sky (the default) or an equirectangular .hdr (--env),
// prefiltered at load for six roughness levels by GGX importance sampling, its diffuse light as
// nine spherical-harmonic coefficients, and the split-sum BRDF table, all made with the formulas of
// render/brdf.h. The sky's CPU data is computed once a build and kept on disk (precompute_cache.h), read once
// a process; the textures are made once a context.
#pragma once

#include <array>
#include <functional>
#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "render/draw_options.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/hdr_image.h"
#include "render/precompute_cache.h"
#include "render/sheen_environment.h"

namespace sv::render {

struct EnvironmentData {
    // The prefiltered sky as a lat-long atlas: kLevels bands of kWidth x kHeight, band k for
    // roughness k / (kLevels - 1), top band first. RGBA float, linear.
    static constexpr int kWidth = 128, kHeight = 64, kLevels = 6;
    std::vector<float> atlas;
    std::array<glm::vec3, 9> sh{};  // diffuse light (irradiance / pi), premultiplied by the lobe
    static constexpr int kLutSize = 32;
    std::vector<float> lut;  // RG, N.V along x, roughness along y
    // The source itself, for the background at blur 0 (the atlas's 128 x 64 is a few texels across
    // a view); the procedural sky's is sky_image(512, 256).
    HdrImage panorama;
    // KHR_materials_sheen's prefiltered light of this environment; empty for the procedural sky,
    // whose table (sheen_environment.h) is computed once a process and only for files with sheen.
    SheenEnvironmentData sheen;
};

// The linear radiance of the procedural sky in direction `d` (unit): a bright neutral horizon, a
// blue zenith and a dim ground, smooth everywhere so the prefiltered bands stay clean.
glm::vec3 sky_radiance(glm::vec3 d);
// The sky's diffuse light (irradiance / pi) along normal n from the SH coefficients.
glm::vec3 sh_diffuse(const std::array<glm::vec3, 9>& sh, glm::vec3 n);
// The procedural sky's data, made on first use and kept for the process: read from the disk cache
// (render/precompute_cache.h) when it holds this build's, else computed (about 0.1 s of CPU) and
// stored there (sky_cache.cpp).
const EnvironmentData& environment_data();
// The same from `cache_dir` ("" computes) and the installed tables in `installed` ("" none), saying
// what the cache did: for tests.
EnvironmentData sky_environment(const std::string& cache_dir, CacheOutcome* outcome = nullptr,
                                const std::string& installed = "");
// The sky's table and both sheen tables computed afresh and written into `dir` as the cache's
// files (precompute_cache.h), for the build to install: `skinview write-tables`.
Status write_precomputed_tables(const std::string& dir);
// The sky's data computed from scratch, with kSkySamples GGX samples a texel and a panorama of
// kSkyPanoramaWidth x kSkyPanoramaHeight.
inline constexpr std::uint32_t kSkySamples = 96;
inline constexpr int kSkyPanoramaWidth = 512, kSkyPanoramaHeight = 256;
EnvironmentData compute_sky_environment();

// A source of radiance for the prefilter: radiance along unit d, blurred over about `solid_angle`
// steradians (the filtered-importance-sampling footprint of one sample; 0: a point sample). The
// procedural sky ignores the footprint (it is smooth); an image reads a coarser level for it.
using RadianceSource = std::function<glm::vec3(glm::vec3 d, float solid_angle)>;
// Prefiltered atlas, SH and LUT of any source, `samples` GGX samples a texel.
EnvironmentData compute_environment(const RadianceSource& source, std::uint32_t samples = 96);
// The sheen (Charlie) prefilter of any source, importance sampled: `samples` directions a texel
// drawn from the lobe the sky's table integrates (brdf::sheen_lobe_weights: the extension's sheen
// BRDF times cos at N = V = R, piecewise constant over its 16 polar cells, uniform in azimuth) on
// the Hammersley set, each reading the source at its footprint 1 / (samples pdf) (filtered
// importance sampling, as the GGX bands do), the texel their mean. Why this lobe and not the
// Khronos filter's (ibl_filtering.frag: its Charlie D of the half vector, sin(theta_h) =
// xi^(a / (2a + 1)), L reflected about it with N = V, weighted by N.L): a half vector past 45
// degrees reflects below the horizon and is dropped, which is all but 0.707^(2 + 1/a) of them
// (35% at roughness 1, 0.01% at 0.2), and its first Hammersley point (xi = 0, pdf 0) reads at an
// unbounded lod, the image's mean; this lobe is the one the procedural sky's sheen light (and so
// every golden with sheen) is made with, so an image of the sky lights sheen as the sky does.
// No albedo: it is the BRDF's (sheen_albedo_table), whatever the light.
SheenEnvironmentData sheen_environment_from(const RadianceSource& source, std::uint32_t samples = 256);
// The environment of an equirectangular image (hdr_image.h's mapping). Filtered importance
// sampling (Krivanek and Colbert, as the Khronos renderer's GGX filter does): each sample reads
// the box-filtered level whose texel matches its solid angle, so 96 samples of a sharp sun give
// a smooth lobe instead of speckle. What it costs: the box pyramid ignores the lat-long stretch
// towards the poles (a texel there covers less solid angle than the footprint assumes), so near
// the poles rough bands are slightly blurrier than the Khronos cube map's.
// `with_sheen`: also the sheen prefilter (sheen_environment_from, 256 samples a texel), which only a
// file with KHR_materials_sheen reads (CharacterRenderer::needs_sheen); false leaves `sheen` empty
// and the image costs only its GGX bands.
EnvironmentData environment_from_image(const HdrImage& image, bool with_sheen);
// The procedural sky written as an equirectangular image in that mapping, for feeding the same
// light to another renderer: texel centre (u, v) holds sky_radiance(equirect_direction(u, v)).
HdrImage sky_image(int width, int height);

class Environment {
public:
    // `with_sheen`: also the sheen environment, which only a file with KHR_materials_sheen needs;
    // without it the sheen textures are 0. `data.sheen` when it has one (an image's), else the
    // procedural sky's (0.3 to 0.4 s of CPU on first use, measured).
    static Expected<Environment> create(bool with_sheen = false);  // the procedural sky
    static Expected<Environment> create(const EnvironmentData& data, bool with_sheen = false);
    GLuint atlas() const { return atlas_.get(); }
    GLuint lut() const { return lut_.get(); }
    // The full-resolution panorama (RGBA16F, hdr_image.h's mapping); 0 when the driver refused one
    // that large (the background then draws the atlas's mirror band).
    GLuint panorama() const { return panorama_.get(); }
    const std::array<glm::vec3, 9>& sh() const { return sh_; }
    // KHR_materials_sheen's prefiltered sky and albedo table (render/sheen_environment.h).
    GLuint sheen_atlas() const { return sheen_.atlas(); }
    GLuint sheen_albedo() const { return sheen_.albedo(); }

private:
    GlTexture atlas_, lut_, panorama_;
    std::array<glm::vec3, 9> sh_{};
    SheenEnvironment sheen_;
};

}  // namespace sv::render
