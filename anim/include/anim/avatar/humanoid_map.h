// A VRM avatar's humanoid map as a table a user can check: every bone of the version's vocabulary
// with the node the file maps it to, the bones the specification requires and does not find, and
// what else is wrong with an entry (a node out of range, one node under two bones, a bone name the
// version does not define). Also the map per skin joint, which is what retargeting and the joint
// table read: the avatar's own word for which joint is the upper arm, never a guess from names.
//
// Required bones, as the specifications list them: VRM 1.0 (VRMC_vrm humanoid.md) requires 15:
// hips, spine, head and both arms' upperArm, lowerArm, hand and legs' upperLeg, lowerLeg, foot.
// VRM 0.x requires those and chest and neck (17). For 1.0 also its parent-child rules
// (humanoid.md): a bone that needs its parent bone (upperChest needs chest, a finger's distal its
// intermediate, ...) and a bone whose node is not below its nearest mapped ancestor bone's node.
#pragma once

#include <string>
#include <vector>

#include "anim/scene/asset.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

struct HumanoidBoneRow {
    std::string bone;       // the version's name ("leftUpperArm")
    int node = -1;          // the node the file maps it to; -1: none
    bool required = false;  // the version's specification requires the bone
    // Why the entry is not usable, or "": "required by VRM 1.0, not mapped", "node 57 is out of
    // range (40 nodes)", "node 5 is also 'spine'", "not a VRM 0.x bone name", "needs 'chest'
    // mapped (VRM 1.0)", "node 9 is not below 'leftUpperArm' (node 12), its parent bone in VRM 1.0".
    std::string problem;
};

struct HumanoidMapReport {
    std::vector<HumanoidBoneRow> rows;  // the vocabulary in the specification's order, then unknown names
    int mapped = 0;                     // rows with a node in range
    int missing_required = 0;
    int problems = 0;  // rows with a problem, missing required bones included
};

// The bone names of `version` in the specification's order (torso, head, legs, arms, fingers).
// 0.x's thumb is thumbProximal, thumbIntermediate, thumbDistal; 1.0's is thumbMetacarpal,
// thumbProximal, thumbDistal (the same three joints, renamed). Empty for VrmVersion::None; a VRM
// Animation (.vrma) uses 1.0's names and requires none of them.
const std::vector<std::string>& vrm_humanoid_bone_names(VrmVersion version);
bool vrm_bone_required(VrmVersion version, const std::string& bone);

// The table for `vrm` over `scene` (its node count and, for 1.0's rules, its parents). Empty rows
// when the asset is no VRM.
HumanoidMapReport humanoid_map_report(const Vrm& vrm, const Scene& scene);

// Per joint of `asset.skins[skin]`: the humanoid bone the VRM map names for that joint's node, or
// "". All "" for a file that is no VRM or a skin out of range (sized 0 then). Entries the report
// flags as out of range are left out; a node under two bones takes the first the file lists.
std::vector<std::string> skin_humanoid_bones(const Asset& asset, int skin);

}  // namespace sv::anim
