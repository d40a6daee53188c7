// Unit dual quaternions: a rotation and a translation, blended as a screw motion.
//
// Header-only and templated like quat_from_m3.h: float is what the shader mirrors, double is the
// reference skinner's. A dual quaternion carries a rotation and a translation and nothing else, so
// every matrix handed to dual_quat_from_m4 must be rigid; that is the skinning frame's whole job.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/skin_frame/quat_from_m3.h"

namespace sv::anim {

template <class T>
struct DualQuat {
    glm::qua<T> real{T(1), T(0), T(0), T(0)};
    glm::qua<T> dual{T(0), T(0), T(0), T(0)};
};

// real from quat_from_m3; dual = 0.5 x (0, t) x real. The normalise is kept for one reason: a
// degenerate 3x3 lands quat_from_m3 on a branch whose answer is not unit length.
template <class T>
DualQuat<T> dual_quat_from_m4(const glm::mat<4, 4, T>& m) {
    DualQuat<T> dq;
    dq.real = glm::normalize(quat_from_m3(glm::mat<3, 3, T>(m)));
    const glm::qua<T> t(T(0), m[3][0], m[3][1], m[3][2]);
    dq.dual = (t * dq.real) * T(0.5);
    return dq;
}

// Accumulates w x dq into `acc`, negating dq when its rotation lies in the other hemisphere from
// `pivot` (the antipodality fix: q and -q are one rotation, and blending across them takes the
// long way round, through a zero-length quaternion at the worst).
template <class T>
void dual_quat_accumulate(DualQuat<T>& acc, const DualQuat<T>& dq, T w, const glm::qua<T>& pivot) {
    const T sign = glm::dot(dq.real, pivot) < T(0) ? T(-1) : T(1);
    acc.real = acc.real + dq.real * (w * sign);
    acc.dual = acc.dual + dq.dual * (w * sign);
}

// Divides by the real part's length. A zero-length real (weights cancelled exactly) is left as the
// identity rather than dividing by zero.
template <class T>
DualQuat<T> dual_quat_normalize(const DualQuat<T>& dq) {
    const T n = glm::length(dq.real);
    if (!(n > T(0))) return DualQuat<T>{};
    return DualQuat<T>{dq.real / n, dq.dual / n};
}

// A blend of n dual quaternions with weights, pivoting on the first, normalised.
template <class T>
DualQuat<T> dual_quat_blend(const DualQuat<T>* dqs, const T* weights, int n) {
    DualQuat<T> acc;
    acc.real = glm::qua<T>(T(0), T(0), T(0), T(0));
    if (n <= 0) return DualQuat<T>{};
    for (int i = 0; i < n; ++i) dual_quat_accumulate(acc, dqs[i], weights[i], dqs[0].real);
    return dual_quat_normalize(acc);
}

// The translation a unit dual quaternion carries: 2 x dual x conj(real).
template <class T>
glm::vec<3, T> dual_quat_translation(const DualQuat<T>& dq) {
    const glm::qua<T> t = (dq.dual * glm::conjugate(dq.real)) * T(2);
    return {t.x, t.y, t.z};
}

template <class T>
glm::vec<3, T> dual_quat_transform_point(const DualQuat<T>& dq, const glm::vec<3, T>& p) {
    return dq.real * p + dual_quat_translation(dq);
}

// Normals rotate and do not translate; a unit DQ has no scale to correct for.
template <class T>
glm::vec<3, T> dual_quat_transform_normal(const DualQuat<T>& dq, const glm::vec<3, T>& n) {
    return dq.real * n;
}

}  // namespace sv::anim
