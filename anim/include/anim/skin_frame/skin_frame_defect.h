// Whether a frame is one the dual-quaternion pass can skin in: the largest rigidity defect of
// frame^-1 x A_j over the joints.
//
// A reflection scores +infinity (see rigidity_defect.h). A reflection that the frame and every joint
// share cancels in the fold and never reaches this; what does reach it is a skeleton disagreeing with
// itself about handedness, which no frame reconciles.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

// Refuses an unwalked skeleton (naming the nodes) and a singular or non-finite frame.
Expected<double> skin_frame_defect(const Scene& scene, const Skin& skin, const glm::dmat4& frame);

// The same measure per joint, so the diagnostic that says which joint agrees with the gate joint for
// joint, reflections included: the maximum of this vector is skin_frame_defect.
Expected<std::vector<double>> skin_frame_defect_by_joint(const Scene& scene, const Skin& skin,
                                                         const glm::dmat4& frame);

}  // namespace sv::anim
