// VRMC_materials_hdr_emissiveMultiplier drawn: a black, rough square facing the front camera with
// an emissive factor, no light and no environment, so the pixel is the emission alone. With the
// extension's emissiveMultiplier k the centre reads k x the factor (the spec: the factor multiplied
// by k, linear); the same file without the extension reads the factor (the control: dimmer by k).
// Colours stay under 0.76 with green 0, where Khronos PBR Neutral is the identity, so pixels decode
// straight back to linear light. Both for a PBR material and an MToon one (VRM 1.0 avatars carry
// the multiplier on MToon materials).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "render/context.h"
#include "render/image.h"
#include "scene_session.h"
#include "test_paths.h"

// Its own namespace: the unity build puts this file beside mtoon_test.cpp, whose helpers share names.
namespace sv::viewer::hdr_emissive {
namespace {

using nlohmann::json;

// The square (positions, normals +Z, two triangles) as a base64 data URI: 4 x 12 + 4 x 12 + 6 x 2 bytes.
std::string square_buffer() {
    const float pos[12] = {-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0};
    const float nrm[12] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    const std::uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
    std::vector<std::uint8_t> b(108);
    std::memcpy(b.data(), pos, 48);
    std::memcpy(b.data() + 48, nrm, 48);
    std::memcpy(b.data() + 96, idx, 12);
    static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < b.size(); i += 3) {
        const unsigned v = (unsigned(b[i]) << 16) | (unsigned(b[i + 1]) << 8) | unsigned(b[i + 2]);
        for (int s : {18, 12, 6, 0}) out += t[(v >> s) & 63];
    }
    return "data:application/octet-stream;base64," + out;
}

// The square with `material`, written as a .gltf; `multiplier` < 0 leaves the extension out.
std::string write_square(json material, double multiplier, const std::string& tag) {
    material["emissiveFactor"] = {0.15, 0.0, 0.08};
    json used = json::array();
    if (material.contains("extensions")) used.push_back("VRMC_materials_mtoon");
    if (multiplier >= 0) {
        material["extensions"]["VRMC_materials_hdr_emissiveMultiplier"] = {
            {"emissiveMultiplier", multiplier}};
        used.push_back("VRMC_materials_hdr_emissiveMultiplier");
    }
    json doc = {{"asset", {{"version", "2.0"}}},
                {"scene", 0},
                {"scenes", {{{"nodes", {0}}}}},
                {"nodes", {{{"mesh", 0}}}},
                {"meshes",
                 {{{"primitives",
                    {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"indices", 2}, {"material", 0}}}}}}},
                {"materials", {material}},
                {"buffers", {{{"byteLength", 108}, {"uri", square_buffer()}}}},
                {"bufferViews",
                 {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 48}},
                  {{"buffer", 0}, {"byteOffset", 48}, {"byteLength", 48}},
                  {{"buffer", 0}, {"byteOffset", 96}, {"byteLength", 12}}}},
                {"accessors",
                 {{{"bufferView", 0},
                   {"componentType", 5126},
                   {"count", 4},
                   {"type", "VEC3"},
                   {"min", {-0.5, -0.5, 0.0}},
                   {"max", {0.5, 0.5, 0.0}}},
                  {{"bufferView", 1}, {"componentType", 5126}, {"count", 4}, {"type", "VEC3"}},
                  {{"bufferView", 2}, {"componentType", 5123}, {"count", 6}, {"type", "SCALAR"}}}}};
    if (!used.empty()) doc["extensionsUsed"] = used;
    if (multiplier >= 0) doc["extensionsRequired"] = {"VRMC_materials_hdr_emissiveMultiplier"};
    const auto path =
        test::output_dir() / ("hdr_emissive_" + test::current_test_stem() + "_" + tag + ".gltf");
    std::ofstream(path) << doc.dump();
    return path.string();
}

double to_linear(std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// The centre pixel (linear R, G, B) of `path` drawn from the front with no light and no sky.
std::array<double, 3> centre(const std::string& path, render::Api api) {
    auto ctx = render::create_headless_context(api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return {-1, -1, -1};
    auto session = SceneSession::open(path, api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return {-1, -1, -1};
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    auto& draw = (*session)->state().draw;
    draw.draw_grid = false;
    draw.lighting.environment_intensity = 0.0f;
    draw.lighting.key_light = false;
    auto img = (*session)->render_image(200, 200);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img) return {-1, -1, -1};
    (void)render::write_png(std::filesystem::path(path).replace_extension(".png").string(), *img);
    const std::uint8_t* c = img->at(100, 100);
    return {to_linear(c[0]), to_linear(c[1]), to_linear(c[2])};
}

class HdrEmissiveMultiplier : public ::testing::TestWithParam<render::Api> {};

json pbr_black() {
    return {{"pbrMetallicRoughness",
             {{"baseColorFactor", {0, 0, 0, 1}}, {"metallicFactor", 0.0}, {"roughnessFactor", 1.0}}}};
}

json mtoon_black() {
    json m = pbr_black();
    m["extensions"]["VRMC_materials_mtoon"] = {{"specVersion", "1.0"}, {"shadeColorFactor", {0, 0, 0}}};
    return m;
}

TEST_P(HdrEmissiveMultiplier, TheEmissionIsMultipliedAndWithoutItIsDimmer) {
    for (const auto& [kind, material] :
         {std::pair<const char*, json>{"pbr", pbr_black()}, {"mtoon", mtoon_black()}}) {
        const auto with = centre(write_square(material, 4.0, std::string(kind) + "_x4"), GetParam());
        const auto without = centre(write_square(material, -1.0, std::string(kind) + "_none"), GetParam());
        std::printf(
            "[ figure ] %s: with x4 %.4f %.4f %.4f (expected 0.6000 0 0.3200), without %.4f %.4f %.4f "
            "(expected 0.1500 0 0.0800)\n",
            kind, with[0], with[1], with[2], without[0], without[1], without[2]);
        EXPECT_NEAR(with[0], 0.6, 0.01) << kind;
        EXPECT_NEAR(with[1], 0.0, 0.01) << kind;
        EXPECT_NEAR(with[2], 0.32, 0.01) << kind;
        EXPECT_NEAR(without[0], 0.15, 0.01) << kind;
        EXPECT_NEAR(without[2], 0.08, 0.01) << kind;
        EXPECT_GT(with[0], 3.0 * without[0]) << kind << ": the multiplier did not reach the pixel";
    }
}

INSTANTIATE_TEST_SUITE_P(Apis, HdrEmissiveMultiplier, ::testing::Values(render::Api::GL, render::Api::GLES),
                         [](const auto& info) { return std::string(render::api_name(info.param)); });

}  // namespace
}  // namespace sv::viewer::hdr_emissive
