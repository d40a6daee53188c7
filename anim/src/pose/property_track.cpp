#include "anim/pose/property_track.h"

#include <cassert>

#include "key_search.h"

namespace sv::anim {

void sample_property(const PropertyChannel& track, float time, float* out, std::uint32_t& hint) {
    const int nc = track.components();
    const size_t keys = track.times.size();
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    const size_t stride = static_cast<size_t>(nc) * (cubic ? 3 : 1);
    const size_t value_offset = cubic ? static_cast<size_t>(nc) : 0;  // past the in-tangent
    assert(keys > 0 && track.values.size() >= keys * stride);
    const float* v = track.values.data();
    const float* times = track.times.data();
    auto copy_key = [&](size_t k) {
        for (int i = 0; i < nc; ++i) out[i] = v[k * stride + value_offset + static_cast<size_t>(i)];
    };
    if (keys == 1 || !(time > times[0])) return copy_key(0);  // also a NaN time
    if (time >= times[keys - 1]) return copy_key(keys - 1);

    const size_t k0 = detail::key_before(times, keys, time, hint);
    const float t0 = times[k0], dt = times[k0 + 1] - t0;
    const float u = (time - t0) / dt;
    switch (track.interpolation) {
        case Interpolation::Step:
            return copy_key(k0);
        case Interpolation::Linear: {
            const float* a = v + k0 * stride;
            const float* b = a + stride;
            for (int i = 0; i < nc; ++i) out[i] = a[i] + (b[i] - a[i]) * u;
            return;
        }
        case Interpolation::CubicSpline: {
            // The same Hermite form as a node channel's (clip_sampling.cpp): tangents are per
            // second, hence dt; b0 is key k0's out-tangent, a1 key k0 + 1's in-tangent.
            const float u2 = u * u, u3 = u2 * u;
            const float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u;
            const float h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
            const float* p0 = v + k0 * stride + nc;
            const float* b0 = p0 + nc;
            const float* a1 = v + (k0 + 1) * stride;
            const float* p1 = a1 + nc;
            for (int i = 0; i < nc; ++i)
                out[i] = h00 * p0[i] + h10 * dt * b0[i] + h01 * p1[i] + h11 * dt * a1[i];
            return;
        }
    }
}

void sample_property(const PropertyChannel& track, float time, float* out) {
    std::uint32_t hint = 0;
    sample_property(track, time, out, hint);
}

}  // namespace sv::anim
