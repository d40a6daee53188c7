#include "anim/pose/packed_clip.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "frame_clones.h"
#include "key_search.h"
#include "keyframe_sampler.h"
#include "slerp.h"

namespace sv::anim {

namespace {

[[maybe_unused]] bool packable(const Channel& ch) {
    const size_t keys = ch.times.size();
    return (ch.interpolation == Interpolation::Linear || ch.interpolation == Interpolation::Step) &&
           keys > 0 && ch.values.size() >= keys * static_cast<size_t>(ch.components());
}

// Orders a group's channels by destination joint: consecutive joints then form one run.
void sort_by_joint(std::vector<size_t>& members, const ClipBinding& binding) {
    std::stable_sort(members.begin(), members.end(), [&](size_t x, size_t y) {
        return binding.joint_of_channel[x] < binding.joint_of_channel[y];
    });
}

// [[maybe_unused]]: only an SSE2 build packs (elsewhere every channel keeps the channel path).
[[maybe_unused]] PackedClip::Group build_group(const Clip& clip, const ClipBinding& binding,
                                               const std::vector<size_t>& members) {
    PackedClip::Group g;
    const Channel& first = clip.channels[members.front()];
    g.times = first.times;
    g.step = first.interpolation == Interpolation::Step;
    std::vector<size_t> rot, tr, sc;
    for (size_t c : members) {
        const TargetPath path = clip.channels[c].path;
        (path == TargetPath::Rotation ? rot : path == TargetPath::Translation ? tr : sc).push_back(c);
    }
    sort_by_joint(rot, binding);
    sort_by_joint(tr, binding);
    sort_by_joint(sc, binding);
    const size_t batches = (rot.size() + 3) / 4;
    g.rotations = static_cast<std::uint32_t>(rot.size());
    for (size_t c : rot)
        g.rotation_dst.push_back(static_cast<std::uint32_t>(binding.joint_of_channel[c]) * 4);
    std::uint32_t src = static_cast<std::uint32_t>(batches * 16);
    for (int pass = 0; pass < 2; ++pass) {
        const std::vector<size_t>& list = pass == 0 ? tr : sc;
        int last_joint = -2;
        for (size_t c : list) {
            const int j = binding.joint_of_channel[c];
            if (g.runs.empty() || g.runs.back().scale != (pass == 1) || j != last_joint + 1)
                g.runs.push_back({src, static_cast<std::uint32_t>(j) * 3, 0, pass == 1});
            g.runs.back().count += 3;
            src += 3;
            last_joint = j;
        }
    }
    g.stride = src;
    const size_t keys = g.times.size();
    g.values.assign(keys * g.stride, 0.0f);
    for (size_t k = 0; k < keys; ++k) {
        float* block = g.values.data() + k * g.stride;
        for (size_t b = 0; b < batches; ++b)
            for (size_t lane = 0; lane < 4; ++lane) {
                // A lane past the last rotation repeats the batch's first: valid keys, result unused.
                const size_t i = b * 4 + lane < rot.size() ? b * 4 + lane : b * 4;
                const float* q = clip.channels[rot[i]].values.data() + k * 4;
                for (size_t comp = 0; comp < 4; ++comp) block[b * 16 + comp * 4 + lane] = q[comp];
            }
        size_t at = batches * 16;
        for (const std::vector<size_t>* list : {&tr, &sc})
            for (size_t c : *list) {
                const float* v = clip.channels[c].values.data() + k * 3;
                for (size_t comp = 0; comp < 3; ++comp) block[at++] = v[comp];
            }
    }
    return g;
}

#if defined(SV_FRAME_AVX2)
// The group's whole blocks of eight rotations (two packed batches of four, one 256-bit lane half
// each) through slerp8, on AVX2 machines; how many it did. sample_group does the rest four at a
// time, as it does all of them elsewhere: the same bits (slerp8 is slerp4 lane for lane).
__attribute__((target("avx2"))) std::uint32_t slerp_rotations8(const float* a, const float* b, float u,
                                                               const std::uint32_t* dst,
                                                               std::uint32_t rotations, float* rotation) {
    const __m256 tv8 = _mm256_set1_ps(u);
    std::uint32_t done = 0;
    for (; done + 8 <= rotations; done += 8, a += 32, b += 32, dst += 8) {
        __m256 x, y, z, w;
        __m256 va[4], vb[4];
        for (int c = 0; c < 4; ++c) {
            va[c] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(a + c * 4)),
                                         _mm_loadu_ps(a + 16 + c * 4), 1);
            vb[c] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(b + c * 4)),
                                         _mm_loadu_ps(b + 16 + c * 4), 1);
        }
        detail::slerp8(va[0], va[1], va[2], va[3], vb[0], vb[1], vb[2], vb[3], tv8, x, y, z, w);
        __m128 lo[4] = {_mm256_castps256_ps128(x), _mm256_castps256_ps128(y), _mm256_castps256_ps128(z),
                        _mm256_castps256_ps128(w)};
        __m128 hi[4] = {_mm256_extractf128_ps(x, 1), _mm256_extractf128_ps(y, 1), _mm256_extractf128_ps(z, 1),
                        _mm256_extractf128_ps(w, 1)};
        _MM_TRANSPOSE4_PS(lo[0], lo[1], lo[2], lo[3]);
        _MM_TRANSPOSE4_PS(hi[0], hi[1], hi[2], hi[3]);
        for (int i = 0; i < 4; ++i) _mm_storeu_ps(rotation + dst[i], lo[i]);
        for (int i = 0; i < 4; ++i) _mm_storeu_ps(rotation + dst[4 + i], hi[i]);
    }
    return done;
}
#endif

#if defined(__SSE2__)
SV_FRAME_CLONES void sample_group(const PackedClip::Group& g, float t, std::uint32_t& hint, Pose& out) {
    const float* times = g.times.data();
    const size_t keys = g.times.size();
    // The channel path's key choice (detail::key_before), fraction and line (keyframe_sampler.h),
    // once for the group. At or outside the key range the value is the end key's; as the blend of a
    // key with itself at 0 it is that key (normalised, for rotations) without a second code path.
    size_t k0 = 0, k1 = 0;
    float u = 0.0f;
    if (!(t > times[0])) {
        k0 = k1 = 0;  // also catches NaN time
    } else if (t >= times[keys - 1]) {
        k0 = k1 = keys - 1;
    } else {
        k0 = detail::key_before(times, keys, t, hint);
        if (g.step) {
            k1 = k0;  // the earlier key, held: its blend with itself at 0
        } else {
            k1 = k0 + 1;
            u = detail::key_fraction(t, times[k0], times[k1]);
        }
    }
    const float* a = g.values.data() + k0 * g.stride;
    const float* b = g.values.data() + k1 * g.stride;
    float* rotation = out.rotation.data();
    const std::uint32_t* dst = g.rotation_dst.data();
    std::uint32_t done = 0;
#if defined(SV_FRAME_AVX2)
    if (detail::frame_avx2()) {
        done = slerp_rotations8(a, b, u, dst, g.rotations, rotation);
        a += done * 4, b += done * 4, dst += done;
    }
#endif
    const __m128 tv = _mm_set1_ps(u);
    for (; done < g.rotations; done += 4, a += 16, b += 16, dst += 4) {
        __m128 x, y, z, w;
        detail::slerp4(_mm_loadu_ps(a), _mm_loadu_ps(a + 4), _mm_loadu_ps(a + 8), _mm_loadu_ps(a + 12),
                       _mm_loadu_ps(b), _mm_loadu_ps(b + 4), _mm_loadu_ps(b + 8), _mm_loadu_ps(b + 12), tv, x,
                       y, z, w);
        _MM_TRANSPOSE4_PS(x, y, z, w);
        const std::uint32_t lanes = std::min<std::uint32_t>(4, g.rotations - done);
        _mm_storeu_ps(rotation + dst[0], x);
        if (lanes > 1) _mm_storeu_ps(rotation + dst[1], y);
        if (lanes > 2) _mm_storeu_ps(rotation + dst[2], z);
        if (lanes > 3) _mm_storeu_ps(rotation + dst[3], w);
    }
    // a and b now point past the rotation batches, where the runs' src offsets start counting from
    // the block's beginning: rewind.
    a = g.values.data() + k0 * g.stride;
    b = g.values.data() + k1 * g.stride;
    float* translation = out.translation.data();
    float* scale = out.scale.data();
    for (const PackedClip::Run& r : g.runs) {
        float* __restrict d = (r.scale ? scale : translation) + r.dst;
        const float* __restrict pa = a + r.src;
        const float* __restrict pb = b + r.src;
        for (std::uint32_t i = 0; i < r.count; ++i) d[i] = detail::lerp(pa[i], pb[i], u);
    }
}
#endif

[[maybe_unused]] float clip_time(const PackedClip& clip, float time, bool loop) {
    return loop ? wrap_time(time, clip.duration)
                : std::min(std::max(std::isnan(time) ? 0.0f : time, 0.0f), clip.duration);
}

}  // namespace

PackedClip pack_clip(const Clip& clip, const ClipBinding& binding) {
    assert(binding.joint_of_channel.size() == clip.channels.size());
    PackedClip p;
    p.duration = clip.duration;
    p.channels.name = clip.name;
    p.channels.duration = clip.duration;
    std::vector<size_t> bound;
    for (size_t c = 0; c < clip.channels.size(); ++c) {
        const int j = binding.joint_of_channel[c];
        if (j < 0 || clip.channels[c].times.empty()) continue;  // sample_clip skips these too
        bound.push_back(c);
        p.joints_needed = std::max(p.joints_needed, j + 1);
    }
    std::vector<char> driven(static_cast<size_t>(p.joints_needed) * 3, 0);
    bool duplicates = false;
    for (size_t c : bound) {
        const size_t slot = static_cast<size_t>(binding.joint_of_channel[c]) * 3 +
                            static_cast<size_t>(clip.channels[c].path == TargetPath::Rotation      ? 0
                                                : clip.channels[c].path == TargetPath::Translation ? 1
                                                                                                   : 2);
        duplicates = duplicates || driven[slot];
        driven[slot] = 1;
    }
    std::vector<char> packed(clip.channels.size(), 0);
#if defined(__SSE2__)
    if (!duplicates) {
        // Groups by equal key times; a few groups a clip, so a linear scan is cheap at build time.
        std::vector<std::vector<size_t>> groups;
        for (size_t c : bound) {
            if (!packable(clip.channels[c])) continue;
            auto same = std::find_if(groups.begin(), groups.end(), [&](const std::vector<size_t>& g) {
                return clip.channels[g.front()].interpolation == clip.channels[c].interpolation &&
                       clip.channels[g.front()].times == clip.channels[c].times;
            });
            if (same == groups.end())
                groups.push_back({c});
            else
                same->push_back(c);
        }
        for (const std::vector<size_t>& members : groups) {
            if (members.size() < 2) continue;
            p.groups.push_back(build_group(clip, binding, members));
            for (size_t c : members) packed[c] = 1;
        }
    }
#endif
    for (size_t c : bound) {
        if (packed[c]) continue;
        p.channels.channels.push_back(clip.channels[c]);
        p.channel_binding.joint_of_channel.push_back(binding.joint_of_channel[c]);
    }
    return p;
}

void sample_clip(const PackedClip& clip, float time, bool loop, Pose& out) {
    assert(out.joint_count() >= clip.joints_needed);
#if defined(__SSE2__)
    const float t = clip_time(clip, time, loop);
    for (const PackedClip::Group& g : clip.groups) {
        std::uint32_t hint = 0;
        sample_group(g, t, hint, out);
    }
#endif
    if (!clip.channels.channels.empty()) sample_clip(clip.channels, clip.channel_binding, time, loop, out);
}

void sample_clip(const PackedClip& clip, float time, bool loop, Pose& out, PackedCursor& cursor) {
    assert(out.joint_count() >= clip.joints_needed);
    if (cursor.group_key.size() != clip.groups.size()) cursor.group_key.assign(clip.groups.size(), 0);
#if defined(__SSE2__)
    const float t = clip_time(clip, time, loop);
    for (size_t i = 0; i < clip.groups.size(); ++i) sample_group(clip.groups[i], t, cursor.group_key[i], out);
#endif
    if (!clip.channels.channels.empty())
        sample_clip(clip.channels, clip.channel_binding, time, loop, out, cursor.channels);
}

}  // namespace sv::anim
