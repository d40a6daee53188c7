// Sampling clips: a pure function of a time the caller supplies. Nothing here reads a clock.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// Wraps `time` into [0, duration) for a looping clip, correctly for negative times; a clip of zero
// duration answers 0 (its first key).
float wrap_time(float time, float duration);

// Samples one channel at `time` (clamped to the channel's key range, no wrapping) into `out`
// (3 or 4 floats). Rotations are normalised.
void sample_channel(const Channel& channel, float time, float* out);

// What one sampled value (sample_channel's `out`) sets on a node's local transform: translation and
// scale from x, y, z; rotation from the quaternion x, y, z, w (glTF's order, glm's constructor
// takes w first). A weights channel sets none of them. One place, so the scene's nodes and the
// rigid clips cannot read a key in two ways.
inline void set_local_from_sample(TargetPath path, const float* v, glm::dvec3& t, glm::dquat& r,
                                  glm::dvec3& s) {
    switch (path) {
        case TargetPath::Translation:
            t = glm::dvec3(v[0], v[1], v[2]);
            break;
        case TargetPath::Rotation:
            r = glm::dquat(v[3], v[0], v[1], v[2]);
            break;
        case TargetPath::Scale:
            s = glm::dvec3(v[0], v[1], v[2]);
            break;
        case TargetPath::Weights:
            break;
    }
}

// Which joint of a skeleton each channel drives: -1 for channels whose node is not a joint of it.
struct ClipBinding {
    std::vector<int> joint_of_channel;
};
// `joint_nodes[j]` is the scene node of joint j (Skin::joints).
ClipBinding bind_clip(const Clip& clip, const std::vector<int>& joint_nodes);

// Samples every bound channel at `time` (wrapped when `loop`, else clamped) and writes only the
// joints and properties the clip has channels for; all other joints keep what `out` held, so clips
// can be layered. No allocation.
void sample_clip(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out);

// Per-channel key cursors for one clip: a hint that makes sampling successive times skip the
// binary search. It never changes a result (a stale cursor falls back to the search), so sampling
// stays a pure function of time. Sized on first use (the one allocation); reuse it every frame.
struct SamplingCursor {
    std::vector<std::uint32_t> key;
};
void sample_clip(const Clip& clip, const ClipBinding& binding, float time, bool loop, Pose& out,
                 SamplingCursor& cursor);

}  // namespace sv::anim
