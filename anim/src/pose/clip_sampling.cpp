#include "anim/pose/clip_sampling.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "key_search.h"
#include "keyframe_sampler.h"
#include "slerp.h"

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

// `hint` is the key cursor for this channel (detail::key_before says how it is used). The sampling
// itself is keyframe_sampler.h's, shared with the property tracks.
inline void sample_channel_hinted(const Channel& ch, float time, float* out, std::uint32_t& hint) {
    detail::sample_keys(detail::key_track(ch, ch.path == TargetPath::Rotation), time, out, hint);
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
        // Morph weights belong to the node's mesh, not to the joint's transform.
        if (clip.channels[c].path == TargetPath::Weights) continue;
        const auto it = std::find(joint_nodes.begin(), joint_nodes.end(), clip.channels[c].node);
        if (it != joint_nodes.end()) b.joint_of_channel[c] = static_cast<int>(it - joint_nodes.begin());
    }
    return b;
}

namespace {

#if defined(__SSE2__)
// LINEAR rotations inside a channel's key range, four channels at a time. Each slerp ends in a
// square root and a division, each waiting on the last; four lanes share one of each. Every lane
// does the scalar form's operations in the same order (slerp.h), so the results
// are the same bits; tests/unit/anim_core compares sample_clip with sample_channel.
//
// Writes are deferred until the batch is full, so it is flushed before any other rotation write:
// two channels driving the same rotation then still land in channel order, last wins.
struct RotationBatch {
    float* dst[4];
    const float* a[4];
    const float* b[4];
    float u_scalar[4];
    // The key fractions, shifted in lane by lane so that lane k is push k. Not a float[4] loaded as
    // a vector: that 16-byte load of four 4-byte stores made a few instructions before cannot be
    // forwarded from the store buffer, and its stall was a fifth of the sampler's time (by perf).
    __m128 u = _mm_setzero_ps();
    int n = 0;

    void push(float* d, const float* ka, const float* kb, float frac) {
        dst[n] = d, a[n] = ka, b[n] = kb, u_scalar[n] = frac;
        const __m128 t = _mm_move_ss(u, _mm_set_ss(frac));
        u = _mm_shuffle_ps(t, t, _MM_SHUFFLE(0, 3, 2, 1));
        ++n;
    }
};

inline void flush_rotation(RotationBatch& bt) {
    if (bt.n == 0) return;
    const int n = bt.n;
    // Lanes past n repeat push 0, so they read valid keys; their results are not stored.
    while (bt.n < 4) bt.push(bt.dst[0], bt.a[0], bt.b[0], bt.u_scalar[0]);
    const __m128 t = bt.u;
    __m128 ax = _mm_loadu_ps(bt.a[0]), ay = _mm_loadu_ps(bt.a[1]), az = _mm_loadu_ps(bt.a[2]),
           aw = _mm_loadu_ps(bt.a[3]);
    __m128 bx = _mm_loadu_ps(bt.b[0]), by = _mm_loadu_ps(bt.b[1]), bz = _mm_loadu_ps(bt.b[2]),
           bw = _mm_loadu_ps(bt.b[3]);
    _MM_TRANSPOSE4_PS(ax, ay, az, aw);
    _MM_TRANSPOSE4_PS(bx, by, bz, bw);
    __m128 x, y, z, w;
    detail::slerp4(ax, ay, az, aw, bx, by, bz, bw, t, x, y, z, w);
    _MM_TRANSPOSE4_PS(x, y, z, w);
    const __m128 q[4] = {x, y, z, w};
    for (int i = 0; i < n; ++i) _mm_storeu_ps(bt.dst[i], q[i]);
    bt.n = 0;
}
#endif

template <class Hint>
void sample_clip_impl(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out,
                      Hint hint) {
    assert(binding.joint_of_channel.size() == clip.channels.size());
    const float t = loop ? wrap_time(time, clip.duration)
                         : std::min(std::max(std::isnan(time) ? 0.0f : time, 0.0f), clip.duration);
    const int* joint_of = binding.joint_of_channel.data();
    const Channel* channels = clip.channels.data();
    const size_t n = clip.channels.size();
    float* translation = out.translation.data();
    float* rotation = out.rotation.data();
    float* scale = out.scale.data();
#if defined(__SSE2__)
    RotationBatch rot;
#endif
    for (size_t c = 0; c < n; ++c) {
        const int j = joint_of[c];
        if (j < 0) continue;
        assert(j < out.joint_count());
        const Channel& ch = channels[c];
        const size_t keys = ch.times.size();
        if (keys == 0) continue;
        const size_t ju = static_cast<size_t>(j);
        const bool is_rotation = ch.path == TargetPath::Rotation;
        float* dst = is_rotation ? rotation + ju * 4
                                 : (ch.path == TargetPath::Translation ? translation : scale) + ju * 3;
#if defined(__SSE2__)
        const float* times = ch.times.data();
        if (ch.interpolation == Interpolation::Linear && t > times[0] && t < times[keys - 1]) {
            // sample_keys' key choice (the same key_before), fraction and line (keyframe_sampler.h),
            // inlined so a rotation can join the batch and a vector channel skips the generic
            // interpolation switch.
            const size_t k0 = detail::key_before(times, keys, t, hint(c));
            const float u = detail::key_fraction(t, times[k0], times[k0 + 1]);
            const float* v = ch.values.data();
            if (is_rotation) {
                assert(ch.values.size() >= keys * 4);
                rot.push(dst, v + k0 * 4, v + k0 * 4 + 4, u);
                if (rot.n == 4) flush_rotation(rot);
            } else {
                assert(ch.values.size() >= keys * 3);
                const float* a = v + k0 * 3;
                const float* b = a + 3;
                for (int i = 0; i < 3; ++i) dst[i] = detail::lerp(a[i], b[i], u);
            }
            continue;
        }
        if (is_rotation) flush_rotation(rot);
#endif
        sample_channel_hinted(ch, t, dst, hint(c));
    }
#if defined(__SSE2__)
    flush_rotation(rot);
#endif
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
