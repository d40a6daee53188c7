// VRM look-at against VRMC_vrm-1.0 lookAt.md, with every expectation worked out here from the
// specification's formulas (never from anim/avatar/look_at.cpp): the eye bones' angles for targets
// at known directions from the look-at origin, below and above each range map's inputMaxValue
// (clamped), the look-at space following the turned head, the expression type's four weights, and
// the 0.x avatar (turned, and as stored) agreeing with the 1.0 one. Negative controls: the
// measured angles are far from what an ignored range map or a flipped sign would give.
#include "anim/avatar/look_at.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/avatar/expressions.h"
#include "anim/avatar/vrm_facing.h"

using namespace sv::anim;

namespace {

// Distinct maps so a swapped map shows: inner, outer, down, up.
VrmAvatarOptions maps(VrmLookAtType type) {
    VrmAvatarOptions o;
    o.look_at = true;
    o.look_at_type = type;
    if (type == VrmLookAtType::Bone) {  // degrees
        o.horizontal_inner = {30.0, 8.0};
        o.horizontal_outer = {45.0, 12.0};
        o.vertical_down = {20.0, 6.0};
        o.vertical_up = {25.0, 9.0};
    } else {  // weights, at most 1; outer and inner differ in slope and in ceiling
        o.horizontal_inner = {30.0, 0.8};
        o.horizontal_outer = {45.0, 0.9};
        o.vertical_down = {20.0, 0.6};
        o.vertical_up = {25.0, 0.9};
    }
    o.offset = {0.0, 0.06, 0.02};
    return o;
}

// The specification's range map, written out again here.
double spec_map(double input_max, double output_scale, double degrees) {
    return std::min(std::abs(degrees), input_max) / input_max * output_scale;
}

int bone(const Asset& a, const char* name) {
    for (const auto& b : a.vrm.humanoid)
        if (b.bone == name) return b.node;
    return -1;
}

// Where the look-at space's origin is at rest: the head's world position plus the offset (the
// head's rest is an identity in the builder's 1.0 frame).
glm::dvec3 origin_of(const Asset& a) {
    return glm::dvec3(a.scene.nodes[static_cast<size_t>(bone(a, "head"))].global[3]) +
           glm::dvec3(0.0, 0.06, 0.02);
}

// A target 2 m from the origin at this yaw (to +X, the avatar's left) and pitch (down), in the 1.0
// frame: yaw about +Y from +Z, then pitch about the turned +X.
glm::dvec3 toward(const glm::dvec3& origin, double yaw_deg, double pitch_deg) {
    const double y = glm::radians(yaw_deg), p = glm::radians(pitch_deg);
    return origin + 2.0 * glm::dvec3(std::sin(y) * std::cos(p), -std::sin(p), std::cos(y) * std::cos(p));
}

// An eye's gaze (the axis it looks along at rest, in the world) as (yaw, pitch) in degrees with
// the specification's signs. The builder's eyes look along their +Z in 1.0 and, turned with the
// whole 0.x avatar, along their -Z in 0.x.
std::pair<double, double> gaze(const Scene& s, int eye, double axis_z = 1.0) {
    const glm::dvec3 z =
        glm::normalize(glm::dvec3(s.nodes[static_cast<size_t>(eye)].global * glm::dvec4(0, 0, axis_z, 0)));
    return {glm::degrees(std::atan2(z.x, z.z)),
            glm::degrees(std::atan2(-z.y, std::sqrt(z.x * z.x + z.z * z.z)))};
}

LookAt built(const Asset& a) {
    auto l = LookAt::create(a.vrm, a.scene);
    EXPECT_TRUE(l.ok()) << (l.ok() ? "" : l.error().message);
    return std::move(*l);
}

}  // namespace

TEST(LookAt, RangeMapsTurnEachEyeAsTheSpecificationSays) {
    const Asset rest = build_vrm_avatar(VrmVersion::V1, maps(VrmLookAtType::Bone));
    const LookAt look = built(rest);
    const int left = bone(rest, "leftEye"), right = bone(rest, "rightEye");
    ASSERT_GE(left, 0);
    ASSERT_GE(right, 0);
    const glm::dvec3 o = origin_of(rest);
    // Yaw > 0 (left): left eye outer, right eye inner; yaw < 0: the other way round. 20 degrees is
    // under every inputMaxValue, 60 above them all (clamped to the outputScale).
    for (const double yaw : {20.0, 60.0, -20.0, -60.0}) {
        Scene s = rest.scene;
        const LookAtAngles a = look.angles(s, toward(o, yaw, 0.0));
        EXPECT_NEAR(a.yaw, yaw, 1e-9);
        EXPECT_NEAR(a.pitch, 0.0, 1e-9);
        look.apply_bones(s, a);
        const double want_left = yaw > 0 ? spec_map(45, 12, yaw) : -spec_map(30, 8, yaw);
        const double want_right = yaw > 0 ? spec_map(30, 8, yaw) : -spec_map(45, 12, yaw);
        EXPECT_NEAR(gaze(s, left).first, want_left, 1e-9) << "yaw " << yaw;
        EXPECT_NEAR(gaze(s, right).first, want_right, 1e-9) << "yaw " << yaw;
        EXPECT_NEAR(gaze(s, left).second, 0.0, 1e-9);
        // Negative controls: the map ignored (the eye turned by the raw yaw), or its sign flipped.
        EXPECT_GT(std::abs(gaze(s, left).first - yaw), 5.0);
        EXPECT_GT(std::abs(gaze(s, left).first + want_left), 5.0);
    }
    for (const double pitch : {10.0, 35.0, -10.0, -35.0}) {
        Scene s = rest.scene;
        const LookAtAngles a = look.angles(s, toward(o, 0.0, pitch));
        EXPECT_NEAR(a.pitch, pitch, 1e-9);
        look.apply_bones(s, a);
        const double want = pitch > 0 ? spec_map(20, 6, pitch) : -spec_map(25, 9, pitch);
        EXPECT_NEAR(gaze(s, left).second, want, 1e-9) << "pitch " << pitch;
        EXPECT_NEAR(gaze(s, right).second, want, 1e-9) << "pitch " << pitch;
        EXPECT_GT(std::abs(gaze(s, left).second + want), 2.0);
    }
    // Both at once: the YXZ Euler, so the gaze's own yaw is the mapped yaw and its pitch the mapped pitch.
    Scene s = rest.scene;
    const LookAtAngles a = look.angles(s, toward(o, 25.0, 15.0));
    EXPECT_NEAR(a.yaw, 25.0, 1e-9);
    EXPECT_NEAR(a.pitch, 15.0, 1e-9);
    look.apply_bones(s, a);
    EXPECT_NEAR(gaze(s, left).first, spec_map(45, 12, 25), 1e-9);
    EXPECT_NEAR(gaze(s, left).second, spec_map(20, 6, 15), 1e-9);
}

TEST(LookAt, TheLookAtSpaceFollowsTheHead) {
    Asset a = build_vrm_avatar(VrmVersion::V1, maps(VrmLookAtType::Bone));
    const LookAt look = built(a);
    // The head turned 30 degrees to the avatar's left: a target straight ahead of the body (+Z
    // from where the offset now puts the origin, the offset turned with the head) is 30 degrees to
    // the head's right.
    const glm::dquat turn = glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0));
    Node& head = a.scene.nodes[static_cast<size_t>(bone(a, "head"))];
    head.rotation = turn;
    a.scene.update_matrices();
    const glm::dvec3 origin = glm::dvec3(head.global[3]) + turn * glm::dvec3(0.0, 0.06, 0.02);
    const LookAtAngles ang = look.angles(a.scene, origin + glm::dvec3(0.0, 0.0, 3.0));
    EXPECT_NEAR(ang.yaw, -30.0, 1e-9);
    look.apply_bones(a.scene, ang);
    // In the world: the head's 30 plus the left eye's inner map of -30 (-8 degrees).
    EXPECT_NEAR(gaze(a.scene, bone(a, "leftEye")).first, 30.0 - spec_map(30, 8, 30), 1e-9);
}

TEST(LookAt, ExpressionTypeSetsTheFourWeights) {
    const Asset a = build_vrm_avatar(VrmVersion::V1, maps(VrmLookAtType::Expression));
    const LookAt look = built(a);
    const auto value = [](const std::vector<std::pair<std::string, double>>& v, const char* n) {
        for (const auto& [name, w] : v)
            if (name == n) return w;
        return -1.0;  // not listed
    };
    const glm::dvec3 o = origin_of(a);
    for (const auto& [yaw, pitch] : {std::pair{20.0, 10.0}, {-70.0, -40.0}, {50.0, -5.0}}) {
        const auto v = look.expression_values(look.angles(a.scene, toward(o, yaw, pitch)));
        ASSERT_EQ(v.size(), 4u);
        // Both sides use the horizontal outer map; the side not looked to is 0.
        const double h = spec_map(45, 0.9, yaw);
        EXPECT_NEAR(value(v, "lookLeft"), yaw > 0 ? h : 0.0, 1e-9);
        EXPECT_NEAR(value(v, "lookRight"), yaw > 0 ? 0.0 : h, 1e-9);
        EXPECT_NEAR(value(v, "lookDown"), pitch > 0 ? spec_map(20, 0.6, pitch) : 0.0, 1e-9);
        EXPECT_NEAR(value(v, "lookUp"), pitch > 0 ? 0.0 : spec_map(25, 0.9, pitch), 1e-9);
        // Control: the inner map would give another weight for the same yaw.
        EXPECT_GT(std::abs(value(v, yaw > 0 ? "lookLeft" : "lookRight") - spec_map(30, 0.8, yaw)), 0.05);
        // Through the expression rules: each look expression drives its own morph target (2..5).
        auto mw = expression_morph_weights(a.vrm, v);
        ASSERT_TRUE(mw.ok()) << mw.error().message;
        for (const auto& m : *mw) {
            if (m.index == 2) {
                EXPECT_NEAR(m.weight, yaw > 0 ? h : 0.0, 1e-6);
            }
        }
    }
}

TEST(LookAt, TurnedAndStoredZeroXAgreeWithOnePointZero) {
    const Asset one = build_vrm_avatar(VrmVersion::V1, maps(VrmLookAtType::Bone));
    Asset turned = build_vrm_avatar(VrmVersion::V0, maps(VrmLookAtType::Bone));
    const Asset stored = turned;
    ASSERT_FALSE(apply_vrm_facing(turned).empty());
    const LookAt l1 = built(one), lt = built(turned), ls = built(stored);
    const glm::dquat half = glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0));
    const glm::dvec3 o = origin_of(one);
    for (const auto& [yaw, pitch] : {std::pair{20.0, 10.0}, {-60.0, -30.0}, {40.0, 25.0}}) {
        const glm::dvec3 target = toward(o, yaw, pitch);
        Scene s1 = one.scene, st = turned.scene, ss = stored.scene;
        l1.apply_bones(s1, l1.angles(s1, target));
        lt.apply_bones(st, lt.angles(st, target));
        // As stored the avatar faces -Z: the same target is the half-turned point.
        ls.apply_bones(ss, ls.angles(ss, half * target));
        for (const char* eye : {"leftEye", "rightEye"}) {
            const auto g1 = gaze(s1, bone(one, eye)), gt = gaze(st, bone(turned, eye), -1.0);
            EXPECT_NEAR(gt.first, g1.first, 1e-9) << eye;
            EXPECT_NEAR(gt.second, g1.second, 1e-9) << eye;
            const glm::dvec3 z1 =
                glm::dvec3(s1.nodes[static_cast<size_t>(bone(one, eye))].global * glm::dvec4(0, 0, 1, 0));
            const glm::dvec3 zs =
                glm::dvec3(ss.nodes[static_cast<size_t>(bone(stored, eye))].global * glm::dvec4(0, 0, -1, 0));
            EXPECT_LT(glm::length(zs - half * z1), 1e-9) << eye;
        }
        // Control: the eyes did turn (a look-at that did nothing would agree trivially).
        EXPECT_GT(std::abs(gaze(s1, bone(one, "leftEye")).first), 1.0);
    }
}

TEST(LookAt, RefusesWhatCannotBeTurned) {
    Asset a = build_vrm_avatar(VrmVersion::V1, maps(VrmLookAtType::Bone));
    Vrm v = a.vrm;
    v.look_at.vertical_up.input_max = 0.0;
    auto l = LookAt::create(v, a.scene);
    ASSERT_FALSE(l.ok());
    EXPECT_NE(l.error().message.find("rangeMapVerticalUp"), std::string::npos) << l.error().message;
    v = a.vrm;
    v.humanoid.erase(
        std::remove_if(v.humanoid.begin(), v.humanoid.end(),
                       [](const VrmHumanBone& b) { return b.bone == "leftEye" || b.bone == "rightEye"; }),
        v.humanoid.end());
    l = LookAt::create(v, a.scene);
    ASSERT_FALSE(l.ok());
    EXPECT_NE(l.error().message.find("neither leftEye nor rightEye"), std::string::npos) << l.error().message;
}
