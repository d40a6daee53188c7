// The singular values of a 3x3 matrix, in double precision.
//
// The frame checks ask "how far is this linear map from a rotation", and the honest answer is its
// singular values: column lengths miss shear (a sheared matrix can have unit columns), and a
// determinant misses a squash balanced by a stretch. Computed as the square roots of the
// eigenvalues of MᵀM by a cyclic Jacobi sweep, which is unconditionally convergent on a symmetric
// matrix and accurate to a few ulps of the largest eigenvalue. What that costs: a singular value
// much smaller than the largest (a near-degenerate map) comes back with absolute, not relative,
// accuracy, which is fine for a defect measured against 1 and wrong for anyone wanting a condition
// number.
#pragma once

#include <glm/glm.hpp>

namespace sv::anim {

// Sorted descending. Non-finite input gives non-finite output.
glm::dvec3 singular_values(const glm::dmat3& m);

}  // namespace sv::anim
