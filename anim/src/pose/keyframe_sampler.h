// One keyframe sampler: glTF 2.0's three samplers (STEP, LINEAR, CUBICSPLINE) over one track's keys,
// for node channels (clip_sampling.cpp) and material, light and camera property tracks
// (property_track.cpp), and the fraction and straight-line blend the batched and packed LINEAR paths
// (clip_sampling.cpp's rotation batch, packed_clip.cpp's groups) compute beside it. One copy of each
// rounding order, so the samplers cannot drift apart: tests/unit/anim_core compares them bit for bit
// (sample_clip and the packed clip against sample_channel) and holds this one against the glTF
// definitions written out independently (keyframe_sampler_test.cpp).
//
// Inline, as key_search.h is, and as the channel sampler it replaces was in clip_sampling.cpp: it
// runs once a channel a frame, and the frame path gains no call by the move. The merge changed no
// bit: a harness sampling random tracks (every path and interpolation, one to seven keys, shared key
// times, ends, NaN) through the old and the new sources gave byte-equal output. No allocation.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "anim/scene/asset.h"
#include "key_search.h"
#include "slerp.h"

namespace sv::anim::detail {

// One track's keys as the sampler reads them, borrowed from a Channel or a PropertyChannel (both
// lay a key's values out as glTF does: `components` floats a key, or in-tangent, value,
// out-tangent for CUBICSPLINE).
struct KeyTrack {
    // Increasing; the importer refuses equal times, but two keys at one time still sample (the
    // later one from that time on, as key_before picks it; keyframe_sampler_test.cpp).
    const float* times = nullptr;
    const float* values = nullptr;
    size_t keys = 0;
    int components = 0;
    Interpolation interpolation = Interpolation::Linear;
    // A unit quaternion, x y z w: LINEAR is the shortest-path slerp (slerp.h), and every value
    // answered otherwise (a copied key, the Hermite blend) is normalised. False for everything a
    // property track animates: nothing there is a rotation, and nothing is normalised.
    bool rotation = false;
};

// The view of a Channel or a PropertyChannel (anything with times, values, components() and
// interpolation laid out as glTF does). `rotation` as KeyTrack's.
template <class Track>
inline KeyTrack key_track(const Track& track, bool rotation) {
    KeyTrack tr;
    tr.times = track.times.data();
    tr.values = track.values.data();
    tr.keys = track.times.size();
    tr.components = track.components();
    tr.interpolation = track.interpolation;
    tr.rotation = rotation;
    assert(track.values.size() >= tr.keys * static_cast<size_t>(tr.components) *
                                      (track.interpolation == Interpolation::CubicSpline ? 3 : 1));
    return tr;
}

// Where `time` lies between keys t0 < t1, as a fraction. Divided by the interval rather than
// multiplied by a stored 1 / interval: the division is correctly rounded, a reciprocal would round
// twice and can move u by an ulp. Every LINEAR path (the channel sampler, the batched rotations, the
// packed groups) takes u from here, so they agree bit for bit.
inline float key_fraction(float time, float t0, float t1) { return (time - t0) / (t1 - t0); }

// The straight line from a to b at u, as a + (b - a) u rather than (1 - u) a + u b: at u = 0 it is a
// exactly, which is what lets a packed STEP group (and a packed group at or past its end keys) hold a
// key by blending it with itself at 0 (packed_clip.h says where that costs the sign of a zero).
// What would make it wrong: an FMA contraction of the multiply-add (slerp.h says why ISO C++17 mode
// keeps it off); the packed sampler would then differ from this one in the last bit.
inline float lerp(float a, float b, float u) { return a + (b - a) * u; }

// Samples `tr` at `time` into `out` (tr.components floats), clamped to the keys: at or before the
// first key the first value, at or after the last the last value (no wrapping; the clip wraps its
// time before it gets here). A NaN time answers the first key. `hint` is the key cursor for this
// track (detail::key_before says how it is used; a stale one only costs the search).
inline void sample_keys(const KeyTrack& tr, float time, float* out, std::uint32_t& hint) {
    const int nc = tr.components;
    const size_t keys = tr.keys;
    const bool cubic = tr.interpolation == Interpolation::CubicSpline;
    const size_t stride = static_cast<size_t>(nc) * (cubic ? 3 : 1);
    const size_t value_offset = cubic ? static_cast<size_t>(nc) : 0;  // skip the in-tangent
    assert(keys > 0 && tr.times && tr.values);
    const float* v = tr.values;
    const float* times = tr.times;

    auto copy_key = [&](size_t k) {
        for (int i = 0; i < nc; ++i) out[i] = v[k * stride + value_offset + static_cast<size_t>(i)];
        if (tr.rotation) normalize4(out);
    };
    // `!(time > first)` rather than `time <= first`: it also catches a NaN time.
    if (keys == 1 || !(time > times[0])) return copy_key(0);
    if (time >= times[keys - 1]) return copy_key(keys - 1);

    // first < time < last, so the key after k0 exists and times[k0] <= time < times[k0 + 1]; the
    // interval is never empty, even where two keys share a time (the later of them is k0).
    const size_t k0 = key_before(times, keys, time, hint);
    const size_t k1 = k0 + 1;
    const float t0 = times[k0], t1 = times[k1];
    const float dt = t1 - t0;
    const float u = key_fraction(time, t0, t1);

    switch (tr.interpolation) {
        case Interpolation::Step:
            return copy_key(k0);
        case Interpolation::Linear: {
            const float* a = v + k0 * stride;
            const float* b = v + k1 * stride;
            if (tr.rotation) return slerp(a, b, u, out);
            for (int i = 0; i < nc; ++i) out[i] = lerp(a[i], b[i], u);
            return;
        }
        case Interpolation::CubicSpline: {
            // glTF 2.0 Appendix C: p(u) = h00 p0 + h10 dt b0 + h01 p1 + h11 dt a1, with b0 the
            // out-tangent of key k0 and a1 the in-tangent of key k1; tangents are per second,
            // hence the scaling by the key interval dt. Evaluated left to right as written
            // ((h10 dt) b0, not h10 (dt b0)), as both samplers this one replaced did: another
            // grouping moves the last bit of a CUBICSPLINE sample, not its accuracy.
            const float u2 = u * u, u3 = u2 * u;
            const float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u;
            const float h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
            const float* p0 = v + k0 * stride + nc;
            const float* b0 = p0 + nc;
            const float* a1 = v + k1 * stride;
            const float* p1 = a1 + nc;
            for (int i = 0; i < nc; ++i)
                out[i] = h00 * p0[i] + h10 * dt * b0[i] + h01 * p1[i] + h11 * dt * a1[i];
            // The Hermite blend of unit quaternions is not unit (nor is it a slerp): glTF says to
            // normalise it.
            if (tr.rotation) normalize4(out);
            return;
        }
    }
}

}  // namespace sv::anim::detail
