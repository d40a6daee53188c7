// Sampling a material, light or camera property track (PropertyChannel): a pure function of the
// time the caller supplies, as clip_sampling.h is for node channels, but for plain float vectors of
// one to four components (no quaternion: nothing a pointer animates here is a rotation, and
// nothing is normalised).
#pragma once

#include <cstdint>

#include "anim/scene/asset.h"

namespace sv::anim {

// Samples `track` at `time`, clamped to its keys (before the first key: the first value, after the
// last: the last value; no wrapping), into `out` (track.components() floats). LINEAR interpolates
// each component, STEP holds the key at or before `time`, CUBICSPLINE is glTF's Hermite spline
// (Appendix C) over the in-tangent, value, out-tangent triples. `hint` is a key cursor as
// SamplingCursor's (a stale one only costs the search). No allocation.
void sample_property(const PropertyChannel& track, float time, float* out, std::uint32_t& hint);
void sample_property(const PropertyChannel& track, float time, float* out);

}  // namespace sv::anim
