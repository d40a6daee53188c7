// Retargeting across two rigs' rests: what makes a clip from a rig with other joint axes, or
// another rest posture, play on this one.
//
// anim::retarget_pose copies local rotations, which is right only when both rigs share their rest
// orientations; a Blender rig's clip on a Mixamo rig then leaves the character upside down below
// the floor. Here each matched joint takes the source's world rotation *relative to the source's
// rest* (Q_s * G_s^-1), seen in the target's frame (C, which turns the source character's
// right/up/forward onto the target's), onto the target's rest world rotation G_t; the local
// rotation follows from the target's own parent. Two ways to meet the rests:
// - Aligned (the default): the target's rest is first turned, joint by joint, so that each bone
//   points where the source's bone points at rest (A_j, in the common frame), then the source's
//   motion applies: W_t = C Q_s G_s^-1 C^-1 A_j G_t. An arms-down source lowers a T-pose target's
//   arms. A bone is the joint to its first matched child; a joint with two or more (hips, chest)
//   aligns the first exactly and the second in its plane; one with none (a hand whose fingers are
//   unmatched) takes its parent's A. Twist about a bone is not measured: the shortest turn that
//   lines the bone up keeps the target's own roll, which is wrong by whatever roll the two rigs'
//   rests differ by (a palm down against a palm forward).
// - RestRelative: A_j and C are the identity, so the target keeps its own rest posture and moves
//   by the source's motion from its rest; right when both rigs share a rest posture and axes (one
//   rig's clips on a re-export of it), where Aligned's measurements could only add noise.
// The root's travel is taken in the world (through C) and scaled by the ratio of the hip
// heights, so a short rig does not slide its feet.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/graph/retarget.h"
#include "anim/pose/pose.h"
#include "anim/pose/skeleton.h"

namespace sv::anim {

enum class RestAlign { Aligned, RestRelative };

struct RetargetRest {
    RestAlign align = RestAlign::Aligned;
    std::vector<glm::dvec3> source_rest_position;  // per source joint: world position at rest
    std::vector<int> source_parents;
    std::vector<std::string> target_bones;       // the map's per target joint (the target's landmarks)
    int source_landmarks[4] = {-1, -1, -1, -1};  // hips, head (or neck), left and right upper leg
    // Measured on the first frame, when the target is at rest (retarget_rest_relative's
    // precondition): C and per target joint A_j (see above). Sized by prepare, so no frame allocates.
    bool measured = false;
    glm::dquat common{1.0, 0.0, 0.0, 0.0};
    std::vector<glm::dquat> rest_turn;
    std::vector<glm::dquat> source_rest_world;  // per source joint: world rotation at rest
    std::vector<int> source_of_target;          // per target joint: the source joint, or -1
    glm::dvec3 source_root_rest{0.0};           // per target root's source: world position at rest
    double source_hip_height = 0.0;             // that root's height above the source's lowest joint
    std::vector<glm::dquat> scratch;            // per target joint: world rotation this frame
};

// Measures the source at rest (`source`: the skeleton the clip plays on, its world matrices at rest).
// Refuses, with the reason, a map with no joint in common and a source whose root is level with its lowest
// joint (no hip height to scale the travel by).
Status prepare_rest_retarget(const anim::Skeleton& source, const anim::RetargetMap& map, int target_joints,
                             RetargetRest& out, RestAlign align = RestAlign::Aligned);
// A character's frame as a rotation whose columns are its right (left to right upper leg, made
// square to up), up (hips to head) and their cross product (its forward or back, the same for
// every rig), from those joints' world positions. False when degenerate (head on the hips, legs
// at one point or along the spine). Two rigs' frames give C = F_t F_s^-1.
bool character_frame(const glm::dvec3& hips, const glm::dvec3& head, const glm::dvec3& left_leg,
                     const glm::dvec3& right_leg, glm::dquat& out);
// Writes the target's local rotations (matched joints) and root translation into `out`. `target`
// must hold its rest pose's world matrices (posed at rest this frame) and `out` its rest pose.
// No allocation.
void retarget_rest_relative(RetargetRest& r, const std::vector<float>& source_world,
                            const anim::Skeleton& target, anim::Pose& out);

}  // namespace sv::anim
