// KHR_materials_transmission and _volume: the goldens of the Khronos samples that carry them
// (TransmissionTest, TransmissionRoughnessTest, AttenuationTest, each looked at beside the model's
// own screenshot/ before blessing) are entries of tests/screenshot/suites/materials.suite.json on
// both APIs. Here, the control that needs an edit in code: TransmissionTest with the extension
// removed from its JSON (nothing else changed) must fail the golden.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "glb_edit.h"
#include "golden.h"
#include "render/context.h"
#include "scene_session.h"
#include "sphere_framing.h"

namespace sv::viewer {
namespace {

struct GlassSample {
    std::string model;
    int width = 256, height = 256;
    render::Api api = render::Api::GL;
    SphereCamera view;  // the suite entry's sphere_camera
};

std::string khronos_glb(const std::string& model) {
    const auto p = test::shared_assets().parent_path() / "khronos" / model / "glTF-Binary" / (model + ".glb");
    return std::filesystem::exists(p) ? p.string() : std::string();
}

render::RgbaImage render_glass(const GlassSample& s, const std::string& file) {
    render::RgbaImage image;
    auto ctx = render::create_headless_context(s.api);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return image;
    auto session = SceneSession::open(file, s.api);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return image;
    SceneOptions o;
    o.camera = "front";
    EXPECT_TRUE((*session)->apply(o).ok());
    (*session)->state().draw.draw_grid = false;
    frame_on_sphere(**session, s.view);
    auto img = (*session)->render_image(s.width, s.height);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (img) image = std::move(*img);
    return image;
}

std::string golden_of(const GlassSample& s) { return "khronos_" + s.model; }

const GlassSample kTransmission{"TransmissionTest", 320, 240, render::Api::GL, {0.0f, 5.0f, 0.5f}};

TEST(TransmissionControls, TransmissionOffFailsItsGolden) {
    const GlassSample& s = kTransmission;
    const std::string source = khronos_glb(s.model);
    if (source.empty()) GTEST_SKIP() << s.model << " is not in ../shared/khronos";
    if (test::blessing()) GTEST_SKIP() << "blessing";
    std::ifstream in(source, std::ios::binary);
    test::Glb g = test::Glb::parse({std::istreambuf_iterator<char>(in), {}});
    int removed = 0;
    for (auto& m : g.json["materials"])
        if (m.contains("extensions"))
            removed += static_cast<int>(m["extensions"].erase("KHR_materials_transmission"));
    ASSERT_GT(removed, 0);
    const auto path = test::output_dir() / (s.model + "_without_transmission.glb");
    {
        std::ofstream out(path, std::ios::binary);
        const auto bytes = g.pack();
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    const render::RgbaImage image = render_glass(s, path.string());
    ASSERT_EQ(image.width, s.width);
    const auto o = test::check_against_golden(image, golden_of(s), golden_of(s) + "_without_transmission");
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << "TransmissionTest without KHR_materials_transmission passed its golden: "
                          << o.message;
    std::printf("[ control ] %s\n", o.message.c_str());
}

}  // namespace
}  // namespace sv::viewer
