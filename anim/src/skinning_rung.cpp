#include "anim/skinning_rung.h"

namespace sv::anim {

const char* to_string(SkinningRung rung) {
    switch (rung) {
        case SkinningRung::RigidDqs: return "rigid DQS";
        case SkinningRung::DqsUniformScale: return "DQS with uniform scale";
        case SkinningRung::LinearBlend: return "linear blend";
    }
    return "?";
}

RungChoice choose_skinning_rung(const std::vector<MeshFrameReport>& frames,
                                const std::vector<ScaleConflict>& conflicts) {
    for (const MeshFrameReport& f : frames)
        if (f.verdict == FrameVerdict::CannotFix)
            // A skin the frame could not fix has folds a dual quaternion cannot carry (or was never
            // measured); linear blending is correct on any matrices.
            return {SkinningRung::LinearBlend, "mesh node '" + f.mesh_name + "': " + f.reason};
    const ScaleConflict* uniform = nullptr;
    for (const ScaleConflict& c : conflicts) {
        if (!c.uniform)
            return {SkinningRung::LinearBlend, "channel " + std::to_string(c.channel) + " scales node '" +
                                                   c.node_name + "' non-uniformly under part of the skin"};
        if (!uniform) uniform = &c;
    }
    if (uniform)
        return {SkinningRung::DqsUniformScale, "channel " + std::to_string(uniform->channel) +
                                                   " scales node '" + uniform->node_name +
                                                   "' uniformly under part of the skin"};
    return {SkinningRung::RigidDqs, "every fold is rigid on the skin frame and no clip scales part of the skin"};
}

}  // namespace sv::anim
