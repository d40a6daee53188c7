#include <gtest/gtest.h>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/skin_frame/frame_error_table.h"
#include "anim/skin_frame/skin_registry.h"
#include "skin_fixtures.h"
#include "test_paths.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
// Rows: 0 bind as given, 1 posed as given, 2 bind on the skin frame, 3 posed on the skin frame.
void expect_soup_then_fixed(const FrameErrorTable& t, double folded, double body) {
    ASSERT_EQ(t.rows.size(), 4u);
    for (int r : {0, 1}) {
        EXPECT_NEAR(t.rows[static_cast<size_t>(r)].folded_scale, folded, 1e-4)
            << t.rows[static_cast<size_t>(r)].label;
        // The soup: errors of the body's size in the mesh-local space (the body is `folded` x
        // `body` across there).
        EXPECT_GT(t.rows[static_cast<size_t>(r)].mean_error, 0.1 * folded * body);
        EXPECT_GT(t.rows[static_cast<size_t>(r)].worst_single_joint, 0.1 * folded * body);
    }
    for (int r : {2, 3}) {
        EXPECT_NEAR(t.rows[static_cast<size_t>(r)].folded_scale, 1.0, 1e-5);
        // Float precision: a float palette, a float frame inverse and a float DQ, of positions the
        // body's size; 1e-6 of it is ~10 float ulps.
        EXPECT_LT(t.rows[static_cast<size_t>(r)].worst_error, 1e-6 * body)
            << t.rows[static_cast<size_t>(r)].label;
    }
}
}  // namespace

TEST(FrameErrorTable, FixtureShowsTheSoupAndItsCorrection) {
    Asset a = make_character(FixtureShape::MixamoExport);
    Clip c;
    c.name = "wave";
    Channel ch;
    ch.node = kArm;
    ch.path = TargetPath::Rotation;
    ch.times = {0, 1};
    ch.values = {0, 0, 0, 1, 0, 0, 0.7071f, 0.7071f};
    c.channels.push_back(ch);
    a.clips.push_back(c);
    Expected<FrameErrorTable> t = frame_error_table(a, 0, 0, 0.5f);
    ASSERT_TRUE(t.ok()) << t.error().message;
    expect_soup_then_fixed(*t, 100.0, t->body_size);
    EXPECT_FALSE(format_frame_error_table(*t).empty());
}

TEST(FrameErrorTable, PreScaleShapeIsCleanAsGiven) {
    const Asset a = make_character(FixtureShape::PreScale);
    Expected<FrameErrorTable> t = frame_error_table(a, 0, -1, 0.0f);
    ASSERT_TRUE(t.ok());
    ASSERT_EQ(t->rows.size(), 2u);
    EXPECT_NEAR(t->rows[0].folded_scale, 1.0, 1e-9);
    EXPECT_LT(t->rows[0].worst_error, 1e-4);  // centimetres in float: 1e-7 of ~180
}

TEST(FrameErrorTable, BuiltInHumanoid) {
    const Asset a = build_humanoid_asset(HumanoidShape::MixamoExport);
    Expected<FrameErrorTable> t = frame_error_table(a, 0, 0, 0.5f);
    ASSERT_TRUE(t.ok()) << t.error().message;
    expect_soup_then_fixed(*t, 100.0, t->body_size);
}

TEST(FrameErrorTable, Xbot) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "Xbot.glb");
    Expected<Asset> a = load_gltf(path);
    ASSERT_TRUE(a.ok()) << a.error().message;
    Expected<FrameErrorTable> t = frame_error_table(*a, 0, 0, 0.5f);
    ASSERT_TRUE(t.ok()) << t.error().message;
    expect_soup_then_fixed(*t, 100.0, t->body_size);
    std::printf("%s", format_frame_error_table(*t).c_str());
}

TEST(SharedAssets, XbotFiguresMatchSources) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "Xbot.glb");
    Asset a = *load_gltf(path);
    SkinRegistry reg(nullptr);
    const SkinRecord& r = reg.register_skin(a, 0);
    ASSERT_EQ(r.frames.size(), 2u);  // two meshes share the skin
    for (const MeshFrameReport& f : r.frames) {
        EXPECT_EQ(f.verdict, FrameVerdict::Corrected) << f.reason;
        EXPECT_NEAR(f.folded_scale_as_given, 100.0, 5e-5);  // SOURCES.md: 100.0000
        EXPECT_NEAR(f.defect_as_given, 99.0, 1e-3);         // SOURCES.md: 99
        EXPECT_LT(f.defect_on_skin_frame, 1e-5);            // SOURCES.md: about 1e-6
        EXPECT_NEAR(f.non_rigidity_absorbed, 99.0, 1e-3);
    }
}

TEST(SharedAssets, RobotExpressiveIsAlreadyOnItsFrame) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "RobotExpressive.glb");
    Asset a = *load_gltf(path);
    SkinRegistry reg(nullptr);
    for (size_t s = 0; s < a.skins.size(); ++s)
        for (const MeshFrameReport& f : reg.register_skin(a, static_cast<int>(s)).frames) {
            EXPECT_NE(f.verdict, FrameVerdict::CannotFix) << f.reason;
            EXPECT_LT(f.correction_from_identity, 1e-6);  // SOURCES.md: identity to 1.3e-7
        }
}

TEST(SharedAssets, FoxFoldsInchesToMetres) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "Fox.glb");
    Asset a = *load_gltf(path);
    SkinRegistry reg(nullptr);
    const SkinRecord& r = reg.register_skin(a, 0);
    ASSERT_FALSE(r.frames.empty());
    for (const MeshFrameReport& f : r.frames) {
        EXPECT_EQ(f.verdict, FrameVerdict::Corrected) << f.reason;
        EXPECT_NEAR(f.folded_scale_as_given, 39.3701, 5e-5);  // SOURCES.md; 1 / 0.0254 = 39.37008
        EXPECT_NEAR(f.defect_as_given, 38.37, 5e-3);
    }
}
