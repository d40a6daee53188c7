// The camera a character opens with, wherever it is opened from (the command line, the Open field,
// a drop) and what Home and the Scene panel's Reset give back: a three-quarter view of the
// character's front. glTF says a character faces +Z, but exporters disagree (a Mixamo export
// through some converters faces -Z), so the front is read from the skeleton: its humanoid bones'
// left-right pairs (VRM's own map, else the joint names humanoid_bone knows).
#pragma once

#include "anim/character/character.h"
#include "render/camera.h"

namespace sv::viewer {

// Degrees turned from the front, and the pitch, of the default view (the `render` command's
// `--camera auto` is yaw 25, pitch 12 too, but from +Z whatever the character faces).
inline constexpr float kDefaultYawFromFront = 25.0f;
inline constexpr float kDefaultPitch = 12.0f;

// The orbit yaw (degrees; 0 sits on +Z) that sees the character from the front, snapped to a
// quarter turn: 0 for a character facing +Z, 180 for one facing -Z, 0 when the skeleton does not
// say (no humanoid left-right pair found by name, or the pairs are stacked vertically). Read from
// the skeletons' current pose. Snapped because a file is authored facing an axis; what would make
// it wrong: a character turned 45 degrees in its file is shown from the nearer axis.
float front_yaw_degrees(const anim::Character& character);

// The default view's yaw and pitch on `camera` for `character` (the caller frames it). `offset`
// turns from the front: 0 the front, 90 the character's left side, 180 its back.
void aim_from_front(const anim::Character& character, render::OrbitCamera& camera,
                    float offset = kDefaultYawFromFront, float pitch = kDefaultPitch);

}  // namespace sv::viewer
