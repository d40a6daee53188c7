#include "anim/pose/property_track.h"

#include "keyframe_sampler.h"

namespace sv::anim {

// keyframe_sampler.h's sampler, the one node channels use, with no quaternion: nothing a property
// track animates is a rotation.
void sample_property(const PropertyChannel& track, float time, float* out, std::uint32_t& hint) {
    detail::sample_keys(detail::key_track(track, false), time, out, hint);
}

void sample_property(const PropertyChannel& track, float time, float* out) {
    std::uint32_t hint = 0;
    sample_property(track, time, out, hint);
}

}  // namespace sv::anim
