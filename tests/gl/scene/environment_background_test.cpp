// The environment drawn as the background (LightingSettings::environment_background), held to
// what the specification of each step says, computed here and not by the renderer's code:
//  - a pixel with no geometry is the environment's radiance along that pixel's view ray, the ray
//    worked out from the camera's field of view, the radiance from the field that made the image
//    (not from the image), turned by the environment rotation as the Khronos renderer turns it
//    (a world direction w reads the environment at Ry(deg) w), times the intensity and exposure,
//    then Khronos PBR Neutral and the sRGB transfer function, both written out below from their
//    specifications;
//  - the blur (the roughness the background is drawn at) lowers a sharp spot's contrast;
//  - the settings file's `environment` (a path read against the file's folder) lights and backs
//    the scene, a bad one is refused naming the key, and `""` gives the procedural sky back.
// Negative controls: the background off leaves the clear colour (the expectation fails there),
// and the unrotated expectation fails the rotated picture.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <memory>
#include <optional>

#include "anim/character/character.h"
#include "headless_settings.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/environment.h"
#include "render/hdr_image.h"
#include "render/image.h"
#include "render/render_target.h"
#include "scene_session.h"
#include "test_paths.h"

namespace fs = std::filesystem;
using namespace sv;

namespace {

constexpr int kW = 160, kH = 120;
constexpr float kFovY = 50.0f;  // degrees

// The specification's panorama (docs/materials.md, render/hdr_image.h): the top row is straight up, the
// centre column +X, three quarters across +Z. Texel centre (u, v) is the direction at azimuth
// phi = (u - 0.5) 2 pi from +X towards +Z and polar angle theta = v pi from +Y.
glm::dvec3 panorama_direction(double u, double v) {
    const double phi = (u - 0.5) * 2.0 * M_PI, theta = v * M_PI;
    return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

template <class Field>
render::HdrImage image_of(int w, int h, Field field) {
    render::HdrImage img;
    img.width = w;
    img.height = h;
    img.rgb.resize(static_cast<size_t>(w) * h * 3);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const glm::dvec3 c = field(panorama_direction((x + 0.5) / w, (y + 0.5) / h));
            for (int k = 0; k < 3; ++k) img.rgb[(static_cast<size_t>(y) * w + x) * 3 + k] = float(c[k]);
        }
    return img;
}

// Smooth (linear in the direction), so bilinear filtering of the 256 x 128 image is exact to well
// under an 8-bit step, and different along every axis, so a turn or a swapped axis shows.
glm::dvec3 smooth_field(glm::dvec3 d) {
    return {0.30 + 0.20 * d.x, 0.25 + 0.15 * d.z, 0.20 + 0.12 * d.y + 0.05 * d.x};
}

// Khronos PBR Neutral (the specification in KhronosGroup/ToneMapping, PBR_Neutral).
glm::dvec3 pbr_neutral(glm::dvec3 c) {
    const double start = 0.8 - 0.04, desat = 0.15;
    const double x = std::min(c.r, std::min(c.g, c.b));
    const double offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    c -= offset;
    const double peak = std::max(c.r, std::max(c.g, c.b));
    if (peak < start) return c;
    const double d = 1.0 - start;
    const double new_peak = 1.0 - d * d / (peak + d - start);
    c *= new_peak / peak;
    const double g = 1.0 - 1.0 / (desat * (peak - new_peak) + 1.0);
    return glm::mix(c, glm::dvec3(new_peak), g);
}

// IEC 61966-2-1 sRGB encoding, to 0..255.
double srgb_byte(double linear) {
    const double c = std::clamp(linear, 0.0, 1.0);
    const double e = c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
    return e * 255.0;
}

// The view ray through pixel (px, py), top row first, of a camera at the origin looking along -Z
// with +Y up and a vertical field of view kFovY.
glm::dvec3 ray(int px, int py) {
    const double t = std::tan(glm::radians(double(kFovY)) / 2.0), aspect = double(kW) / kH;
    const double nx = ((px + 0.5) / kW * 2.0 - 1.0) * t * aspect, ny = (1.0 - (py + 0.5) / kH * 2.0) * t;
    return glm::normalize(glm::dvec3(nx, ny, -1.0));
}

glm::dvec3 rotate_y(glm::dvec3 w, double deg) {
    const double a = glm::radians(deg);
    return {std::cos(a) * w.x + std::sin(a) * w.z, w.y, -std::sin(a) * w.x + std::cos(a) * w.z};
}

// One small triangle behind the camera: the view holds no geometry at all.
anim::Asset out_of_view() {
    anim::Asset a;
    a.source = "environment_background_test";
    anim::Mesh m;
    m.name = "behind";
    anim::Primitive p;
    p.positions = {{0, 0, 5}, {0.1f, 0, 5}, {0, 0.1f, 5}};
    p.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    p.indices = {0, 1, 2};
    m.primitives.push_back(p);
    a.meshes.push_back(m);
    a.scene.nodes.resize(1);
    a.scene.nodes[0].name = "behind";
    a.scene.nodes[0].mesh = 0;
    a.scene.update_matrices();
    return a;
}

struct Scene {
    std::unique_ptr<render::Context> ctx;
    std::optional<anim::Character> character;
    std::unique_ptr<render::CharacterRenderer> renderer;
    render::RenderTarget target;
};

std::unique_ptr<Scene> make_scene(render::Api api, const render::HdrImage& env) {
    auto s = std::make_unique<Scene>();
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return nullptr;
    s->ctx = std::move(*ctx);
    auto c = anim::Character::create(out_of_view());
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    if (!c) return nullptr;
    s->character.emplace(std::move(*c));
    s->character->pose_at(-1, 0.0f, false);
    auto r = render::CharacterRenderer::create(api, *s->character);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r) return nullptr;
    s->renderer = std::move(*r);
    EXPECT_TRUE(s->renderer->set_environment(render::environment_from_image(env, false)).ok());
    EXPECT_TRUE(s->target.resize(kW, kH).ok());
    return s;
}

render::RgbaImage draw(Scene& s, const render::LightingSettings& lighting) {
    s.target.bind();
    glViewport(0, 0, kW, kH);
    glEnable(GL_DEPTH_TEST);
    glClearColor(0.0f, 0.0f, 1.0f, 1.0f);  // blue: no environment of these is
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    render::DrawOptions o;
    o.draw_grid = false;
    o.lighting = lighting;
    const glm::mat4 vp = glm::perspective(glm::radians(kFovY), float(kW) / kH, 0.1f, 100.0f) *
                         glm::lookAt(glm::vec3(0), glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
    s.renderer->draw(*s.character, {render::CharacterInstance{}}, vp, o);
    return s.target.read();
}

// The largest channel difference, of 255, between the picture and the expectation over a grid of
// pixels (every pixel is background here).
double worst_error(const render::RgbaImage& img, const render::LightingSettings& l,
                   double expected_rotation) {
    double worst = 0.0;
    for (int py = 2; py < kH; py += 9)
        for (int px = 3; px < kW; px += 11) {
            const glm::dvec3 radiance = smooth_field(rotate_y(ray(px, py), expected_rotation)) *
                                        double(l.environment_intensity) * double(l.exposure);
            const glm::dvec3 mapped = pbr_neutral(radiance);
            const std::uint8_t* p = img.at(px, py);
            for (int k = 0; k < 3; ++k)
                worst = std::max(worst, std::abs(double(p[k]) - srgb_byte(mapped[k])));
        }
    return worst;
}

class EnvironmentBackground : public ::testing::TestWithParam<render::Api> {};

TEST_P(EnvironmentBackground, AnEmptyPixelIsTheEnvironmentAlongItsRayTonemapped) {
    auto s = make_scene(GetParam(), image_of(256, 128, smooth_field));
    ASSERT_TRUE(s);
    render::LightingSettings l;
    l.key_light = false;
    l.environment_background = true;
    l.exposure = 1.3f;
    l.environment_intensity = 0.9f;
    const double straight = worst_error(draw(*s, l), l, 0.0);
    l.environment_rotation_deg = 60.0f;
    const render::RgbaImage turned = draw(*s, l);
    const double rotated = worst_error(turned, l, 60.0);
    const double rotated_as_unturned = worst_error(turned, l, 0.0);
    (void)render::write_png((test::output_dir() / (test::current_test_stem() + ".png")).string(), turned);
    l.environment_background = false;
    const double off = worst_error(draw(*s, l), l, 0.0);
    std::printf(
        "[ figure ] worst channel error of 255: %.2f unturned, %.2f at 60 degrees; controls: %.1f "
        "against the unturned expectation, %.1f with the background off\n",
        straight, rotated, rotated_as_unturned, off);
    // Half-float texels (11-bit mantissa), bilinear filtering of a linear field and 8-bit rounding.
    EXPECT_LE(straight, 2.0);
    EXPECT_LE(rotated, 2.0);
    EXPECT_GT(rotated_as_unturned, 8.0) << "the rotation does not turn the background";
    EXPECT_GT(off, 8.0) << "negative control: the clear colour passed for the environment";
}

// A bright spot (radiance 4 within 3 degrees of -Z, the view's centre) on black: the centre pixel
// against one 12 degrees off it. Blurred, the spot spreads: the centre darkens, the side lightens.
TEST_P(EnvironmentBackground, BlurLowersASharpSpotsContrast) {
    auto spot = [](glm::dvec3 d) {
        return glm::dot(d, glm::dvec3(0, 0, -1)) > std::cos(glm::radians(3.0)) ? glm::dvec3(4.0)
                                                                               : glm::dvec3(0.0);
    };
    auto s = make_scene(GetParam(), image_of(1024, 512, spot));
    ASSERT_TRUE(s);
    render::LightingSettings l;
    l.environment_background = true;
    // The pixel 12 degrees to the right of the centre along the middle row.
    const double t = std::tan(glm::radians(double(kFovY)) / 2.0) * double(kW) / kH;
    const int side = static_cast<int>(std::lround((std::tan(glm::radians(12.0)) / t * 0.5 + 0.5) * kW));
    double contrast[3] = {0, 0, 0};
    int side_value[3] = {0, 0, 0};
    const float blurs[3] = {0.0f, 0.4f, 0.8f};
    for (int i = 0; i < 3; ++i) {
        l.environment_blur = blurs[i];
        const render::RgbaImage img = draw(*s, l);
        const int centre = img.at(kW / 2, kH / 2)[1], off = img.at(side, kH / 2)[1];
        contrast[i] = double(centre - off) / 255.0;
        side_value[i] = off;
    }
    std::printf(
        "[ figure ] spot contrast (centre - 12 deg off, of 1): %.3f sharp, %.3f at blur 0.4, %.3f at 0.8\n",
        contrast[0], contrast[1], contrast[2]);
    EXPECT_GT(contrast[0], 0.8) << "the sharp spot is not drawn sharp";
    EXPECT_LT(contrast[1], 0.5 * contrast[0]);
    EXPECT_LT(contrast[2], contrast[1]);
    EXPECT_EQ(side_value[0], 0) << "the sharp background is blurred already";
    EXPECT_GT(side_value[2], 0) << "the blurred spot does not reach 12 degrees";
}

INSTANTIATE_TEST_SUITE_P(Apis, EnvironmentBackground, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

// The settings file's `environment` through the headless path (`render --settings`, suites): a
// relative path is the file's neighbour, it lights and backs the view, a bad one names the key.
TEST(EnvironmentSettings, ARelativePathIsReadBesideTheFileAndABadOneNamesTheKey) {
    const fs::path dir = test::output_dir() / test::current_test_stem();
    fs::create_directories(dir / "views");
    ASSERT_TRUE(render::write_hdr((dir / "views" / "field.hdr").string(), image_of(256, 128, smooth_field)));
    // The scene: the out-of-view triangle as a .gltf (no buffers needed: one data URI).
    const std::string gltf = (dir / "triangle.gltf").string();
    {
        const float pos[] = {0, 0, 5, 0.1f, 0, 5, 0, 0.1f, 5};
        std::string b64;
        const auto* bytes = reinterpret_cast<const unsigned char*>(pos);
        static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (size_t i = 0; i < sizeof pos; i += 3) {
            const unsigned v =
                (unsigned(bytes[i]) << 16) | (unsigned(bytes[i + 1]) << 8) | unsigned(bytes[i + 2]);
            b64 += {t[(v >> 18) & 63], t[(v >> 12) & 63], t[(v >> 6) & 63], t[v & 63]};
        }
        std::ofstream(gltf)
            << R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
            << R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
            << R"("buffers":[{"byteLength":36,"uri":"data:application/octet-stream;base64,)" << b64
            << R"("}],"bufferViews":[{"buffer":0,"byteLength":36}],)"
            << R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3",)"
            << R"("min":[0,0,5],"max":[0.1,0.1,5]}]})";
    }
    auto ctx = render::create_headless_context(render::Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto session = viewer::SceneSession::open(gltf, render::Api::GL);
    ASSERT_TRUE(session.ok()) << session.error().message;
    viewer::SceneSession& s = **session;
    const std::string view = (dir / "views" / "view.json").string();
    std::ofstream(view)
        << R"({"environment": "field.hdr", "environment_background": true, "key_light": false,)"
        << R"( "grid": false, "camera": "0,0,1,0,0,0", "exposure": 1.3, "environment_intensity": 0.9})";
    auto applied = viewer::apply_settings_file(view, s);
    ASSERT_TRUE(applied.ok()) << applied.error().message;
    EXPECT_EQ(fs::path(s.environment_path()), (dir / "views" / "field.hdr").lexically_normal());
    s.state().camera.fov_y_degrees = kFovY;
    auto img = s.render_image(kW, kH);
    ASSERT_TRUE(img.ok()) << img.error().message;
    render::LightingSettings l;
    l.exposure = 1.3f;
    l.environment_intensity = 0.9f;
    const double err = worst_error(*img, l, 0.0);
    std::printf("[ figure ] through the settings file: worst channel error %.2f of 255\n", err);
    EXPECT_LE(err, 2.0);

    // A path that is not there: refused, naming the key and the file; the light stays as it was.
    const std::string bad = (dir / "views" / "bad.json").string();
    std::ofstream(bad) << R"({"environment": "missing.hdr"})";
    auto refused = viewer::apply_settings_file(bad, s);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("environment"), std::string::npos) << refused.error().message;
    EXPECT_NE(refused.error().message.find("missing.hdr"), std::string::npos) << refused.error().message;
    EXPECT_EQ(fs::path(s.environment_path()), (dir / "views" / "field.hdr").lexically_normal());

    // No `environment`: the procedural sky again (loading a file replaces the whole state), so the
    // field's expectation fails the picture now (a control that the check above could fail).
    std::ofstream(view) << R"({"environment_background": true, "key_light": false, "grid": false,)"
                        << R"( "camera": "0,0,1,0,0,0", "exposure": 1.3, "environment_intensity": 0.9})";
    ASSERT_TRUE(viewer::apply_settings_file(view, s).ok());
    EXPECT_EQ(s.environment_path(), "");
    s.state().camera.fov_y_degrees = kFovY;
    auto sky = s.render_image(kW, kH);
    ASSERT_TRUE(sky.ok());
    EXPECT_GT(worst_error(*sky, l, 0.0), 8.0) << "the sky did not come back";
}

}  // namespace
