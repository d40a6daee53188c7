// The material extensions' maths in render/brdf.h (mirrored by shaders/brdf.glsl): KHR_materials_ior
// against the Fresnel equations, KHR_materials_specular's strength and tint, the specular-glossiness
// conversion against the extension's own BRDF written out here, the clearcoat's fresnel_coat and
// the sheen's Charlie lobe against the extensions' formulas in double (tests/support/lobe_formulas.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/glm.hpp>

#include "lobe_formulas.h"
#include "render/brdf.h"

namespace sv::render::brdf {
namespace {

namespace lobe = sv::test::lobe;

// Unpolarised Fresnel reflectance of a dielectric of relative index eta seen from air at
// incidence cos_i (the Fresnel equations, not Schlick): the independent reference for the ior.
double fresnel_exact(double cos_i, double eta) {
    const double sin2_t = (1.0 - cos_i * cos_i) / (eta * eta);
    if (sin2_t >= 1.0) return 1.0;
    const double cos_t = std::sqrt(1.0 - sin2_t);
    const double rs = (cos_i - eta * cos_t) / (cos_i + eta * cos_t);
    const double rp = (cos_t - eta * cos_i) / (cos_t + eta * cos_i);
    return 0.5 * (rs * rs + rp * rp);
}

TEST(MaterialIor, NormalIncidenceIsTheFresnelEquations) {
    for (float ior : {1.0f, 1.33f, 1.5f, 1.8f, 2.4f, 3.0f})
        EXPECT_NEAR(f0_from_ior(ior), fresnel_exact(1.0, ior), 1e-6) << "ior " << ior;
    // glTF's default dielectric F0 is exactly the ior default's.
    EXPECT_NEAR(f0_from_ior(1.5f), 0.04f, 1e-7f);
    EXPECT_EQ(f0_from_ior(1.0f), 0.0f);  // no interface, no reflection
    EXPECT_EQ(f0_from_ior(0.0f), 1.0f);  // the specification's "infinite" ior
}

TEST(MaterialIor, SchlickStaysNearTheFresnelEquationsForGlass) {
    // The shader takes only F0 from the ior and Schlick supplies the angle; the price, measured
    // here for ior 1.5 over the whole range of angles: Schlick's worst error.
    double worst = 0.0, worst_cos = 0.0;
    for (int i = 0; i <= 1000; ++i) {
        const double c = i / 1000.0;
        const double e =
            std::abs(fresnel_schlick(glm::vec3(f0_from_ior(1.5f)), float(c)).x - fresnel_exact(c, 1.5));
        if (e > worst) worst = e, worst_cos = c;
    }
    std::printf("[ schlick ] ior 1.5: worst |Schlick - Fresnel| = %.4f at cos %.3f\n", worst, worst_cos);
    EXPECT_LT(worst, 0.05);
}

TEST(MaterialSpecular, TintIsClampedAndStrengthZeroLeavesTheDiffuse) {
    const glm::vec3 f0 = dielectric_f0(0.04f, glm::vec3(2.0f, 30.0f, 0.5f));
    EXPECT_NEAR(f0.x, 0.08f, 1e-7f);
    EXPECT_EQ(f0.y, 1.0f);  // the extension clamps F0 at 1
    EXPECT_NEAR(f0.z, 0.02f, 1e-7f);
    // Strength 0: no specular lobe at all, the dielectric is its Lambert term.
    const glm::vec3 z(0, 0, 1), base(0.8f, 0.4f, 0.2f);
    const glm::vec3 l = glm::normalize(glm::vec3(0.3f, 0.1f, 1.0f));
    const glm::vec3 f = evaluate_layered(z, z, l, base, 0.0f, 0.3f, glm::vec3(0.04f), 0.0f);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(f[c], base[c] / kPi, 1e-7f);
    const glm::vec3 ibl =
        image_based_light_layered(base, 0.0f, 0.3f, 0.7f, integrate_split_sum(0.7f, 0.3f, 256),
                                  glm::vec3(5.0f), glm::vec3(1.0f), glm::vec3(0.04f), 0.0f);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(ibl[c], base[c], 1e-6f);
    // ... and a metal ignores it (metals have no dielectric lobe).
    const glm::vec3 metal = evaluate_layered(z, z, l, base, 1.0f, 0.3f, glm::vec3(0.04f), 0.0f);
    const glm::vec3 plain = evaluate(z, z, l, base, 1.0f, 0.3f);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(metal[c], plain[c], 1e-6f);
}

TEST(MaterialSpecular, WhiteFurnaceHoldsForAnyStrengthAndIor) {
    // A white dielectric keeps what the specular lobe does not take: under a uniform sky of 1 it
    // returns 1 whatever its ior, tint or strength (float rounding only).
    for (float weight : {0.0f, 0.5f, 1.0f})
        for (float ior : {1.2f, 1.5f, 2.5f})
            for (float roughness : {0.1f, 0.6f}) {
                const glm::vec2 ab = integrate_split_sum(0.6f, roughness, 256);
                const glm::vec3 c =
                    image_based_light_layered(glm::vec3(1.0f), 0.0f, roughness, 0.6f, ab, glm::vec3(1.0f),
                                              glm::vec3(1.0f), glm::vec3(f0_from_ior(ior)), weight);
                EXPECT_NEAR(c.x, 1.0f, 1e-4f)
                    << "weight " << weight << " ior " << ior << " roughness " << roughness;
            }
    // Control: a higher ior reflects more of a black dielectric.
    const glm::vec2 ab = integrate_split_sum(0.9f, 0.2f, 256);
    const auto black = [&](float ior) {
        return image_based_light_layered(glm::vec3(0.0f), 0.0f, 0.2f, 0.9f, ab, glm::vec3(1.0f),
                                         glm::vec3(1.0f), glm::vec3(f0_from_ior(ior)), 1.0f)
            .x;
    };
    EXPECT_GT(black(2.5f), 2.5f * black(1.5f));
}

TEST(MaterialSpecularGlossiness, IsTheExtensionsBrdf) {
    // KHR_materials_pbrSpecularGlossiness's BRDF, as its specification writes it:
    //   f = (1 - F) c_diff / pi + F D V, F = Schlick(specular), c_diff = diffuse (1 - max(specular)),
    //   alpha = (1 - glossiness)^2.
    const glm::vec3 diffuse(0.9f, 0.5f, 0.2f), specular(0.5f, 0.3f, 0.1f);
    const float glossiness = 0.7f;
    const SpecGlossLayers s = specular_glossiness_layers(diffuse, specular, glossiness);
    const glm::vec3 n(0, 0, 1);
    for (const glm::vec3 l0 : {glm::vec3(0, 0, 1), glm::vec3(0.5f, 0.2f, 0.8f), glm::vec3(-0.7f, 0.3f, 0.4f)})
        for (const glm::vec3 v0 :
             {glm::vec3(0, 0, 1), glm::vec3(-0.3f, 0.1f, 0.9f), glm::vec3(0.8f, -0.2f, 0.3f)}) {
            const glm::vec3 l = glm::normalize(l0), v = glm::normalize(v0), h = glm::normalize(l + v);
            const double alpha = (1.0 - glossiness) * (1.0 - glossiness), a2 = alpha * alpha;
            const double nh = h.z, nl = l.z, nv = v.z, vh = glm::dot(v, h);
            const double dd = nh * nh * (a2 - 1.0) + 1.0;
            const double d = a2 / (kPi * dd * dd);
            const double vis =
                1.0 / ((nl + std::sqrt(a2 + (1 - a2) * nl * nl)) * (nv + std::sqrt(a2 + (1 - a2) * nv * nv)));
            const glm::vec3 got = evaluate_layered(n, v, l, s.base_color, 0.0f, s.roughness, s.f0, 1.0f);
            for (int c = 0; c < 3; ++c) {
                const double f = specular[c] + (1.0 - specular[c]) * std::pow(1.0 - vh, 5.0);
                const double c_diff = diffuse[c] * (1.0 - 0.5);
                const double want = (1.0 - f) * c_diff / kPi + f * d * vis;
                EXPECT_NEAR(got[c], want, 1e-4 * std::max(1.0, want)) << "channel " << c;
            }
        }
}

TEST(MaterialSpecularGlossiness, TheMetalRoughEquivalentDrawsTheSame) {
    // What SpecGlossVsMetalRough shows: a dielectric base colour b, roughness r is the same surface
    // as diffuse b / 0.96, specular 0.04, glossiness 1 - r.
    const glm::vec3 b(0.6f, 0.3f, 0.1f);
    const SpecGlossLayers s = specular_glossiness_layers(b / 0.96f, glm::vec3(0.04f), 1.0f - 0.4f);
    const glm::vec3 n(0, 0, 1), l = glm::normalize(glm::vec3(0.4f, 0.1f, 0.9f)),
                                v = glm::normalize(glm::vec3(-0.2f, 0.3f, 0.9f));
    const glm::vec3 sg = evaluate_layered(n, v, l, s.base_color, 0.0f, s.roughness, s.f0, 1.0f);
    const glm::vec3 mr = evaluate(n, v, l, b, 0.0f, 0.4f);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(sg[c], mr[c], 1e-6f);
}

TEST(MaterialClearcoat, IsTheExtensionsFresnelCoat) {
    // fresnel_coat: mix(base, layer, clearcoat (0.04 + 0.96 (1 - N_c.V)^5)), the formula written out
    // in tests/support/lobe_formulas.h, at every clearcoat, angle and layer here.
    int checked = 0, off_before = 0;
    for (float coat : {0.0f, 0.25f, 0.7f, 1.0f})
        for (int i = 1; i <= 40; ++i)
            for (float layer : {0.0f, 0.4f, 2.5f}) {
                const float nv = i / 40.0f;
                const glm::vec3 base(0.3f, 0.6f, 0.9f);
                const glm::vec3 got = apply_clearcoat(base, coat, nv, glm::vec3(layer));
                const double w = lobe::clearcoat_weight(coat, nv);
                for (int c = 0; c < 3; ++c) {
                    EXPECT_NEAR(got[c], base[c] * (1.0 - w) + w * layer, 1e-6)
                        << coat << " " << nv << " " << layer;
                    // Control: the form before, the layer added with the clearcoat factor alone.
                    off_before += std::abs(got[c] - (base[c] * (1.0 - w) + coat * layer)) > 1e-3 ? 1 : 0;
                    ++checked;
                }
            }
    EXPECT_GT(off_before, checked / 3);
    // The white furnace: a white base and a coat that reflects the same uniform sky stay white.
    for (int i = 1; i <= 10; ++i)
        EXPECT_NEAR(apply_clearcoat(glm::vec3(1.0f), 1.0f, i / 10.0f, glm::vec3(1.0f)).x, 1.0f, 1e-6f);
    // Over a black base the coat shows its Fresnel: 0.04 head-on, all of it at grazing.
    EXPECT_NEAR(apply_clearcoat(glm::vec3(0.0f), 1.0f, 1.0f, glm::vec3(1.0f)).x, 0.04f, 1e-6f);
    EXPECT_NEAR(apply_clearcoat(glm::vec3(0.0f), 1.0f, 0.0f, glm::vec3(1.0f)).x, 1.0f, 1e-6f);
}

TEST(MaterialSheen, ALightsScalingIsTheSpecificationsMin) {
    // min(1 - max(sheenColor) E(N.V), 1 - max(sheenColor) E(N.L)), worked out here; control: the
    // sky's scaling 1 - max(sheenColor) E(N.V) alone differs wherever E(N.L) is the larger.
    int differs = 0;
    for (glm::vec3 c : {glm::vec3(1.0f, 0.329f, 0.1f), glm::vec3(0.013f, 0.284f, 0.298f), glm::vec3(0.0f)})
        for (float e_v : {0.0f, 0.15f, 0.5f, 0.9f})
            for (float e_l : {0.0f, 0.2f, 0.6f, 1.0f}) {
                const double m = std::max({double(c.r), double(c.g), double(c.b)});
                const double want = std::min(1.0 - m * e_v, 1.0 - m * e_l);
                EXPECT_NEAR(sheen_light_scaling(c, e_v, e_l), want, 1e-6) << e_v << " " << e_l;
                differs += std::abs(sheen_light_scaling(c, e_v, e_l) - (1.0 - m * e_v)) > 1e-3 ? 1 : 0;
            }
    EXPECT_GT(differs, 8);
}

TEST(MaterialSheen, CharlieLobeIsTheExtensionsAtManyAngles) {
    // D and V against the extension's formulas written out in double (tests/support/lobe_formulas.h),
    // over N.V, N.L, azimuth and roughness; control: Ashikhmin's visibility, the other the extension
    // names, is far from the lobe drawn.
    int checked = 0, ashikhmin_off = 0;
    for (float r : {0.07f, 0.2f, 0.45f, 0.7f, 1.0f})
        for (int a = 1; a <= 12; ++a)
            for (int b = 1; b <= 12; ++b)
                for (float phi : {0.0f, 1.3f, 3.0f}) {
                    const double nv = a / 12.0 - 0.02, nl = b / 12.0 - 0.03;
                    const glm::dvec3 v = lobe::dir(nv, 0.0), l = lobe::dir(nl, phi);
                    const double nh = glm::normalize(l + v).z;
                    const double d = lobe::charlie_d(nh, r), vis = lobe::charlie_v(nl, nv, r);
                    EXPECT_NEAR(distribution_charlie(float(nh), r), d, 2e-4 * d + 1e-6) << r << " " << nh;
                    EXPECT_NEAR(visibility_sheen(float(nl), float(nv), r), vis, 2e-4 * vis + 1e-7)
                        << r << " " << nl << " " << nv;
                    const double f = sheen_evaluate(glm::vec3(0, 0, 1), glm::vec3(v), glm::vec3(l), r);
                    EXPECT_NEAR(f, d * vis, 5e-4 * d * vis + 1e-6);
                    ashikhmin_off += std::abs(f - d / (4.0 * (nl + nv - nl * nv))) > 1e-3 * f + 1e-6 ? 1 : 0;
                    ++checked;
                }
    EXPECT_GT(ashikhmin_off, checked / 2);
}

TEST(MaterialSheen, CharlieIsANormalisedDistribution) {
    // integral D(h) (N.H) dh over the hemisphere = 1, the defining property of a microfacet
    // distribution (midpoint quadrature in theta, 4000 cells).
    for (float roughness : {0.1f, 0.3f, 0.6f, 1.0f}) {
        double s = 0.0;
        const int nt = 4000;
        for (int i = 0; i < nt; ++i) {
            const double th = (i + 0.5) / nt * kPi / 2;
            s += distribution_charlie(float(std::cos(th)), roughness) * std::cos(th) * std::sin(th) *
                 (kPi / 2 / nt) * 2 * kPi;
        }
        EXPECT_NEAR(s, 1.0, 1e-3) << "roughness " << roughness;
    }
    // The extension's formula at one point by hand: roughness 1 (alpha 1), N.H = 0.6, sin^2 = 0.64:
    // (2 + 1) * 0.64^0.5 / (2 pi) = 2.4 / (2 pi).
    EXPECT_NEAR(distribution_charlie(0.6f, 1.0f), 2.4f / (2.0f * kPi), 1e-6f);
}

TEST(MaterialSheen, AlbedoTableIsConvergedAndBelowOne) {
    // The sheen environment's E table uses 32 x 32 cells; against 256 x 256 its worst error over
    // the table's range is printed and bounded, and no entry reflects more than it receives.
    double worst = 0.0, most = 0.0;
    for (float roughness : {0.1f, 0.3f, 0.5f, 0.8f, 1.0f})
        for (float nv : {0.05f, 0.2f, 0.5f, 0.8f, 1.0f}) {
            const double coarse = sheen_albedo(nv, roughness, 32), fine = sheen_albedo(nv, roughness, 256);
            worst = std::max(worst, std::abs(coarse - fine));
            most = std::max(most, fine);
        }
    std::printf("[ sheen ] albedo table: worst |32 cells - 256 cells| = %.5f, largest E = %.4f\n", worst,
                most);
    EXPECT_LT(worst, 6e-3);
    EXPECT_LE(most, 1.0);
    EXPECT_GT(most, 0.3);  // the lobe is there at all
}

TEST(MaterialSheen, LayeringKeepsAWhiteFurnaceWhite) {
    // A white base (1 under a uniform sky) under a white sheen: the base gives up max(color) E and
    // the sheen returns color E, so the sum stays 1; a coloured sheen returns less than it takes
    // in the channels below its maximum, as the extension's albedo scaling does.
    for (float roughness : {0.2f, 0.6f, 1.0f})
        for (float nv : {0.1f, 0.5f, 0.9f}) {
            const float e = sheen_albedo(nv, roughness);
            const glm::vec3 white = apply_sheen(glm::vec3(1.0f), glm::vec3(1.0f), e, glm::vec3(e));
            EXPECT_NEAR(white.x, 1.0f, 1e-6f);
            const glm::vec3 c(1.0f, 0.3f, 0.1f);
            const glm::vec3 coloured = apply_sheen(glm::vec3(1.0f), c, e, c * e);
            EXPECT_NEAR(coloured.x, 1.0f, 1e-6f);
            EXPECT_LE(coloured.z, 1.0f);
        }
}

TEST(MaterialSheen, PrefilterAveragesTheSkyOverTheLobe) {
    const auto uniform = [](glm::vec3) { return glm::vec3(2.0f); };
    EXPECT_NEAR(sheen_prefilter(uniform, glm::vec3(0, 1, 0), sheen_lobe_weights(0.5f)).x, 2.0f, 1e-5f);
    // A sky lit above the horizon only: looking straight up the whole lobe sees it, looking along
    // the horizon half of it (by symmetry), whatever the roughness.
    const auto upper = [](glm::vec3 d) { return glm::vec3(d.y > 0.0f ? 1.0f : 0.0f); };
    for (float roughness : {0.3f, 1.0f}) {
        EXPECT_NEAR(sheen_prefilter(upper, glm::vec3(0, 1, 0), sheen_lobe_weights(roughness)).x, 1.0f, 1e-5f);
        EXPECT_NEAR(sheen_prefilter(upper, glm::vec3(1, 0, 0), sheen_lobe_weights(roughness)).x, 0.5f, 0.02f);
    }
}

}  // namespace
}  // namespace sv::render::brdf
