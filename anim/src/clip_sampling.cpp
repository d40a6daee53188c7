#include "anim/clip_sampling.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace sv::anim {

float wrap_time(float time, float duration) {
    if (!(duration > 0.0f) || !std::isfinite(time)) return 0.0f;
    float r = std::fmod(time, duration);  // same sign as `time`, so negatives need one shift up
    if (r < 0.0f) r += duration;
    // -tiny + duration rounds to duration itself in float; that instant is the loop's start.
    if (r >= duration) r = 0.0f;
    return r;
}

namespace {

inline void normalize4(float* q) {
    const float len2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (len2 > 0.0f) {
        const float inv = 1.0f / std::sqrt(len2);
        for (int i = 0; i < 4; ++i) q[i] *= inv;
    } else {
        q[0] = q[1] = q[2] = 0.0f;
        q[3] = 1.0f;
    }
}

// Shortest-path slerp, evaluated as a normalised lerp whose parameter is corrected so that the
// angle advances uniformly. glTF specifies slerp and the reference viewers use it: plain nlerp's
// angular speed sags mid-interval (21.6 instead of 22.5 degrees a quarter of the way between keys
// 90 degrees apart), a visible ease-in/out on sparse keys. Exact slerp costs an acos and three
// sines a rotation, about 25 ns a joint on the frame path, a third of the budget. The correction
// t' = t + t(t - 1/2)(t - 1)(A(d)(t - 1/2)^2 + B(d)), d the cosine between the keys, has cubic A
// and quadratic B fitted by least squares to the exact nlerp parameter that reproduces slerp's
// angle (tan(t theta) / (sin theta + tan(t theta)(1 - cos theta))): the largest rotation error
// is 7.6e-4 rad, for keys 180 degrees apart; 90 degrees apart it is under 1e-4 rad. A use that
// needs slerp to float precision (sparse keys half a turn apart, compared against another engine
// to 1e-5) would need the exact form back.
inline void slerp(const float* a, const float* b, float t, float* out) {
    float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    float sign = 1.0f;
    if (d < 0.0f) {  // q and -q are the same rotation; take the short way round
        d = -d;
        sign = -1.0f;
    }
    const float A = 1.0839835f + d * (-3.2299607f + d * (3.5520777f - d * 1.4399303f));
    const float B = 0.8482906f + d * (-1.0609847f + d * 0.2161156f);
    const float h = t - 0.5f;
    const float s = t + t * h * (t - 1.0f) * (A * h * h + B);
    const float wa = 1.0f - s, wb = s * sign;
    for (int i = 0; i < 4; ++i) out[i] = wa * a[i] + wb * b[i];
    normalize4(out);
}

// `hint` is the key found last time for this channel: successive frames land on the same key or
// the next, so checking those two first skips the binary search on the frame path. A wrong hint
// only costs the search; it never changes the answer.
inline void sample_channel_hinted(const Channel& ch, float time, float* out, std::uint32_t& hint) {
    const int nc = ch.components();
    const size_t keys = ch.times.size();
    const bool cubic = ch.interpolation == Interpolation::CubicSpline;
    const size_t stride = static_cast<size_t>(nc) * (cubic ? 3 : 1);
    const size_t value_offset = cubic ? static_cast<size_t>(nc) : 0;  // skip the in-tangent
    assert(keys > 0 && ch.values.size() >= keys * stride);
    const float* v = ch.values.data();
    const float* times = ch.times.data();

    auto copy_key = [&](size_t k) {
        for (int i = 0; i < nc; ++i) out[i] = v[k * stride + value_offset + static_cast<size_t>(i)];
        if (nc == 4) normalize4(out);
    };
    if (keys == 1 || !(time > times[0])) return copy_key(0);  // also catches NaN time
    if (time >= times[keys - 1]) return copy_key(keys - 1);

    // k0 is the last key at or before `time` (time < the last key here, so k0 + 1 exists).
    size_t k0 = hint;
    if (!(k0 + 1 < keys && times[k0] <= time && time < times[k0 + 1])) {
        if (k0 + 2 < keys && times[k0 + 1] <= time && time < times[k0 + 2])
            ++k0;
        else
            k0 = static_cast<size_t>(std::upper_bound(times, times + keys, time) - times) - 1;
        hint = static_cast<std::uint32_t>(k0);
    }
    const size_t k1 = k0 + 1;
    const float t0 = times[k0], t1 = times[k1];
    const float dt = t1 - t0;
    const float u = (time - t0) / dt;

    switch (ch.interpolation) {
        case Interpolation::Step:
            return copy_key(k0);
        case Interpolation::Linear: {
            const float* a = v + k0 * stride;
            const float* b = v + k1 * stride;
            if (nc == 4) return slerp(a, b, u, out);
            for (int i = 0; i < nc; ++i) out[i] = a[i] + (b[i] - a[i]) * u;
            return;
        }
        case Interpolation::CubicSpline: {
            // glTF 2.0 Appendix C: p(u) = h00 p0 + h10 dt b0 + h01 p1 + h11 dt a1, with b0 the
            // out-tangent of key k0 and a1 the in-tangent of key k1; tangents are per second,
            // hence the scaling by the key interval dt.
            const float u2 = u * u, u3 = u2 * u;
            const float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u;
            const float h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
            const float* p0 = v + k0 * stride + nc;
            const float* b0 = v + k0 * stride + 2 * nc;
            const float* a1 = v + k1 * stride;
            const float* p1 = v + k1 * stride + nc;
            for (int i = 0; i < nc; ++i) out[i] = h00 * p0[i] + h10 * dt * b0[i] + h01 * p1[i] + h11 * dt * a1[i];
            if (nc == 4) normalize4(out);
            return;
        }
    }
}

}  // namespace

void sample_channel(const Channel& ch, float time, float* out) {
    std::uint32_t hint = 0;
    sample_channel_hinted(ch, time, out, hint);
}

ClipBinding bind_clip(const Clip& clip, const std::vector<int>& joint_nodes) {
    ClipBinding b;
    b.joint_of_channel.assign(clip.channels.size(), -1);
    for (size_t c = 0; c < clip.channels.size(); ++c) {
        const auto it = std::find(joint_nodes.begin(), joint_nodes.end(), clip.channels[c].node);
        if (it != joint_nodes.end()) b.joint_of_channel[c] = static_cast<int>(it - joint_nodes.begin());
    }
    return b;
}

namespace {
template <class Hint>
void sample_clip_impl(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out, Hint hint) {
    assert(binding.joint_of_channel.size() == clip.channels.size());
    const float t = loop ? wrap_time(time, clip.duration)
                         : std::min(std::max(std::isnan(time) ? 0.0f : time, 0.0f), clip.duration);
    const int* joint_of = binding.joint_of_channel.data();
    const size_t n = clip.channels.size();
    for (size_t c = 0; c < n; ++c) {
        const int j = joint_of[c];
        if (j < 0) continue;
        assert(j < out.joint_count());
        const Channel& ch = clip.channels[c];
        if (ch.times.empty()) continue;
        float* dst = nullptr;
        switch (ch.path) {
            case TargetPath::Translation: dst = &out.translation[static_cast<size_t>(j) * 3]; break;
            case TargetPath::Rotation: dst = &out.rotation[static_cast<size_t>(j) * 4]; break;
            case TargetPath::Scale: dst = &out.scale[static_cast<size_t>(j) * 3]; break;
        }
        sample_channel_hinted(ch, t, dst, hint(c));
    }
}
}  // namespace

void sample_clip(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out) {
    std::uint32_t scratch = 0;
    sample_clip_impl(clip, binding, time, loop, out, [&](size_t) -> std::uint32_t& { return scratch = 0; });
}

void sample_clip(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out,
                 SamplingCursor& cursor) {
    if (cursor.key.size() != clip.channels.size()) cursor.key.assign(clip.channels.size(), 0);
    std::uint32_t* keys = cursor.key.data();
    sample_clip_impl(clip, binding, time, loop, out, [keys](size_t c) -> std::uint32_t& { return keys[c]; });
}

}  // namespace sv::anim
