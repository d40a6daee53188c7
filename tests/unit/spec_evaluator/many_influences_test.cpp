// More than eight influences a vertex, on the CPU: generated 9-, 12- and 16-influence skins written
// to disk and read back, posed by the runtime at 17 times of their clip, skinned by the double
// reference (linear blend, what `skinview bake --skinning lbs --source cpu` writes), held against the
// independent specification evaluator within 1e-5 of the body (the dense-time test's tolerance and
// reasoning: float sampling and composition, a few 1e-7 of the body). The skin's world box holds
// every posed vertex. Negative controls: the evaluator reading two sets (what anim read before #23)
// and the runtime with its sets past the eighth dropped are each far out of tolerance.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "anim/asset_tools/influence_builder.h"
#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/skin_frame/reference_skinner.h"
#include "anim/skin_frame/skin_world_bounds.h"
#include "gltf_spec_evaluator.h"
#include "influence_fixtures.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

constexpr double kRelativeTolerance = 1e-5;
constexpr int kTimes = 17;

// `tag` keeps each test's file its own: ctest may run them side by side.
std::string write_tentacle(int influences, const std::string& tag) {
    const fs::path dir = output_dir() / "influences";
    fs::create_directories(dir);
    const std::string path = (dir / ("tentacle_" + std::to_string(influences) + "_" + tag + ".glb")).string();
    const Status st = anim::write_gltf_file(anim::build_many_influence_asset(influences), path);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return path;
}

std::unique_ptr<anim::Character> character_of(anim::Asset asset) {
    auto c = anim::Character::create(std::move(asset));
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    return c.ok() ? std::make_unique<anim::Character>(std::move(*c)) : nullptr;
}

// The one skinned primitive of the tentacle, posed and skinned by the double reference.
std::vector<glm::dvec3> runtime_positions(anim::Character& c, int clip, float t) {
    c.pose_at(clip, t, /*loop=*/false);
    const auto& sm = c.skinned_meshes().at(0);
    const auto& prim = c.asset().meshes[static_cast<size_t>(sm.mesh)].primitives.at(0);
    auto pos = anim::reference_skin_positions(prim, c.joint_matrices(sm.skin), c.mesh_frame(0, true),
                                              anim::SkinningRung::LinearBlend);
    EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error().message);
    return pos.ok() ? *pos : std::vector<glm::dvec3>{};
}

double worst_distance(const spec::Evaluation& want, const std::vector<glm::dvec3>& got) {
    if (want.primitives.size() != 1 || want.primitives[0].positions.size() != got.size())
        return std::numeric_limits<double>::infinity();
    double worst = 0.0;
    for (size_t v = 0; v < got.size(); ++v) {
        const double d = glm::length(got[v] - want.primitives[0].positions[v]);
        if (!(d <= worst)) worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
    }
    return worst;
}

class ManyInfluences : public ::testing::TestWithParam<int> {};

TEST_P(ManyInfluences, TheReferenceMatchesTheSpecificationAndTheWorldBoxHoldsEveryVertex) {
    const std::string path = write_tentacle(GetParam(), "spec");
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(path, &model), "");
    auto asset = anim::load_gltf(path);
    ASSERT_TRUE(asset) << asset.error().message;
    ASSERT_GT(asset->meshes[0].primitives[0].extra_influences, 0);
    auto c = character_of(std::move(*asset));
    ASSERT_TRUE(c);
    const double d = spec::clip_duration(model, 0);
    double worst_ratio = 0.0;
    long outside_box = 0;
    for (int i = -1; i < kTimes; ++i) {
        const int clip = i < 0 ? -1 : 0;
        const float t = i < 0 ? 0.0f : static_cast<float>(d * i / (kTimes - 1));
        const spec::Evaluation want = spec::evaluate(model, clip, static_cast<double>(t));
        ASSERT_TRUE(want.ok()) << want.error;
        const std::vector<glm::dvec3> got = runtime_positions(*c, clip, t);
        const double tol = kRelativeTolerance * spec::body_size(want);
        const double worst = worst_distance(want, got);
        EXPECT_LE(worst, tol) << path << " clip " << clip << " t=" << t;
        worst_ratio = std::max(worst_ratio, worst / tol);
        // The world box at this pose: the scene with the posed globals. A linear blend lies in the
        // hull of its influences' A_j x v, so the box holds it up to float rounding of the globals
        // (within the same 1e-5 of the body).
        anim::Scene posed = c->asset().scene;
        for (size_t n = 0; n < posed.nodes.size(); ++n)
            posed.nodes[n].global = c->scene_pose().global(static_cast<int>(n));
        auto box = anim::skin_world_bounds(posed, c->asset().skins[0], c->asset().meshes[0]);
        ASSERT_TRUE(box) << box.error().message;
        for (const auto& p : want.primitives[0].positions)
            if (glm::any(glm::lessThan(p, box->min - tol)) || glm::any(glm::greaterThan(p, box->max + tol)))
                ++outside_box;
    }
    EXPECT_EQ(outside_box, 0);
    std::printf("%d influences: worst %.3g of the tolerance over %d poses\n", GetParam(), worst_ratio,
                kTimes + 1);
}

// Dropping the sets past the eighth, on either side, is seen: each is far out of tolerance at some
// time of the clip (exact at bind, where every joint matrix is the identity).
TEST_P(ManyInfluences, DroppingTheSetsPastTheEighthFails) {
    const std::string path = write_tentacle(GetParam(), "control");
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(path, &model), "");
    auto asset = anim::load_gltf(path);
    ASSERT_TRUE(asset) << asset.error().message;
    auto full = character_of(*asset);
    auto dropped = character_of(drop_influences_past_eight(*asset));
    ASSERT_TRUE(full && dropped);
    spec::Deviation two_sets;
    two_sets.influence_sets = 2;
    const double d = spec::clip_duration(model, 0);
    double evaluator_ratio = 0.0, runtime_ratio = 0.0;
    for (int i = 0; i < kTimes; ++i) {
        const float t = static_cast<float>(d * i / (kTimes - 1));
        const spec::Evaluation want = spec::evaluate(model, 0, static_cast<double>(t));
        const spec::Evaluation wrong = spec::evaluate(model, 0, static_cast<double>(t), two_sets);
        ASSERT_TRUE(want.ok() && wrong.ok());
        const double tol = kRelativeTolerance * spec::body_size(want);
        evaluator_ratio =
            std::max(evaluator_ratio, worst_distance(wrong, runtime_positions(*full, 0, t)) / tol);
        runtime_ratio =
            std::max(runtime_ratio, worst_distance(want, runtime_positions(*dropped, 0, t)) / tol);
    }
    std::printf(
        "%d influences, sets past the eighth dropped: evaluator %.3g, runtime %.3g of the tolerance\n",
        GetParam(), evaluator_ratio, runtime_ratio);
    EXPECT_GT(evaluator_ratio, 10.0);
    EXPECT_GT(runtime_ratio, 10.0);
}

INSTANTIATE_TEST_SUITE_P(Counts, ManyInfluences, ::testing::Values(9, 12, 16),
                         [](const auto& info) { return std::to_string(info.param) + "influences"; });

// The world box on a bend only the later sets see: the ninth joint turned 90 degrees, the eight
// below it at rest, so the upper vertices (weighted mostly past the eighth) swing out of where the
// first eight joints would put them. The box must hold every vertex the reference skins there (the
// reference itself is held to the specification above); a box of the first eight influences
// alone (measured: it still holds the clip's gentle poses) misses them.
TEST(ManyInfluencesBounds, TheWorldBoxHoldsAVertexBentByTheNinthJoint) {
    for (int n : {9, 12, 16}) {
        const anim::Asset a = anim::build_many_influence_asset(n);
        anim::Scene posed = a.scene;
        posed.nodes[9].rotation = glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 0, 1));  // joint 8
        posed.update_matrices();
        const anim::Skin& skin = a.skins[0];
        std::vector<glm::dmat4> joints(skin.joints.size());
        for (size_t j = 0; j < joints.size(); ++j)
            joints[j] = posed.nodes[static_cast<size_t>(skin.joints[j])].global * skin.inverse_bind[j];
        auto box = anim::skin_world_bounds(posed, skin, a.meshes[0]);
        ASSERT_TRUE(box) << box.error().message;
        auto pos = anim::reference_skin_positions(a.meshes[0].primitives[0], joints, glm::dmat4(1.0),
                                                  anim::SkinningRung::LinearBlend);
        ASSERT_TRUE(pos) << pos.error().message;
        // Float weights sum to 1 only to ~1e-7 a slot, and the reference does not divide by their
        // sum, so a vertex may sit that far (relative) past the hull: 1e-5 of the body allows it.
        const double tol = 1e-5 * glm::length(box->max - box->min);
        long outside = 0;
        double excess = 0.0;
        for (const auto& p : *pos) {
            double e = -HUGE_VAL;
            for (int c = 0; c < 3; ++c) e = std::max({e, box->min[c] - p[c], p[c] - box->max[c]});
            excess = std::max(excess, e);
            if (e > tol) ++outside;
        }
        std::printf("%d influences, ninth joint bent: worst excess past the box %.3g (tolerance %.3g)\n", n,
                    excess, tol);
        EXPECT_EQ(outside, 0) << n << " influences: " << outside << " of " << pos->size()
                              << " vertices outside";
    }
}

// The GPU's pipeline emulated in float (what the frame table holds the oracle against) takes the
// sets past the eighth too: within 1e-5 of the body of the double reference on every rung, at
// every time of the clip, and far from it with the sets dropped.
TEST(ManyInfluencesEmulation, TheFloatEmulationMatchesTheReferenceOnEveryRung) {
    const anim::Asset a = anim::build_many_influence_asset(12);
    auto full = character_of(a);
    auto dropped = character_of(drop_influences_past_eight(a));
    ASSERT_TRUE(full && dropped);
    const anim::Aabb box = full->bind_bounds();
    const double tol = kRelativeTolerance * glm::length(box.max - box.min);
    for (anim::SkinningRung rung : {anim::SkinningRung::RigidDqs, anim::SkinningRung::DqsUniformScale,
                                    anim::SkinningRung::LinearBlend}) {
        double worst = 0.0, worst_dropped = 0.0;
        for (int i = 0; i < kTimes; ++i) {
            const float t = 2.0f * static_cast<float>(i) / (kTimes - 1);
            full->pose_at(0, t, false);
            dropped->pose_at(0, t, false);
            const auto& prim = full->asset().meshes[0].primitives[0];
            const auto joints = full->joint_matrices(0);
            const glm::dmat4 frame = full->mesh_frame(0, true);
            auto ref = anim::reference_skin_positions(prim, joints, frame, rung);
            auto emu = anim::emulate_gpu_skin_positions(prim, joints, frame, rung);
            auto cut = anim::emulate_gpu_skin_positions(dropped->asset().meshes[0].primitives[0],
                                                        dropped->joint_matrices(0), frame, rung);
            ASSERT_TRUE(ref && emu && cut);
            for (size_t v = 0; v < ref->size(); ++v) {
                const glm::dvec3 want(glm::inverse(frame) * glm::dvec4((*ref)[v], 1.0));
                worst = std::max(worst, glm::length(glm::dvec3((*emu)[v]) - want));
                worst_dropped = std::max(worst_dropped, glm::length(glm::dvec3((*cut)[v]) - want));
            }
        }
        std::printf("%s, 12 influences: float emulation worst %.3g of the tolerance; sets dropped %.3g\n",
                    anim::to_id(rung), worst / tol, worst_dropped / tol);
        EXPECT_LE(worst, tol) << anim::to_id(rung);
        EXPECT_GT(worst_dropped, 10.0 * tol) << anim::to_id(rung);
    }
}

// The evaluator refuses what the importer refuses: a JOINTS_n without its WEIGHTS_n is an invalid
// file, not a set to leave out.
TEST(ManyInfluencesEvaluator, RefusesAnUnpairedSet) {
    const std::string path = write_tentacle(12, "unpaired");
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(path, &model), "");
    model.meshes[0].primitives[0].attributes.erase("WEIGHTS_2");
    const spec::Evaluation e = spec::evaluate(model, 0, 0.5);
    EXPECT_FALSE(e.ok());
    EXPECT_NE(e.error.find("JOINTS_2"), std::string::npos) << e.error;
}

}  // namespace
}  // namespace sv::test
