// KHR_materials_sheen's image-based light: the sky prefiltered with the sheen (Charlie) lobe for
// six roughness levels, and the lobe's directional albedo E(N.V, roughness) as a table, both made
// from render/brdf.h. The GGX environment (environment.h) owns it and binds it beside its own; an
// HDR image's is importance sampled from the same lobe (environment.h, sheen_environment_from).
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "render/gl.h"
#include "render/gl_name.h"

namespace sv::render {

struct SheenEnvironmentData {
    // Lat-long bands of kWidth x kHeight, band k for sheen roughness k / (kLevels - 1), top band
    // first, RGBA float linear; the sheen lobe is wide, so a quarter of the GGX atlas's resolution.
    static constexpr int kWidth = 32, kHeight = 16, kLevels = 6;
    std::vector<float> atlas;
    // E(N.V, roughness): N.V along x, roughness along y, one float a texel.
    static constexpr int kLutSize = 32;
    std::vector<float> albedo;
};

// The procedural sky's sheen data, made on first use and kept for the process: from the disk cache
// (render/precompute_cache.h) when it holds this build's, else computed (0.3 to 0.4 s of CPU,
// measured on the shared build machine) and stored (sky_cache.cpp).
const SheenEnvironmentData& sheen_environment_data();
// E(N.V, roughness) alone (its `albedo`), the same way.
const std::vector<float>& sheen_albedo_table();
// Both computed from scratch: the sky's sheen atlas (kWidth x kHeight x kLevels RGBA) and the table.
std::vector<float> compute_sky_sheen_atlas();
std::vector<float> compute_sheen_albedo_table();

class SheenEnvironment {
public:
    static Expected<SheenEnvironment> create();  // the procedural sky's
    static Expected<SheenEnvironment> create(const SheenEnvironmentData& data);
    GLuint atlas() const { return atlas_.get(); }
    GLuint albedo() const { return albedo_.get(); }

private:
    GlTexture atlas_, albedo_;
};

}  // namespace sv::render
