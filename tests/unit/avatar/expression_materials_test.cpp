// Expressions' material binds against VRMC_vrm-1.0 expressions.md, worked out here: a colour moves
// by (Target - Base) x weight, two expressions on one material add their differences (not one
// blend after the other, the negative control), a texture transform blends from scale 1 and offset
// 0, a binary expression snaps, a blocked look expression leaves its material alone, and the MToon
// colours are not returned.
#include "anim/avatar/expression_materials.h"

#include <gtest/gtest.h>

#include "anim/asset_tools/vrm_builder.h"

using namespace sv::anim;

namespace {

Asset avatar() {
    VrmAvatarOptions o;
    o.material_binds = true;
    return build_vrm_avatar(VrmVersion::V1, o);
}

ExpressionMaterialValue only(const Asset& a, const std::vector<std::pair<std::string, double>>& values) {
    auto r = expression_material_values(a, values);
    EXPECT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r.ok() ? r->size() : 0u, 1u);
    return r.ok() && !r->empty() ? r->front() : ExpressionMaterialValue{};
}

}  // namespace

TEST(ExpressionMaterials, ColourEmissionAndTextureBlendByTheWeight) {
    const Asset a = avatar();
    const glm::dvec4 base(a.materials[0].base_color);
    const glm::dvec4 target(kAngryColor[0], kAngryColor[1], kAngryColor[2], kAngryColor[3]);
    for (const double w : {0.25, 0.5, 1.0}) {
        const ExpressionMaterialValue v = only(a, {{"angry", w}});
        EXPECT_EQ(v.material, 0);
        ASSERT_TRUE(v.has_color && v.has_emission && v.has_uv);
        for (int c = 0; c < 4; ++c) EXPECT_NEAR(v.base_color[c], base[c] + (target[c] - base[c]) * w, 1e-12);
        // The avatar's emissive factor is 0: the emission is the target times the weight.
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(v.emissive[c], kAngryEmission[c] * w, 1e-12);
        EXPECT_NEAR(v.uv_scale.x, 1.0 + (kAngryUvScale[0] - 1.0) * w, 1e-12);
        EXPECT_NEAR(v.uv_scale.y, 1.0 + (kAngryUvScale[1] - 1.0) * w, 1e-12);
        EXPECT_NEAR(v.uv_offset.x, kAngryUvOffset[0] * w, 1e-12);
        EXPECT_NEAR(v.uv_offset.y, kAngryUvOffset[1] * w, 1e-12);
    }
    // At 0 nothing is bound: the materials draw as the file gives them.
    auto none = expression_material_values(a, {{"angry", 0.0}});
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
}

TEST(ExpressionMaterials, TwoExpressionsAddTheirDifferencesFromTheBase) {
    Asset a = avatar();
    VrmExpression sad;
    sad.name = "sad";
    sad.color_binds = {{0, VrmColorTarget::Color, {1.0, 1.0, 1.0, 1.0}},
                       {0, VrmColorTarget::RimColor, {1.0, 0.0, 0.0, 1.0}}};  // MToon: not returned
    a.vrm.expressions.push_back(sad);
    const glm::dvec4 base(a.materials[0].base_color);
    const glm::dvec4 t1(kAngryColor[0], kAngryColor[1], kAngryColor[2], kAngryColor[3]), t2(1.0);
    const double w1 = 0.6, w2 = 0.3;
    const ExpressionMaterialValue v = only(a, {{"angry", w1}, {"sad", w2}});
    const glm::dvec4 want = base + (t1 - base) * w1 + (t2 - base) * w2;
    const glm::dvec4 sequential = glm::mix(glm::mix(base, t1, w1), t2, w2);  // the wrong rule
    for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(v.base_color[c], want[c], 1e-12) << c;
        EXPECT_GT(std::abs(v.base_color[c] - sequential[c]), 0.005)
            << "control: blending one after the other";
    }
}

TEST(ExpressionMaterials, BinaryAndOverrideRulesApplyToMaterialsToo) {
    Asset a = avatar();
    a.vrm.expressions.back().is_binary = true;  // angry
    EXPECT_NEAR(only(a, {{"angry", 0.7}}).base_color.x, kAngryColor[0], 1e-12);
    auto below = expression_material_values(a, {{"angry", 0.4}});
    ASSERT_TRUE(below.ok());
    EXPECT_TRUE(below->empty());
    // A lookLeft colour, blocked by happy (overrideLookAt block) while happy is on.
    VrmExpression look;
    look.name = "lookLeft";
    look.color_binds = {{0, VrmColorTarget::Color, {0.0, 0.0, 0.0, 1.0}}};
    a.vrm.expressions.push_back(look);
    a.vrm.expressions[0].override_look_at = VrmOverride::Block;  // happy
    EXPECT_EQ(only(a, {{"lookLeft", 1.0}}).base_color.x, 0.0);
    auto blocked = expression_material_values(a, {{"lookLeft", 1.0}, {"happy", 0.2}});
    ASSERT_TRUE(blocked.ok());
    EXPECT_TRUE(blocked->empty());
    auto bad = expression_material_values(a, {{"furious", 1.0}});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("expression 'furious'"), std::string::npos);
}
