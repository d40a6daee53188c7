#include "anim/skin_frame/skin_bind_transform.h"

#include "anim/skin_frame/skin_joint_matrix.h"
#include "anim/skin_frame/skin_walked.h"

namespace sv::anim {

Expected<glm::dmat4> skin_bind_transform(const Scene& scene, const Skin& skin) {
    // The whole skeleton, not only joint 0: a bind transform read off a walked joint 0 of a
    // skeleton whose other joints were never walked would pass every check downstream.
    if (Status s = require_skin_walked(scene, skin); !s) return s.error();
    return skin_joint_matrix(scene, skin, 0);
}

}  // namespace sv::anim
