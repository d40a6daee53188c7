// Materials as glTF defines them: the goldens of the Khronos sample boards (../shared/khronos/;
// each looked at beside the model's own screenshot/ before it was blessed, docs/materials.md says
// what still differs and why) are tests/screenshot/suites/materials.suite.json, which ctest runs
// through `skinview suite` (screenshot.suite.materials) on both APIs, with the controls a suite entry
// can say (key light off, the environment turned, exposure 2, the debug views, another variant).
// Here: what needs an edit in code or is not a golden: each material extension removed from the
// file's JSON must fail its model's golden; the roughness / metal view read pixel by pixel; an
// unknown variant refused and the default drawn again.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "glb_edit.h"
#include "golden.h"
#include "render/context.h"
#include "scene_session.h"
#include "sphere_framing.h"

namespace sv::viewer {
namespace {

struct Sample {
    std::string model;
    int width = 256, height = 256;
    render::Api api = render::Api::GL;
    // The board's view (viewer/session/sphere_framing.h): the suite entry's sphere_camera.
    SphereCamera view;
};

std::string khronos(const std::string& model) {
    const auto dir = test::shared_assets().parent_path() / "khronos" / model;
    for (const auto& p : {dir / "glTF-Binary" / (model + ".glb"), dir / "glTF" / (model + ".gltf")})
        if (std::filesystem::exists(p)) return p.string();
    return std::string();
}

struct Shot {
    std::unique_ptr<render::Context> ctx;
    std::unique_ptr<SceneSession> session;
    render::RgbaImage image;
};

// No grid, framed on the bounding sphere as the suite's entries are (the same function).
Shot render_sample(const Sample& s, const std::function<void(render::DrawOptions&)>& edit = {},
                   const std::string& file = {}) {
    Shot r;
    auto ctx = render::create_headless_context(s.api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return r;
    r.ctx = std::move(*ctx);
    auto session = SceneSession::open(file.empty() ? khronos(s.model) : file, s.api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return r;
    r.session = std::move(*session);
    SceneOptions o;
    o.camera = "front";
    auto applied = r.session->apply(o);
    EXPECT_TRUE(applied.ok()) << (applied.ok() ? "" : applied.error().message);
    r.session->state().draw.draw_grid = false;
    frame_on_sphere(*r.session, s.view);
    if (edit) edit(r.session->state().draw);
    auto img = r.session->render_image(s.width, s.height);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (img) r.image = std::move(*img);
    return r;
}

std::string golden_of(const Sample& s) { return "khronos_" + s.model; }

const Sample kSpheres{"MetalRoughSpheresNoTextures", 256, 256, render::Api::GL, {0.0f, 0.0f, 0.75f}};

// The roughness / metal view reads the factors: the spheres' grid runs smooth to rough left to
// right and metal top, non-metal bottom, so the top-left sphere is blue (metal, smooth) and the
// bottom-right green (rough, dielectric).
TEST(MaterialControls, RoughnessMetalViewShowsTheFactors) {
    if (khronos(kSpheres.model).empty())
        GTEST_SKIP() << "MetalRoughSpheresNoTextures is not in ../shared/khronos";
    Shot r = render_sample(kSpheres,
                           [](render::DrawOptions& d) { d.debug_view = render::DebugView::RoughnessMetal; });
    ASSERT_EQ(r.image.width, kSpheres.width);
    // Count pixels that are mostly blue and mostly green: both kinds must be present in quantity.
    int blue = 0, green = 0;
    for (size_t i = 0; i + 3 < r.image.pixels.size(); i += 4) {
        const int g = r.image.pixels[i + 1], b = r.image.pixels[i + 2];
        if (b > 200 && g < 60) ++blue;
        if (g > 200 && b < 60) ++green;
    }
    EXPECT_GT(blue, 200) << "no smooth metal seen";
    EXPECT_GT(green, 200) << "no rough dielectric seen";
}

// The model's file with its JSON edited by `edit` (nothing else changed), written into the build's
// test output under `tag`: a .glb through glb_edit.h; a .gltf beside copies of its buffers and
// images (the reader refuses links out of the file's folder). "" when the model is missing.
std::filesystem::path write_edited(const Sample& s, const std::string& tag,
                                   const std::function<void(nlohmann::json&)>& edit) {
    const std::filesystem::path source = khronos(s.model);
    if (source.empty()) return {};
    const std::filesystem::path dir = std::filesystem::path(SKINVIEW_TEST_OUTPUT_DIR) / (s.model + "_" + tag);
    std::filesystem::create_directories(dir);
    std::ifstream in(source, std::ios::binary);
    const bool binary = source.extension() == ".glb";
    test::Glb g;
    if (binary)
        g = test::Glb::parse({std::istreambuf_iterator<char>(in), {}});
    else
        g.json = nlohmann::json::parse(in);
    edit(g.json);
    const std::filesystem::path path = dir / source.filename();
    std::ofstream out(path, std::ios::binary);
    if (binary) {
        const auto bytes = g.pack();
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    } else {
        out << g.json.dump();
        for (const auto& f : std::filesystem::directory_iterator(source.parent_path())) {
            const auto link = dir / f.path().filename();
            if (f.path().filename() != source.filename())
                std::filesystem::copy_file(f.path(), link, std::filesystem::copy_options::overwrite_existing);
        }
    }
    return path;
}

// One material extension switched off must fail its model's golden: the file rewritten without the
// extension and rendered again.
void expect_fails_without(const Sample& s, const std::string& extension) {
    if (khronos(s.model).empty()) GTEST_SKIP() << s.model << " is not in ../shared/khronos";
    if (test::blessing()) GTEST_SKIP() << "blessing";
    int removed = 0;
    const auto path = write_edited(s, "without_" + extension, [&](nlohmann::json& j) {
        for (auto& m : j["materials"])
            if (m.contains("extensions")) removed += static_cast<int>(m["extensions"].erase(extension));
    });
    ASSERT_GT(removed, 0) << s.model << " has no material with " << extension;
    Shot r = render_sample(s, {}, path.string());
    ASSERT_EQ(r.image.width, s.width);
    const auto o = test::check_against_golden(r.image, golden_of(s), golden_of(s) + "_without_" + extension);
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << s.model << " without " << extension << " passed its golden: " << o.message;
    std::printf("[ control ] %s without %s: %s\n", s.model.c_str(), extension.c_str(), o.message.c_str());
}

// VRMC_materials_hdr_emissiveMultiplier's golden is EmissiveStrengthTest's: VRM's extension says the
// emissive factor is multiplied by emissiveMultiplier, which is what KHR_materials_emissive_strength's
// emissiveStrength does, so the board with every strength moved into a VRM multiplier must draw the
// Khronos board's golden (blessed beside the model's own screenshot). The control: the same board
// with each multiplier 1 fails it.
TEST(MaterialExtensionControls, AVrmEmissiveMultiplierDrawsTheEmissiveStrengthGolden) {
    const Sample s{"EmissiveStrengthTest", 320, 240, render::Api::GL, {-20.0f, 20.0f, 0.7f}};
    if (khronos(s.model).empty()) GTEST_SKIP() << s.model << " is not in ../shared/khronos";
    if (test::blessing()) GTEST_SKIP() << "blessing";
    const char* khr = "KHR_materials_emissive_strength";
    const char* vrm = "VRMC_materials_hdr_emissiveMultiplier";
    const auto as_vrm = [&](bool keep_value) {
        return [=](nlohmann::json& j) {
            int moved = 0;
            for (auto& m : j["materials"]) {
                if (!m.contains("extensions") || !m["extensions"].contains(khr)) continue;
                const double k = m["extensions"][khr].value("emissiveStrength", 1.0);
                m["extensions"].erase(khr);
                m["extensions"][vrm] = {{"emissiveMultiplier", keep_value ? k : 1.0}};
                ++moved;
            }
            EXPECT_GT(moved, 0) << "no material of the board has " << khr;
            j["extensionsUsed"] = {vrm};
            j.erase("extensionsRequired");
        };
    };
    Shot r = render_sample(s, {}, write_edited(s, "as_vrm_multiplier", as_vrm(true)).string());
    ASSERT_EQ(r.image.width, s.width);
    test::expect_matches_golden(r.image, golden_of(s), golden_of(s) + "_as_vrm_multiplier");
    Shot control = render_sample(s, {}, write_edited(s, "vrm_multiplier_one", as_vrm(false)).string());
    ASSERT_EQ(control.image.width, s.width);
    const auto o =
        test::check_against_golden(control.image, golden_of(s), golden_of(s) + "_vrm_multiplier_one");
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << "the board with every multiplier 1 passed the golden: " << o.message;
}

// KHR_materials_variants: an unknown name is refused by name and leaves the variant as it was, and
// the default chosen again draws the default's golden. (That the peacock variant fails the default's
// golden is the suite's control_SheenChair_peacock_variant.)
TEST(MaterialVariants, AnUnknownNameIsRefusedAndTheDefaultComesBack) {
    const Sample s{"SheenChair", 256, 256, render::Api::GL, {30.0f, 10.0f, 0.8f}};
    if (khronos(s.model).empty()) GTEST_SKIP() << s.model << " is not in ../shared/khronos";
    if (test::blessing()) GTEST_SKIP() << "blessing";
    auto ctx = render::create_headless_context(s.api);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto session = SceneSession::open(khronos(s.model), s.api);
    ASSERT_TRUE(session.ok()) << session.error().message;
    SceneOptions o;
    o.camera = "front";
    o.variant = "Peacock Velvet";
    ASSERT_TRUE((*session)->apply(o).ok());
    EXPECT_EQ((*session)->variant(), "Peacock Velvet");
    (*session)->state().draw.draw_grid = false;
    frame_on_sphere(**session, s.view);

    const Status unknown = (*session)->select_variant("Velvet");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().message,
              "variant 'Velvet' is not one of the file's: 'Mango Velvet', 'Peacock Velvet'");
    EXPECT_EQ((*session)->variant(), "Peacock Velvet");

    ASSERT_TRUE((*session)->select_variant("").ok());
    auto back = (*session)->render_image(s.width, s.height);
    ASSERT_TRUE(back.ok()) << back.error().message;
    test::expect_matches_golden(*back, golden_of(s), golden_of(s) + "_default_again");
}

TEST(MaterialExtensionControls, ClearcoatOffFailsItsGolden) {
    expect_fails_without({"ClearCoatTest", 288, 320, render::Api::GL, {0.0f, 0.0f, 0.75f}},
                         "KHR_materials_clearcoat");
}

TEST(MaterialExtensionControls, SpecularOffFailsItsGolden) {
    expect_fails_without({"SpecularTest", 320, 224, render::Api::GL, {0.0f, 0.0f, 0.6f}},
                         "KHR_materials_specular");
}

TEST(MaterialExtensionControls, UnlitOffFailsItsGolden) {
    expect_fails_without({"UnlitTest", 256, 160, render::Api::GL, {0.0f, 0.0f, 0.8f}}, "KHR_materials_unlit");
}

TEST(MaterialExtensionControls, SheenOffFailsItsGolden) {
    expect_fails_without({"SheenChair", 256, 256, render::Api::GL, {30.0f, 10.0f, 0.8f}},
                         "KHR_materials_sheen");
}

TEST(MaterialExtensionControls, IridescenceOffFailsItsGolden) {
    expect_fails_without({"IridescenceSuzanne", 320, 160, render::Api::GL, {0.0f, 0.0f, 0.6f}},
                         "KHR_materials_iridescence");
}

TEST(MaterialExtensionControls, AnisotropyOffFailsItsGolden) {
    expect_fails_without({"AnisotropyStrengthTest", 256, 256, render::Api::GL, {0.0f, 0.0f, 0.75f}},
                         "KHR_materials_anisotropy");
}

TEST(MaterialExtensionControls, SpecularGlossinessOffFailsItsGolden) {
    expect_fails_without({"SpecGlossVsMetalRough", 256, 256, render::Api::GL, {0.0f, 0.0f, 0.8f}},
                         "KHR_materials_pbrSpecularGlossiness");
}

}  // namespace
}  // namespace sv::viewer
