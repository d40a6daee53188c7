// Zero, negative and noisy scale keys: which rung the skin gets and why, and what the reference
// skinner draws for a vertex on a joint no dual quaternion carries.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/skin_frame/clip_scale_channels.h"
#include "anim/skin_frame/reference_skinner.h"
#include "anim/skin_frame/skin_clip_scale_conflicts.h"
#include "anim/skin_frame/skin_registry.h"
#include "anim/skin_frame/skinned_mesh_nodes.h"
#include "anim/skin_frame/skinning_rung.h"
#include "skin_fixtures.h"

using namespace sv;
using namespace sv::anim;
using namespace sv::test;

namespace {
Channel scale_keys(int node, std::vector<float> times, std::vector<float> values,
                   Interpolation interp = Interpolation::Linear) {
    Channel c;
    c.node = node;
    c.path = TargetPath::Scale;
    c.interpolation = interp;
    c.times = std::move(times);
    c.values = std::move(values);
    return c;
}
// Keys at 1 at t=1 s and t=3 s, out-tangent -3/s and in-tangent +3/s. Over the 2 s segment the
// tangents scale to b0 = -6, a1 = +6, and by hand p(s) = 1 - 6 (s^3 - 2s^2 + s) + 6 (s^3 - s^2)
// = 1 - 6s + 6s^2: -0.5 at s = 1/2, t = 2 s, though both keys read 1.
Channel cubic_dip(int node) {
    return scale_keys(node, {1, 3},
                      {0, 0, 0, 1, 1, 1, -3, -3, -3,  // key 0: in, value, out
                       3, 3, 3, 1, 1, 1, 0, 0, 0},    // key 1
                      Interpolation::CubicSpline);
}
RungChoice rung_for(const Asset& a, const Channel& ch) {
    Clip clip;
    clip.name = "test";
    clip.channels = {ch};
    Expected<std::vector<ScaleConflict>> c =
        skin_clip_scale_conflicts(a.scene, a.skins[0], skinned_mesh_nodes(a.scene, 0), clip);
    EXPECT_TRUE(c.ok()) << c.error().message;
    return choose_skinning_rung({}, c.ok() ? *c : std::vector<ScaleConflict>{});
}
const char* kCannot = "; a dual quaternion cannot carry a collapsed or mirrored joint: linear blend";
}  // namespace

TEST(ScaleCollapse, AZeroKeyChoosesLinearBlendNamingTheKey) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const RungChoice r = rung_for(a, scale_keys(kArm, {0, 0.25f, 0.5f}, {1, 1, 1, 1, 1, 1, 0, 0, 0}));
    EXPECT_EQ(r.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(r.reason, std::string("channel 0 scales node 'LeftArm' to 0 at key 2 (t=0.5 s)") + kCannot);
}

TEST(ScaleCollapse, TheRegistryLogsTheCollapseAndTheRung) {
    Asset a = make_character(FixtureShape::MixamoExport);
    Clip clip;
    clip.name = "hide";
    clip.channels = {scale_keys(kArm, {0, 0.25f, 0.5f}, {1, 1, 1, 1, 1, 1, 0, 0, 0})};
    a.clips.push_back(clip);
    std::vector<std::string> log;
    SkinRegistry reg([&](const std::string& s) { log.push_back(s); });
    reg.register_skin(a, 0);
    log.clear();
    reg.register_clip(a, 0);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0],
              "clip 'hide' channel 0 scales node 'LeftArm' (uniform, spread 0, 0.0000 to 1.0000), reaching 1 "
              "of 4 joints of skin 'CharacterSkin' and not its mesh: no frame can absorb it");
    EXPECT_EQ(log[1],
              std::string("skin 'CharacterSkin': linear blend (channel 0 scales node 'LeftArm' to 0 at key 2 "
                          "(t=0.5 s)") +
                  kCannot + ")");
    EXPECT_EQ(reg.skins().front().rung.rung, SkinningRung::LinearBlend);
}

TEST(ScaleCollapse, ANegativeKeyChoosesLinearBlendNamingTheKey) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const RungChoice r = rung_for(a, scale_keys(kHead, {0, 1}, {1, 1, 1, -1, 1, 1}));
    EXPECT_EQ(r.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(r.reason, std::string("channel 0 scales node 'Head' to -1 at key 1 (t=1 s)") + kCannot);
}

TEST(ScaleCollapse, ACubicThatDipsBelowZeroBetweenPositiveKeysCollapses) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const ScaleMinimum m = scale_channel_minimum(cubic_dip(kArm));
    EXPECT_NEAR(m.value, -0.5, 1e-12);  // the closed form above, exact in double
    EXPECT_NEAR(m.time, 2.0, 1e-12);
    EXPECT_TRUE(m.between_keys);
    EXPECT_EQ(m.key, 0);
    const RungChoice r = rung_for(a, cubic_dip(kArm));
    EXPECT_EQ(r.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(r.reason,
              std::string("channel 0 scales node 'LeftArm' to -0.5 between keys 0 and 1 (t=2 s)") + kCannot);
}

TEST(ScaleCollapse, ASmallPositiveScaleIsACollapseBelowTheThresholdOnly) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const RungChoice small = rung_for(a, scale_keys(kArm, {0, 1}, {1, 1, 1, 0.1f, 0.1f, 0.1f}));
    EXPECT_EQ(small.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(small.reason,
              std::string("channel 0 scales node 'LeftArm' to 0.1 at key 1 (t=1 s), under 0.1716") + kCannot);
    // Just above 3 - 2 sqrt(2) = 0.17157 a uniform shrink is still the scale rung's.
    EXPECT_EQ(rung_for(a, scale_keys(kArm, {0, 1}, {1, 1, 1, 0.172f, 0.172f, 0.172f})).rung,
              SkinningRung::DqsUniformScale);
}

TEST(ScaleCollapse, TheThresholdIsWhereDqsWithScaleMissesByThePivotDistance) {
    // Two joints, one still, one scaled by s about a pivot p; a vertex half on each. By hand
    // (identity rotations): linear blend puts it at (1 + s)/2 v + (1 - s)/2 p, and DQS with scale at
    // (1 + s)/2 (v + (1 - s) p / (2 s)), so the two differ by (1 - s)^2 / (4 s) |p|, which is |p| at
    // s = 3 - 2 sqrt(2): the figure kScaleCollapseThreshold carries.
    const double s = kScaleCollapseThreshold;
    const glm::dvec3 pivot(0.3, 1.2, -0.4);
    const glm::dmat4 scaled = glm::translate(glm::dmat4(1.0), pivot) *
                              glm::scale(glm::dmat4(1.0), glm::dvec3(s)) *
                              glm::translate(glm::dmat4(1.0), -pivot);
    Primitive p;
    p.positions = {glm::vec3(0.25f, 0.5f, 0.125f)};
    p.joints = {{0, 1, 0, 0, 0, 0, 0, 0}};
    p.weights = {{0.5f, 0.5f, 0, 0, 0, 0, 0, 0}};
    const std::vector<glm::dmat4> m = {glm::dmat4(1.0), scaled};
    const glm::dvec3 lbs = reference_skin_positions(p, m, glm::dmat4(1.0), SkinningRung::LinearBlend)->at(0);
    const glm::dvec3 dqs =
        reference_skin_positions(p, m, glm::dmat4(1.0), SkinningRung::DqsUniformScale)->at(0);
    EXPECT_NEAR(glm::length(dqs - lbs) / glm::length(pivot), 1.0, 1e-6);  // s is printed to 14 digits
}

TEST(ScaleCollapse, NoiseAroundOneIsNoScale) {
    Asset a = make_character(FixtureShape::MixamoExport);
    const Channel noisy =
        scale_keys(kSpine, {0, 1, 2}, {1, 1.00002f, 0.99998f, 0.99998f, 1, 1.00002f, 1, 1, 1});
    EXPECT_FALSE(channel_scales(noisy));
    Clip clip;
    clip.name = "noisy";
    clip.channels = {noisy};
    a.clips.push_back(clip);
    SkinRegistry reg(nullptr);
    reg.register_clip(a, 0);
    const SkinRecord& r = reg.register_skin(a, 0);
    EXPECT_TRUE(r.conflicts.empty());
    EXPECT_EQ(r.rung.rung, SkinningRung::RigidDqs) << r.rung.reason;
}

TEST(ScaleCollapse, AUniformScaleWithNoiseIsUniform) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    const Channel ch = scale_keys(kSpine, {0, 1}, {1, 1, 1, 1.5f, 1.50002f, 1.49998f});
    Clip clip;
    clip.channels = {ch};
    const std::vector<ScaleConflict> c =
        *skin_clip_scale_conflicts(a.scene, a.skins[0], skinned_mesh_nodes(a.scene, 0), clip);
    ASSERT_EQ(c.size(), 1u);
    // The widest gap, between y and z at key 1, over the smallest component anywhere (1, at key 0).
    const double expected = (double(1.50002f) - double(1.49998f)) / 1.0;
    EXPECT_NEAR(c[0].spread, expected, 1e-9);  // float keys differenced in float: exact (Sterbenz)
    EXPECT_TRUE(c[0].uniform);
    EXPECT_FALSE(c[0].collapses);
    const RungChoice r = choose_skinning_rung({}, c);
    EXPECT_EQ(r.rung, SkinningRung::DqsUniformScale);
    EXPECT_EQ(r.reason,
              "channel 0 scales node 'Spine' uniformly (spread 4e-05, within 0.0001) under part of the skin");
}

TEST(ScaleCollapse, AGenuinelyNonUniformScaleIsLinearBlendWithItsSpread) {
    const Asset a = make_character(FixtureShape::MixamoExport);
    // x - y reaches 0.3 at key 1; the smallest component anywhere is 1: spread 0.3.
    const RungChoice r = rung_for(a, scale_keys(kSpine, {0, 1}, {1, 1, 1, 1.5f, 1.2f, 1.5f}));
    EXPECT_EQ(r.rung, SkinningRung::LinearBlend);
    EXPECT_EQ(r.reason,
              "channel 0 scales node 'Spine' non-uniformly (spread 0.3, over 0.0001) under part of the skin");
    // Just past the tolerance, relative: 2e-4 of 1.
    EXPECT_EQ(rung_for(a, scale_keys(kSpine, {0, 1}, {1, 1, 1, 1.5f, 1.5002f, 1.5f})).rung,
              SkinningRung::LinearBlend);
}

TEST(ScaleCollapse, WhichMatricesADualQuaternionCannotCarry) {
    const glm::dmat3 rot(glm::rotate(glm::dmat4(1.0), 0.7, glm::normalize(glm::dvec3(1, 2, 3))));
    EXPECT_FALSE(dual_quat_cannot_carry(rot));
    EXPECT_FALSE(dual_quat_cannot_carry(100.0 * rot));  // the as-given mesh frame: scale-free
    EXPECT_FALSE(dual_quat_cannot_carry(1e-3 * rot));   // a uniform shrink is the rung's question
    EXPECT_FALSE(dual_quat_cannot_carry(
        rot * glm::dmat3(glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 2e-4))));
    EXPECT_TRUE(dual_quat_cannot_carry(
        rot * glm::dmat3(glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 5e-5))));
    EXPECT_TRUE(dual_quat_cannot_carry(glm::dmat3(0.0)));
    EXPECT_TRUE(dual_quat_cannot_carry(
        rot * glm::dmat3(glm::dvec3(-1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1))));
    EXPECT_TRUE(dual_quat_cannot_carry(glm::dmat3(std::nan(""))));
    EXPECT_TRUE(dual_quat_cannot_carry(glm::mat3(0.0f)));  // the float form the emulation uses
}

// A joint scaled to 0 (LeftArm, joint 3): every vertex with an influence on it is skinned as
// linear blending skins it, computed here by hand from the joint matrices; every other vertex is
// exactly what the dual-quaternion rung drew before the rule.
TEST(ScaleCollapse, TheReferenceSkinsVerticesOnACollapsedJointByLinearBlend) {
    Asset a = make_character(FixtureShape::MixamoExport);
    a.scene.nodes[kArm].scale = glm::dvec3(0.0);
    a.scene.nodes[kSpine].rotation =
        glm::angleAxis(0.4, glm::dvec3(0, 0, 1)) * a.scene.nodes[kSpine].rotation;
    a.scene.update_matrices();
    std::vector<glm::dmat4> m;
    for (size_t j = 0; j < a.skins[0].joints.size(); ++j)
        m.push_back(a.scene.nodes[static_cast<size_t>(a.skins[0].joints[j])].global *
                    a.skins[0].inverse_bind[j]);
    const Primitive& p = a.meshes[0].primitives[0];
    for (SkinningRung rung : {SkinningRung::RigidDqs, SkinningRung::DqsUniformScale}) {
        const std::vector<glm::dvec3> r = *reference_skin_positions(p, m, glm::dmat4(1.0), rung);
        const std::vector<glm::vec3> g = *emulate_gpu_skin_positions(p, m, glm::dmat4(1.0), rung);
        const std::vector<glm::dvec3> old =
            *reference_skin_positions(p, m, glm::dmat4(1.0), rung, DegenerateJoints::AsDualQuaternion);
        int on_arm = 0;
        double worst_old = 0.0;
        for (size_t v = 0; v < p.positions.size(); ++v) {
            bool touches = false;
            glm::dvec4 lbs(0.0);
            for (int k = 0; k < kMaxInfluences; ++k) {
                const double w = p.weights[v][static_cast<size_t>(k)];
                if (w <= 0.0) continue;
                touches = touches || p.joints[v][static_cast<size_t>(k)] == 3;
                lbs += w *
                       (m[p.joints[v][static_cast<size_t>(k)]] * glm::dvec4(glm::dvec3(p.positions[v]), 1.0));
            }
            if (!touches) {
                EXPECT_EQ(r[v], old[v]) << to_string(rung) << " vertex " << v;
                continue;
            }
            ++on_arm;
            // Double rounding of a weighted sum of a few metres.
            EXPECT_LT(glm::length(r[v] - glm::dvec3(lbs)), 1e-12) << to_string(rung) << " vertex " << v;
            // The float emulation: positions of ~1.5 m through float matrices, ~1e-7 relative.
            EXPECT_LT(glm::length(glm::dvec3(g[v]) - glm::dvec3(lbs)), 1e-6)
                << to_string(rung) << " vertex " << v;
            worst_old =
                std::max(worst_old, std::isfinite(glm::length(old[v])) ? glm::length(old[v] - glm::dvec3(lbs))
                                                                       : HUGE_VAL);
        }
        EXPECT_EQ(on_arm, 6 + 4);  // the arm's own cloud and the Spine-LeftArm blend
        // Negative control: before the rule a collapsed arm's vertices were not where the arm is
        // (rigid DQS keeps the cloud at full size; the scale rung divides by a zero scale).
        EXPECT_GT(worst_old, 0.05) << to_string(rung);
    }
}
