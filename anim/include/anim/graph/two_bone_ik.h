// Two-bone inverse kinematics: put the tip of a root -> mid -> tip chain (hip, knee, ankle) on a
// target, closed form, with a pole that decides which way the middle joint points.
//
// Shaped as a job (plain input struct, a validation step that says why, a run step that validates
// first and refuses with that reason) so the frame path does no allocation and no error formatting
// on valid input; validate() alone answers whether a chain is usable when it is configured. Closed form
// rather than iterative because two bones and a target are a triangle and a triangle has one answer; an
// iteration count would make the result depend on a tuning constant, which a bit-identical replay cannot
// tolerate.
//
// All geometry is done in double from the skeleton's float world matrices, and the solved local
// rotations are written back to the pose as floats. Only rotations of the root and mid joints are
// written; translations and scales are never touched, so bone lengths are the rig's own.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/pose/pose.h"

namespace sv::anim {

struct TwoBoneIkInput {
    // The skeleton the pose belongs to: parents (Skeleton::parents()) and the world matrices
    // (Skeleton::world(), 16 floats a joint) that Skeleton::apply_pose derived from this same pose.
    const std::vector<int>* parents = nullptr;
    const std::vector<float>* world = nullptr;

    // Joints may lie between the three (a twist joint between upper arm and forearm): mid must be
    // below root and tip below mid. The solve reads the chain's actual world positions and turns
    // only root and mid; the joints between keep their local transforms.
    int root = -1;  // e.g. the hip
    int mid = -1;   // the knee: below `root`
    int tip = -1;   // the ankle: below `mid`

    glm::dvec3 target{0.0};  // world space
    glm::dvec3 pole{0.0};    // world-space point the mid joint should face (a knee's: ahead of it)

    // 1 takes the solved rotations, 0 the animated ones, between blends them (slerp per joint).
    double weight = 1.0;
    // Extra roll of the whole chain about the root-target line after it faces the pole (radians).
    double twist_angle = 0.0;
    // ozz-animation's soften: the fraction of the chain's length beyond which the reach eases toward
    // full extension instead of snapping straight at it. 1 is off (the default): a target past
    // `soften * (upper + lower)` is pulled in along 1 - 3^4 / (alpha + 3)^4 of the remaining length,
    // alpha being how far past that point it lies in units of the remainder, so the chain is never
    // quite straight and the knee never pops.
    double soften = 1.0;

    // Everything the run step relies on, with the reason when it is not so: pointers set, indices in
    // range, mid below root and tip below mid, finite target/pole/weight/twist, soften in (0, 1],
    // and the world matrices derived from `pose` (a stale world array would solve last frame's pose).
    Status validate(const Pose& pose) const;
};

struct TwoBoneIkResult {
    bool solved = false;     // false: the pose was left exactly as it was (degenerate chain or input)
    bool reachable = false;  // the target lay within the chain's reach (|upper - lower| .. upper + lower)
};

// Solves in place on `pose` (the root and mid joints' local rotations). Validates first and refuses
// with validate()'s reason, the pose untouched; validation formats text only when it refuses, so a
// valid chain costs no allocation a frame. A zero-length bone or a target on the root is valid
// input with no answer: the pose is left alone and the result says solved = false; no NaN can reach
// the pose. After a solve the caller's skeleton world matrices are stale until it applies the pose
// again.
Expected<TwoBoneIkResult> solve_two_bone_ik(const TwoBoneIkInput& input, Pose& pose);

// The rotation part of a (possibly uniformly scaled) frame as a quaternion: the columns are
// normalised before the quaternion is read, because reading one from a scaled matrix gives a
// different rotation (the trace-based read adds 1 to a scaled trace), not the right one too long.
// Exposed for the tests of that rule; a zero column is left as it is.
glm::dquat rotation_of_frame(const glm::dmat4& frame);

}  // namespace sv::anim
