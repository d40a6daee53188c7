// KHR_lights_punctual as drawn, against the specification's formulas worked out by hand: a white,
// fully rough floor seen from straight above, lit by one light and nothing else (sky intensity 0,
// key light off), so a pixel is black exactly where the light's falloff reaches zero. A point light
// of range R at height h lights the floor out to sqrt(R^2 - h^2) and not beyond; a spot at height h
// out to h tan(outer) and not beyond. Each with its negative control (no range, no cone), and the
// Khronos LightsPunctualLamp sample drawn with its lights and without.
#include "render/punctual_lights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <glm/gtc/matrix_transform.hpp>
#include <string>

#include "anim/character/character.h"
#include "lit_floor.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/gl.h"
#include "render/image.h"
#include "render/render_target.h"
#include "scene_session.h"
#include "test_paths.h"

namespace fs = std::filesystem;
using namespace sv;

namespace {

constexpr int kSize = 200;
constexpr float kHalf = 5.0f;  // the view spans -5..5 m in x and z

struct Lit {
    render::RgbaImage image;
    // Is the floor lit at this horizontal distance from the light's foot (on +x)?
    bool lit_at(float r) const {
        const int x = static_cast<int>(std::lround((r / kHalf * 0.5f + 0.5f) * kSize));
        const std::uint8_t* px = image.at(std::min(x, kSize - 1), kSize / 2);
        return px[0] > 0;  // the floor is white, the clear colour blue: red is the floor's light
    }
};

Lit draw(const anim::Light& light, double h) {
    Lit out;
    out.image = sv::test::draw_lit_floor(light, h, /*no_specular=*/false, kSize, kHalf);
    // The floor covers the whole view (no clear colour anywhere), lit or not.
    long clear = 0;
    for (size_t i = 0; i < out.image.pixels.size(); i += 4)
        clear += out.image.pixels[i] == 0 && out.image.pixels[i + 1] == 0 && out.image.pixels[i + 2] == 255
                     ? 1
                     : 0;
    EXPECT_EQ(clear, 0) << "the floor is not drawn everywhere";
    return out;
}

}  // namespace

TEST(PunctualLights, APointLightReachesExactlyItsRange) {
    anim::Light l;
    l.type = anim::Light::Type::Point;
    l.intensity = 200.0f;
    l.range = 3.0f;
    const double h = 1.0;
    const float cut = static_cast<float>(std::sqrt(3.0 * 3.0 - h * h));  // 2.83 m
    const Lit ranged = draw(l, h);
    ASSERT_EQ(ranged.image.width, kSize);
    EXPECT_TRUE(ranged.lit_at(0.0f));
    EXPECT_TRUE(ranged.lit_at(0.9f * cut));
    EXPECT_FALSE(ranged.lit_at(1.1f * cut))
        << "light past the range: the window (1 - (d/R)^4) is not applied";
    (void)render::write_png((sv::test::output_dir() / "point_light_range.png").string(), ranged.image);
    // Negative control: no range, inverse square alone, lights the floor past that circle.
    l.range = 0.0f;
    EXPECT_TRUE(draw(l, h).lit_at(1.1f * cut));
}

TEST(PunctualLights, ASpotLightStopsAtItsOuterCone) {
    anim::Light l;
    l.type = anim::Light::Type::Spot;
    l.intensity = 400.0f;
    l.inner_cone = 0.3f;
    l.outer_cone = 0.5f;
    const double h = 3.0;
    const float outer = static_cast<float>(h * std::tan(0.5)), inner = static_cast<float>(h * std::tan(0.3));
    const Lit spot = draw(l, h);
    ASSERT_EQ(spot.image.width, kSize);
    EXPECT_TRUE(spot.lit_at(0.9f * inner));
    EXPECT_FALSE(spot.lit_at(1.1f * outer)) << "light outside the outer cone";
    (void)render::write_png((sv::test::output_dir() / "spot_light_cone.png").string(), spot.image);
    // Full strength inside the inner cone, between the cones less: compare the two.
    const auto lum = [&](float r) {
        const int x = static_cast<int>(std::lround((r / kHalf * 0.5f + 0.5f) * kSize));
        return spot.image.at(x, kSize / 2)[0];
    };
    EXPECT_GT(lum(0.5f * inner), lum(0.5f * (inner + outer)));
    // Negative control: the same light as a point light has no cone.
    l.type = anim::Light::Type::Point;
    EXPECT_TRUE(draw(l, h).lit_at(1.1f * outer));
}

TEST(PunctualLights, LightsPunctualLampIsLitByItsLightsAndTheKeyLightIsOff) {
    const fs::path path = sv::test::shared_assets().parent_path() / "khronos" / "LightsPunctualLamp" /
                          "glTF" / "LightsPunctualLamp.gltf";
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    viewer::SceneOptions o;
    o.file = path.string();
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    EXPECT_FALSE(s.state().draw.lighting.key_light) << "a file with lights: the key light starts off";
    auto with = s.render_image(320, 320);
    ASSERT_TRUE(with.ok());
    EXPECT_GT(s.state().draw.lighting.punctual.count, 0);
    (void)render::write_png((sv::test::output_dir() / "LightsPunctualLamp_lights.png").string(), *with);
    s.state().draw.lighting.file_lights = false;
    auto without = s.render_image(320, 320);
    ASSERT_TRUE(without.ok());
    (void)render::write_png((sv::test::output_dir() / "LightsPunctualLamp_nolights.png").string(), *without);
    long brighter = 0;
    for (size_t i = 0; i < with->pixels.size(); i += 4)
        if (with->pixels[i] + with->pixels[i + 1] + with->pixels[i + 2] >
            without->pixels[i] + without->pixels[i + 1] + without->pixels[i + 2] + 24)
            ++brighter;
    EXPECT_GT(brighter, 500) << "the lamp's lights change nothing visible";
}
