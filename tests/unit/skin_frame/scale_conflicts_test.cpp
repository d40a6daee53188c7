#include <gtest/gtest.h>

#include "anim/pose/channel_range.h"
#include "anim/skin_frame/clip_scale_channels.h"
#include "anim/skin_frame/skin_clip_scale_conflicts.h"
#include "anim/skin_frame/skinned_mesh_nodes.h"
#include "skin_fixtures.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
Channel scale_linear(int node, std::vector<float> xyz_per_key) {
    Channel c;
    c.node = node;
    c.path = TargetPath::Scale;
    c.interpolation = Interpolation::Linear;
    for (size_t k = 0; k < xyz_per_key.size() / 3; ++k) c.times.push_back(static_cast<float>(k));
    c.values = std::move(xyz_per_key);
    return c;
}
Channel uniform_grow(int node) { return scale_linear(node, {1, 1, 1, 1.5f, 1.5f, 1.5f}); }
Channel rotation_channel(int node) {
    Channel c;
    c.node = node;
    c.path = TargetPath::Rotation;
    c.times = {0, 1};
    c.values = {0, 0, 0, 1, 0, 0.7071f, 0, 0.7071f};
    return c;
}
// Keys at 1 both ends, out-tangent +1 and in-tangent -1 over a 1 s segment: by hand,
// p(s) = 1 + (s^3 - 2s^2 + s) - (s^3 - s^2) = 1 + s - s^2, peaking at 1.25 when s = 0.5.
Channel cubic_overshoot(int node) {
    Channel c;
    c.node = node;
    c.path = TargetPath::Scale;
    c.interpolation = Interpolation::CubicSpline;
    c.times = {0, 1};
    c.values = {0,  0,  0,  1, 1, 1, 1, 1, 1,   // key 0: in, value, out
                -1, -1, -1, 1, 1, 1, 0, 0, 0};  // key 1
    return c;
}
std::vector<ScaleConflict> conflicts_of(const Asset& a, Clip clip) {
    Expected<std::vector<ScaleConflict>> r =
        skin_clip_scale_conflicts(a.scene, a.skins[0], skinned_mesh_nodes(a.scene, 0), clip);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? *r : std::vector<ScaleConflict>{};
}
Clip clip_of(std::vector<Channel> channels) {
    Clip c;
    c.name = "test";
    c.channels = std::move(channels);
    return c;
}
}  // namespace

TEST(ScaleConflicts, AScaleOnAJointConflicts) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const std::vector<ScaleConflict> c = conflicts_of(a, clip_of({uniform_grow(kSpine)}));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].channel, 0);
    EXPECT_EQ(c[0].node, kSpine);
    EXPECT_EQ(c[0].node_name, "Spine");
    EXPECT_TRUE(c[0].uniform);
    EXPECT_EQ(c[0].joints_reached, 3);  // Spine, Head, LeftArm
    EXPECT_FALSE(c[0].reaches_mesh);
    EXPECT_FLOAT_EQ(static_cast<float>(c[0].min), 1.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(c[0].max), 1.5f);
}

TEST(ScaleConflicts, AScaleOnTheRootOrTheSharedAncestorIsFine) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    EXPECT_TRUE(conflicts_of(a, clip_of({uniform_grow(kRoot), uniform_grow(kArmature)})).empty());
}

TEST(ScaleConflicts, ANodeAboveAllJointsButNotTheMeshConflicts) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const std::vector<ScaleConflict> c =
        conflicts_of(a, clip_of({rotation_channel(kSpine), uniform_grow(kHips)}));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].channel, 1);
    EXPECT_EQ(c[0].joints_reached, 4);
    EXPECT_FALSE(c[0].reaches_mesh);
}

TEST(ScaleConflicts, ANodeReachingNeitherIsNobodysBusiness) {
    Asset a = make_character(FixtureShape::MixamoExport);
    fixture_add_node(a.scene, "Lamp", kRoot);
    EXPECT_TRUE(conflicts_of(a, clip_of({uniform_grow(static_cast<int>(a.scene.nodes.size()) - 1)})).empty());
}

TEST(ScaleConflicts, AScaleOnTheMeshNodeAloneConflicts) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const std::vector<ScaleConflict> c = conflicts_of(a, clip_of({uniform_grow(kBody)}));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].joints_reached, 0);
    EXPECT_TRUE(c[0].reaches_mesh);
}

TEST(ScaleConflicts, UniformIsToldFromSquash) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const std::vector<ScaleConflict> c =
        conflicts_of(a, clip_of({scale_linear(kArm, {1, 1, 1, 1.2f, 0.8f, 1.2f})}));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_FALSE(c[0].uniform);
    EXPECT_FLOAT_EQ(static_cast<float>(c[0].min), 0.8f);
    EXPECT_FLOAT_EQ(static_cast<float>(c[0].max), 1.2f);
}

TEST(ScaleConflicts, ACubicThatLeavesOneBetweenKeysIsAScale) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const std::vector<ScaleConflict> c = conflicts_of(a, clip_of({cubic_overshoot(kArm)}));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_NEAR(c[0].max, 1.25, 1e-12);  // the closed form above; exact in double
    EXPECT_EQ(c[0].min, 1.0);
    EXPECT_TRUE(c[0].uniform);
}

TEST(ScaleConflicts, ChannelRangeFindsTheHermitePeak) {
    const ChannelRange r = channel_range(cubic_overshoot(0));
    EXPECT_NEAR(r.max.x, 1.25, 1e-12);
    EXPECT_NEAR(r.max.z, 1.25, 1e-12);
    EXPECT_EQ(r.min.y, 1.0);
}

TEST(ScaleConflicts, FlatAtOneWithExportNoiseIsNotAScale) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const Clip noisy = clip_of({scale_linear(kSpine, {1, 1.0000049f, 1, 0.9999952f, 1, 1})});
    EXPECT_TRUE(clip_scale_channels(noisy).empty());
    EXPECT_TRUE(conflicts_of(a, noisy).empty());
    // ... and just past the tolerance (1e-4) it is one.
    EXPECT_EQ(clip_scale_channels(clip_of({scale_linear(kSpine, {1, 1, 1, 1, 1.0002f, 1})})).size(), 1u);
}

TEST(ScaleConflicts, ClipScaleChannelsSkipsEverythingElse) {
    const Clip c =
        clip_of({rotation_channel(kSpine), uniform_grow(kArm), rotation_channel(kHead), uniform_grow(kRoot)});
    EXPECT_EQ(clip_scale_channels(c), (std::vector<int>{1, 3}));
    EXPECT_TRUE(clip_scale_channels(clip_of({rotation_channel(kSpine)})).empty());
}

TEST(ScaleConflicts, EmptyAndMalformed) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    EXPECT_TRUE(conflicts_of(a, Clip{}).empty());
    Channel empty = uniform_grow(kSpine);
    empty.times.clear();
    empty.values.clear();
    EXPECT_TRUE(clip_scale_channels(clip_of({empty})).empty());
    Clip bad = clip_of({uniform_grow(42)});
    Expected<std::vector<ScaleConflict>> r = skin_clip_scale_conflicts(a.scene, a.skins[0], {kBody}, bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("channel 0 targets node 42"), std::string::npos) << r.error().message;
}
