// VRM 0.x avatars face -Z as stored (UniVRM 0.x exported Unity's +Z forward through a z flip);
// VRM 1.0 and the viewer's front camera expect +Z. three-vrm's `rotateVRM0` turns the scene root
// half a turn about +Y; this does the same with a node of its own, so nothing in the file's graph
// (animated roots included) changes meaning and `fix`, which edits the file's JSON, never sees it.
#pragma once

#include <string>

#include "anim/scene/asset.h"

namespace sv::anim {

// The name of the node apply_vrm_facing adds; exports of a posed asset can leave it out by name.
inline constexpr const char* kVrmFacingNode = "skinview: VRM 0.x facing (+180 deg about Y)";

// The line the notes and the audit carry for a 0.x avatar the viewer turns.
inline constexpr const char* kVrmFacingNote =
    "VRM 0.x: turned 180 degrees about +Y to face +Z like VRM 1.0 (three-vrm's rotateVRM0; a root node of "
    "the viewer's, never written by fix); --no-vrm-facing shows the file as stored";

// For a VRM 0.x asset: appends one root node turned 180 degrees about +Y, parents every former root
// under it, derives the globals and returns the line for the notes. For any other asset (1.0,
// plain glTF) or one already turned: changes nothing and returns "".
std::string apply_vrm_facing(Asset& asset);

}  // namespace sv::anim
