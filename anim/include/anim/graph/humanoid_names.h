// Which humanoid bone a joint name stands for, across the naming schemes rigs arrive with, so a
// clip made for one rig can find its joints on another that spells them differently.
//
// The vocabulary is the VRM humanoid's bone names (hips, spine, chest, upperChest, neck, head,
// leftShoulder, leftUpperArm, ..., leftThumbProximal, ...), the one both VRM 0.x and 1.0 use.
// Recognised spellings: VRM's own; Mixamo (`mixamorig:LeftArm`, any `prefix:` namespace);
// Blender's metarig/Rigify and its .L/.R convention (`upper_arm.L`, `thigh.R`, `UpperArm.L`);
// Unreal's mannequin (`upperarm_l`, `thigh_r`, `spine_01`). Case, separators (`_ . - space`) and
// a namespace prefix are ignored. What this cannot do: guess a name outside the tables (a rig
// named `bone_017` matches nothing, and says so as an unmatched joint rather than moving the
// wrong limb), nor tell which of several unnamed spine joints is the chest.
#pragma once

#include <string>
#include <vector>

#include "anim/graph/retarget.h"

namespace sv::anim {

// The VRM humanoid bone name `joint_name` stands for, or "" when it is in no table.
std::string humanoid_bone(const std::string& joint_name);

// Every bone name humanoid_bone can return (the VRM humanoid's, hips first).
const std::vector<std::string>& humanoid_bone_names();

// As build_retarget_map, then each source joint still unmatched is matched to the target joint
// of the same name but for namespace, case and separators (`mixamorig:HeadTop_End` and
// `HeadTop_End`), then to the one that stands for the same humanoid bone (the first such, nearer
// the root); a target joint is taken once. Exact names win: a rig that shares names with the
// source keeps the map it had.
RetargetMap build_humanoid_retarget_map(const std::vector<std::string>& source_names,
                                        const std::vector<std::string>& target_names,
                                        const std::vector<int>& target_parents);

// Per joint, the humanoid bone it stands for: `declared` (a VRM avatar's humanoid map, per joint,
// anim/avatar/humanoid_map.h) when it names any bone, else humanoid_bone of each name. A declared
// map is taken whole: a joint it leaves out stands for nothing even if its name is in a table, so
// a name can never put a second joint under a bone the avatar has already placed.
std::vector<std::string> joint_humanoid_bones(const std::vector<std::string>& names,
                                              const std::vector<std::string>& declared);

// As above, with each side's declared bones (empty: read the names). A joint of a VRM avatar, whose
// names (`J_Bip_L_UpperArm`) no table knows, meets the other rig's joint of the same bone.
RetargetMap build_humanoid_retarget_map(const std::vector<std::string>& source_names,
                                        const std::vector<std::string>& source_declared,
                                        const std::vector<std::string>& target_names,
                                        const std::vector<std::string>& target_declared,
                                        const std::vector<int>& target_parents);

}  // namespace sv::anim
