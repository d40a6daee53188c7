// The inverse of a frame matrix, or a refusal when it has none.
//
// glm::inverse divides by the determinant without looking at it; a singular frame would give
// infinities or NaNs that then score as "defect infinity" and read as a skeleton problem. Refusing
// here says what is actually wrong. The test is on the determinant of the linear part being zero or
// non-finite and on the inverse being finite: a frame with a 1e-6 determinant (a 0.01 scale) is a
// legitimate frame and must pass.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/expected.h"

namespace sv::anim {

Expected<glm::dmat4> frame_inverse(const glm::dmat4& frame);

}  // namespace sv::anim
