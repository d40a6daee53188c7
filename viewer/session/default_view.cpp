#include "default_view.h"

#include <cmath>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim/avatar/humanoid_map.h"
#include "anim/graph/humanoid_names.h"

namespace sv::viewer {

namespace {

// Pairs whose left-minus-right points to the character's left; the torso's first, whose spread is
// widest and least moved by a clip's first pose.
const char* const kPairs[][2] = {{"leftUpperArm", "rightUpperArm"}, {"leftShoulder", "rightShoulder"},
                                 {"leftUpperLeg", "rightUpperLeg"}, {"leftHand", "rightHand"},
                                 {"leftFoot", "rightFoot"},         {"leftLowerLeg", "rightLowerLeg"}};

glm::dvec3 joint_position(const anim::Skeleton& sk, int j) {
    const float* m = &sk.world()[static_cast<size_t>(j) * 16];
    return {m[12], m[13], m[14]};
}

}  // namespace

float front_yaw_degrees(const anim::Character& character) {
    glm::dvec3 left(0.0);
    const auto& skins = character.skins();
    for (size_t k = 0; k < skins.size(); ++k) {
        const anim::Skeleton& sk = skins[k].skeleton;
        if (sk.world().size() < static_cast<size_t>(sk.joint_count()) * 16) continue;
        const std::vector<std::string> bones = anim::joint_humanoid_bones(
            sk.names(), anim::skin_humanoid_bones(character.asset(), static_cast<int>(k)));
        const auto find = [&](const char* bone) {
            for (size_t j = 0; j < bones.size(); ++j)
                if (bones[j] == bone) return static_cast<int>(j);
            return -1;
        };
        for (const auto& p : kPairs) {
            const int l = find(p[0]), r = find(p[1]);
            if (l >= 0 && r >= 0) left += joint_position(sk, l) - joint_position(sk, r);
        }
    }
    // Facing = left x up (+X left faces +Z, glTF's convention), in the ground plane.
    const glm::dvec2 forward(-left.z, left.x);
    // A spread under a tenth of the pairs' vertical offset says nothing about the facing (a rig
    // lying down, or pairs the names matched wrongly).
    if (glm::length(forward) <= 0.1 * std::abs(left.y) || glm::length(forward) == 0.0) return 0.0f;
    const double yaw = glm::degrees(std::atan2(forward.x, forward.y));
    // + 0.0 turns round's -0 into 0, so a pinned camera never reads "-0".
    const double snapped = 90.0 * std::round(yaw / 90.0) + 0.0;
    return static_cast<float>(snapped <= -180.0 ? 180.0 : snapped);
}

void aim_from_front(const anim::Character& character, render::OrbitCamera& camera, float offset,
                    float pitch) {
    // In (-180, 180], the range a pinned camera is written in: 180 + 25 is -155.
    float yaw = front_yaw_degrees(character) + offset;
    while (yaw > 180.0f) yaw -= 360.0f;
    while (yaw <= -180.0f) yaw += 360.0f;
    camera.yaw_degrees = yaw;
    camera.pitch_degrees = pitch;
}

}  // namespace sv::viewer
