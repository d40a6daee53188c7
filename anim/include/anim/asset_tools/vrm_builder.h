// The project's VRM test avatars: one small humanoid (metres, T-pose rest, unit scales, as VRM
// requires) written as VRM 1.0 or as VRM 0.x, with its humanoid map, a hair chain of three spring
// joints (plus a tail node) behind the head, a sphere collider on the neck in its way, and a clip
// "sway" that turns the head and chest so the hair has something to follow.
#pragma once

#include "anim/scene/asset.h"

namespace sv::anim {

// V1: faces +Z as stored (VRM 1.0). V0: the same avatar as UniVRM 0.x stores it, facing -Z (every
// position, rotation, inverse bind and key turned half a turn about +Y), with 0.x's mirrored
// collider z written by the writer. Deterministic.
Asset build_vrm_avatar(VrmVersion version);

}  // namespace sv::anim
