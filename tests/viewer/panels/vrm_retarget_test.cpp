// Mixamo clips on VRM avatars and VRM clips on Mixamo rigs, matched through the avatar's humanoid
// map (its joints are named as VRoid names them, `J_Bip_L_UpperArm`, which no name table knows).
// Measured as a viewer reads a pose: the angle between each upper arm and the spine (hips to neck)
// and between each thigh and the spine, on the source and on the retargeted target, at eight times
// over the clip; the worst difference must stay under 5 degrees. Negative control kept in the
// suite: without the avatar's map the rigs share no joint and the retarget is refused.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/avatar/humanoid_map.h"
#include "anim/avatar/vrm_facing.h"
#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/graph/humanoid_names.h"
#include "anim/graph/retarget_rest.h"
#include "limb_spine_angle.h"
#include "test_paths.h"

namespace {

using namespace sv;

// As the viewer opens a file: a 0.x avatar turned to face +Z.
anim::Asset load(const std::string& path) {
    auto a = anim::load_gltf(path);
    EXPECT_TRUE(a) << path << ": " << (a ? "" : a.error().message);
    if (!a) return anim::Asset();
    anim::apply_vrm_facing(*a);
    return std::move(*a);
}

// The character's own bone per joint: the VRM map where the file has one, else the name tables.
std::vector<std::string> bones_of(const anim::Character& c) {
    return anim::joint_humanoid_bones(c.skins()[0].skeleton.names(), anim::skin_humanoid_bones(c.asset(), 0));
}

// Left arm, right arm, left thigh, right thigh: each segment's angle to the spine.
std::array<double, 4> limb_spine_degrees(const anim::Character& c) {
    return test::segment_spine_degrees(c.skins()[0].skeleton, bones_of(c), test::kUpperLimbs);
}

struct Measured {
    double worst = 0.0;                     // degrees, target against source, any limb
    double source_range[4] = {0, 0, 0, 0};  // how far each source angle moved over the samples
    int matched = 0;
};

Measured retarget_limbs(anim::Character& source, int clip, anim::Character& target) {
    Measured m;
    const auto& tsk = target.skins()[0].skeleton;
    const anim::RetargetMap map = anim::build_humanoid_retarget_map(
        source.skins()[0].skeleton.names(), anim::skin_humanoid_bones(source.asset(), 0), tsk.names(),
        anim::skin_humanoid_bones(target.asset(), 0), tsk.parents());
    for (int t : map.target_of_source) m.matched += t >= 0;
    source.pose_at(-1, 0.0f, true);
    anim::RetargetRest rest;
    const Status st = anim::prepare_rest_retarget(source.skins()[0].skeleton, map, tsk.joint_count(), rest,
                                                  anim::RestAlign::Aligned);
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    if (!st) return m;
    const double length = source.asset().clips[static_cast<size_t>(clip)].duration;
    double lo[4] = {180, 180, 180, 180}, hi[4] = {0, 0, 0, 0};
    for (int k = 0; k < 8; ++k) {
        const float t = static_cast<float>(length * (k + 0.5) / 8.0);
        source.pose_at(clip, t, true);
        target.pose_at(-1, 0.0f, true);
        anim::retarget_rest_relative(rest, source.skins()[0].skeleton.world(), target.skins()[0].skeleton,
                                     target.skins()[0].pose);
        target.apply_poses();
        const auto s = limb_spine_degrees(source);
        const auto r = limb_spine_degrees(target);
        for (size_t i = 0; i < 4; ++i) {
            m.worst = std::max(m.worst, std::abs(s[i] - r[i]));
            lo[i] = std::min(lo[i], s[i]);
            hi[i] = std::max(hi[i], s[i]);
        }
    }
    for (size_t i = 0; i < 4; ++i) m.source_range[i] = hi[i] - lo[i];
    return m;
}

// The project's VRM avatar with a clip "limbs" of its own: each upper arm turned about Z (up and
// down by 60 degrees) and each thigh about X (forward and back by 35), opposite sides in opposite
// phase; written and read back, so the humanoid map is the reader's.
anim::Asset vrm_with_limb_clip(anim::VrmVersion version) {
    anim::Asset a = anim::build_vrm_avatar(version);
    const auto node = [&](const std::string& b) {
        for (const auto& hb : a.vrm.humanoid)
            if (hb.bone == b) return hb.node;
        return -1;
    };
    anim::Clip clip;
    clip.name = "limbs";
    clip.duration = 2.0f;
    const auto add = [&](int n, glm::dvec3 axis, double degrees, double phase) {
        anim::Channel c;
        c.node = n;
        c.path = anim::TargetPath::Rotation;
        for (int k = 0; k <= 40; ++k) {
            const double t = 2.0 * k / 40.0;
            c.times.push_back(static_cast<float>(t));
            const glm::dquat q =
                glm::angleAxis(glm::radians(degrees) * std::sin(glm::pi<double>() * t + phase), axis);
            c.values.insert(c.values.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
        }
        clip.channels.push_back(c);
    };
    add(node("leftUpperArm"), {0, 0, 1}, 60.0, 0.0);
    add(node("rightUpperArm"), {0, 0, 1}, 60.0, glm::pi<double>());
    add(node("leftUpperLeg"), {1, 0, 0}, 35.0, 0.0);
    add(node("rightUpperLeg"), {1, 0, 0}, 35.0, glm::pi<double>());
    a.clips = {clip};
    auto bytes = anim::write_glb(a);
    EXPECT_TRUE(bytes) << (bytes ? "" : bytes.error().message);
    if (!bytes) return anim::Asset();
    auto back = anim::load_gltf_from_memory(*bytes, "", true);
    EXPECT_TRUE(back) << (back ? "" : back.error().message);
    if (!back) return anim::Asset();
    anim::apply_vrm_facing(*back);
    return std::move(*back);
}

std::string avatar(const char* name) { return (test::source_dir() / "assets" / name).string(); }

TEST(VrmRetarget, TheBuiltInMixamoWalkPlaysOnBothVrmAvatars) {
    auto source = anim::Character::create(load(avatar("humanoid_mixamo.glb")));
    ASSERT_TRUE(source);
    for (const char* file : {"avatar_vrm0.glb", "avatar_vrm1.glb"}) {
        SCOPED_TRACE(file);
        auto target = anim::Character::create(load(avatar(file)));
        ASSERT_TRUE(target);
        const Measured m = retarget_limbs(*source, 0, *target);
        std::printf(
            "[ measure ] humanoid_mixamo 'walk' on %s: %d joints matched, limb-spine angle %.2f deg off "
            "(source's arm moved %.1f deg, thigh %.1f)\n",
            file, m.matched, m.worst, m.source_range[0], m.source_range[2]);
        EXPECT_GE(m.matched, 17) << "every humanoid bone the avatar maps";
        EXPECT_LT(m.worst, 5.0);
        // The walk must move what is measured, or agreement would prove nothing.
        // (9.2 and 13.4 degrees over the eight samples as built.)
        EXPECT_GT(m.source_range[0], 5.0);
        EXPECT_GT(m.source_range[2], 5.0);
    }
}

TEST(VrmRetarget, XbotsClipsPlayOnBothVrmAvatars) {
    const std::string xbot = test::shared_asset("Xbot.glb");
    if (xbot.empty()) {
        if (test::in_ci()) FAIL() << test::shared_missing_message("Xbot.glb");
        GTEST_SKIP() << test::shared_missing_message("Xbot.glb");
    }
    auto source = anim::Character::create(load(xbot));
    ASSERT_TRUE(source);
    for (const char* file : {"avatar_vrm0.glb", "avatar_vrm1.glb"})
        for (size_t clip = 0; clip < source->asset().clips.size(); ++clip) {
            SCOPED_TRACE(std::string(file) + " clip " + source->asset().clips[clip].name);
            auto target = anim::Character::create(load(avatar(file)));
            ASSERT_TRUE(target);
            const Measured m = retarget_limbs(*source, static_cast<int>(clip), *target);
            std::printf("[ measure ] Xbot '%s' on %s: %d matched, limb-spine angle %.2f deg off\n",
                        source->asset().clips[clip].name.c_str(), file, m.matched, m.worst);
            EXPECT_GE(m.matched, 17);
            EXPECT_LT(m.worst, 5.0);
        }
}

TEST(VrmRetarget, AVrmClipPlaysOnTheMixamoRigs) {
    std::vector<std::string> targets = {avatar("humanoid_mixamo.glb")};
    if (const std::string xbot = test::shared_asset("Xbot.glb"); !xbot.empty()) targets.push_back(xbot);
    for (const auto version : {anim::VrmVersion::V0, anim::VrmVersion::V1}) {
        auto source = anim::Character::create(vrm_with_limb_clip(version));
        ASSERT_TRUE(source);
        for (const std::string& file : targets) {
            SCOPED_TRACE(file);
            auto target = anim::Character::create(load(file));
            ASSERT_TRUE(target);
            const Measured m = retarget_limbs(*source, 0, *target);
            std::printf(
                "[ measure ] VRM %s 'limbs' on %s: %d matched, limb-spine angle %.2f deg off "
                "(source's arm moved %.1f deg, thigh %.1f)\n",
                version == anim::VrmVersion::V0 ? "0.x" : "1.0", file.c_str(), m.matched, m.worst,
                m.source_range[0], m.source_range[2]);
            EXPECT_GE(m.matched, 17);
            EXPECT_LT(m.worst, 5.0);
            // A thigh swung 35 degrees either way meets the spine at 145 both ways, so its angle
            // moves only with |sin| between the samples: 18.9 degrees.
            EXPECT_GT(m.source_range[0], 30.0);
            EXPECT_GT(m.source_range[2], 15.0);
        }
    }
}

// Negative control: the names alone. The avatar's joints are in no table, so without its map the
// Mixamo clip finds nothing to move and the retarget is refused rather than half applied.
TEST(VrmRetarget, WithoutTheAvatarsMapNothingMatches) {
    auto source = anim::Character::create(load(avatar("humanoid_mixamo.glb")));
    auto target = anim::Character::create(load(avatar("avatar_vrm1.glb")));
    ASSERT_TRUE(source && target);
    const auto& tsk = target->skins()[0].skeleton;
    const anim::RetargetMap map =
        anim::build_humanoid_retarget_map(source->skins()[0].skeleton.names(), tsk.names(), tsk.parents());
    int matched = 0;
    for (int t : map.target_of_source) matched += t >= 0;
    EXPECT_EQ(matched, 0);
    source->pose_at(-1, 0.0f, true);
    anim::RetargetRest rest;
    const Status st = anim::prepare_rest_retarget(source->skins()[0].skeleton, map, tsk.joint_count(), rest);
    ASSERT_FALSE(st);
    EXPECT_NE(st.error().message.find("no joint names in common"), std::string::npos) << st.error().message;
}

}  // namespace
