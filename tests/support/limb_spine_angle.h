// The figure a viewer reads as "arms down" or "arms out", which the retarget tests hold a
// retargeted pose to: the angle between a limb segment (a humanoid bone's joint to its child's)
// and the spine (the hips to the neck, else the head), from the skeleton's world matrices. Read
// off positions, not rotations, so two rigs whose joints have different local axes compare.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "anim/pose/skeleton.h"

namespace sv::test {

inline glm::dvec3 joint_position(const anim::Skeleton& sk, int j) {
    const size_t o = static_cast<size_t>(j) * 16;
    return {sk.world()[o + 12], sk.world()[o + 13], sk.world()[o + 14]};
}

inline double degrees_between(const glm::dvec3& a, const glm::dvec3& b) {
    return glm::degrees(std::acos(glm::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0, 1.0)));
}

// `bones[j]` is joint j's humanoid bone name ("" for none), however the caller found it (a VRM
// map, the name tables).
inline int humanoid_joint(const std::vector<std::string>& bones, const std::string& b) {
    for (size_t j = 0; j < bones.size(); ++j)
        if (bones[j] == b) return static_cast<int>(j);
    return -1;
}

// Each segment's angle to the spine, in degrees; a missing bone fails the test (and reads 0).
template <size_t N>
std::array<double, N> segment_spine_degrees(
    const anim::Skeleton& sk, const std::vector<std::string>& bones,
    const std::array<std::pair<const char*, const char*>, N>& segments) {
    const int hips = humanoid_joint(bones, "hips");
    const int neck =
        humanoid_joint(bones, "neck") >= 0 ? humanoid_joint(bones, "neck") : humanoid_joint(bones, "head");
    EXPECT_GE(hips, 0) << "no hips";
    EXPECT_GE(neck, 0) << "no neck or head";
    std::array<double, N> out{};
    if (hips < 0 || neck < 0) return out;
    const glm::dvec3 spine = joint_position(sk, neck) - joint_position(sk, hips);
    for (size_t i = 0; i < N; ++i) {
        const int a = humanoid_joint(bones, segments[i].first), b = humanoid_joint(bones, segments[i].second);
        EXPECT_GE(a, 0) << segments[i].first;
        EXPECT_GE(b, 0) << segments[i].second;
        if (a >= 0 && b >= 0) out[i] = degrees_between(joint_position(sk, b) - joint_position(sk, a), spine);
    }
    return out;
}

// Left and right upper arm.
inline const std::array<std::pair<const char*, const char*>, 2> kUpperArms = {
    {{"leftUpperArm", "leftLowerArm"}, {"rightUpperArm", "rightLowerArm"}}};
// Left and right upper arm, then left and right thigh.
inline const std::array<std::pair<const char*, const char*>, 4> kUpperLimbs = {
    {{"leftUpperArm", "leftLowerArm"},
     {"rightUpperArm", "rightLowerArm"},
     {"leftUpperLeg", "leftLowerLeg"},
     {"rightUpperLeg", "rightLowerLeg"}}};

}  // namespace sv::test
