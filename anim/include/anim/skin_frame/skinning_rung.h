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

#include <array>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/skin_frame/normalize_mesh_frame.h"
#include "anim/skin_frame/skin_clip_scale_conflicts.h"

namespace sv::anim {

// Numbered as the shader's SKIN_MODE (0, 1, 2): the GPU reads the rung as this integer.
enum class SkinningRung { RigidDqs, DqsUniformScale, LinearBlend };

// The one name table of the ladder. `id` is the spelling the command line (--skinning), the
// settings file ("skinning") and the audit's JSON use; `label` is what panels and reports print.
// A fourth rung, or a renamed one, is one row here; every parser, radio button and message follows.
struct SkinningRungName {
    SkinningRung rung;
    const char* id;
    const char* label;
};
inline constexpr std::array<SkinningRungName, 3> kSkinningRungNames{{
    {SkinningRung::RigidDqs, "dqs", "rigid DQS"},
    {SkinningRung::DqsUniformScale, "dqs-scale", "DQS with uniform scale"},
    {SkinningRung::LinearBlend, "lbs", "linear blend"},
}};
// The word that asks for the rung the frame report chooses, accepted wherever an id is.
inline constexpr const char* kAutoRungId = "auto";

const char* to_string(SkinningRung rung);  // the label
const char* to_id(SkinningRung rung);
// An id from the table; anything else is refused with the ids it could have been.
Expected<SkinningRung> parse_skinning_rung(const std::string& id);
// "auto" then every id, in ladder order: what --skinning and the settings key accept.
std::vector<std::string> skinning_rung_choices();

struct RungChoice {
    SkinningRung rung = SkinningRung::RigidDqs;
    std::string reason;
};

// `frames`: the normalisation reports of the skin's mesh nodes; `conflicts`: every clip's
// conflicts with the skin. The lowest rung that carries all of them.
RungChoice choose_skinning_rung(const std::vector<MeshFrameReport>& frames,
                                const std::vector<ScaleConflict>& conflicts);

}  // namespace sv::anim
