// The image-based light: a procedural sky prefiltered at load for six roughness levels, its
// diffuse light as nine spherical-harmonic coefficients, and the split-sum BRDF table, all made
// with the formulas of render/brdf.h. The CPU data is computed once a process; the textures once
// a context (they belong to it).
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "render/gl.h"
#include "render/gl_name.h"
#include "render/sheen_environment.h"

namespace sv::render {

// What the Lighting panel edits and the settings file stores (the ui/ engineer wires the panel).
struct LightingSettings {
    float exposure = 1.0f;                  // linear multiplier before tone mapping
    float environment_rotation_deg = 0.0f;  // about +Y, turns the sky and its reflections
    float environment_intensity = 1.0f;
    bool key_light = true;
    // Towards the light, world space; the key light is white, `key_intensity` its irradiance.
    glm::vec3 key_direction = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
    float key_intensity = 2.0f;
};

struct EnvironmentData {
    // The prefiltered sky as a lat-long atlas: kLevels bands of kWidth x kHeight, band k for
    // roughness k / (kLevels - 1), top band first. RGBA float, linear.
    static constexpr int kWidth = 128, kHeight = 64, kLevels = 6;
    std::vector<float> atlas;
    std::array<glm::vec3, 9> sh{};  // diffuse light (irradiance / pi), premultiplied by the lobe
    static constexpr int kLutSize = 32;
    std::vector<float> lut;  // RG, N.V along x, roughness along y
};

// The linear radiance of the procedural sky in direction `d` (unit): a bright neutral horizon, a
// blue zenith and a dim ground, smooth everywhere so the prefiltered bands stay clean.
glm::vec3 sky_radiance(glm::vec3 d);
// The sky's diffuse light (irradiance / pi) along normal n from the SH coefficients.
glm::vec3 sh_diffuse(const std::array<glm::vec3, 9>& sh, glm::vec3 n);
// Computed on first use and kept (about 0.1 s of CPU).
const EnvironmentData& environment_data();

class Environment {
public:
    // `with_sheen`: also the sheen environment (0.3 to 0.4 s of CPU on first use, measured), which
    // only a file with KHR_materials_sheen needs; without it the sheen textures are 0.
    static Expected<Environment> create(bool with_sheen = false);
    GLuint atlas() const { return atlas_.get(); }
    GLuint lut() const { return lut_.get(); }
    const std::array<glm::vec3, 9>& sh() const { return environment_data().sh; }
    // KHR_materials_sheen's prefiltered sky and albedo table (render/sheen_environment.h).
    GLuint sheen_atlas() const { return sheen_.atlas(); }
    GLuint sheen_albedo() const { return sheen_.albedo(); }

private:
    GlTexture atlas_, lut_;
    SheenEnvironment sheen_;
};

}  // namespace sv::render
