// The glTF 2.0 metallic-roughness BRDF (specification, Appendix B) and the image-based-lighting
// pieces built from it, in plain C++ (glm only, no GL): the shader chunk shaders/brdf.glsl
// carries the same formulas line for line, the environment is prefiltered with them at load, and
// the unit tests hold them against values worked by hand and the white furnace.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>

namespace sv::render::brdf {

inline constexpr float kPi = 3.14159265358979f;

// Trowbridge-Reitz (GGX) distribution, alpha = roughness^2.
inline float distribution_ggx(float n_dot_h, float alpha) {
    if (n_dot_h <= 0.0f) return 0.0f;
    const float a2 = alpha * alpha;
    const float d = n_dot_h * n_dot_h * (a2 - 1.0f) + 1.0f;
    return a2 / (kPi * d * d);
}

// Height-correlated Smith visibility V = G / (4 |N.L| |N.V|), the specification's form.
inline float visibility_smith(float n_dot_l, float n_dot_v, float alpha) {
    const float a2 = alpha * alpha;
    const float gl = n_dot_l + std::sqrt(a2 + (1.0f - a2) * n_dot_l * n_dot_l);
    const float gv = n_dot_v + std::sqrt(a2 + (1.0f - a2) * n_dot_v * n_dot_v);
    return 1.0f / (gl * gv);
}

inline glm::vec3 fresnel_schlick(glm::vec3 f0, float v_dot_h) {
    const float s = std::pow(std::clamp(1.0f - v_dot_h, 0.0f, 1.0f), 5.0f);
    return f0 + (glm::vec3(1.0f) - f0) * s;
}

// f(l, v) for unit vectors around normal n, exactly as Appendix B mixes it:
//   dielectric = mix(diffuse, specular, F(0.04)), metal = specular * F(baseColor),
//   material = mix(dielectric, metal, metallic).
inline glm::vec3 evaluate(glm::vec3 n, glm::vec3 v, glm::vec3 l, glm::vec3 base_color, float metallic,
                          float roughness) {
    const float n_dot_l = glm::dot(n, l), n_dot_v = glm::dot(n, v);
    if (n_dot_l <= 0.0f || n_dot_v <= 0.0f) return glm::vec3(0.0f);
    const glm::vec3 h = glm::normalize(l + v);
    const float v_dot_h = std::max(glm::dot(v, h), 0.0f);
    const float alpha = roughness * roughness;
    const float specular =
        visibility_smith(n_dot_l, n_dot_v, alpha) * distribution_ggx(glm::dot(n, h), alpha);
    const glm::vec3 f_dielectric = fresnel_schlick(glm::vec3(0.04f), v_dot_h);
    const glm::vec3 f_metal = fresnel_schlick(base_color, v_dot_h);
    const glm::vec3 dielectric = glm::mix(base_color / kPi, glm::vec3(specular), f_dielectric);
    const glm::vec3 metal = f_metal * specular;
    return glm::mix(dielectric, metal, metallic);
}

// Van der Corput / Hammersley point i of n, for low-discrepancy hemisphere sampling.
inline glm::vec2 hammersley(std::uint32_t i, std::uint32_t n) {
    std::uint32_t b = i;
    b = (b << 16u) | (b >> 16u);
    b = ((b & 0x55555555u) << 1u) | ((b & 0xAAAAAAAAu) >> 1u);
    b = ((b & 0x33333333u) << 2u) | ((b & 0xCCCCCCCCu) >> 2u);
    b = ((b & 0x0F0F0F0Fu) << 4u) | ((b & 0xF0F0F0F0u) >> 4u);
    b = ((b & 0x00FF00FFu) << 8u) | ((b & 0xFF00FF00u) >> 8u);
    return {float(i) / float(n), float(b) * 2.3283064365386963e-10f};
}

// A half vector drawn from D(h) (N.H), in the frame where the normal is +Z.
inline glm::vec3 sample_ggx(glm::vec2 xi, float alpha) {
    const float phi = 2.0f * kPi * xi.x;
    const float cos_t = std::sqrt((1.0f - xi.y) / (1.0f + (alpha * alpha - 1.0f) * xi.y));
    const float sin_t = std::sqrt(std::max(0.0f, 1.0f - cos_t * cos_t));
    return {sin_t * std::cos(phi), sin_t * std::sin(phi), cos_t};
}

// The split-sum table (Karis 2013): for N.V and roughness, the scale A and bias B with
// integral(f_spec cos) = F0 * A + B for a white environment. Monte Carlo over GGX samples.
inline glm::vec2 integrate_split_sum(float n_dot_v, float roughness, std::uint32_t samples = 512) {
    n_dot_v = std::max(n_dot_v, 1e-4f);
    const glm::vec3 v(std::sqrt(1.0f - n_dot_v * n_dot_v), 0.0f, n_dot_v);
    const float alpha = roughness * roughness;
    float a = 0.0f, b = 0.0f;
    for (std::uint32_t i = 0; i < samples; ++i) {
        const glm::vec3 h = sample_ggx(hammersley(i, samples), alpha);
        const glm::vec3 l = 2.0f * glm::dot(v, h) * h - v;
        const float n_dot_l = l.z, n_dot_h = h.z, v_dot_h = glm::dot(v, h);
        if (n_dot_l <= 0.0f || v_dot_h <= 0.0f) continue;
        // f cos / pdf with pdf(l) = D (N.H) / (4 V.H): the D cancels.
        const float g = visibility_smith(n_dot_l, n_dot_v, alpha) * 4.0f * n_dot_l * v_dot_h / n_dot_h;
        const float fc = std::pow(1.0f - v_dot_h, 5.0f);
        a += (1.0f - fc) * g;
        b += fc * g;
    }
    return {a / float(samples), b / float(samples)};
}

// The image-based light of one surface point from the split-sum terms, with the multiple-scattering
// compensation of Fdez-Aguera (2019) that the Khronos sample viewer uses: `radiance` is the
// prefiltered environment along the reflection, `irradiance` the cosine-convolved one divided by
// pi (so a uniform environment of 1 gives 1), `f_ab` the table entry. Mirrored in brdf.glsl.
inline glm::vec3 image_based_light(glm::vec3 base_color, float metallic, float roughness, float n_dot_v,
                                   glm::vec2 f_ab, glm::vec3 radiance, glm::vec3 irradiance) {
    const glm::vec3 f0 = glm::mix(glm::vec3(0.04f), base_color, metallic);
    const glm::vec3 c_diff = glm::mix(base_color, glm::vec3(0.0f), metallic);
    const glm::vec3 fr = glm::max(glm::vec3(1.0f - roughness), f0) - f0;
    const glm::vec3 k_s = f0 + fr * std::pow(1.0f - std::clamp(n_dot_v, 0.0f, 1.0f), 5.0f);
    const glm::vec3 fss_ess = k_s * f_ab.x + f_ab.y;
    const float ems = 1.0f - (f_ab.x + f_ab.y);
    const glm::vec3 f_avg = f0 + (glm::vec3(1.0f) - f0) / 21.0f;
    const glm::vec3 fms_ems = ems * fss_ess * f_avg / (glm::vec3(1.0f) - f_avg * ems);
    const glm::vec3 k_d = c_diff * (glm::vec3(1.0f) - fss_ess - fms_ems);
    return fss_ess * radiance + (fms_ems + k_d) * irradiance;
}

// Khronos PBR Neutral tone mapping (the reference implementation's constants).
inline glm::vec3 pbr_neutral(glm::vec3 c) {
    const float start = 0.8f - 0.04f, desaturation = 0.15f;
    const float x = std::min(c.r, std::min(c.g, c.b));
    const float offset = x < 0.08f ? x - 6.25f * x * x : 0.04f;
    c -= offset;
    const float peak = std::max(c.r, std::max(c.g, c.b));
    if (peak < start) return c;
    const float d = 1.0f - start;
    const float new_peak = 1.0f - d * d / (peak + d - start);
    c *= new_peak / peak;
    const float g = 1.0f - 1.0f / (desaturation * (peak - new_peak) + 1.0f);
    return glm::mix(c, glm::vec3(new_peak), g);
}

}  // namespace sv::render::brdf
