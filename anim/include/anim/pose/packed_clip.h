// A clip compiled for the frame path: the same samples as sample_clip, in the layout the hot loop
// wants.
//
// glTF exporters usually key every channel of a clip at the same times (a baked clip shares one
// input accessor, or equal ones). Channels with equal key times and the same interpolation, LINEAR
// or STEP, are packed into one group: one key search a group instead of one a channel, and per key
// the group's values lie together (rotations four channels at a time as x x x x y y y y z z z z
// w w w w, so four slerps share one square root and one division without a transpose on the way
// in; translations and scales in runs of consecutive joints, one flat loop each). A frame that
// steps forward reads two neighbouring key blocks of its group and nothing else. A STEP group is
// the same code with the earlier key blended with itself. The cost is a copy of the key values
// (the clip keeps its own for everything else) and the build time, once per clip and skin.
//
// What it does not pack keeps the channel path, unchanged: CUBICSPLINE channels, channels whose
// key times no other channel of their interpolation shares (a group of one would waste three of
// its four rotation lanes; the channel path batches across channels instead), and, when two
// channels drive the same joint property (last wins in channel order, an order packing would
// lose), the whole clip. The results are the same bits as sample_clip's (tests/unit/anim_core
// checks them), but for the sign of a zero where a key is copied (at either end of the keys, or
// held by STEP): a key component of -0 comes out +0 (x + 0 x 0), the same value. Sampling stays a
// pure function of time, and the cursor is a hint that never changes a value.
#pragma once

#include <cstdint>
#include <vector>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::anim {

struct PackedClip {
    struct Run {  // `count` floats from offset `src` of a key block to offset `dst` of a pose array
        std::uint32_t src = 0, dst = 0, count = 0;
        bool scale = false;  // false: translation
    };
    struct Group {  // LINEAR (or STEP) channels sharing one key-time array
        std::vector<float> times;
        std::vector<float> values;    // keys x stride floats
        std::uint32_t stride = 0;     // floats a key: 16 per rotation batch, then the runs' floats
        std::uint32_t rotations = 0;  // rotation channels; batches = ceil(rotations / 4)
        bool step = false;            // STEP: the earlier key held (one branch a group, not a joint)
        std::vector<std::uint32_t> rotation_dst;  // per rotation channel: its float offset in Pose::rotation
        std::vector<Run> runs;
    };
    float duration = 0.0f;
    int joints_needed = 0;  // 1 + the highest joint written (an assert on the pose's size)
    std::vector<Group> groups;
    Clip channels;  // what the channel path samples (see above)
    ClipBinding channel_binding;
};

// Builds the packed form of `clip` bound by `binding` (bind_clip's answer for the same clip).
// Allocates; call it once per clip and skin, never on the frame path.
PackedClip pack_clip(const Clip& clip, const ClipBinding& binding);

// Key hints for one packed clip, one per group plus the channel path's. Sized on first use (the one
// allocation); reuse it every frame.
struct PackedCursor {
    std::vector<std::uint32_t> group_key;
    SamplingCursor channels;
};

// Exactly sample_clip(clip, binding, time, loop, out) for the clip and binding it was packed from:
// writes only the joints and properties the clip has channels for. No allocation (but the cursor's
// first use).
void sample_clip(const PackedClip& clip, float time, bool loop, Pose& out);
void sample_clip(const PackedClip& clip, float time, bool loop, Pose& out, PackedCursor& cursor);

}  // namespace sv::anim
