// Material lobes' formulas as the specifications (and, where named, the Khronos Sample Renderer
// 1.1.0's shader) write them, in double, for tests that hold the renderer's float code to them:
// tests/unit/brdf (render/brdf.h) and tests/gl/render_core/shader_lobes_test.cpp (the shader
// chunks themselves). Written from the specifications, not from the code under test.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

namespace sv::test::lobe {

constexpr double kPi = 3.14159265358979323846;

// KHR_materials_sheen: D = (2 + 1/alpha) sin(theta_h)^(1/alpha) / (2 pi), alpha = roughness^2.
inline double charlie_d(double n_dot_h, double roughness) {
    const double alpha = std::max(roughness * roughness, 1e-6);
    return (2.0 + 1.0 / alpha) * std::pow(std::max(1.0 - n_dot_h * n_dot_h, 0.0), 0.5 / alpha) / (2.0 * kPi);
}

// The extension's sheen visibility, 1 / ((1 + Lambda(N.V) + Lambda(N.L)) 4 N.V N.L), with Estevez and
// Kulla's fitted Lambda: the two rows of constants at alpha 0 and 1, mixed by (1 - alpha)^2.
inline double charlie_lambda_l(double x, double alpha) {
    const double t = (1.0 - alpha) * (1.0 - alpha);
    const auto at = [t](double one, double zero) { return one * (1.0 - t) + zero * t; };
    const double a = at(21.5473, 25.3245), b = at(3.82987, 3.32435), c = at(0.19823, 0.16801);
    const double d = at(-1.97760, -1.27393), e = at(-4.32054, -4.85967);
    return a / (1.0 + b * std::pow(x, c)) + d * x + e;
}
inline double charlie_lambda(double cos_theta, double alpha) {
    return cos_theta < 0.5
               ? std::exp(charlie_lambda_l(cos_theta, alpha))
               : std::exp(2.0 * charlie_lambda_l(0.5, alpha) - charlie_lambda_l(1.0 - cos_theta, alpha));
}
inline double charlie_v(double n_dot_l, double n_dot_v, double roughness) {
    const double alpha = std::max(roughness * roughness, 1e-6);
    const double v = 1.0 / ((1.0 + charlie_lambda(n_dot_v, alpha) + charlie_lambda(n_dot_l, alpha)) *
                            (4.0 * n_dot_v * n_dot_l));
    return std::clamp(v, 0.0, 1.0);
}

// A unit vector at cosine c from +Z, azimuth phi.
inline glm::dvec3 dir(double c, double phi) {
    const double s = std::sqrt(std::max(1.0 - c * c, 0.0));
    return {s * std::cos(phi), s * std::sin(phi), c};
}

// The Khronos Sample Renderer 1.1.0's evalIridescence (iridescence.glsl and brdf.glsl's F_Schlick
// there), in double.
inline glm::dvec3 khronos_iridescence(double outside, double eta2, double cos1, double thickness,
                                      glm::dvec3 base_f0) {
    const auto sq = [](double x) { return x * x; };
    const auto smooth = [](double e0, double e1, double x) {
        const double t = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
        return t * t * (3.0 - 2.0 * t);
    };
    const auto schlick = [](double f0, double c) {
        return f0 + (1.0 - f0) * std::pow(std::clamp(1.0 - c, 0.0, 1.0), 5.0);
    };
    const double eta = outside + (eta2 - outside) * smooth(0.0, 0.03, thickness);
    const double sin2 = sq(outside / eta) * (1.0 - sq(cos1));
    const double cos2sq = 1.0 - sin2;
    if (cos2sq < 0.0) return glm::dvec3(1.0);
    const double cos2 = std::sqrt(cos2sq);
    const double r12 = schlick(sq((eta - outside) / (eta + outside)), cos1);
    const double t121 = 1.0 - r12;
    const double phi12 = eta < outside ? kPi : 0.0, phi21 = kPi - phi12;
    const double opd = 2.0 * eta * thickness * cos2;
    glm::dvec3 out;
    for (int k = 0; k < 3; ++k) {
        const double s = std::sqrt(std::clamp(base_f0[k], 0.0, 0.9999));
        const double base_ior = (1.0 + s) / (1.0 - s);
        const double r23 = schlick(sq((base_ior - eta) / (base_ior + eta)), cos2);
        const double phi = phi21 + (base_ior < eta ? kPi : 0.0);
        const double r123 = std::clamp(r12 * r23, 1e-5, 0.9999);
        const double rs = sq(t121) * r23 / (1.0 - r123);
        double i = r12 + rs, cm = rs - t121;
        for (int m = 1; m <= 2; ++m) {
            cm *= std::sqrt(r123);
            // evalSensitivity(m opd, m phi), channel k: XYZ Gaussians' transform, then XYZ to Rec.709.
            const double phase = 2.0 * kPi * m * opd * 1e-9;
            const double val[3] = {5.4856e-13, 4.4201e-13, 5.2481e-13},
                         pos[3] = {1.6810e+06, 1.7953e+06, 2.2084e+06},
                         var[3] = {4.3278e+09, 9.3046e+09, 6.6121e+09};
            double xyz[3];
            for (int j = 0; j < 3; ++j)
                xyz[j] = val[j] * std::sqrt(2.0 * kPi * var[j]) * std::cos(pos[j] * phase + m * phi) *
                         std::exp(-sq(phase) * var[j]);
            xyz[0] += 9.7470e-14 * std::sqrt(2.0 * kPi * 4.5282e+09) *
                      std::cos(2.2399e+06 * phase + m * phi) * std::exp(-4.5282e+09 * sq(phase));
            for (double& x : xyz) x /= 1.0685e-7;
            const double rows[3][3] = {{3.2404542, -1.5371385, -0.4985314},
                                       {-0.9692660, 1.8760108, 0.0415560},
                                       {0.0556434, -0.2040259, 1.0572252}};
            const double rgb = rows[k][0] * xyz[0] + rows[k][1] * xyz[1] + rows[k][2] * xyz[2];
            i += cm * 2.0 * rgb;
        }
        out[k] = std::max(i, 0.0);
    }
    return out;
}

// KHR_lights_punctual: the range window clamp(1 - (d / range)^4, 0, 1) / d^2 (range 0: none, the
// inverse square alone), and the spot's cone saturate(cd scale + offset)^2 for cd the cosine from
// its axis, scale = 1 / max(0.001, cos inner - cos outer), offset = -cos outer scale.
inline double range_window(double d, double range) {
    return range > 0.0 ? std::clamp(1.0 - std::pow(d / range, 4.0), 0.0, 1.0) / (d * d) : 1.0 / (d * d);
}
inline double spot_cone(double cd, double inner, double outer) {
    const double scale = 1.0 / std::max(0.001, std::cos(inner) - std::cos(outer));
    const double a = std::clamp(cd * scale - std::cos(outer) * scale, 0.0, 1.0);
    return a * a;
}

// KHR_materials_clearcoat's fresnel_coat weight: clearcoat (F0 + (1 - F0) (1 - N_c.V)^5), F0 0.04
// (the coat's ior 1.5).
inline double clearcoat_weight(double clearcoat, double nc_dot_v) {
    return clearcoat * (0.04 + 0.96 * std::pow(1.0 - nc_dot_v, 5.0));
}

}  // namespace sv::test::lobe
