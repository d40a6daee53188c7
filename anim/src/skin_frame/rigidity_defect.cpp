#include "anim/skin_frame/rigidity_defect.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/skin_frame/singular_values.h"

namespace sv::anim {

double rigidity_defect(const glm::dmat4& m) {
    const glm::dmat3 l(m);
    const double det = glm::determinant(l);
    if (!std::isfinite(det) || det < 0.0) return std::numeric_limits<double>::infinity();
    const glm::dvec3 s = singular_values(l);
    return std::max({std::fabs(s.x - 1.0), std::fabs(s.y - 1.0), std::fabs(s.z - 1.0)});
}

}  // namespace sv::anim
