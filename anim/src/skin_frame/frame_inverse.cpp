#include "anim/skin_frame/frame_inverse.h"

#include <cmath>
#include <string>

namespace sv::anim {

Expected<glm::dmat4> frame_inverse(const glm::dmat4& frame) {
    const double det = glm::determinant(glm::dmat3(frame));
    if (det == 0.0 || !std::isfinite(det))
        return make_error("the frame is singular (determinant of its linear part " + std::to_string(det) +
                          "), so it has no inverse to skin in");
    const glm::dmat4 inv = glm::inverse(frame);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(inv[c][r]))
                return make_error("the frame's inverse is not finite (determinant " + std::to_string(det) +
                                  ")");
    return inv;
}

}  // namespace sv::anim
