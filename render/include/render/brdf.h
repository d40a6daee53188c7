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

// The split-sum reflectance of one lobe, single scattering F_ss E_ss plus the multiple-scattering
// compensation F_ms E_ms of Fdez-Aguera (2019), for reflectance `f0` at strength `weight` (the
// Khronos renderer's getIBLGGXFresnel, the strength scaling F_avg too). `f_ab` is the table entry.
inline glm::vec3 ibl_ggx_fresnel(glm::vec3 f0, float weight, float roughness, float n_dot_v, glm::vec2 f_ab) {
    const glm::vec3 fr = glm::max(glm::vec3(1.0f - roughness), f0) - f0;
    const glm::vec3 k_s = f0 + fr * std::pow(1.0f - std::clamp(n_dot_v, 0.0f, 1.0f), 5.0f);
    const glm::vec3 fss_ess = weight * (k_s * f_ab.x + f_ab.y);
    const float ems = 1.0f - (f_ab.x + f_ab.y);
    const glm::vec3 f_avg = weight * (f0 + (glm::vec3(1.0f) - f0) / 21.0f);
    const glm::vec3 fms_ems = ems * fss_ess * f_avg / (glm::vec3(1.0f) - f_avg * ems);
    return fss_ess + fms_ems;
}

// The image-based light of one surface point from the split-sum terms: `radiance` is the
// prefiltered environment along the reflection, `irradiance` the cosine-convolved one divided by
// pi (so a uniform environment of 1 gives 1), `f_ab` the table entry. Mirrored in brdf.glsl.
//
// Combined as the Khronos Sample Renderer (1.1.0) does, since its pictures are the reference this
// project is held to and the specification prescribes no image-based light: a metal lobe (F0 the
// base colour) and a dielectric lobe (F0 and strength of KHR_materials_ior / _specular) each
// reflect the prefiltered radiance by their whole ibl_ggx_fresnel, the dielectric's diffuse takes
// the irradiance times the rest, and the two are mixed by metallic. What it costs against
// Fdez-Aguera's own form (kept here until 2026-12): the multiply-scattered energy F_ms E_ms is
// light bounced many times inside the microsurface, close to diffuse, and the paper lights it with
// the irradiance; here it reads the radiance prefiltered at the surface's roughness, so a smooth
// metal's compensation mirrors the sky's detail where it should be a blur. On a rough white metal
// (roughness 1, glTF's default material) the two differ by about 12/255 under the sky; the Khronos
// files without a material are drawn that way, and were 0% within 8/255 of the Khronos render
// before (docs/materials.md, "The Khronos reference").
inline glm::vec3 image_based_light_layered(glm::vec3 base_color, float metallic, float roughness,
                                           float n_dot_v, glm::vec2 f_ab, glm::vec3 radiance,
                                           glm::vec3 irradiance, glm::vec3 f0_dielectric,
                                           float specular_weight) {
    const glm::vec3 metal = ibl_ggx_fresnel(base_color, 1.0f, roughness, n_dot_v, f_ab) * radiance;
    const glm::vec3 f_dielectric = ibl_ggx_fresnel(f0_dielectric, specular_weight, roughness, n_dot_v, f_ab);
    const glm::vec3 dielectric = glm::mix(base_color * irradiance, radiance, f_dielectric);
    return glm::mix(dielectric, metal, metallic);
}

inline glm::vec3 image_based_light(glm::vec3 base_color, float metallic, float roughness, float n_dot_v,
                                   glm::vec2 f_ab, glm::vec3 radiance, glm::vec3 irradiance) {
    return image_based_light_layered(base_color, metallic, roughness, n_dot_v, f_ab, radiance, irradiance,
                                     glm::vec3(0.04f), 1.0f);
}

// KHR_materials_clearcoat's layering, the extension's fresnel_coat:
//   coated = mix(material, clearcoat_brdf, clearcoat * (F0 + (1 - F0) (1 - |N_c.V|)^5)), F0 = 0.04
// (the coat's ior is 1.5 whatever KHR_materials_ior says of the base), where clearcoat_brdf is the
// specular lobe D V about the coat's normal with no Fresnel of its own: the one Fresnel weight,
// at N_c.V, both dims the base and scales the coat. `coat_light` is therefore the coat's light
// without Fresnel: a light's D V (N_c.L) radiance, and under the sky the environment prefiltered
// at the coat's roughness along the coat's reflection, as the Khronos Sample Renderer takes it
// (its getIBLRadianceGGX; the extension prescribes no image-based light). What that costs: the
// lobe's own split-sum albedo A + B (below 1 for a rough coat, 0.6 at roughness 1 head-on) is not
// applied, so a rough coat under the sky reflects up to 1 / (A + B) more than its lobe integrates
// to. The form before added clearcoat x the coat's split sum (its roughness-dependent Fresnel
// integrated over the lobe) to the dimmed base: two Fresnel weights where the extension has one.
inline float clearcoat_fresnel(float clearcoat, float nc_dot_v) {
    return clearcoat * fresnel_schlick(glm::vec3(0.04f), nc_dot_v).x;
}
inline glm::vec3 apply_clearcoat(glm::vec3 base, float clearcoat, float nc_dot_v, glm::vec3 coat_light) {
    return glm::mix(base, coat_light, clearcoat_fresnel(clearcoat, nc_dot_v));
}

// KHR_materials_sheen. The Charlie distribution (Estevez and Kulla 2017, the extension's D), with
// alpha = roughness^2 kept above 1e-6 (at 0 the lobe is a delta along the tangent plane):
//   D(h) = (2 + 1/alpha) sin(theta_h)^(1/alpha) / (2 pi).
inline float distribution_charlie(float n_dot_h, float roughness) {
    const float alpha = std::max(roughness * roughness, 1e-6f);
    const float inv = 1.0f / alpha;
    const float sin2 = std::max(1.0f - n_dot_h * n_dot_h, 0.0f);
    return (2.0f + inv) * std::pow(sin2, 0.5f * inv) / (2.0f * kPi);
}

// The extension's "Charlie" sheen visibility (Estevez and Kulla 2017's fitted lambda), the one
// its albedo scaling is energy conserving with (the simpler Ashikhmin form overshoots to E = 1.7
// at grazing angles; tests/unit/brdf shows E <= 1 with this one).
inline float sheen_lambda_fit(float x, float alpha) {
    const float t = (1.0f - alpha) * (1.0f - alpha);
    const float a = 21.5473f + (25.3245f - 21.5473f) * t, b = 3.82987f + (3.32435f - 3.82987f) * t;
    const float c = 0.19823f + (0.16801f - 0.19823f) * t, d = -1.97760f + (-1.27393f + 1.97760f) * t;
    const float e = -4.32054f + (-4.85967f + 4.32054f) * t;
    return a / (1.0f + b * std::pow(x, c)) + d * x + e;
}
inline float sheen_lambda(float cos_theta, float alpha) {
    return std::abs(cos_theta) < 0.5f
               ? std::exp(sheen_lambda_fit(cos_theta, alpha))
               : std::exp(2.0f * sheen_lambda_fit(0.5f, alpha) - sheen_lambda_fit(1.0f - cos_theta, alpha));
}
inline float visibility_sheen(float n_dot_l, float n_dot_v, float roughness) {
    const float alpha = std::max(roughness * roughness, 1e-6f);
    const float v = 1.0f / ((1.0f + sheen_lambda(n_dot_v, alpha) + sheen_lambda(n_dot_l, alpha)) *
                            (4.0f * n_dot_v * n_dot_l));
    return std::clamp(v, 0.0f, 1.0f);
}

// The sheen lobe f_sheen(l, v) for a sheen colour of 1.
inline float sheen_evaluate(glm::vec3 n, glm::vec3 v, glm::vec3 l, float roughness) {
    const float n_dot_l = glm::dot(n, l), n_dot_v = glm::dot(n, v);
    if (n_dot_l <= 0.0f || n_dot_v <= 0.0f) return 0.0f;
    const glm::vec3 h = glm::normalize(l + v);
    return distribution_charlie(glm::dot(n, h), roughness) * visibility_sheen(n_dot_l, n_dot_v, roughness);
}

// The sheen lobe's directional albedo E(N.V) = integral f_sheen cos dl over the hemisphere, by
// midpoint quadrature in (theta, phi) (the lobe is wide, so no importance sampling); `cells` per
// axis sets the error: the sheen environment's 32 x 32 are within 0.0054 of 256 x 256 over the
// table (tests/unit/brdf).
inline float sheen_albedo(float n_dot_v, float roughness, int cells = 64) {
    n_dot_v = std::max(n_dot_v, 1e-4f);
    const glm::vec3 n(0, 0, 1), v(std::sqrt(1.0f - n_dot_v * n_dot_v), 0.0f, n_dot_v);
    double sum = 0.0;
    // The lobe is symmetric about the plane of N and V: half the azimuths, counted twice.
    const int nt = cells, np = cells;
    for (int i = 0; i < nt; ++i) {
        const double th = (i + 0.5) / nt * kPi / 2;
        for (int j = 0; j < np; ++j) {
            const double ph = (j + 0.5) / np * kPi;
            const glm::vec3 l(float(std::sin(th) * std::cos(ph)), float(std::sin(th) * std::sin(ph)),
                              float(std::cos(th)));
            const double d_omega = 2.0 * std::sin(th) * (kPi / 2 / nt) * (kPi / np);
            sum += double(sheen_evaluate(n, v, l, roughness)) * double(l.z) * d_omega;
        }
    }
    return float(sum);
}

// The sheen lobe seen along its own normal (N = V, the split-sum assumption the GGX prefilter
// makes too) is symmetric about N, so its weight over the hemisphere depends on theta alone:
// f_sheen(theta) cos(theta) sin(theta) on kSheenThetaCells midpoint cells, computed once a
// roughness. Roughness is taken at least 0.07: below it the lobe is a sliver at the horizon that
// 16 cells cannot resolve (the floor three.js uses as well).
inline constexpr int kSheenThetaCells = 16, kSheenPhiCells = 32;
inline std::array<float, kSheenThetaCells> sheen_lobe_weights(float roughness) {
    roughness = std::max(roughness, 0.07f);
    std::array<float, kSheenThetaCells> w{};
    const glm::vec3 n(0, 0, 1);
    for (int i = 0; i < kSheenThetaCells; ++i) {
        const float th = (i + 0.5f) / kSheenThetaCells * kPi / 2;
        const glm::vec3 l(std::sin(th), 0.0f, std::cos(th));
        w[static_cast<size_t>(i)] = sheen_evaluate(n, n, l, roughness) * std::cos(th) * std::sin(th);
    }
    return w;
}

// The sky `radiance(direction)` averaged over the sheen lobe around direction r with those
// weights: the prefiltered sheen environment's texel (kSheenThetaCells x kSheenPhiCells cells).
template <typename Radiance>
glm::vec3 sheen_prefilter(const Radiance& radiance, glm::vec3 r,
                          const std::array<float, kSheenThetaCells>& w) {
    const glm::vec3 up = std::abs(r.z) < 0.999f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
    const glm::vec3 tx = glm::normalize(glm::cross(up, r)), ty = glm::cross(r, tx);
    glm::vec3 sum(0.0f);
    float weight = 0.0f;
    for (int i = 0; i < kSheenThetaCells; ++i) {
        const float th = (i + 0.5f) / kSheenThetaCells * kPi / 2;
        for (int j = 0; j < kSheenPhiCells; ++j) {
            const float ph = (j + 0.5f) / kSheenPhiCells * 2 * kPi;
            const glm::vec3 l =
                tx * (std::sin(th) * std::cos(ph)) + ty * (std::sin(th) * std::sin(ph)) + r * std::cos(th);
            sum += glm::vec3(radiance(l)) * w[static_cast<size_t>(i)];
            weight += w[static_cast<size_t>(i)];
        }
    }
    return weight > 0.0f ? sum / weight : glm::vec3(radiance(r));
}

// One light's albedo scaling (the specification's, for punctual lights): the material below keeps
// min(1 - max(sheenColor) E(N.V), 1 - max(sheenColor) E(N.L)). Mirrored in brdf.glsl.
inline float sheen_light_scaling(glm::vec3 sheen_color, float e_v, float e_l) {
    const float m = std::max(sheen_color.r, std::max(sheen_color.g, sheen_color.b));
    return std::min(1.0f - m * e_v, 1.0f - m * e_l);
}

// The extension's layering under the sky: the material below is scaled by 1 - max(sheenColor)
// E(N.V) (the share the sheen takes), and the sheen's own light added.
inline glm::vec3 apply_sheen(glm::vec3 base, glm::vec3 sheen_color, float albedo, glm::vec3 sheen_light) {
    const float scale = 1.0f - std::max(sheen_color.r, std::max(sheen_color.g, sheen_color.b)) * albedo;
    return base * scale + sheen_light;
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
