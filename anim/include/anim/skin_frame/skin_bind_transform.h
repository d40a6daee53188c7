// A_bind: the matrix every A_j collapses to at rest, the frame a skin's geometry belongs in.
//
// Joint 0's is taken. In a file whose rest pose is its bind pose every joint answers the same
// matrix, so which one is asked is no choice; in a file where they differ there is no single answer,
// and averaging would not make one. It does not matter for the picture, because the frame cancels
// out of the rendered position (frame x frame^-1 x A_j = A_j for any invertible frame): the frame's
// one job is to make every frame^-1 x A_j rigid, and skin_frame_defect is what checks that.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

// Refuses a skin with no joints or a skeleton never walked (naming the nodes).
Expected<glm::dmat4> skin_bind_transform(const Scene& scene, const Skin& skin);

}  // namespace sv::anim
