// The VRM avatar's steps of evaluate_frame (look-at, expressions, constraints, the spring bones'
// copies), each over the character as the steps before it left it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "anim/frame/frame_context.h"
#include "anim/frame/pose_state.h"

namespace sv::anim {

class Character;

// Step 5: turns the eye bones, or for an expression-type look-at fills context.look_values.
void apply_look_at(const LookAtState& look, Character& character, FrameContext& context);
// Step 6: the values (with the .vrma's and the look-at's over them) as morph weights.
void apply_expressions(const std::vector<std::pair<std::string, double>>& values, Character& character,
                       FrameContext& context);
// Step 7.
void apply_constraints(Character& character, FrameContext& context);
// Step 8's copies: the posed globals into the springs' node graph, the swung rotations back.
void copy_globals_to_springs(const Character& character, FrameContext& context);
void copy_springs_to_poses(Character& character, FrameContext& context);

}  // namespace sv::anim
