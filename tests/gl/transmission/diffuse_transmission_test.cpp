// KHR_materials_diffuse_transmission drawn, held against the extension's formulas evaluated here:
//   dielectric_brdf = fresnel_mix(base = mix(diffuse_brdf(baseColor), diffuse_btdf(colour), dt),
//                                 layer = specular_brdf)
// with Lambertian lobes (1/pi x colour, the BTDF for light and view on opposite sides). The scene
// is a smooth-normalled square facing +Z seen face on from +Z (the "front" camera), roughness 1,
// metal 0, no grid, and exactly one source of light per case:
//  - a directional light straight behind it (towards the light: -Z) of irradiance pi: no
//    reflection reaches the viewer, only the transmitted lobe, (1 - F) x dt x colour, F = 0.04 at
//    normal incidence (ior 1.5; the light's mirror image is straight in front). Colours keep a
//    zero channel and a peak under 0.76, where Khronos PBR Neutral is the identity, so the pixels
//    decode straight back to linear light (8-bit sRGB steps cost under 0.005 here);
//  - the same light in front, with KHR_materials_specular's factor 0 (no specular lobe, F = 0): the
//    reflected diffuse lobe keeps (1 - dt) of itself, base x irradiance / pi x (1 - dt);
//  - KHR_materials_volume: the transmitted light attenuated by attenuationColor^(thickness x the
//    node's mean scale / attenuationDistance);
//  - no light but an environment that is red (0.3) towards +Z and green (0.6) towards -Z, specular
//    factor 0: the diffuse light is (1 - dt) x base x irradiance(n) + dt x colour x irradiance(-n),
//    the irradiance of each hemisphere step being its own radiance (its spherical harmonics stop at
//    the first band, which the nine-term irradiance holds exactly).
// The negative controls: the factor 0 and the file without the extension draw the back-lit square
// black, and the reflected lobe is the whole of base x irradiance / pi.
#include <gtest/gtest.h>

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
constexpr double kPi = 3.14159265358979;

std::string base64(const std::vector<std::uint8_t>& b) {
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

// A unit square facing +Z at the origin (node 0, scaled `scale`), single sided, its material
// `material` (pbrMetallicRoughness and extensions). `light_behind`: a KHR_lights_punctual
// directional light of intensity pi shining towards +Z (node 1, turned 180 degrees about Y).
std::string write_scene(const json& material, float scale = 1.0f, bool light_behind = false) {
    const float pos[] = {-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0};
    const float nrm[] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    const std::uint16_t idx[] = {0, 1, 2, 0, 2, 3};
    std::vector<std::uint8_t> bin(sizeof pos + sizeof nrm + sizeof idx);
    std::memcpy(bin.data(), pos, sizeof pos);
    std::memcpy(bin.data() + sizeof pos, nrm, sizeof nrm);
    std::memcpy(bin.data() + sizeof pos + sizeof nrm, idx, sizeof idx);
    json doc = {
        {"asset", {{"version", "2.0"}}},
        {"extensionsUsed",
         {"KHR_materials_diffuse_transmission", "KHR_materials_specular", "KHR_materials_volume",
          "KHR_lights_punctual"}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes", {{{"mesh", 0}, {"scale", {scale, scale, scale}}}}},
        {"meshes",
         {{{"primitives",
            {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}, {"material", 0}}}}}}},
        {"materials", {material}},
        {"buffers",
         {{{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + base64(bin)}}}},
        {"bufferViews",
         {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", sizeof pos}},
          {{"buffer", 0}, {"byteOffset", sizeof pos}, {"byteLength", sizeof nrm}},
          {{"buffer", 0}, {"byteOffset", sizeof pos + sizeof nrm}, {"byteLength", sizeof idx}}}},
        {"accessors",
         {{{"bufferView", 0},
           {"componentType", 5126},
           {"count", 4},
           {"type", "VEC3"},
           {"min", {-0.5, -0.5, 0}},
           {"max", {0.5, 0.5, 0}}},
          {{"bufferView", 1}, {"componentType", 5126}, {"count", 4}, {"type", "VEC3"}},
          {{"bufferView", 2}, {"componentType", 5123}, {"count", 6}, {"type", "SCALAR"}}}}};
    if (light_behind) {
        doc["extensions"] = {
            {"KHR_lights_punctual", {{"lights", {{{"type", "directional"}, {"intensity", kPi}}}}}}};
        // The light shines down its node's -Z; turned about Y by 180 degrees, towards +Z.
        doc["nodes"].push_back(
            {{"rotation", {0, 1, 0, 0}}, {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
        doc["scenes"][0]["nodes"].push_back(1);
    }
    const auto path = test::output_dir() / ("diffuse_transmission_" + test::current_test_stem() + "_" +
                                            std::to_string(std::hash<std::string>()(doc.dump())) + ".gltf");
    std::ofstream(path) << doc.dump();
    return path.string();
}

double linear(std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct Rgb {
    double r = -1, g = -1, b = -1;
};

// Where the light comes from in a render.
struct Light {
    enum Kind { None, KeyBehind, KeyInFront, FileLights } kind = None;
    float irradiance = static_cast<float>(kPi);
    std::string env;  // an .hdr lighting the scene; empty: no image-based light
};

// The linear colour at the square's centre.
Rgb render_centre(const std::string& path, render::Api api, const Light& light) {
    Rgb m;
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return m;
    auto session = SceneSession::open(path, api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return m;
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    if (!light.env.empty()) {
        const Status st = (*session)->apply_environment(light.env);
        EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    }
    auto& draw = (*session)->state().draw;
    draw.draw_grid = false;
    draw.lighting.environment_intensity = light.env.empty() ? 0.0f : 1.0f;
    draw.lighting.key_light = light.kind == Light::KeyBehind || light.kind == Light::KeyInFront;
    draw.lighting.key_direction = glm::vec3(0, 0, light.kind == Light::KeyBehind ? -1 : 1);
    draw.lighting.key_intensity = light.irradiance;
    draw.lighting.file_lights = light.kind == Light::FileLights;
    auto img = (*session)->render_image(200, 200);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img) return m;
    (void)render::write_png((std::filesystem::path(path).replace_extension(".png")).string(), *img);
    const std::uint8_t* c = img->at(100, 100);
    return {linear(c[0]), linear(c[1]), linear(c[2])};
}

json material(double dt, const json& color = json(), bool no_specular = false) {
    json x = json::object();
    if (dt >= 0) x["diffuseTransmissionFactor"] = dt;
    if (!color.is_null()) x["diffuseTransmissionColorFactor"] = color;
    json m = {
        {"name", "leaf"},
        {"pbrMetallicRoughness",
         {{"baseColorFactor", {0.0, 0.0, 1.0, 1.0}}, {"metallicFactor", 0.0}, {"roughnessFactor", 1.0}}},
        {"extensions", {{"KHR_materials_diffuse_transmission", x}}}};
    if (no_specular) m["extensions"]["KHR_materials_specular"] = {{"specularFactor", 0.0}};
    return m;
}

void expect_rgb(const Rgb& got, double r, double g, double b, double tolerance, const char* what) {
    std::printf("[ figure ] %s: %.4f %.4f %.4f (expected %.4f %.4f %.4f)\n", what, got.r, got.g, got.b, r, g,
                b);
    EXPECT_NEAR(got.r, r, tolerance) << what;
    EXPECT_NEAR(got.g, g, tolerance) << what;
    EXPECT_NEAR(got.b, b, tolerance) << what;
}

class DiffuseTransmission : public ::testing::TestWithParam<render::Api> {};

// Back-lit: only the transmitted lobe reaches the front. Irradiance pi cancels the lobe's 1/pi:
// (1 - 0.04) x 0.75 x (1, 0.5, 0) = (0.72, 0.36, 0). The base colour (blue) does not come through.
TEST_P(DiffuseTransmission, ALightBehindComesThroughTheTransmittedLobe) {
    const Light key{Light::KeyBehind};
    const Rgb lit = render_centre(write_scene(material(0.75, {1.0, 0.5, 0.0})), GetParam(), key);
    expect_rgb(lit, 0.96 * 0.75, 0.96 * 0.75 * 0.5, 0.0, 0.012, "back-lit, factor 0.75, colour (1, 0.5, 0)");
    // The file's own light takes the same lobe (punctual_lights' uniforms, dt_punctual).
    const Light file{Light::FileLights};
    const Rgb by_file =
        render_centre(write_scene(material(0.75, {1.0, 0.5, 0.0}), 1.0f, true), GetParam(), file);
    expect_rgb(by_file, 0.96 * 0.75, 0.96 * 0.75 * 0.5, 0.0, 0.012, "back-lit by the file's light");
    // Without a specular lobe (F = 0) all of it comes through: 0.75 x (1, 0.5, 0).
    const Rgb no_f = render_centre(write_scene(material(0.75, {1.0, 0.5, 0.0}, true)), GetParam(), key);
    expect_rgb(no_f, 0.75, 0.375, 0.0, 0.012, "back-lit, no specular lobe");
}

TEST_P(DiffuseTransmission, FactorZeroOrNoExtensionLetsNothingThrough) {
    const Light key{Light::KeyBehind};
    const Rgb zero = render_centre(write_scene(material(0.0, {1.0, 0.5, 0.0})), GetParam(), key);
    expect_rgb(zero, 0.0, 0.0, 0.0, 0.004, "back-lit, factor 0");
    json plain = material(0.0);
    plain.erase("extensions");
    const Rgb none = render_centre(write_scene(plain), GetParam(), key);
    expect_rgb(none, 0.0, 0.0, 0.0, 0.004, "back-lit, no extension");
    // The strength is the factor times the colour: 0.5 x (1, 1, 0) passes what 1 x (0.5, 0.5, 0) does.
    const Rgb half = render_centre(write_scene(material(0.5, {1.0, 1.0, 0.0})), GetParam(), key);
    const Rgb full = render_centre(write_scene(material(1.0, {0.5, 0.5, 0.0})), GetParam(), key);
    expect_rgb(half, 0.48, 0.48, 0.0, 0.012, "back-lit, factor 0.5, colour (1, 1, 0)");
    expect_rgb(full, 0.48, 0.48, 0.0, 0.012, "back-lit, factor 1, colour (0.5, 0.5, 0)");
}

// Front-lit, no specular lobe: irradiance pi / 2 on base (1, 0.5, 0) reflects (0.5, 0.25, 0) x (1 - dt).
TEST_P(DiffuseTransmission, TheReflectedLobeKeepsOneLessTheFactor) {
    Light key{Light::KeyInFront};
    key.irradiance = static_cast<float>(kPi / 2);
    json m = material(0.75, {0.0, 1.0, 0.0}, true);
    m["pbrMetallicRoughness"]["baseColorFactor"] = {1.0, 0.5, 0.0, 1.0};
    const Rgb split = render_centre(write_scene(m), GetParam(), key);
    expect_rgb(split, 0.5 * 0.25, 0.25 * 0.25, 0.0, 0.008, "front-lit, factor 0.75");
    m["extensions"]["KHR_materials_diffuse_transmission"]["diffuseTransmissionFactor"] = 0.0;
    const Rgb whole = render_centre(write_scene(m), GetParam(), key);
    expect_rgb(whole, 0.5, 0.25, 0.0, 0.012, "front-lit, factor 0");
}

// KHR_materials_volume: thickness 1 (times the node's mean scale), attenuation 0.5 over distance 1.
TEST_P(DiffuseTransmission, AVolumeAttenuatesTheTransmittedLight) {
    const Light key{Light::KeyBehind};
    json m = material(0.75, {1.0, 0.5, 0.0});
    m["extensions"]["KHR_materials_volume"] = {
        {"thicknessFactor", 1.0}, {"attenuationDistance", 1.0}, {"attenuationColor", {0.5, 0.5, 0.5}}};
    const Rgb one = render_centre(write_scene(m), GetParam(), key);
    expect_rgb(one, 0.72 * 0.5, 0.36 * 0.5, 0.0, 0.01, "through a volume, one attenuation distance");
    const Rgb two = render_centre(write_scene(m, 2.0f), GetParam(), key);
    expect_rgb(two, 0.72 * 0.25, 0.36 * 0.25, 0.0, 0.01, "the node scaled 2: two attenuation distances");
    m["extensions"]["KHR_materials_volume"]["attenuationColor"] = {1.0, 1.0, 1.0};
    const Rgb white = render_centre(write_scene(m), GetParam(), key);
    expect_rgb(white, 0.72, 0.36, 0.0, 0.012, "a white attenuation colour");
}

// The image-based share: an environment red 0.3 towards +Z (in front of the square, the side its
// normal faces) and green 0.6 towards -Z (behind).
TEST_P(DiffuseTransmission, TheSkyBehindComesThroughAlongMinusN) {
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
    Light sky;
    sky.kind = Light::None;
    sky.env = (test::output_dir() / ("diffuse_transmission_" + test::current_test_stem() + ".hdr")).string();
    ASSERT_TRUE(render::write_hdr(sky.env, env).ok());
    const auto white = [](double dt) {
        json m = material(dt, {1.0, 1.0, 1.0}, true);
        m["pbrMetallicRoughness"]["baseColorFactor"] = {1.0, 1.0, 1.0, 1.0};
        return m;
    };
    const Rgb reflected = render_centre(write_scene(white(0.0)), GetParam(), sky);
    expect_rgb(reflected, 0.3, 0.0, 0.0, 0.015, "sky, factor 0: the light in front");
    const Rgb through = render_centre(write_scene(white(1.0)), GetParam(), sky);
    expect_rgb(through, 0.0, 0.6, 0.0, 0.015, "sky, factor 1: the light behind");
    const Rgb half = render_centre(write_scene(white(0.5)), GetParam(), sky);
    expect_rgb(half, 0.15, 0.3, 0.0, 0.015, "sky, factor 0.5");
}

INSTANTIATE_TEST_SUITE_P(Apis, DiffuseTransmission, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

}  // namespace
}  // namespace sv::viewer
