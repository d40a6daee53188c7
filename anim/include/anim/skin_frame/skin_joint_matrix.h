// A_j = joint.global x inverse_bind_j: where joint j carries the skin's bind-pose geometry.
//
// The palette holds exactly this, so it is the quantity every frame question is about. Reads the
// joint's derived global, so the skeleton must have been walked; a joint never walked is refused by
// name (see skin_walked.h) rather than answered with inverse_bind_j alone.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

Expected<glm::dmat4> skin_joint_matrix(const Scene& scene, const Skin& skin, int joint);

}  // namespace sv::anim
