// KHR_materials_transmission and _volume drawn, measured on a scene whose answer is known: an
// unlit backdrop of linear red 0.5 one unit behind a smooth, white, thin glass square seen face
// on, with no environment light and no key light, so every pixel of the glass is light through
// it. PBR Neutral is the identity for a colour with a zero channel and a peak under 0.76, so the
// pixels decode straight back to linear light, and:
//  - the glass passes (1 - F)(1 - F) of the backdrop at normal incidence, F = 0.04 for ior 1.5
//    (the reflectance the transmitted sample loses, then the diffuse share's own (1 - F), as the
//    Khronos renderer mixes them): 0.9216, held within 0.02 (the split-sum table's A + B at
//    roughness 0 is under 1 by about 1%, and 8-bit steps of 0.5 cost 0.002);
//  - KHR_materials_volume attenuates it by attenuationColor^(thickness / attenuationDistance):
//    0.5^1 and 0.5^2 of the thin glass's, within 0.02;
//  - the negative controls: the same file without KHR_materials_transmission draws the glass
//    black (nothing lights it), and the volume's attenuation colour set to white attenuates nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "render/context.h"
#include "render/image.h"
#include "scene_session.h"
#include "test_paths.h"

namespace sv::viewer {
namespace {

using nlohmann::json;

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

// Two unit squares facing +Z: the backdrop (node 0, scaled 4, at z = -1, unlit red 0.5) and the
// glass (node 1, at z = 0) with `glass_extensions` as its material's extensions.
std::string write_scene(const std::string& name, const json& glass_extensions, bool split_backdrop = false) {
    const float pos[] = {-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0};
    const float nrm[] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    const std::uint16_t idx[] = {0, 1, 2, 0, 2, 3};
    std::vector<std::uint8_t> bin(sizeof pos + sizeof nrm + sizeof idx);
    std::memcpy(bin.data(), pos, sizeof pos);
    std::memcpy(bin.data() + sizeof pos, nrm, sizeof nrm);
    std::memcpy(bin.data() + sizeof pos + sizeof nrm, idx, sizeof idx);
    json doc = {
        {"asset", {{"version", "2.0"}}},
        {"extensionsUsed", {"KHR_materials_unlit", "KHR_materials_transmission", "KHR_materials_volume"}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0, 1}}}}},
        {"nodes", {{{"mesh", 0}, {"translation", {0, 0, -1}}, {"scale", {4, 4, 1}}}, {{"mesh", 1}}}},
        {"meshes",
         {{{"primitives",
            {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}, {"material", 0}}}}},
          {{"primitives",
            {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}, {"material", 1}}}}}}},
        {"materials",
         {{{"name", "backdrop"},
           {"pbrMetallicRoughness", {{"baseColorFactor", {0.5, 0.0, 0.0, 1.0}}}},
           {"extensions", {{"KHR_materials_unlit", json::object()}}}},
          {{"name", "glass"},
           {"pbrMetallicRoughness",
            {{"baseColorFactor", {1, 1, 1, 1}}, {"metallicFactor", 0.0}, {"roughnessFactor", 0.0}}},
           {"extensions", glass_extensions}}}},
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
    if (glass_extensions.empty()) doc["materials"][1].erase("extensions");
    if (split_backdrop) {
        // The backdrop's left half black, its right half white (node 2, material 2): an edge for
        // dispersion to fringe.
        doc["nodes"][0] = {{"mesh", 0}, {"translation", {-1, 0, -1}}, {"scale", {2, 4, 1}}};
        doc["nodes"].push_back({{"mesh", 2}, {"translation", {1, 0, -1}}, {"scale", {2, 4, 1}}});
        doc["scenes"][0]["nodes"].push_back(2);
        doc["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"] = {0.0, 0.0, 0.0, 1.0};
        json white = doc["materials"][0];
        white["name"] = "white";
        white["pbrMetallicRoughness"]["baseColorFactor"] = {0.5, 0.5, 0.5, 1.0};
        doc["materials"].push_back(white);
        json mesh = doc["meshes"][0];
        mesh["primitives"][0]["material"] = 2;
        doc["meshes"].push_back(mesh);
    }
    // Named for the running test: its gl and gles instances run side by side under ctest -j2, and
    // one read the other's half-written file (seen in CI: "not JSON (syntax error at byte 1)").
    const auto path =
        test::output_dir() / ("transmission_" + test::current_test_stem() + "_" + name + ".gltf");
    std::ofstream(path) << doc.dump();
    return path.string();
}

double linear(std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

struct Measured {
    double glass = -1.0;     // linear red at the glass's centre
    double backdrop = -1.0;  // linear red of the backdrop seen directly
    double glass_green_blue = -1.0;
};

Measured render(const std::string& path, render::Api api) {
    Measured m;
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return m;
    auto session = SceneSession::open(path, api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return m;
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    auto& draw = (*session)->state().draw;
    draw.draw_grid = false;
    draw.lighting.key_light = false;
    draw.lighting.environment_intensity = 0.0f;
    auto img = (*session)->render_image(200, 200);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img) return m;
    // Written for a person to look at (the build's test output).
    (void)render::write_png((std::filesystem::path(path).replace_extension(".png")).string(), *img);
    const std::uint8_t* c = img->at(100, 100);
    // 20% of the width from the centre: on the backdrop (framed, it spans about +-28%), off the
    // glass (+-7%).
    const std::uint8_t* b = img->at(140, 100);
    m.glass = linear(c[0]);
    m.glass_green_blue = std::max(linear(c[1]), linear(c[2]));
    m.backdrop = linear(b[0]);
    EXPECT_NEAR(m.backdrop, 0.5, 0.01) << "the reference pixel is not the unlit backdrop";
    EXPECT_LT(linear(b[1]) + linear(b[2]), 0.01);
    return m;
}

const json kThinGlass = {{"KHR_materials_transmission", {{"transmissionFactor", 1.0}}}};

json volume(double attenuation, double distance) {
    json x = kThinGlass;
    x["KHR_materials_volume"] = {{"thicknessFactor", 1.0},
                                 {"attenuationDistance", distance},
                                 {"attenuationColor", {attenuation, attenuation, attenuation}}};
    return x;
}

class Transmission : public ::testing::TestWithParam<render::Api> {};

TEST_P(Transmission, ThinGlassPassesTheBackdropLessTwiceTheFresnel) {
    const Measured m = render(write_scene("thin", kThinGlass), GetParam());
    ASSERT_GT(m.backdrop, 0.0);
    const double ratio = m.glass / m.backdrop;
    std::printf("[ figure ] thin glass passes %.4f of the backdrop (expected 0.9216)\n", ratio);
    EXPECT_NEAR(ratio, 0.9216, 0.02);
    EXPECT_LT(m.glass_green_blue, 0.01) << "the glass added light of its own";
}

TEST_P(Transmission, WithoutTheExtensionTheGlassIsDark) {
    // The negative control: the same glass as an ordinary surface, lit by nothing.
    const Measured m = render(write_scene("opaque", json::object()), GetParam());
    ASSERT_GT(m.backdrop, 0.0);
    EXPECT_LT(m.glass / m.backdrop, 0.05);
}

// A clearcoat on the glass takes the program with both the material layers and transmission
// (shaders/material_fs.glsl's MATERIAL_LAYERS and TRANSMISSION): the coat reflects its own
// F(0) = 0.04 of what comes through, and nothing else (no light to reflect), so the glass passes
// 0.9216 x 0.96 = 0.8847 of the backdrop.
TEST_P(Transmission, UnderAClearcoatTheLayeredProgramStillTransmits) {
    json coated = kThinGlass;
    coated["KHR_materials_clearcoat"] = {{"clearcoatFactor", 1.0}};
    const Measured m = render(write_scene("coated", coated), GetParam());
    ASSERT_GT(m.backdrop, 0.0);
    std::printf("[ figure ] coated thin glass passes %.4f of the backdrop (expected 0.8847)\n",
                m.glass / m.backdrop);
    EXPECT_NEAR(m.glass / m.backdrop, 0.8847, 0.02);
}

TEST_P(Transmission, VolumeAttenuatesAsBeerLambert) {
    const Measured thin = render(write_scene("thin", kThinGlass), GetParam());
    const Measured one = render(write_scene("half_over_one", volume(0.5, 1.0)), GetParam());
    const Measured two = render(write_scene("half_over_half", volume(0.5, 0.5)), GetParam());
    const Measured white = render(write_scene("white", volume(1.0, 0.5)), GetParam());
    ASSERT_GT(thin.glass, 0.0);
    std::printf("[ figure ] attenuation 0.5 over one thickness: %.4f, over two: %.4f, white: %.4f\n",
                one.glass / thin.glass, two.glass / thin.glass, white.glass / thin.glass);
    EXPECT_NEAR(one.glass / thin.glass, 0.5, 0.02);
    EXPECT_NEAR(two.glass / thin.glass, 0.25, 0.02);
    EXPECT_NEAR(white.glass / thin.glass, 1.0, 0.02) << "a white attenuation colour attenuated";
}

// KHR_materials_dispersion: thick glass seen at 40 degrees over a black-to-white edge. Without
// dispersion every channel refracts alike and the glass is grey everywhere (R = B within a step);
// with it, R (ior 1.25) and B (ior 1.75) leave the volume at different points and the pixels over
// the edge fringe, R and B apart by a large share of the white. The spread is exaggerated
// (dispersion 20: iors 1.25, 1.5, 1.75) so the fringe is wider than a pixel at this size.
double largest_red_blue_split(const std::string& path, render::Api api) {
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return -1.0;
    auto session = SceneSession::open(path, api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return -1.0;
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    auto& draw = (*session)->state().draw;
    draw.draw_grid = false;
    draw.lighting.key_light = false;
    draw.lighting.environment_intensity = 0.0f;
    (*session)->state().camera.yaw_degrees = 40.0f;
    auto img = (*session)->render_image(200, 200);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img) return -1.0;
    (void)render::write_png((std::filesystem::path(path).replace_extension(".png")).string(), *img);
    double split = 0.0;
    for (int y = 90; y < 110; ++y)
        for (int x = 80; x < 120; ++x) {
            const std::uint8_t* c = img->at(x, y);
            split = std::max(split, std::abs(linear(c[0]) - linear(c[2])));
        }
    return split;
}

TEST_P(Transmission, DispersionFringesAnEdge) {
    json thick = kThinGlass;
    thick["KHR_materials_volume"] = {{"thicknessFactor", 1.0}};
    json dispersed = thick;
    dispersed["KHR_materials_dispersion"] = {{"dispersion", 20.0}};
    const double plain = largest_red_blue_split(write_scene("edge_plain", thick, true), GetParam());
    const double fringed = largest_red_blue_split(write_scene("edge_dispersed", dispersed, true), GetParam());
    std::printf("[ figure ] largest |R - B| over the edge: %.4f without dispersion, %.4f with\n", plain,
                fringed);
    EXPECT_LT(plain, 0.01) << "the glass split the channels without dispersion";
    EXPECT_GT(fringed, 0.1) << "dispersion did not fringe the edge";
}

INSTANTIATE_TEST_SUITE_P(Apis, Transmission, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

}  // namespace
}  // namespace sv::viewer
