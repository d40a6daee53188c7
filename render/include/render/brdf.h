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

// Schlick with a grazing reflectance f90 below 1 (KHR_materials_specular's strength).
inline glm::vec3 fresnel_schlick(glm::vec3 f0, glm::vec3 f90, float v_dot_h) {
    const float s = std::pow(std::clamp(1.0f - v_dot_h, 0.0f, 1.0f), 5.0f);
    return f0 + (f90 - f0) * s;
}

// KHR_materials_ior: the reflectance at normal incidence from air, ((ior - 1) / (ior + 1))^2, the
// exact Fresnel value at 0 degrees (Schlick then supplies the angle). ior 0 is the
// specification's spelling of "infinite": F0 = 1.
inline float f0_from_ior(float ior) {
    if (ior == 0.0f) return 1.0f;
    const float r = (ior - 1.0f) / (ior + 1.0f);
    return r * r;
}

// KHR_materials_specular's dielectric F0: the ior's, tinted, at most 1.
inline glm::vec3 dielectric_f0(float f0_ior, glm::vec3 specular_color) {
    return glm::min(glm::vec3(f0_ior) * specular_color, glm::vec3(1.0f));
}

// f(l, v) with the dielectric lobe's F0 and strength given (KHR_materials_ior / _specular, as the
// Khronos Sample Renderer writes it: F = Schlick(F0 * w, w)); metals keep F0 = base colour.
inline glm::vec3 evaluate_layered(glm::vec3 n, glm::vec3 v, glm::vec3 l, glm::vec3 base_color, float metallic,
                                  float roughness, glm::vec3 f0_dielectric, float specular_weight) {
    const float n_dot_l = glm::dot(n, l), n_dot_v = glm::dot(n, v);
    if (n_dot_l <= 0.0f || n_dot_v <= 0.0f) return glm::vec3(0.0f);
    const glm::vec3 h = glm::normalize(l + v);
    const float v_dot_h = std::max(glm::dot(v, h), 0.0f);
    const float alpha = roughness * roughness;
    const float specular =
        visibility_smith(n_dot_l, n_dot_v, alpha) * distribution_ggx(glm::dot(n, h), alpha);
    const glm::vec3 f_dielectric =
        fresnel_schlick(f0_dielectric * specular_weight, glm::vec3(specular_weight), v_dot_h);
    const glm::vec3 f_metal = fresnel_schlick(base_color, v_dot_h);
    const glm::vec3 dielectric = glm::mix(base_color / kPi, glm::vec3(specular), f_dielectric);
    const glm::vec3 metal = f_metal * specular;
    return glm::mix(dielectric, metal, metallic);
}

// f(l, v) for unit vectors around normal n, exactly as Appendix B mixes it:
//   dielectric = mix(diffuse, specular, F(0.04)), metal = specular * F(baseColor),
//   material = mix(dielectric, metal, metallic).
inline glm::vec3 evaluate(glm::vec3 n, glm::vec3 v, glm::vec3 l, glm::vec3 base_color, float metallic,
                          float roughness) {
    return evaluate_layered(n, v, l, base_color, metallic, roughness, glm::vec3(0.04f), 1.0f);
}

// KHR_materials_pbrSpecularGlossiness as the layered model reads it: the extension's
// c_diff = diffuse * (1 - max(specular)) drawn as a dielectric (metallic 0) with F0 = specular and
// roughness = 1 - glossiness, which is its BRDF, (1 - F) c_diff / pi + F D V, term for term.
struct SpecGlossLayers {
    glm::vec3 base_color;  // c_diff
    glm::vec3 f0;
    float roughness;
};
inline SpecGlossLayers specular_glossiness_layers(glm::vec3 diffuse, glm::vec3 specular, float glossiness) {
    const float max_spec = std::max(specular.r, std::max(specular.g, specular.b));
    return {diffuse * (1.0f - max_spec), specular, 1.0f - std::clamp(glossiness, 0.0f, 1.0f)};
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
//
// The layered form takes the dielectric F0 and strength of KHR_materials_ior / _specular: the
// specular terms are scaled by the strength as the Khronos renderer's getIBLGGXFresnel does, and
// the strength fades to 1 with metallic (metals have no dielectric lobe). With F0 0.04 and
// strength 1 every operation is the plain form's, so the characters' pictures are unchanged.
inline glm::vec3 image_based_light_layered(glm::vec3 base_color, float metallic, float roughness,
                                           float n_dot_v, glm::vec2 f_ab, glm::vec3 radiance,
                                           glm::vec3 irradiance, glm::vec3 f0_dielectric,
                                           float specular_weight) {
    const glm::vec3 f0 = glm::mix(f0_dielectric, base_color, metallic);
    const glm::vec3 c_diff = glm::mix(base_color, glm::vec3(0.0f), metallic);
    const float weight = specular_weight + (1.0f - specular_weight) * metallic;
    const glm::vec3 fr = glm::max(glm::vec3(1.0f - roughness), f0) - f0;
    const glm::vec3 k_s = f0 + fr * std::pow(1.0f - std::clamp(n_dot_v, 0.0f, 1.0f), 5.0f);
    const glm::vec3 fss_ess = weight * (k_s * f_ab.x + f_ab.y);
    const float ems = 1.0f - (f_ab.x + f_ab.y);
    const glm::vec3 f_avg = f0 + (glm::vec3(1.0f) - f0) / 21.0f;
    const glm::vec3 fms_ems = ems * fss_ess * f_avg / (glm::vec3(1.0f) - f_avg * ems);
    const glm::vec3 k_d = c_diff * (glm::vec3(1.0f) - fss_ess - fms_ems);
    return fss_ess * radiance + (fms_ems + k_d) * irradiance;
}

inline glm::vec3 image_based_light(glm::vec3 base_color, float metallic, float roughness, float n_dot_v,
                                   glm::vec2 f_ab, glm::vec3 radiance, glm::vec3 irradiance) {
    return image_based_light_layered(base_color, metallic, roughness, n_dot_v, f_ab, radiance, irradiance,
                                     glm::vec3(0.04f), 1.0f);
}

// KHR_materials_clearcoat's layering (the extension's "coated = mix(material, coat, clearcoat *
// fresnel(coat))"): the base is dimmed by what the coat reflects, clearcoat * F(0.04, N_c.V), and
// the coat's own specular is added. `coat_specular` is the coat's GGX reflection with F0 0.04
// (image_based_light of a black metal-free base gives it); the layering is not energy-exact since
// the coat's Fresnel is taken at N_c.V and not integrated over its lobe (see the furnace test).
// The split-sum specular reflectance alone (the coat's lobe: no diffuse, no multiple scattering).
inline glm::vec3 ibl_specular(glm::vec3 f0, float roughness, float n_dot_v, glm::vec2 f_ab) {
    const glm::vec3 fr = glm::max(glm::vec3(1.0f - roughness), f0) - f0;
    const glm::vec3 k_s = f0 + fr * std::pow(1.0f - std::clamp(n_dot_v, 0.0f, 1.0f), 5.0f);
    return k_s * f_ab.x + f_ab.y;
}
inline float clearcoat_fresnel(float clearcoat, float nc_dot_v) {
    return clearcoat * fresnel_schlick(glm::vec3(0.04f), nc_dot_v).x;
}
inline glm::vec3 apply_clearcoat(glm::vec3 base, float clearcoat, float nc_dot_v, glm::vec3 coat_specular) {
    return base * (1.0f - clearcoat_fresnel(clearcoat, nc_dot_v)) + clearcoat * coat_specular;
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
