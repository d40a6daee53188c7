// The "weights: all joints" view (DebugView::AllWeights, shaders/skinned_vs.glsl joint_colour):
// every vertex's colour, read back from the GPU by transform feedback before the headlight shades
// it, against the blend this test computes from the file's weights: joint j's colour is HSV(hue =
// fract(j x 0.618034...), saturation 0.7, value 0.95), converted here by the textbook sector
// formula, and a vertex takes the weight-blended sum over every influence set (JOINTS_0.. and the
// sets past the eighth). The fixture is the generated 12-influence tentacle written to a file and
// read back, whose upper vertices hold most of their weight in the third set. GL and GLES.
// Negative controls: the blend over the first eight influences only (the sets past them dropped)
// and the single-joint weights view are both far from what the view must show.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "anim/asset_tools/influence_builder.h"
#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "test_paths.h"

namespace sv::render {
namespace {

namespace fs = std::filesystem;

// HSV to RGB by sectors (Foley and van Dam): h in [0, 1), s and v in [0, 1].
glm::dvec3 hsv(double h, double s, double v) {
    const double h6 = h * 6.0;
    const int sector = static_cast<int>(std::floor(h6)) % 6;
    const double f = h6 - std::floor(h6);
    const double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
    switch (sector) {
        case 0:
            return {v, t, p};
        case 1:
            return {q, v, p};
        case 2:
            return {p, v, t};
        case 3:
            return {p, q, v};
        case 4:
            return {t, p, v};
        default:
            return {v, p, q};
    }
}

glm::dvec3 joint_colour(int j) {
    const double golden = (std::sqrt(5.0) - 1.0) / 2.0;
    const double h = static_cast<double>(j) * golden;
    return hsv(h - std::floor(h), 0.7, 0.95);
}

// The blend of vertex v over its influences; `sets` > 0 keeps only the first that many sets of four.
glm::dvec3 expected_colour(const anim::Primitive& p, size_t v, int sets = 0) {
    glm::dvec3 sum(0.0);
    double w_sum = 0.0;
    const auto add = [&](int slot, int joint, double w) {
        if (sets > 0 && slot >= 4 * sets) return;
        sum += w * joint_colour(joint);
        w_sum += w;
    };
    for (int k = 0; k < 8; ++k)
        add(k, p.joints[v][static_cast<size_t>(k)], p.weights[v][static_cast<size_t>(k)]);
    const size_t n = static_cast<size_t>(p.extra_influences);
    for (size_t k = 0; k < n; ++k)
        add(8 + static_cast<int>(k), p.extra_joints[v * n + k], p.extra_weights[v * n + k]);
    return w_sum > 0.0 ? sum / w_sum : glm::dvec3(0.5);
}

class AllWeightsView : public ::testing::TestWithParam<Api> {};

TEST_P(AllWeightsView, EachVertexIsTheWeightBlendOfItsJointsColours) {
    auto ctx = create_headless_context(GetParam());
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const fs::path path = test::output_dir() / (test::current_test_stem() + ".glb");
    ASSERT_TRUE(anim::write_gltf_file(anim::build_many_influence_asset(12), path.string()).ok());
    auto asset = anim::load_gltf(path.string());
    ASSERT_TRUE(asset.ok()) << asset.error().message;
    auto made = anim::Character::create(std::move(*asset));
    ASSERT_TRUE(made.ok()) << made.error().message;
    anim::Character& c = *made;
    auto r = CharacterRenderer::create(GetParam(), c);
    ASSERT_TRUE(r.ok()) << r.error().message;
    c.pose_at(0, 0.8f, true);
    ASSERT_TRUE((*r)->write_palettes(c, {}).ok());
    (*r)->upload_palettes();

    const anim::Primitive& prim =
        c.asset().meshes[static_cast<size_t>(c.skinned_meshes()[0].mesh)].primitives[0];
    ASSERT_GT(prim.extra_influences, 0) << "the fixture must have sets past the eighth";
    const SkinMode rung = (*r)->rung_for(c, 0, {});
    auto got = (*r)->read_back_colors(c, 0, 0, {}, true, rung, DebugView::AllWeights, -1);
    ASSERT_TRUE(got.ok()) << got.error().message;
    ASSERT_EQ(got->size(), prim.positions.size());
    double worst = 0.0, worst_two_sets = 0.0;
    for (size_t v = 0; v < got->size(); ++v) {
        const glm::dvec3 g((*got)[v]);
        worst = std::max(worst, glm::length(g - expected_colour(prim, v)));
        worst_two_sets = std::max(worst_two_sets, glm::length(g - expected_colour(prim, v, 2)));
        EXPECT_EQ((*got)[v].a, 1.0f);
    }
    std::printf(
        "[ measure ] %s: %zu vertices, worst colour error %.3g (against the first eight only: %.3g)\n",
        api_name(GetParam()), got->size(), worst, worst_two_sets);
    // Float rounding of the hue and the blend: well under a 255th.
    EXPECT_LT(worst, 1e-3);
    // Negative control: dropping the third set moves some vertex's colour by more than a tenth.
    EXPECT_GT(worst_two_sets, 0.1);

    // Negative control: the single-joint view (joint 11) is another picture altogether.
    auto single = (*r)->read_back_colors(c, 0, 0, {}, true, rung, DebugView::Weights, 11);
    ASSERT_TRUE(single.ok()) << single.error().message;
    double single_off = 0.0;
    for (size_t v = 0; v < single->size(); ++v)
        single_off = std::max(single_off, glm::length(glm::dvec3((*single)[v]) - expected_colour(prim, v)));
    EXPECT_GT(single_off, 0.1);
}

INSTANTIATE_TEST_SUITE_P(Apis, AllWeightsView, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render
