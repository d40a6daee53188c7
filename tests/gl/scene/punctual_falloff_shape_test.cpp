// KHR_lights_punctual's falloff held to its shape, not only to where it ends (punctual_lights_test
// checks that): a white Lambertian floor (metal 0, KHR_materials_specular 0, so the BRDF is
// base / pi and nothing else) seen from straight above, lit by one light and nothing else, and
// every pixel of the picture compared with the specification's formulas written out here in
// double: the range window clamp(1 - (d / range)^4, 0, 1) / d^2, the spot cone
// saturate(cos * scale + offset)^2 with scale = 1 / max(0.001, cos inner - cos outer) and
// offset = -cos outer * scale, N.L = h / d, then PBR Neutral and the sRGB curve. Each pixel's centre
// is a floor point at a known distance and angle from the light, so one picture holds the formula
// at some 40 000 distances and angles; a change of one character in the window, the cone or the
// inverse square moves hundreds of pixels by far more than the 2/255 allowed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "lit_floor.h"
#include "lobe_formulas.h"
#include "render/image.h"
#include "test_paths.h"

using namespace sv;
namespace falloff_shape {

using sv::test::lobe::range_window;
using sv::test::lobe::spot_cone;

constexpr int kPixels = 200;
constexpr double kSpan = 4.0;  // the view spans -4..4 m in x and z

// The floor of tests/support/lit_floor.h without a specular lobe: f = base / pi exactly.
render::RgbaImage draw(const anim::Light& light, double h) {
    return sv::test::draw_lit_floor(light, h, /*no_specular=*/true, kPixels, static_cast<float>(kSpan));
}

// Khronos PBR Neutral, as its reference implementation writes it, for a grey (r = g = b): its
// desaturation mixes the three channels towards the new peak, which a grey already is.
double pbr_neutral_grey(double c) {
    const double start = 0.8 - 0.04;
    c -= c < 0.08 ? c - 6.25 * c * c : 0.04;
    if (c < start) return c;
    const double d = 1.0 - start;
    return 1.0 - d * d / (c + d - start);
}

int srgb8(double linear) {
    linear = std::clamp(linear, 0.0, 1.0);
    const double s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1.0 / 2.4) - 0.055;
    return static_cast<int>(std::lround(s * 255.0));
}

// The specification's falloff of a light at height h above the origin, at floor point (x, z).
struct Expected {
    double intensity, h, range;  // range 0: none
    bool spot = false;
    double inner = 0, outer = 0;  // radians
    int at(double x, double z) const {
        const double d2 = x * x + z * z + h * h, d = std::sqrt(d2);
        const double window = range_window(d, range);
        const double cone = spot ? spot_cone(h / d, inner, outer) : 1.0;
        const double n_dot_l = h / d;
        return srgb8(pbr_neutral_grey(intensity * window * cone * n_dot_l / M_PI));
    }
};

struct Agreement {
    long pixels = 0, off = 0, lit = 0;
    int worst = 0;
};

// Every pixel's red channel (the floor is white and the light white; blue is the clear colour's)
// against the formula at that pixel's centre.
Agreement compare(const render::RgbaImage& image, const Expected& e) {
    Agreement a;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const double wx = ((x + 0.5) / kPixels * 2.0 - 1.0) * kSpan;
            const double wz = ((y + 0.5) / kPixels * 2.0 - 1.0) * kSpan;
            const int want = e.at(wx, wz), got = image.at(x, y)[0];
            const int diff = std::abs(want - got);
            ++a.pixels;
            a.lit += want > 0 ? 1 : 0;
            a.worst = std::max(a.worst, diff);
            a.off += diff > 2 ? 1 : 0;
        }
    return a;
}

TEST(PunctualFalloffShape, APointLightsRangeWindowAtEveryDistance) {
    anim::Light l;
    l.type = anim::Light::Type::Point;
    l.intensity = 6.0f;
    l.range = 3.5f;
    const Expected e{6.0, 1.2, 3.5};
    const render::RgbaImage image = draw(l, e.h);
    ASSERT_EQ(image.width, kPixels);
    (void)render::write_png((sv::test::output_dir() / "punctual_window_shape.png").string(), image);
    const Agreement a = compare(image, e);
    // Most of the view is inside the range (sqrt(3.5^2 - 1.2^2) = 3.29 m of the 4 m half span).
    EXPECT_GT(a.lit, a.pixels / 2);
    EXPECT_EQ(a.off, 0) << "worst " << a.worst << "/255 from clamp(1 - (d/range)^4, 0, 1) / d^2";
    // Negative control: the same picture against the inverse square alone (no window) is far off.
    const Agreement control = compare(image, Expected{6.0, 1.2, 0.0});
    EXPECT_GT(control.off, a.pixels / 4) << "the window is indistinguishable from none";
}

TEST(PunctualFalloffShape, ASpotLightsConeAtEveryAngle) {
    anim::Light l;
    l.type = anim::Light::Type::Spot;
    l.intensity = 9.0f;
    l.range = 5.0f;
    l.inner_cone = 0.35f;
    l.outer_cone = 1.0f;
    Expected e{9.0, 2.0, 5.0, true, 0.35, 1.0};
    const render::RgbaImage image = draw(l, e.h);
    ASSERT_EQ(image.width, kPixels);
    (void)render::write_png((sv::test::output_dir() / "punctual_cone_shape.png").string(), image);
    const Agreement a = compare(image, e);
    EXPECT_GT(a.lit, a.pixels / 4);
    EXPECT_EQ(a.off, 0) << "worst " << a.worst << "/255 from saturate(cos * scale + offset)^2";
    // Negative controls: the same picture against another inner angle, and against no cone.
    Expected wider = e;
    wider.inner = 0.0;  // a wider smooth band: the formula's shape, not its edge, is what moves
    EXPECT_GT(compare(image, wider).off, a.lit / 4) << "the cone's inner angle makes no difference";
    Expected no_cone = e;
    no_cone.spot = false;
    EXPECT_GT(compare(image, no_cone).off, a.pixels / 4) << "the cone makes no difference";
}

}  // namespace falloff_shape
