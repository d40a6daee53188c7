#include "anim/skin_frame/skin_registry.h"

#include <gtest/gtest.h>

#include "skin_fixtures.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
Clip grow_spine() {
    Clip c;
    c.name = "grow";
    Channel ch;
    ch.node = kSpine;
    ch.path = TargetPath::Scale;
    ch.times = {0, 1};
    ch.values = {1, 1, 1, 1.25f, 1.25f, 1.25f};
    c.channels.push_back(ch);
    return c;
}
const char* kConflictLine =
    "clip 'grow' channel 0 scales node 'Spine' (uniform, spread 0, 1.0000 to 1.2500), reaching 3 of 4 joints "
    "of skin "
    "'CharacterSkin' and not its mesh: no frame can absorb it";
}  // namespace

TEST(SkinRegistry, RegisteringASkinCorrectsItAndLogsTheReport) {
    Asset a = make_character(FixtureShape::MixamoExport);
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    const SkinRecord& r = reg.register_skin(a, 0);
    ASSERT_EQ(r.frames.size(), 1u);
    EXPECT_EQ(r.frames[0].verdict, FrameVerdict::Corrected);
    EXPECT_LT(max_abs_diff(a.scene.nodes[kBody].global, glm::dmat4(1.0)), 1e-11);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(
        log[0].rfind("skin 'CharacterSkin', mesh node 'Body': corrected, absorbing 99.0000 of non-rigidity "
                     "(folded scale 100.0000, defect as given 99.0000",
                     0),
        0u)
        << log[0];
    EXPECT_EQ(log[1],
              "skin 'CharacterSkin': rigid DQS (every fold is rigid on the skin frame and no clip scales "
              "part of the skin)");
    EXPECT_EQ(r.rung.rung, SkinningRung::RigidDqs);
}

TEST(SkinRegistry, SkinThenClipReportsTheConflict) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.clips.push_back(grow_spine());
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    reg.register_skin(a, 0);
    log.clear();
    reg.register_clip(a, 0);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0], kConflictLine);
    EXPECT_EQ(
        log[1],
        "skin 'CharacterSkin': DQS with uniform scale (channel 0 scales node 'Spine' uniformly (spread 0, "
        "within 0.0001) under part of the skin)");
    EXPECT_EQ(reg.skins().front().rung.rung, SkinningRung::DqsUniformScale);
}

TEST(SkinRegistry, ClipThenSkinReportsTheConflict) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.clips.push_back(grow_spine());
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    reg.register_clip(a, 0);
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(reg.remembered_clips(), 1u);
    const SkinRecord& r = reg.register_skin(a, 0);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log[1], kConflictLine);
    ASSERT_EQ(r.conflicts.size(), 1u);
    EXPECT_EQ(r.rung.rung, SkinningRung::DqsUniformScale);
}

TEST(SkinRegistry, ANonUniformConflictChoosesLinearBlend) {
    Asset a = make_character(FixtureShape::MixamoExport);
    Clip c = grow_spine();
    c.channels[0].values = {1, 1, 1, 1.25f, 1, 1};
    a.clips.push_back(c);
    SkinRegistry reg(nullptr);
    reg.register_clip(a, 0);
    EXPECT_EQ(reg.register_skin(a, 0).rung.rung, SkinningRung::LinearBlend);
}

TEST(SkinRegistry, AClipThatScalesNothingIsNotRemembered) {
    Asset a = make_character(FixtureShape::MixamoExport);
    Clip c = grow_spine();
    c.channels[0].values = {1, 1, 1, 1, 1, 1.0000049f};
    a.clips.push_back(c);
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    reg.register_clip(a, 0);
    EXPECT_EQ(reg.remembered_clips(), 0u);
    EXPECT_TRUE(log.empty());
}

TEST(SkinRegistry, ASkinNoFrameCanFixIsNamedAndLeftAlone) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.skins[0].inverse_bind[2] =
        a.skins[0].inverse_bind[2] * glm::scale(glm::dmat4(1.0), glm::dvec3(-1, 1, 1));
    const glm::dmat4 before = a.scene.nodes[kBody].local();
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    const SkinRecord& r = reg.register_skin(a, 0);
    EXPECT_EQ(r.frames[0].verdict, FrameVerdict::CannotFix);
    EXPECT_EQ(max_abs_diff(a.scene.nodes[kBody].local(), before), 0.0);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0],
              "skin 'CharacterSkin', mesh node 'Body': cannot be fixed. skin 'CharacterSkin': no frame makes "
              "every joint rigid (defect on the skin frame inf): joint 2 ('Head') mirrored against joint 0; "
              "mesh node 'Body' left as given");
    EXPECT_EQ(r.rung.rung, SkinningRung::LinearBlend);
}

TEST(SkinRegistry, MissingSkinOrClipIsLoggedNotCrashed) {
    Asset a = make_character(FixtureShape::MixamoExport);
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    reg.register_skin(a, 3);
    reg.register_clip(a, 0);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0], "fixture: Mixamo export: skin 3 does not exist; not registered");
    EXPECT_EQ(log[1], "fixture: Mixamo export: clip 0 does not exist; not registered");
}
