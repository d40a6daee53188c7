// Root motion: how far a clip's root travelled between two times, handed to the caller so the
// character moves and the pose does not; and the other half, pinning the root in the pose so the
// same travel is not shown twice.
//
// The delta is in the root's own frame at the earlier time, so a controller applies it as
//     position += orientation * delta.translation;  orientation = orientation * delta.rotation;
// which composes: stepping in sixtieths lands where one query over the whole span says, and a
// character that has turned walks along its own forward axis rather than the clip's. What it gives
// up: a vertical bob authored on the root leaves the pose with the rest and becomes the caller's
// motion; a caller whose height is owned by physics drops delta.translation.y and the bob is then
// nowhere. A per-axis mask on extraction would be the fix if that matters, not a second convention.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// A rigid displacement (no scale), in double: deltas are composed many times over a long session
// and float would drift by a visible amount after minutes of walking.
struct RootMotion {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};

    // this then `next` (next expressed in the frame this one ends in).
    RootMotion then(const RootMotion& next) const {
        return {translation + rotation * next.translation, glm::normalize(rotation * next.rotation)};
    }
    RootMotion inverse() const {
        const glm::dquat inv = glm::conjugate(rotation);
        return {-(inv * translation), inv};
    }
};

// Which channels carry the root's translation and rotation (-1 when the clip has none). Found once
// per clip, so extraction scans nothing per frame.
struct RootChannels {
    int translation = -1;
    int rotation = -1;
};
RootChannels find_root_channels(const Clip& clip, const ClipBinding& binding, int root_joint);

// The root's displacement from `from` to `to` seconds of a looping clip, in the root's frame at
// `from`. Loops are accumulated, not subtracted: the interval is split at every loop boundary it
// crosses and the pieces composed, since sampling both ends and subtracting would answer a stride
// backwards at every wrap. `to` before `from` (a clip played backwards) gives the inverse of the
// forward motion, which for a pure translation is its negation. Cost is linear in the whole cycles
// crossed (zero or one for a per-frame step). Times are double so that an hour-long session still
// resolves a sixtieth. A clip of zero duration, or with no root channels, answers no motion.
void extract_root_motion(const Clip& clip, const RootChannels& root, double from, double to, RootMotion& out);
void extract_root_motion(const Clip& clip, const ClipBinding& binding, int root_joint, double from, double to,
                         RootMotion& out);

// Pins the root of a sampled pose to the clip's own value at time zero (translation and rotation),
// not to rest: a root authored a metre off the origin keeps that offset. Every other joint is left
// as it was found.
void strip_root_motion(const Clip& clip, const RootChannels& root, int root_joint, Pose& pose);
void strip_root_motion(const Clip& clip, const ClipBinding& binding, int root_joint, Pose& pose);

}  // namespace sv::anim
