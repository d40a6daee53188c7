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

#include "anim/scene/character.h"
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

// A 20 m white floor at y = 0 (normals up, metal 0, roughness 1) and one light on node 1 at height
// `h`, pointing down (-Z turned onto -Y).
anim::Asset floor_with_light(const anim::Light& light, double h) {
    anim::Asset a;
    a.source = "punctual_lights_test";
    anim::Mesh m;
    m.name = "floor";
    anim::Primitive p;
    p.positions = {{-10, 0, -10}, {10, 0, -10}, {10, 0, 10}, {-10, 0, 10}};
    p.normals = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}};
    p.indices = {0, 2, 1, 0, 3, 2};
    p.material = 0;
    m.primitives.push_back(p);
    a.meshes.push_back(m);
    anim::Material mat;
    mat.metallic = 0.0f;
    mat.roughness = 1.0f;
    mat.double_sided = true;
    a.materials.push_back(mat);
    a.lights.push_back(light);
    a.scene.nodes.resize(2);
    a.scene.nodes[0].name = "floor";
    a.scene.nodes[0].mesh = 0;
    a.scene.nodes[1].name = "light";
    a.scene.nodes[1].translation = {0.0, h, 0.0};
    a.scene.nodes[1].rotation = glm::dquat(std::cos(-M_PI / 4), std::sin(-M_PI / 4), 0.0, 0.0);
    a.scene.nodes[1].light = 0;
    a.scene.update_matrices();
    return a;
}

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
    auto ctx = render::create_headless_context(render::Api::GL);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return out;
    auto c = anim::Character::create(floor_with_light(light, h));
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    if (!c) return out;
    c->pose_at(-1, 0.0f, false);
    auto r = render::CharacterRenderer::create(render::Api::GL, *c);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r) return out;
    render::RenderTarget target;
    EXPECT_TRUE(target.resize(kSize, kSize).ok());
    target.bind();
    glViewport(0, 0, kSize, kSize);
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    render::DrawOptions o;
    o.draw_grid = false;
    o.lighting.key_light = false;
    o.lighting.environment_intensity = 0.0f;
    o.lighting.punctual = render::gather_punctual_lights(*c);
    EXPECT_EQ(o.lighting.punctual.count, 1);
    const glm::mat4 vp = glm::ortho(-kHalf, kHalf, -kHalf, kHalf, 0.1f, 100.0f) *
                         glm::lookAt(glm::vec3(0, 20, 0), glm::vec3(0), glm::vec3(0, 0, -1));
    (*r)->draw(*c, {render::CharacterInstance{}}, vp, o);
    out.image = target.read();
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
