// Combining poses: a weighted blend of two, an additive layer over a base, one joint written in
// place, and per-joint masks that confine any of these to a subtree (upper body only).
//
// Every function here writes into a caller-owned pose of the right size and allocates nothing, so a
// graph evaluated every frame costs no heap traffic. Each validates itself first, the way the rest
// of anim/ does, and refuses with a reason (poses of different joint counts, a pose whose arrays
// disagree, a mask of the wrong size, a weight that is not finite), leaving `out` untouched. The
// checks are integer comparisons; text is formatted only when one refuses.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/pose/pose.h"

namespace sv::anim {

// A weight per joint in [0, 1]: how much of a layer reaches that joint.
struct JointMask {
    std::vector<float> weight;
    int joint_count() const { return static_cast<int>(weight.size()); }
};

// out = a blended toward b by `weight` (0 gives a, 1 gives b). Translation and scale interpolate
// linearly; rotations are put on the same hemisphere as a's before the interpolation and
// renormalised after, so q and -q (the same rotation) never blend through a zero quaternion.
// `out` may be `a` or `b`: each element is read before it is written.
Status blend_poses(const Pose& a, const Pose& b, float weight, Pose& out);
// The same with the weight scaled per joint by `mask` (a joint whose mask is 0 keeps a's value).
Status blend_poses(const Pose& a, const Pose& b, float weight, const JointMask& mask, Pose& out);

// Additive layering: the difference of `clip` from `reference` laid over `base`, scaled by `weight`.
// Per joint, in the joint's local frame: rotation base * slerp(identity, inverse(reference) * clip,
// weight), translation base + weight * (clip - reference), scale base * lerp(1, clip / reference,
// weight). A clip equal to its reference adds nothing at any weight. `out` may alias `base`.
Status add_pose(const Pose& base, const Pose& clip, const Pose& reference, float weight, Pose& out);
Status add_pose(const Pose& base, const Pose& clip, const Pose& reference, float weight,
                const JointMask& mask, Pose& out);

// Writes one joint's local transform. `rotation` is normalised on the way in.
void set_joint(Pose& pose, int joint, const glm::vec3& translation, const glm::quat& rotation,
               const glm::vec3& scale);

// `inside` for `joint` and every joint below it, `outside` for the rest. `parents` must be
// parents-first (a Skeleton's are), which is what lets one pass in index order decide membership.
// Refuses an out-of-range joint or a list that is not parents-first, naming the joint.
Expected<JointMask> subtree_mask(const std::vector<int>& parents, int joint, float inside = 1.0f,
                                 float outside = 0.0f);
// The same, finding the subtree's top by exact joint name.
Expected<JointMask> subtree_mask(const std::vector<int>& parents, const std::vector<std::string>& names,
                                 const std::string& joint, float inside = 1.0f, float outside = 0.0f);

}  // namespace sv::anim
