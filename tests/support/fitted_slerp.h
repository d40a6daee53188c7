// The fitted slerp anim's samplers used before #23, kept for negative controls only: a normalised
// lerp whose parameter t' = t + t(t - 1/2)(t - 1)(A(d)(t - 1/2)^2 + B(d)) is bent by a cubic A and
// a quadratic B in the key cosine d, fitted by least squares. Its largest rotation error is 7.6e-4
// rad, for keys 180 degrees apart. The tests that must see a wrong slerp (slerp_precision_test,
// spec_dense_time_test) show with it that they would fail.
#pragma once

#include <cmath>

namespace sv::test {

template <class T>
void fitted_slerp(const T* a, const T* b, T t, T* out) {
    T d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    T sign = 1;
    if (d < 0) d = -d, sign = -1;
    const T A = T(1.0839835) + d * (T(-3.2299607) + d * (T(3.5520777) - d * T(1.4399303)));
    const T B = T(0.8482906) + d * (T(-1.0609847) + d * T(0.2161156));
    const T h = t - T(0.5);
    const T s = t + t * h * (t - 1) * (A * h * h + B);
    const T wa = 1 - s, wb = s * sign;
    T len2 = 0;
    for (int i = 0; i < 4; ++i) {
        out[i] = wa * a[i] + wb * b[i];
        len2 += out[i] * out[i];
    }
    for (int i = 0; i < 4; ++i) out[i] /= std::sqrt(len2);
}

}  // namespace sv::test
