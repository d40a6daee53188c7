// A rotation matrix's quaternion, in Shoemake's branch-picking form.
//
// 4w^2 = 1 + tr, 4x^2 = 1 + m00 - m11 - m22, and so on: take the square root of only the largest of
// the four radicands, and derive the other three components from off-diagonal sums and differences
// divided by it. The four radicands sum to 4, so the largest is at least 1 and every division is by
// at least 2. The form that takes all four square roots instead turns a matrix error e near the
// identity into a component error of sqrt(e) landing on the axis (at 1e-6 that is a millimetre on a
// character), and in float destroys a 1e-5 rotation outright: every radicand rounds to 0 or 4.
// Here the error passes through in proportion.
//
// Contract: the upper 3x3 is a rotation. A scaled or sheared matrix gives a quaternion of the wrong
// length (normalise it if you must) and a reflection gives a wrong rotation silently, which is what
// rigidity_defect exists to check before anyone calls this.
//
// Header-only and templated: the float instance is what the GPU shader mirrors, the double one is
// the reference.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace sv::anim {

// Which component the largest radicand belongs to: 0 = w, 1 = x, 2 = y, 3 = z. Ties go to the
// earlier one, which is exact either way since both radicands are then at least 1.
template <class T>
int quat_from_m3_branch(const glm::mat<3, 3, T>& m) {
    // glm is column-major: m[c][r] is row r, column c.
    const T r[4] = {T(1) + m[0][0] + m[1][1] + m[2][2], T(1) + m[0][0] - m[1][1] - m[2][2],
                    T(1) - m[0][0] + m[1][1] - m[2][2], T(1) - m[0][0] - m[1][1] + m[2][2]};
    int best = 0;
    for (int i = 1; i < 4; ++i)
        if (r[i] > r[best]) best = i;
    return best;
}

template <class T>
glm::qua<T> quat_from_m3(const glm::mat<3, 3, T>& m) {
    // R(row, col) = m[col][row].
    const T r01 = m[1][0], r10 = m[0][1], r02 = m[2][0], r20 = m[0][2], r12 = m[2][1], r21 = m[1][2];
    T w, x, y, z;
    switch (quat_from_m3_branch(m)) {
        case 0: {
            const T s = std::sqrt(T(1) + m[0][0] + m[1][1] + m[2][2]) * T(2);  // 4w
            w = T(0.25) * s;
            x = (r21 - r12) / s;
            y = (r02 - r20) / s;
            z = (r10 - r01) / s;
            break;
        }
        case 1: {
            const T s = std::sqrt(T(1) + m[0][0] - m[1][1] - m[2][2]) * T(2);  // 4x
            x = T(0.25) * s;
            w = (r21 - r12) / s;
            y = (r01 + r10) / s;
            z = (r02 + r20) / s;
            break;
        }
        case 2: {
            const T s = std::sqrt(T(1) - m[0][0] + m[1][1] - m[2][2]) * T(2);  // 4y
            y = T(0.25) * s;
            w = (r02 - r20) / s;
            x = (r01 + r10) / s;
            z = (r12 + r21) / s;
            break;
        }
        default: {
            const T s = std::sqrt(T(1) - m[0][0] - m[1][1] + m[2][2]) * T(2);  // 4z
            z = T(0.25) * s;
            w = (r10 - r01) / s;
            x = (r02 + r20) / s;
            y = (r12 + r21) / s;
            break;
        }
    }
    return glm::qua<T>(w, x, y, z);
}

}  // namespace sv::anim
