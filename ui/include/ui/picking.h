// Joints under the mouse: what a click in the viewport selects, and where a joint is on screen.
#pragma once

#include <glm/glm.hpp>
#include <string>

#include "anim/character/character.h"
#include "ui/viewport.h"

namespace sv::ui {

struct JointPick {
    int skin = -1, joint = -1;  // -1: nothing within the radius
    float distance = 0.0f;      // pixels from the mouse
};

// The joint (over every skin) drawn nearest `mouse`, within `radius` pixels. `model` is the
// character's placement (root motion) applied after the skeleton's world.
JointPick nearest_joint(const anim::Character& character, const glm::mat4& view_proj, const glm::mat4& model,
                        const Rect& viewport, const glm::vec2& mouse, float radius);
// Where the first skin's joint of this name is drawn (a joint name, else a VRM humanoid bone name
// through the avatar's map); false when no skin has it or it is behind the camera.
bool joint_on_screen(const anim::Character& character, const std::string& name, const glm::mat4& view_proj,
                     const glm::mat4& model, const Rect& viewport, glm::vec2& out);

}  // namespace sv::ui
