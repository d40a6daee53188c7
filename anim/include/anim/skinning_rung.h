// Which skinning method a skin gets: the ladder out of what no frame can fix.
//
// Rigid DQS when every fold is rigid (every asset in practice). DQS with per-joint uniform scale
// when the only non-rigidity is a uniform scale on some joints: factor it out, blend it alongside
// and apply it to the transformed point. Linear blend skinning when a fold is non-uniform, sheared
// or mirrored, which a dual quaternion cannot represent at all; correct, with the candy-wrapper
// collapse on those skins only. A clip that collapses or mirrors part of the skin (a scale component
// under kScaleCollapseThreshold on any key or between CUBICSPLINE keys: 0 to hide a part, negative to
// mirror one) is linear blend too, and named first, with its channel, node, key, time and value.
// The choice follows from the frame report and the clip conflicts, and says why.
#pragma once

#include <string>
#include <vector>

#include "anim/normalize_mesh_frame.h"
#include "anim/skin_clip_scale_conflicts.h"

namespace sv::anim {

enum class SkinningRung { RigidDqs, DqsUniformScale, LinearBlend };
const char* to_string(SkinningRung rung);

struct RungChoice {
    SkinningRung rung = SkinningRung::RigidDqs;
    std::string reason;
};

// `frames`: the normalisation reports of the skin's mesh nodes; `conflicts`: every clip's
// conflicts with the skin. The lowest rung that carries all of them.
RungChoice choose_skinning_rung(const std::vector<MeshFrameReport>& frames,
                                const std::vector<ScaleConflict>& conflicts);

}  // namespace sv::anim
