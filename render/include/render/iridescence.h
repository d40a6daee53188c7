// KHR_materials_iridescence: the thin-film Fresnel of Belcour and Barla (2017) as the extension's
// appendix and the Khronos Sample Renderer's evalIridescence write it (air, a film of index
// film_ior and thickness in nanometres, then the base whose F0 is given), mirrored line for line by
// shaders/iridescence.glsl and held by tests/unit/brdf/iridescence_test.cpp.
//
// What the model costs: the spectral integral is replaced by Gaussian fits of the CIE XYZ matching
// functions (evaluated in closed form per interference order) and the Airy sum is cut after its
// second order, as the renderer does; the base's F0 is turned into a real index (no metal's
// extinction), so a metal's film colours are those of a dielectric of the same F0.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

#include "render/brdf.h"

namespace sv::render::iridescence {

// CIE XYZ to linear Rec.709 (sRGB primaries, D65), column-major as GLSL's mat3 reads it.
inline glm::vec3 xyz_to_rec709(glm::vec3 xyz) {
    const glm::mat3 m(3.2404542f, -0.9692660f, 0.0556434f, -1.5371385f, 1.8760108f, -0.2040259f, -0.4985314f,
                      0.0415560f, 1.0572252f);
    return m * xyz;
}

inline float sq(float x) { return x * x; }
inline glm::vec3 sq(glm::vec3 x) { return x * x; }

inline glm::vec3 fresnel0_to_ior(glm::vec3 f0) {
    const glm::vec3 s = glm::sqrt(f0);
    return (glm::vec3(1.0f) + s) / (glm::vec3(1.0f) - s);
}
inline glm::vec3 ior_to_fresnel0(glm::vec3 transmitted, float incident) {
    return sq((transmitted - glm::vec3(incident)) / (transmitted + glm::vec3(incident)));
}
inline float ior_to_fresnel0(float transmitted, float incident) {
    return sq((transmitted - incident) / (transmitted + incident));
}
inline float schlick(float f0, float cos_theta) {
    const float x = std::clamp(1.0f - cos_theta, 0.0f, 1.0f);
    return f0 + (1.0f - f0) * x * x * x * x * x;
}
inline glm::vec3 schlick(glm::vec3 f0, float cos_theta) {
    const float x = std::clamp(1.0f - cos_theta, 0.0f, 1.0f);
    return f0 + (glm::vec3(1.0f) - f0) * (x * x * x * x * x);
}

// The Fourier transform of the XYZ matching functions' Gaussian fits at optical path difference
// `opd` (nm) with phase `shift`, in linear Rec.709; normalised so that opd 0 gives XYZ (1, 1, 1).
inline glm::vec3 sensitivity(float opd, glm::vec3 shift) {
    const float phase = 2.0f * brdf::kPi * opd * 1.0e-9f;
    const glm::vec3 val(5.4856e-13f, 4.4201e-13f, 5.2481e-13f);
    const glm::vec3 pos(1.6810e+06f, 1.7953e+06f, 2.2084e+06f);
    const glm::vec3 var(4.3278e+09f, 9.3046e+09f, 6.6121e+09f);
    glm::vec3 xyz =
        val * glm::sqrt(2.0f * brdf::kPi * var) * glm::cos(pos * phase + shift) * glm::exp(-sq(phase) * var);
    xyz.x += 9.7470e-14f * std::sqrt(2.0f * brdf::kPi * 4.5282e+09f) *
             std::cos(2.2399e+06f * phase + shift.x) * std::exp(-4.5282e+09f * sq(phase));
    xyz /= 1.0685e-7f;
    return xyz_to_rec709(xyz);
}

// The film's reflectance seen from outside_ior at incidence cos_theta1 over a base of F0 base_f0.
inline glm::vec3 fresnel(float outside_ior, float film_ior, float cos_theta1, float thickness,
                         glm::vec3 base_f0) {
    // A film thinner than 30 nm fades to the outside medium (no film), as the renderer does.
    const float t = std::clamp(thickness / 0.03f, 0.0f, 1.0f);
    const float eta = outside_ior + (film_ior - outside_ior) * (t * t * (3.0f - 2.0f * t));
    const float sin2_theta2 = sq(outside_ior / eta) * (1.0f - sq(cos_theta1));
    const float cos2_theta2 = 1.0f - sin2_theta2;
    if (cos2_theta2 < 0.0f) return glm::vec3(1.0f);  // total internal reflection
    const float cos_theta2 = std::sqrt(cos2_theta2);
    // First interface (outside to film).
    const float r12 = schlick(ior_to_fresnel0(eta, outside_ior), cos_theta1);
    const float t121 = 1.0f - r12;
    const float phi12 = eta < outside_ior ? brdf::kPi : 0.0f;
    const float phi21 = brdf::kPi - phi12;
    // Second interface (film to base).
    const glm::vec3 base_ior = fresnel0_to_ior(glm::clamp(base_f0, glm::vec3(0.0f), glm::vec3(0.9999f)));
    const glm::vec3 r23 = schlick(ior_to_fresnel0(base_ior, eta), cos_theta2);
    const glm::vec3 phi23(base_ior.x < eta ? brdf::kPi : 0.0f, base_ior.y < eta ? brdf::kPi : 0.0f,
                          base_ior.z < eta ? brdf::kPi : 0.0f);
    const float opd = 2.0f * eta * thickness * cos_theta2;
    const glm::vec3 phi = glm::vec3(phi21) + phi23;
    const glm::vec3 r123 = glm::clamp(r12 * r23, glm::vec3(1e-5f), glm::vec3(0.9999f));
    const glm::vec3 rs = sq(t121) * r23 / (glm::vec3(1.0f) - r123);
    glm::vec3 i = glm::vec3(r12) + rs;  // the incoherent sum (order 0)
    glm::vec3 cm = rs - glm::vec3(t121);
    const glm::vec3 root = glm::sqrt(r123);
    for (int m = 1; m <= 2; ++m) {
        cm *= root;
        i += cm * 2.0f * sensitivity(float(m) * opd, float(m) * phi);
    }
    return glm::max(i, glm::vec3(0.0f));
}

// The renderer's rgb_mix: a layer of per-channel weight `w` over `base`, the base dimmed by the
// largest weight (what its iridescent dielectric lobe does to the diffuse).
inline glm::vec3 rgb_mix(glm::vec3 base, glm::vec3 layer, glm::vec3 w) {
    return (1.0f - std::max(w.x, std::max(w.y, w.z))) * base + w * layer;
}

}  // namespace sv::render::iridescence
