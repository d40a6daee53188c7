// How far a transform's linear part is from a rotation: the one number every frame check reads.
//
// The largest |singular value - 1| of the upper 3x3: a uniform scale s scores |s - 1|, a shear or a
// squash scores its largest stretch, any rotation scores 0, and translation does not count. A
// reflection scores +infinity: it is orthonormal, so its singular values are all 1 and it would
// score a perfect 0, yet no quaternion can carry it; that is the one way a matrix can be
// unrepresentable and look flawless, so it must not look flawless.
#pragma once

#include <glm/glm.hpp>

namespace sv::anim {

// 0 for a rigid motion; +infinity for a negative determinant or a non-finite entry.
double rigidity_defect(const glm::dmat4& m);

}  // namespace sv::anim
