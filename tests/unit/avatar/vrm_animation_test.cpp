// A VRM Animation's expression tracks read at the clip's time and named as the target avatar names
// them: the builder's .vrma moves its "blink" node's translation.x as sin(pi t / 2) over the 2 s
// walk (anim/asset_tools/vrm_builder.h), so the value at a key time is that sine; a preset reaches a
// 0.x avatar under its 0.x spelling; a name the avatar lacks is listed, not guessed.
#include "anim/avatar/vrm_animation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/constants.hpp>

#include "anim/asset_tools/vrm_builder.h"

using namespace sv::anim;

namespace {

Character vrma_at(float t, const std::string& first_name = "blink") {
    Asset a = build_vrm_animation();
    a.vrm.animation_expressions[0].name = first_name;
    auto c = Character::create(std::move(a));
    EXPECT_TRUE(c.ok()) << c.error().message;
    c->pose_at(0, t, false);
    return std::move(*c);
}

}  // namespace

TEST(VrmAnimation, ExpressionTracksAreReadAtTheClipsTime) {
    const Vrm one = build_vrm_avatar(VrmVersion::V1).vrm;
    for (const float t : {0.0f, 0.5f, 1.0f, 1.5f}) {
        const auto got = vrma_expression_values(vrma_at(t), one);
        ASSERT_EQ(got.values.size(), 1u) << t;
        EXPECT_EQ(got.values[0].first, "blink");
        EXPECT_NEAR(got.values[0].second, std::sin(glm::pi<double>() * t / 2.0), 1e-6) << t;
        // The custom "wink" is no expression of the avatar's: listed, not guessed.
        EXPECT_EQ(got.missing, std::vector<std::string>{"wink"});
    }
}

TEST(VrmAnimation, APresetReachesA0xAvatarUnderIts0xSpelling) {
    const Character happy = vrma_at(1.0f, "happy");
    const auto one = vrma_expression_values(happy, build_vrm_avatar(VrmVersion::V1).vrm);
    ASSERT_EQ(one.values.size(), 1u);
    EXPECT_EQ(one.values[0].first, "happy");
    const auto zero = vrma_expression_values(happy, build_vrm_avatar(VrmVersion::V0).vrm);
    ASSERT_EQ(zero.values.size(), 1u);
    EXPECT_EQ(zero.values[0].first, "joy");
    EXPECT_NEAR(zero.values[0].second, 1.0, 1e-6);
}

TEST(VrmAnimation, NothingFromAnythingButAVrmaOntoAnAvatar) {
    auto plain = Character::create(build_vrm_avatar(VrmVersion::V1));
    ASSERT_TRUE(plain.ok());
    EXPECT_TRUE(vrma_expression_values(*plain, build_vrm_avatar(VrmVersion::V0).vrm).values.empty());
    EXPECT_TRUE(vrma_expression_values(vrma_at(1.0f), Vrm{}).values.empty()) << "a target that is no avatar";
}
