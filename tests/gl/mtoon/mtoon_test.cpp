// VRMC_materials_mtoon drawn, held against the extension's formulas evaluated here in double:
//   shading = linearstep(-1 + toony, 1 - toony, N.L + shadingShiftFactor)
//   colour  = mix(shadeColorFactor, litColor, shading) x E / pi   (E the light's irradiance; three-vrm's
//             BRDF_Lambert), + the parametric rim colour x saturate(1 - N.V + lift)^power, + emission
// and the outline, an inverted hull pushed out along the normals by outlineWidthFactor, in
// outlineColorFactor outside the silhouette. Scenes are written here as glTF JSON: a smooth square
// facing +Z seen face on (the "front" camera: N.V = 1 at the centre) under one key light of
// irradiance pi at a chosen N.L, and a smooth sphere for the outline. Colours stay under 0.76, where
// Khronos PBR Neutral is the identity, so pixels decode straight back to linear light.
// The controls kept: the same square without the extension (PBR) and the expectation with the
// shading shift left out both differ from what is drawn; outlineWidthMode none draws no outline.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "render/context.h"
#include "render/hdr_image.h"
#include "render/image.h"
#include "scene_session.h"
#include "test_paths.h"

namespace sv::viewer {
namespace {

using nlohmann::json;
constexpr double kMToonPi = 3.14159265358979;

std::string to_base64(const std::vector<std::uint8_t>& b) {
    static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < b.size(); i += 3) {
        const unsigned v = (unsigned(b[i]) << 16) | (i + 1 < b.size() ? unsigned(b[i + 1]) << 8 : 0u) |
                           (i + 2 < b.size() ? unsigned(b[i + 2]) : 0u);
        out += t[(v >> 18) & 63];
        out += t[(v >> 12) & 63];
        out += i + 1 < b.size() ? t[(v >> 6) & 63] : '=';
        out += i + 2 < b.size() ? t[v & 63] : '=';
    }
    return out;
}

// A mesh of `pos` / `nrm` / `idx` (node 0) with `material`, written as a .gltf named for the test.
// `light_to`: when not zero, a KHR_lights_punctual directional light of intensity pi whose
// direction towards the light is `light_to` (in the XZ plane; node 1, turned about Y).
std::string write_mesh(const std::vector<float>& pos, const std::vector<float>& nrm,
                       const std::vector<std::uint16_t>& idx, const json& material,
                       glm::vec3 light_to = glm::vec3(0.0f)) {
    const size_t pb = pos.size() * 4, nb = nrm.size() * 4, ib = idx.size() * 2;
    std::vector<std::uint8_t> bin(pb + nb + ib);
    std::memcpy(bin.data(), pos.data(), pb);
    std::memcpy(bin.data() + pb, nrm.data(), nb);
    std::memcpy(bin.data() + pb + nb, idx.data(), ib);
    float lo[3] = {1e9f, 1e9f, 1e9f}, hi[3] = {-1e9f, -1e9f, -1e9f};
    for (size_t i = 0; i < pos.size(); ++i)
        lo[i % 3] = std::min(lo[i % 3], pos[i]), hi[i % 3] = std::max(hi[i % 3], pos[i]);
    json doc = {
        {"asset", {{"version", "2.0"}}},
        {"extensionsUsed", {"VRMC_materials_mtoon"}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes", {{{"mesh", 0}}}},
        {"meshes",
         {{{"primitives",
            {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}, {"material", 0}}}}}}},
        {"materials", {material}},
        {"buffers",
         {{{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + to_base64(bin)}}}},
        {"bufferViews",
         {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", pb}},
          {{"buffer", 0}, {"byteOffset", pb}, {"byteLength", nb}},
          {{"buffer", 0}, {"byteOffset", pb + nb}, {"byteLength", ib}}}},
        {"accessors",
         {{{"bufferView", 0},
           {"componentType", 5126},
           {"count", pos.size() / 3},
           {"type", "VEC3"},
           {"min", {lo[0], lo[1], lo[2]}},
           {"max", {hi[0], hi[1], hi[2]}}},
          {{"bufferView", 1}, {"componentType", 5126}, {"count", nrm.size() / 3}, {"type", "VEC3"}},
          {{"bufferView", 2}, {"componentType", 5123}, {"count", idx.size()}, {"type", "SCALAR"}}}}};
    if (light_to != glm::vec3(0.0f)) {
        // The light shines down its node's -Z; turned by a about Y, its +Z is (sin a, 0, cos a).
        const double a = std::atan2(double(light_to.x), double(light_to.z));
        doc["extensionsUsed"].push_back("KHR_lights_punctual");
        doc["extensions"] = {
            {"KHR_lights_punctual", {{"lights", {{{"type", "directional"}, {"intensity", kMToonPi}}}}}}};
        doc["nodes"].push_back({{"rotation", {0.0, std::sin(a / 2), 0.0, std::cos(a / 2)}},
                                {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
        doc["scenes"][0]["nodes"].push_back(1);
    }
    const auto path = test::output_dir() / ("mtoon_" + test::current_test_stem() + "_" +
                                            std::to_string(std::hash<std::string>()(doc.dump())) + ".gltf");
    std::ofstream(path) << doc.dump();
    return path.string();
}

std::string write_square(const json& material, glm::vec3 light_to = glm::vec3(0.0f)) {
    return write_mesh({-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0},
                      {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, {0, 1, 2, 0, 2, 3}, material, light_to);
}

// A UV sphere of radius `r`, smooth normals, counter-clockwise outside.
std::string write_sphere(double r, const json& material) {
    const int rings = 32, segments = 64;
    std::vector<float> pos, nrm;
    std::vector<std::uint16_t> idx;
    for (int i = 0; i <= rings; ++i)
        for (int j = 0; j <= segments; ++j) {
            const double th = kMToonPi * i / rings, ph = 2 * kMToonPi * j / segments;
            const double n[3] = {std::sin(th) * std::cos(ph), std::cos(th), -std::sin(th) * std::sin(ph)};
            for (int k = 0; k < 3; ++k) pos.push_back(float(r * n[k])), nrm.push_back(float(n[k]));
        }
    for (int i = 0; i < rings; ++i)
        for (int j = 0; j < segments; ++j) {
            const auto a = std::uint16_t(i * (segments + 1) + j), b = std::uint16_t(a + segments + 1);
            for (std::uint16_t v :
                 {a, b, std::uint16_t(a + 1), std::uint16_t(a + 1), b, std::uint16_t(b + 1)})
                idx.push_back(v);
        }
    return write_mesh(pos, nrm, idx, material);
}

double to_linear(std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct Rgb {
    double r = -1, g = -1, b = -1;
};

// Renders `path` at 200 x 200 from the front, no grid, no environment; the key light (irradiance
// `key`, 0 off) towards `key_dir`.
// `env`: an .hdr lighting the scene at intensity 1 instead of no environment.
render::RgbaImage render_front(const std::string& path, render::Api api, glm::vec3 key_dir, float key,
                               const std::string& env = "") {
    render::RgbaImage none;
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return none;
    auto session = SceneSession::open(path, api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return none;
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    if (!env.empty()) {
        const Status st = (*session)->apply_environment(env);
        EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    }
    auto& draw = (*session)->state().draw;
    draw.draw_grid = false;
    draw.lighting.environment_intensity = env.empty() ? 0.0f : 1.0f;
    draw.lighting.key_light = key > 0.0f;
    draw.lighting.key_direction = key_dir;
    draw.lighting.key_intensity = key;
    auto img = (*session)->render_image(200, 200);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img) return none;
    (void)render::write_png((std::filesystem::path(path).replace_extension(".png")).string(), *img);
    return *img;
}

Rgb centre(const render::RgbaImage& img) {
    if (img.width == 0) return {};
    const std::uint8_t* c = img.at(img.width / 2, img.height / 2);
    return {to_linear(c[0]), to_linear(c[1]), to_linear(c[2])};
}

// Green 0 in both: Khronos PBR Neutral takes 0.04 off every channel once the smallest is past 0.08,
// and is the identity while one channel is 0.
const double kLit[3] = {0.7, 0.0, 0.1}, kShade[3] = {0.1, 0.0, 0.6};

json mtoon_material(double toony, double shift) {
    return {{"name", "toon"},
            {"pbrMetallicRoughness",
             {{"baseColorFactor", {kLit[0], kLit[1], kLit[2], 1.0}},
              {"metallicFactor", 0.0},
              {"roughnessFactor", 1.0}}},
            {"extensions",
             {{"VRMC_materials_mtoon",
               {{"specVersion", "1.0"},
                {"shadeColorFactor", {kShade[0], kShade[1], kShade[2]}},
                {"shadingToonyFactor", toony},
                {"shadingShiftFactor", shift},
                {"giEqualizationFactor", 0.9}}}}}};
}

// The extension's lighting, written out from its "Lighting" section (shading 1 lit, 0 shade).
double spec_shading(double n_dot_l, double shift, double toony) {
    const double a = -1.0 + toony, b = 1.0 - toony;
    return std::clamp((n_dot_l + shift - a) / (b - a), 0.0, 1.0);
}

class MToon : public ::testing::TestWithParam<render::Api> {};

// N.L from -0.5 to 0.9 across the band of toony 0.5, shift -0.2 (N.L + shift in [-0.5, 0.5]).
TEST_P(MToon, ShadingFollowsTheSpecificationAcrossTheToonyBand) {
    const double toony = 0.5, shift = -0.2;
    const std::string toon = write_square(mtoon_material(toony, shift));
    double worst = 0.0, worst_without_shift = 1e9;
    for (double n_dot_l : {-0.5, 0.0, 0.2, 0.4, 0.6, 0.9}) {
        const glm::vec3 l(float(std::sqrt(1.0 - n_dot_l * n_dot_l)), 0.0f, float(n_dot_l));
        const Rgb got = centre(render_front(toon, GetParam(), l, float(kMToonPi)));
        const double s = spec_shading(n_dot_l, shift, toony);
        const double s_no_shift = spec_shading(n_dot_l, 0.0, toony);
        double err = 0.0, err_no_shift = 0.0;
        const double g[3] = {got.r, got.g, got.b};
        for (int c = 0; c < 3; ++c) {
            // Irradiance pi cancels the Lambert 1/pi: the pixel is the mix itself.
            err = std::max(err, std::abs(g[c] - (kShade[c] + (kLit[c] - kShade[c]) * s)));
            err_no_shift =
                std::max(err_no_shift, std::abs(g[c] - (kShade[c] + (kLit[c] - kShade[c]) * s_no_shift)));
        }
        std::printf(
            "[ figure ] N.L %+.2f: %.4f %.4f %.4f, shading %.2f, error %.4f (without the shift %.4f)\n",
            n_dot_l, got.r, got.g, got.b, s, err, err_no_shift);
        EXPECT_LT(err, 0.006) << "N.L " << n_dot_l;
        worst = std::max(worst, err);
        // Inside the band the shift moves the colour: leaving it out is a clear miss there.
        if (s > 0.0 && s < 1.0) worst_without_shift = std::min(worst_without_shift, err_no_shift);
    }
    std::printf("[ figure ] worst error %.4f; nearest miss with the shift left out %.4f\n", worst,
                worst_without_shift);
    EXPECT_GT(worst_without_shift, 0.04);
    // The control: the same square as a glTF material (PBR Lambert at N.L 0.2, 0.2 x lit) is not
    // what MToon draws there (the mix at shading 0.5).
    json plain = mtoon_material(toony, shift);
    plain.erase("extensions");
    const Rgb pbr = centre(
        render_front(write_square(plain), GetParam(), glm::vec3(0.9797959f, 0.0f, 0.2f), float(kMToonPi)));
    const double s = spec_shading(0.2, shift, toony);
    std::printf("[ figure ] without the extension at N.L 0.20: red %.4f against MToon's %.4f\n", pbr.r,
                kShade[0] + (kLit[0] - kShade[0]) * s);
    EXPECT_GT(std::abs(pbr.r - (kShade[0] + (kLit[0] - kShade[0]) * s)), 0.1);
}

// The file's own light takes the same ramp: a directional light of intensity pi at N.L 0.2 and 0.6,
// the viewer's key light off.
TEST_P(MToon, TheFilesPunctualLightTakesTheSameRamp) {
    const double toony = 0.5, shift = -0.2;
    for (double n_dot_l : {0.2, 0.6}) {
        const glm::vec3 l(float(std::sqrt(1.0 - n_dot_l * n_dot_l)), 0.0f, float(n_dot_l));
        const Rgb got = centre(render_front(write_square(mtoon_material(toony, shift), l), GetParam(),
                                            glm::vec3(0, 0, 1), 0.0f));
        const double sh = spec_shading(n_dot_l, shift, toony);
        const double want[3] = {kShade[0] + (kLit[0] - kShade[0]) * sh, 0.0,
                                kShade[2] + (kLit[2] - kShade[2]) * sh};
        std::printf("[ figure ] file light, N.L %.1f: %.4f %.4f %.4f (expected %.4f %.4f %.4f)\n", n_dot_l,
                    got.r, got.g, got.b, want[0], want[1], want[2]);
        EXPECT_NEAR(got.r, want[0], 0.006);
        EXPECT_NEAR(got.g, want[1], 0.006);
        EXPECT_NEAR(got.b, want[2], 0.006);
    }
}

// No light: the parametric rim at N.V = 1 (colour x lift^power; lighting mix 0 leaves it unlit)
// plus the emission.
TEST_P(MToon, RimAndEmissionWithoutLight) {
    json m = mtoon_material(0.9, 0.0);
    auto& x = m["extensions"]["VRMC_materials_mtoon"];
    x["parametricRimColorFactor"] = {0.4, 0.0, 0.0};
    x["parametricRimLiftFactor"] = 0.6;
    x["parametricRimFresnelPowerFactor"] = 2.0;
    x["rimLightingMixFactor"] = 0.0;
    m["emissiveFactor"] = {0.0, 0.0, 0.2};
    const Rgb got = centre(render_front(write_square(m), GetParam(), glm::vec3(0, 0, 1), 0.0f));
    const double rim = std::pow(std::clamp(1.0 - 1.0 + 0.6, 0.0, 1.0), 2.0);
    std::printf("[ figure ] rim and emission: %.4f %.4f %.4f (expected %.4f %.4f %.4f)\n", got.r, got.g,
                got.b, 0.4 * rim, 0.0, 0.2);
    EXPECT_NEAR(got.r, 0.4 * rim, 0.006);
    EXPECT_NEAR(got.g, 0.0, 0.006);
    EXPECT_NEAR(got.b, 0.2, 0.006);
}

// Global illumination: no light but an environment red 0.3 towards +Z and green 0.6 towards -Z, lit
// colour (1, 1, 0). The diffuse light (irradiance / pi) of that step along +Z is (0.3, 0, 0) and
// along +Y or -Y half of each, (0.15, 0.3, 0) (the nine-term irradiance holds a step's exactly), so
// the square shows mix((0.3, 0, 0), (0.15, 0.3, 0), giEqualizationFactor).
TEST_P(MToon, GlobalIlluminationIsEqualisedTowardUpAndDown) {
    render::HdrImage env;
    env.width = 128;
    env.height = 64;
    env.rgb.resize(128 * 64 * 3);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 128; ++x) {
            const glm::vec3 d = render::equirect_direction({(x + 0.5f) / 128, (y + 0.5f) / 64});
            float* p = &env.rgb[(static_cast<size_t>(y) * 128 + x) * 3];
            p[0] = d.z > 0.0f ? 0.3f : 0.0f;
            p[1] = d.z > 0.0f ? 0.0f : 0.6f;
            p[2] = 0.0f;
        }
    const std::string sky = (test::output_dir() / ("mtoon_" + test::current_test_stem() + ".hdr")).string();
    ASSERT_TRUE(render::write_hdr(sky, env).ok());
    for (double eq : {0.0, 0.5, 0.9}) {
        json m = mtoon_material(0.9, 0.0);
        m["pbrMetallicRoughness"]["baseColorFactor"] = {1.0, 1.0, 0.0, 1.0};
        m["extensions"]["VRMC_materials_mtoon"]["giEqualizationFactor"] = eq;
        const Rgb got = centre(render_front(write_square(m), GetParam(), glm::vec3(0, 0, 1), 0.0f, sky));
        const double r = 0.3 + (0.15 - 0.3) * eq, g = 0.3 * eq;
        std::printf("[ figure ] giEqualization %.1f: %.4f %.4f %.4f (expected %.4f %.4f 0)\n", eq, got.r,
                    got.g, got.b, r, g);
        EXPECT_NEAR(got.r, r, 0.015) << eq;
        EXPECT_NEAR(got.g, g, 0.015) << eq;
        EXPECT_NEAR(got.b, 0.0, 0.006) << eq;
    }
}

// Outline pixels (outlineColorFactor (0, 0.6, 0), lighting mix 0, so drawn as is) on the centre row,
// left and right of the sphere's centre, and the sphere's own half-width there.
struct Row {
    int outline = 0;     // outline pixels on the row
    int half_body = 0;   // mean of the sphere's left and right extent from the centre column
    int half_outer = 0;  // the same to the outline's outer edge
    int outline_total = 0;
};

bool is_outline(const std::uint8_t* p) { return p[0] <= 2 && std::abs(p[1] - 203) <= 2 && p[2] <= 2; }
bool is_body(const std::uint8_t* p) { return p[0] > 100; }  // lit red (0.5) under the key light

Row measure(const render::RgbaImage& img) {
    Row r;
    if (img.width == 0) return r;
    const int y = img.height / 2, cx = img.width / 2;
    int body_l = cx, body_r = cx, out_l = cx, out_r = cx;
    for (int x = 0; x < img.width; ++x) {
        const std::uint8_t* p = img.at(x, y);
        if (is_body(p)) body_l = std::min(body_l, x), body_r = std::max(body_r, x);
        if (is_outline(p)) {
            ++r.outline;
            out_l = std::min(out_l, x), out_r = std::max(out_r, x);
        }
    }
    r.half_body = (body_r - body_l + 1) / 2;
    r.half_outer = r.outline ? (out_r - out_l + 1) / 2 : r.half_body;
    for (int yy = 0; yy < img.height; ++yy)
        for (int x = 0; x < img.width; ++x) r.outline_total += is_outline(img.at(x, yy));
    return r;
}

json outline_material(const char* mode, double width) {
    json m = mtoon_material(0.9, 0.0);
    m["pbrMetallicRoughness"]["baseColorFactor"] = {0.5, 0.0, 0.0, 1.0};
    auto& x = m["extensions"]["VRMC_materials_mtoon"];
    x["shadeColorFactor"] = {0.5, 0.0, 0.0};
    x["outlineWidthMode"] = mode;
    x["outlineWidthFactor"] = width;
    x["outlineColorFactor"] = {0.0, 0.6, 0.0};
    x["outlineLightingMixFactor"] = 0.0;
    return m;
}

// World coordinates: the hull of a sphere of radius 0.5 pushed out by 0.05 m reaches 1.1 times the
// silhouette's half-width (the perspective of the front camera changes that by under 0.5%).
TEST_P(MToon, OutlineHullDrawsOutsideTheSilhouetteInWorldWidths) {
    const glm::vec3 key(0, 0, 1);
    const Row none = measure(
        render_front(write_sphere(0.5, outline_material("none", 0.05)), GetParam(), key, float(kMToonPi)));
    const Row world = measure(render_front(write_sphere(0.5, outline_material("worldCoordinates", 0.05)),
                                           GetParam(), key, float(kMToonPi)));
    const double expected = none.half_body * 0.05 / 0.5;
    std::printf(
        "[ figure ] world 0.05 m: sphere half-width %d px, outline to %d px (%d px wide, expected %.1f), "
        "%d outline pixels in all; mode none: %d\n",
        none.half_body, world.half_outer, world.half_outer - none.half_body, expected, world.outline_total,
        none.outline_total);
    EXPECT_EQ(none.outline_total, 0);
    EXPECT_GT(world.outline, 0);
    EXPECT_NEAR(world.half_outer - none.half_body, expected, 1.5);
    // The surface is drawn over the hull: no outline pixel inside the silhouette.
    EXPECT_EQ(world.half_body, none.half_body);
}

// Screen coordinates: a share of the viewport's height (0.03 x 200 = 6 px) whatever the distance.
TEST_P(MToon, OutlineHullInScreenWidths) {
    const glm::vec3 key(0, 0, 1);
    const Row none = measure(
        render_front(write_sphere(0.5, outline_material("none", 0.03)), GetParam(), key, float(kMToonPi)));
    const Row screen = measure(render_front(write_sphere(0.5, outline_material("screenCoordinates", 0.03)),
                                            GetParam(), key, float(kMToonPi)));
    std::printf("[ figure ] screen 0.03: outline %d px wide (expected 6)\n",
                screen.half_outer - none.half_body);
    EXPECT_NEAR(screen.half_outer - none.half_body, 6.0, 1.5);
}

INSTANTIATE_TEST_SUITE_P(Apis, MToon, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

}  // namespace
}  // namespace sv::viewer
