// Two skins of one character may list the same joint nodes (RobotExpressive: the body and the left
// hand each have a skin over the same 43 nodes). Every skin holds its own pose, so a job that poses
// one skin (a retarget, a blend tree, a state machine, IK, root motion: each drives skin 0) must
// move the other skins' copies of those nodes alike, or a mesh bound to another skin stays where
// it was and hangs apart from the body.
#pragma once

#include "anim/character/character.h"

namespace sv::anim {

// Copies skin `from`'s local translation, rotation and scale onto every other skin's joint of the
// same node; a skin's joints that `from` does not list keep theirs. Call before
// Character::apply_poses. No allocation; a search per joint (skins are tens to hundreds of joints,
// and a character of one skin costs nothing).
void share_skin_pose(Character& character, int from);

}  // namespace sv::anim
