// The skinning ladder on the GPU: a clip that scales one joint makes M_j non-rigid per frame, which
// no frame can fix. A uniform scale climbs to DQS-with-scale, a non-uniform one to linear blend;
// each rung's GPU result matches the CPU reference of that rung, and the rung below it does not.
#include <gtest/gtest.h>

#include "anim/asset_tools/asset_builder.h"
#include "anim/skin_frame/reference_skinner.h"
#include "gl_fixture.h"
#include "render/gpu_diagnose.h"

namespace sv::render {
namespace {

// The arm with its "bend" clip plus a scale channel on the elbow (node 2): 1 at t=0, `peak` at
// t=1, 1 at t=2, LINEAR.
anim::Asset arm_with_elbow_scale(glm::vec3 peak) {
    anim::Asset a = anim::build_arm_asset();
    anim::Channel c;
    c.node = 2;
    c.path = anim::TargetPath::Scale;
    c.interpolation = anim::Interpolation::Linear;
    c.times = {0.0f, 1.0f, 2.0f};
    c.values = {1, 1, 1, peak.x, peak.y, peak.z, 1, 1, 1};
    a.clips[0].channels.push_back(c);
    return a;
}

struct Ladder : ::testing::Test {
    void SetUp() override {
        auto ctx = create_headless_context(Api::GL);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
    }
    DiagnoseResult check(anim::Character& c, bool auto_rung, SkinMode forced) {
        auto r = CharacterRenderer::create(Api::GL, c);
        EXPECT_TRUE(r.ok());
        c.pose_at(0, 1.0f, true);  // the scale's peak
        EXPECT_TRUE((*r)->write_palettes(c, {}).ok());
        (*r)->upload_palettes();
        DrawOptions o;
        o.auto_rung = auto_rung;
        o.rung = forced;
        auto d = diagnose(**r, c, {}, o);
        EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
        return d.ok() ? *d : DiagnoseResult{};
    }
    std::unique_ptr<Context> ctx_;
};

TEST_F(Ladder, UniformScaleClimbsToDqsWithScale) {
    auto c = anim::Character::create(arm_with_elbow_scale(glm::vec3(1.6f)));
    ASSERT_TRUE(c.ok()) << c.error().message;
    const auto& skin = c->skins()[0];
    ASSERT_EQ(skin.scale_conflicts.size(), 1u);
    EXPECT_TRUE(skin.scale_conflicts[0].conflicts[0].uniform);
    EXPECT_EQ(skin.rung.rung, anim::SkinningRung::DqsUniformScale) << skin.rung.reason;
    const DiagnoseResult d = check(*c, true, SkinMode::RigidDqs);
    EXPECT_LT(d.worst_error, 1e-5 * d.body_size) << d.summary();
    // The rung below, against the exact answer (linear blend is exact on single-joint vertices):
    // rigid DQS drops the scale, so a vertex bound to the scaled elbow alone lands short.
    anim::Character& ch = *c;
    auto r = CharacterRenderer::create(Api::GL, ch);
    ASSERT_TRUE(r.ok());
    ch.pose_at(0, 1.0f, true);
    ASSERT_TRUE((*r)->write_palettes(ch, {}).ok());
    (*r)->upload_palettes();
    auto gpu = (*r)->read_back(ch, 0, 0, {}, true, SkinMode::RigidDqs);
    ASSERT_TRUE(gpu.ok());
    const auto& prim = ch.asset().meshes[0].primitives[0];
    auto exact = anim::reference_skin_positions(prim, ch.joint_matrices(0), ch.skins()[0].bind_transform,
                                                anim::SkinningRung::LinearBlend);
    ASSERT_TRUE(exact.ok());
    double worst_single = 0.0;
    for (size_t v = 0; v < prim.positions.size(); ++v)
        if (prim.weights[v][0] == 1.0f)
            worst_single = std::max(worst_single, glm::length(glm::dvec3((*gpu)[v]) - (*exact)[v]));
    EXPECT_GT(worst_single, 0.05 * d.body_size) << "rigid DQS should lose the elbow's 1.6x scale";
}

TEST_F(Ladder, NonUniformScaleClimbsToLinearBlend) {
    auto c = anim::Character::create(arm_with_elbow_scale(glm::vec3(1.0f, 1.6f, 1.0f)));
    ASSERT_TRUE(c.ok()) << c.error().message;
    const auto& skin = c->skins()[0];
    ASSERT_EQ(skin.scale_conflicts.size(), 1u);
    EXPECT_FALSE(skin.scale_conflicts[0].conflicts[0].uniform);
    EXPECT_EQ(skin.rung.rung, anim::SkinningRung::LinearBlend) << skin.rung.reason;
    const DiagnoseResult d = check(*c, true, SkinMode::RigidDqs);
    EXPECT_LT(d.worst_error, 1e-5 * d.body_size) << d.summary();
}

TEST_F(Ladder, NoScaleStaysOnRigidDqs) {
    auto c = anim::Character::create(anim::build_arm_asset());
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->skins()[0].rung.rung, anim::SkinningRung::RigidDqs) << c->skins()[0].rung.reason;
    EXPECT_TRUE(c->skins()[0].scale_conflicts.empty());
}

}  // namespace
}  // namespace sv::render
