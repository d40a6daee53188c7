// Playing one skeleton's pose on another, matched by exact joint name.
//
// Rotations transfer and translations do not (except at the root): two rigs of different
// proportions share joint orientations, not bone lengths, and copying translations would rebuild
// the target with the source's limbs. The root's translation is where locomotion lives, so it goes
// across. What this does not do is bridge different topologies (a split spine against a single
// one), nor differing rest orientations: both need knowledge of the characters this layer does not
// have (retarget_rest.h lines up the rests). Exact names here; rigs that spell a humanoid's
// bones differently match through build_humanoid_retarget_map (anim/graph/humanoid_names.h),
// whose tables name each scheme's spelling rather than guess, and list what they cannot match.
#pragma once

#include <string>
#include <vector>

#include "anim/pose/pose.h"

namespace sv::anim {

struct RetargetMap {
    std::vector<int> target_of_source;          // per source joint: the target joint of that name, or -1
    std::vector<int> target_parents;            // the target's parents (root joints receive translation)
    std::vector<std::string> unmatched_source;  // source joints the target lacks, source order
    std::vector<std::string> unmatched_target;  // target joints the source lacks (they keep their own)
    // Per joint, the humanoid bone each side's joint stands for ("" where none), as the humanoid
    // matcher read them (build_humanoid_retarget_map); empty from build_retarget_map. What the rest
    // alignment finds the hips, head and legs by.
    std::vector<std::string> source_bones, target_bones;
};

// Matches by exact name. When a rig names two joints alike, the first (nearer the root, joints
// being parents-first) wins on the target side.
RetargetMap build_retarget_map(const std::vector<std::string>& source_names,
                               const std::vector<std::string>& target_names,
                               const std::vector<int>& target_parents);

// Writes `source` (a pose of the source skeleton) onto `out` (a pose of the target): every matched
// joint's rotation, and the translation of matched target root joints. Target joints the source
// lacks, and every non-root translation and every scale, keep what `out` held, so a retargeted
// clip layers over the target's own pose. No allocation.
void retarget_pose(const RetargetMap& map, const Pose& source, Pose& out);

}  // namespace sv::anim
