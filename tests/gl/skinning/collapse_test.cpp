// A scale key of 0 (hiding a part) or a mirroring one, on the GPU. The chosen rung is linear blend,
// and a user who forces a dual-quaternion rung still gets vertices on a collapsed or mirrored joint
// drawn as linear blending draws them: every forced rung's read-back matches the CPU reference,
// which applies the same per-vertex rule; the reference without the rule is off by more than the
// body.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/skin_frame/reference_skinner.h"
#include "gl_fixture.h"
#include "render/gpu_diagnose.h"

namespace sv::render {
namespace {

// The arm moved 10 m along +x from its mesh node's origin (joints, geometry and inverse binds
// alike, so it is the same arm, rigid at rest), with a scale channel on the elbow (node 2): 1 at
// t=0, `peak` at t=1, 1 at t=2, LINEAR. Off the origin because a dual quaternion handed a
// collapsed joint keeps the joint's translation and the vertex's full offset, so its error is the
// vertex's distance from the origin: a real character's hand sits about a body size from its mesh
// origin, and 10 m makes that margin unmistakable.
anim::Asset offset_arm_with_elbow_scale(glm::vec3 peak) {
    anim::Asset a = anim::build_arm_asset();
    const double dx = 10.0;
    a.scene.nodes[1].translation.x += dx;
    for (size_t j = 0; j < a.skins[0].inverse_bind.size(); ++j)
        a.skins[0].inverse_bind[j] = glm::translate(glm::dmat4(1.0), glm::dvec3(-dx, -double(j), 0));
    for (glm::vec3& p : a.meshes[0].primitives[0].positions) p.x += float(dx);
    a.scene.update_matrices();
    anim::Channel c;
    c.node = 2;
    c.path = anim::TargetPath::Scale;
    c.interpolation = anim::Interpolation::Linear;
    c.times = {0.0f, 1.0f, 2.0f};
    c.values = {1, 1, 1, peak.x, peak.y, peak.z, 1, 1, 1};
    a.clips[0].channels.push_back(c);
    return a;
}

struct Key {
    Api api;
    glm::vec3 peak;
};

struct Collapse : ::testing::TestWithParam<Key> {
    void SetUp() override {
        auto ctx = create_headless_context(GetParam().api);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
        auto c = anim::Character::create(offset_arm_with_elbow_scale(GetParam().peak));
        ASSERT_TRUE(c.ok()) << c.error().message;
        character_ = std::make_unique<anim::Character>(std::move(*c));
        auto r = CharacterRenderer::create(GetParam().api, *character_);
        ASSERT_TRUE(r.ok()) << r.error().message;
        renderer_ = std::move(*r);
        character_->pose_at(0, 1.0f, true);  // the key that collapses or mirrors the elbow
        ASSERT_TRUE(renderer_->write_palettes(*character_, {}).ok());
        renderer_->upload_palettes();
    }
    std::unique_ptr<Context> ctx_;
    std::unique_ptr<anim::Character> character_;
    std::unique_ptr<CharacterRenderer> renderer_;
};

TEST_P(Collapse, TheChosenRungIsLinearBlendAndSaysWhy) {
    const anim::RungChoice& rung = character_->skins()[0].rung;
    EXPECT_EQ(rung.rung, anim::SkinningRung::LinearBlend);
    const std::string value = GetParam().peak.x == 0.0f ? "0" : "-1";
    EXPECT_EQ(rung.reason,
              "channel 1 scales node 'Elbow' to " + value +
                  " at key 1 (t=1 s); a dual quaternion cannot carry a collapsed or mirrored joint: "
                  "linear blend");
}

// Every forced rung matches the reference of that rung within the read-back budget (1e-5 of the
// body: see ReadBack.BindPoseWithCorrectionMatchesReference); a NaN anywhere fails it too.
TEST_P(Collapse, EveryForcedRungMatchesTheReference) {
    for (SkinMode forced : {SkinMode::RigidDqs, SkinMode::DqsUniformScale, SkinMode::LinearBlend}) {
        DrawOptions o;
        o.auto_rung = false;
        o.rung = forced;
        auto d = diagnose(*renderer_, *character_, {}, o);
        ASSERT_TRUE(d.ok()) << d.error().message;
        EXPECT_LT(d->worst_error, 1e-5 * d->body_size) << anim::to_id(forced) << ": " << d->summary();
        std::cout << anim::to_id(forced) << " forced, elbow scaled (" << GetParam().peak.x << ", "
                  << GetParam().peak.y << ", " << GetParam().peak.z << ") on " << api_name(GetParam().api)
                  << ": " << d->summary() << "\n";
    }
}

// Negative control: the reference without the per-vertex rule (what the dual-quaternion rungs drew
// before it) against the GPU now: off by more than the body on the arm's collapsed or mirrored
// half. (A non-finite error, had the scale rung's division by a zero cube root survived, counts as
// off too: it did not, dual_quat_normalize turns the NaN into the identity, which is just wrong.)
TEST_P(Collapse, WithoutTheFallbackADualQuaternionRungIsOffByMoreThanTheBody) {
    const auto& prim = character_->asset().meshes[0].primitives[0];
    const glm::dmat4 bind = character_->skins()[0].bind_transform;
    auto d = diagnose(*renderer_, *character_, {}, {});
    ASSERT_TRUE(d.ok());
    for (SkinMode forced : {SkinMode::RigidDqs, SkinMode::DqsUniformScale}) {
        auto gpu = renderer_->read_back(*character_, 0, 0, {}, true, forced);
        ASSERT_TRUE(gpu.ok()) << gpu.error().message;
        auto old = anim::reference_skin_positions(prim, character_->joint_matrices(0), bind, forced,
                                                  anim::DegenerateJoints::AsDualQuaternion);
        ASSERT_TRUE(old.ok());
        double worst = 0.0;
        for (size_t v = 0; v < prim.positions.size(); ++v) {
            const double e = glm::length(glm::dvec3((*gpu)[v]) - (*old)[v]);
            worst = std::isfinite(e) ? std::max(worst, e) : HUGE_VAL;
            if (!std::isfinite(e)) break;
        }
        EXPECT_GT(worst, d->body_size) << anim::to_id(forced);
        std::cout << anim::to_id(forced) << " without the fallback: worst " << worst << " against body "
                  << d->body_size << "\n";
    }
}

// GLES too: the fallback uses determinant and inverse, which GLSL ES 3.00 has, and the read-back
// is the proof that it compiled and ran there.
INSTANTIATE_TEST_SUITE_P(Keys, Collapse,
                         ::testing::Values(Key{Api::GL, glm::vec3(0.0f)},
                                           Key{Api::GL, glm::vec3(-1.0f, 1.0f, 1.0f)},
                                           Key{Api::GLES, glm::vec3(0.0f)}),
                         [](const auto& info) {
                             return std::string(api_name(info.param.api)) +
                                    (info.param.peak.x == 0.0f ? "_Zero" : "_Mirrored");
                         });

}  // namespace
}  // namespace sv::render
