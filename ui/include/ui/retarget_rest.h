// Retargeting relative to each rig's rest: what makes a clip from a rig with other joint axes play
// upright on this one.
//
// anim::retarget_pose copies local rotations, which is right only when both rigs share their rest
// orientations; a Blender rig's clip on a Mixamo rig then leaves the character upside down below
// the floor. Here each matched joint takes the source's world rotation *relative to the source's
// rest* (Q_s * G_s^-1) onto the target's rest world rotation G_t, and the local rotation follows
// from the target's own parent. The root's travel is taken in the world and scaled by the ratio of
// the hip heights, so a short rig does not slide its feet. What this cannot bridge: rigs whose
// rest poses are different postures (a T-pose against an A-pose moves the arms by the difference).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/graph/retarget.h"
#include "anim/scene/character.h"

namespace sv::ui {

struct RetargetRest {
    std::vector<glm::dquat> source_rest_world;  // per source joint: world rotation at rest
    std::vector<int> source_of_target;          // per target joint: the source joint, or -1
    glm::dvec3 source_root_rest{0.0};           // per target root's source: world position at rest
    double source_hip_height = 0.0;             // that root's height above the source's lowest joint
    std::vector<glm::dquat> scratch;            // per target joint: world rotation this frame
};

// Measures the source at rest (`source` must be posed at rest, skin 0). Refuses, with the reason,
// a map with no joint in common and a source whose root is level with its lowest joint (no hip
// height to scale the travel by).
Status prepare_rest_retarget(const anim::Character& source, const anim::RetargetMap& map, int target_joints,
                             RetargetRest& out);
// Writes the target's local rotations (matched joints) and root translation into `out`. `target`
// must hold its rest pose's world matrices (posed at rest this frame) and `out` its rest pose.
// No allocation.
void retarget_rest_relative(RetargetRest& r, const std::vector<float>& source_world,
                            const anim::Skeleton& target, anim::Pose& out);

}  // namespace sv::ui
