#include "anim/pose/channel_range.h"

#include <algorithm>
#include <cmath>

namespace sv::anim {

namespace {
void include(ChannelRange& r, int c, double v) {
    r.min[c] = std::min(r.min[c], v);
    r.max[c] = std::max(r.max[c], v);
}
}  // namespace

HermiteSegment::HermiteSegment(double v0_, double v1, double b0, double a1)
    : A(2 * v0_ + b0 - 2 * v1 + a1), B(-3 * v0_ - 2 * b0 + 3 * v1 - a1), C(b0), v0(v0_) {}

int HermiteSegment::interior_extrema(double s[2]) const {
    // p'(s) = 3A s^2 + 2B s + C.
    const double qa = 3 * A, qb = 2 * B, qc = C;
    double roots[2];
    int n = 0;
    if (std::fabs(qa) < 1e-300) {
        if (std::fabs(qb) > 1e-300) roots[n++] = -qc / qb;
    } else {
        const double disc = qb * qb - 4 * qa * qc;
        if (disc >= 0) {
            // The cancellation-free pair: q = -(b + sign(b) sqrt(disc)) / 2.
            const double q = -0.5 * (qb + std::copysign(std::sqrt(disc), qb));
            roots[n++] = q / qa;
            if (q != 0.0) roots[n++] = qc / q;
        }
    }
    int out = 0;
    for (int i = 0; i < n; ++i)
        if (roots[i] > 0.0 && roots[i] < 1.0) s[out++] = roots[i];
    return out;
}

ChannelRange channel_range(const Channel& ch) {
    ChannelRange r;
    const int nc = ch.components();
    const bool cubic = ch.interpolation == Interpolation::CubicSpline;
    const size_t stride = static_cast<size_t>(nc) * (cubic ? 3 : 1);
    // A malformed channel (fewer values than keys) is the importer's to refuse; here only the keys
    // that have values are read, so nothing is read out of bounds.
    const size_t keys = std::min(ch.times.size(), stride ? ch.values.size() / stride : 0);
    if (keys == 0) return r;
    r.empty = false;
    for (int c = 0; c < 4; ++c) {
        r.min[c] = c < nc ? HUGE_VAL : 0.0;
        r.max[c] = c < nc ? -HUGE_VAL : 0.0;
    }
    auto value = [&](size_t k, int c) { return double(ch.values[k * stride + (cubic ? nc : 0) + c]); };
    for (size_t k = 0; k < keys; ++k)
        for (int c = 0; c < nc; ++c) include(r, c, value(k, c));
    if (!cubic) return r;

    for (size_t k = 0; k + 1 < keys; ++k) {
        const double dt = double(ch.times[k + 1]) - double(ch.times[k]);
        for (int c = 0; c < nc; ++c) {
            const double v0 = value(k, c), v1 = value(k + 1, c);
            const double b0 = double(ch.values[k * stride + 2 * nc + c]) * dt;  // out-tangent of k
            const double a1 = double(ch.values[(k + 1) * stride + c]) * dt;     // in-tangent of k+1
            const HermiteSegment seg(v0, v1, b0, a1);
            double roots[2];
            const int n = seg.interior_extrema(roots);
            for (int i = 0; i < n; ++i) include(r, c, seg.at(roots[i]));
        }
    }
    return r;
}

}  // namespace sv::anim
