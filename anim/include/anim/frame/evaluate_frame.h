// One frame of one character, the same for the window and every headless verb (render, bake, suite).
//
// The order, one for everyone:
//   1. base pose: the clip, the blend tree, the state machine, or a second rig's clip retargeted
//   2. root motion: the clip's travel taken out of the root (Clip mode, the settings key
//      `root_motion`; the window moves the placement by it)
//   3. pose edits (the Joints tab's, the settings key `pose_edits`)
//   4. IK (two-bone, on the edited pose: its target is reached whatever the edits did)
//   5. VRM look-at (eyes or look expressions, from the head as animated, edited and solved)
//   6. VRM expressions' morph weights (the state's, the .vrma's face, the look-at's)
//   7. VRMC_node_constraint
//   8. springs: the VRM spring bones, then the Graph tab's spring chain
//   9. world matrices (Character::apply_poses), ready for the palette
// Steps 5 to 8 follow VRM 1.0's update order (VRMC_vrm-1.0, "update order": humanoid pose, look-at,
// expressions, constraints, spring bones): constraints read the eye and head rotations the look-at
// wrote, and springs swing from the constrained pose, so constraining after the springs would leave a
// twist bone behind the hair it carries. The window used this order and the headless path wrote the
// expressions last; expressions touch only morph weights and material binds, so for bones the two
// agreed, and the spec's order is the one kept.
//
// Springs are a function of (state, clip time): a fixed-step simulation (SpringBones::kStep, 1/60 s)
// whose every step sees steps 1-7 evaluated at that step's own time. A cold evaluation at time t
// starts from the pose 2 s (120 steps) before t and steps up to t; playing forward continues from the
// context's cache one step at a time, which is bit-identical because both run the same steps from the
// same start. A jump back, a jump of more than 2 s, or a change of the clip, graph mode, pose edits,
// IK or look-at restarts the window. What that costs: a cold frame evaluates steps 1-7 121 times, and
// a hair still swinging from more than 2 s ago is not reproduced (a rest-started 2 s settles VRM hair
// well below a pixel). The state machine keeps its own history (pose_state.h), so within 2 s of a
// transition the replay sees the state it is in now; the other base modes are pure functions of time.
// Wall time never enters: paused, the VRM springs hold their pose at t.
#pragma once

#include "anim/frame/frame_context.h"
#include "anim/frame/pose_state.h"

namespace sv::anim {

class Character;

// Poses `character` for `state`: every skin's pose, the world matrices and the morph weights. The
// palette is the caller's (render/). Allocates only on a cold spring start's first use and for the
// expression values (names and weights, a handful a frame).
void evaluate_frame(const PoseState& state, Character& character, FrameContext& context);

// Steps 1 to 4 at `time` (graph clock moved by the same amount): what the spring replay evaluates
// at each step, and what a caller that wants no avatar runtime can call.
void evaluate_base_and_edits(const PoseState& state, float time, Character& character, FrameContext& context);

}  // namespace sv::anim
