// A skin of 1024 joints (two palette rows) in the screenshot tier: the generated sunflower
// (anim/asset_tools/many_joint_builder.h), written to disk through anim/gltf/gltf_write.h and opened
// as the viewer opens a file, posed half-way into its clip, drawn headless at 384x384 and held
// against tests/golden/sunflower_1024_posed.png with its joint sidecar.
//
// Negative control: the same frame with the palette block rewritten as the old single-row
// addressing read it (joint j drawn with joint j % 512's matrix) fails the golden.
#include <gtest/gtest.h>

#include <filesystem>

#include "anim/asset_tools/many_joint_builder.h"
#include "anim/gltf/gltf_write.h"
#include "anim/pose/palette_layout.h"
#include "shots.h"

namespace sv::viewer {
namespace {

namespace fs = std::filesystem;

constexpr int kJoints = 1024;

Rendered render_sunflower(bool aliased) {
    Rendered r;
    // Both tests write it, each in its own ctest process: named for the test so neither reads the
    // other's half-written file.
    const fs::path path = test::output_dir() / ("sunflower_1024_" + test::current_test_stem() + ".glb");
    const Status w = anim::write_gltf_file(anim::build_many_joint_asset(kJoints), path.string());
    EXPECT_TRUE(w.ok()) << (w.ok() ? "" : w.error().message);
    auto ctx = render::create_headless_context(render::Api::GL);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx || !w) return r;
    r.ctx = std::move(*ctx);
    auto s = SceneSession::open(path.string(), render::Api::GL);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    if (!s) return r;
    r.session = std::move(*s);
    SceneOptions o;
    o.time = 0.5f;
    o.camera = "front";
    auto applied = r.session->apply(o);
    EXPECT_TRUE(applied.ok()) << (applied.ok() ? "" : applied.error().message);
    r.session->pose();
    if (aliased) {
        std::vector<float> m = r.session->character().skins()[0].skeleton.palette();
        for (size_t j = kPaletteMatricesPerRow; j < static_cast<size_t>(kJoints); ++j)
            for (size_t k = 0; k < 16; ++k) m[j * 16 + k] = m[(j % kPaletteMatricesPerRow) * 16 + k];
        EXPECT_TRUE(r.session->renderer().mutable_palette().set_row(0, m.data(), kJoints).ok());
        r.session->renderer().upload_palettes();
    }
    auto f = test::capture(*r.session, kSize, kSize);
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().message);
    if (f) r.frame = std::move(*f);
    return r;
}

TEST(ManyJointScreenshot, A1024JointSkinMatchesGolden) {
    Rendered r = render_sunflower(false);
    ASSERT_TRUE(r.session);
    test::expect_scene_matches_golden(r.frame, "sunflower_1024_posed", "sunflower_1024_posed");
}

TEST(ManyJointScreenshot, TheSingleRowAddressingFailsTheGolden) {
    if (test::blessing()) GTEST_SKIP() << "blessing";
    Rendered r = render_sunflower(true);
    ASSERT_TRUE(r.session);
    const auto o = test::check_scene_golden(r.frame, "sunflower_1024_posed", "sunflower_1024_aliased");
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << "joint % 512 addressing passed the golden: " << o.message;
    std::cout << "joint % 512 addressing: " << o.message << "\n";
}

}  // namespace
}  // namespace sv::viewer
