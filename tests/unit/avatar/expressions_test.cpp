// Expressions to morph weights, by the VRMC_vrm-1.0 rules, on the project's avatar: a bind scales
// with its expression, a binary expression snaps at 0.5, an active "block" override silences the
// blink group and a "blend" one scales it, sums clamp at 1, an unknown name is refused naming the
// avatar's expressions.
#include "anim/avatar/expressions.h"

#include <gtest/gtest.h>

#include "anim/asset_tools/vrm_builder.h"

using namespace sv::anim;

namespace {

// The weight of (node 1, target `index`), 0 when not listed.
float weight_of(const std::vector<ExpressionMorphWeight>& w, int index) {
    for (const auto& m : w)
        if (m.node == 1 && m.index == index) return m.weight;
    return 0.0f;
}

std::vector<ExpressionMorphWeight> eval(const Vrm& vrm, std::vector<std::pair<std::string, double>> values) {
    auto r = expression_morph_weights(vrm, values);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? *r : std::vector<ExpressionMorphWeight>{};
}

}  // namespace

TEST(Expressions, BindsScaleBinarySnapsOverridesBlock) {
    Vrm vrm = build_vrm_avatar(VrmVersion::V1).vrm;
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"happy", 0.3}}), 0), 0.3f);
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"blink", 0.4}}), 1), 0.0f) << "binary below 0.5";
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"blink", 0.6}}), 1), 1.0f) << "binary above 0.5";
    // happy blocks blink while it is active at all.
    const auto both = eval(vrm, {{"happy", 0.2}, {"blink", 1.0}});
    EXPECT_FLOAT_EQ(weight_of(both, 0), 0.2f);
    EXPECT_FLOAT_EQ(weight_of(both, 1), 0.0f);
    // Blend: blink scaled by (1 - happy).
    vrm.expressions[0].override_blink = VrmOverride::Blend;
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"happy", 0.25}, {"blink", 1.0}}), 1), 0.75f);
    // Negative control: without an override both apply in full.
    vrm.expressions[0].override_blink = VrmOverride::None;
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"happy", 1.0}, {"blink", 1.0}}), 1), 1.0f);
    // Two expressions on one target add and clamp at 1.
    vrm.expressions[1].binds = {{1, 0, 1.0}};
    vrm.expressions[1].is_binary = false;
    EXPECT_FLOAT_EQ(weight_of(eval(vrm, {{"happy", 0.7}, {"blink", 0.6}}), 0), 1.0f);
}

TEST(Expressions, UnknownNameIsRefusedListingTheAvatars) {
    const Vrm vrm = build_vrm_avatar(VrmVersion::V1).vrm;
    auto r = expression_morph_weights(vrm, {{"angry", 1.0}});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("expression 'angry'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("happy, blink"), std::string::npos) << r.error().message;
}
