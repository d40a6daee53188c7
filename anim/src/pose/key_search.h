// Which key interval holds a time: the one search behind every sampler (keyframe_sampler.h, which
// node channels and property tracks share, clip_sampling.cpp's batched LINEAR form, packed_clip.cpp's
// groups), so the samplers cannot disagree about which keys a time falls between;
// tests/unit/anim_core compares them bit for bit.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace sv::anim::detail {

// The last key at or before `time`, for times[0] < time < times[keys - 1] (each caller answers the
// ends itself, where there is no interval, only an end key), so the key after it exists. Key times
// are strictly increasing (the importer refuses anything else). `hint` is the key found last time
// for this channel or group: successive frames land on the same key or the next, so checking those
// two first skips the binary search on the frame path. A wrong hint only costs the search; it
// never changes the answer. Inline and allocation-free: it runs once a channel a frame.
inline size_t key_before(const float* times, size_t keys, float time, std::uint32_t& hint) {
    size_t k0 = hint;
    if (k0 + 1 < keys && times[k0] <= time && time < times[k0 + 1]) return k0;
    if (k0 + 2 < keys && times[k0 + 1] <= time && time < times[k0 + 2])
        ++k0;
    else
        k0 = static_cast<size_t>(std::upper_bound(times, times + keys, time) - times) - 1;
    hint = static_cast<std::uint32_t>(k0);
    return k0;
}

}  // namespace sv::anim::detail
