#include "anim/skin_frame/skinning_rung.h"

#include <cstdio>

namespace sv::anim {

namespace {
std::string fmt(double v, const char* f) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}
}  // namespace

const char* to_string(SkinningRung rung) {
    for (const SkinningRungName& n : kSkinningRungNames)
        if (n.rung == rung) return n.label;
    return "?";
}

const char* to_id(SkinningRung rung) {
    for (const SkinningRungName& n : kSkinningRungNames)
        if (n.rung == rung) return n.id;
    return "?";
}

Expected<SkinningRung> parse_skinning_rung(const std::string& id) {
    std::string expected;
    for (size_t k = 0; k < kSkinningRungNames.size(); ++k) {
        if (id == kSkinningRungNames[k].id) return kSkinningRungNames[k].rung;
        if (k > 0) expected += k + 1 == kSkinningRungNames.size() ? " or " : ", ";
        expected += kSkinningRungNames[k].id;
    }
    return make_error("unknown skinning mode '" + id + "': expected " + expected);
}

std::vector<std::string> skinning_rung_choices() {
    std::vector<std::string> out{kAutoRungId};
    for (const SkinningRungName& n : kSkinningRungNames) out.emplace_back(n.id);
    return out;
}

RungChoice choose_skinning_rung(const std::vector<MeshFrameReport>& frames,
                                const std::vector<ScaleConflict>& conflicts) {
    for (const MeshFrameReport& f : frames)
        if (f.verdict == FrameVerdict::CannotFix)
            // A skin the frame could not fix has folds a dual quaternion cannot carry (or was never
            // measured); linear blending is correct on any matrices.
            return {SkinningRung::LinearBlend, "mesh node '" + f.mesh_name + "': " + f.reason};
    // A collapse is named before a non-uniform scale: it is the more specific reason, and the one a
    // user forcing a dual-quaternion rung needs to know about.
    for (const ScaleConflict& c : conflicts)
        if (c.collapses) {
            const ScaleMinimum& m = c.lowest;
            const std::string where =
                m.between_keys ? "between keys " + std::to_string(m.key) + " and " + std::to_string(m.key + 1)
                               : "at key " + std::to_string(m.key);
            const std::string under = m.value > 0.0 ? ", under " + fmt(kScaleCollapseThreshold, "%.4g") : "";
            return {SkinningRung::LinearBlend, "channel " + std::to_string(c.channel) + " scales node '" +
                                                   c.node_name + "' to " + fmt(m.value, "%.6g") + " " +
                                                   where + " (t=" + fmt(m.time, "%.6g") + " s)" + under +
                                                   "; a dual quaternion cannot carry a collapsed or mirrored "
                                                   "joint: linear blend"};
        }
    const ScaleConflict* uniform = nullptr;
    for (const ScaleConflict& c : conflicts) {
        if (!c.uniform)
            return {SkinningRung::LinearBlend,
                    "channel " + std::to_string(c.channel) + " scales node '" + c.node_name +
                        "' non-uniformly (spread " + fmt(c.spread, "%.2g") + ", over " +
                        fmt(kScaleUniformTolerance, "%g") + ") under part of the skin"};
        if (!uniform) uniform = &c;
    }
    if (uniform)
        return {SkinningRung::DqsUniformScale,
                "channel " + std::to_string(uniform->channel) + " scales node '" + uniform->node_name +
                    "' uniformly (spread " + fmt(uniform->spread, "%.2g") + ", within " +
                    fmt(kScaleUniformTolerance, "%g") + ") under part of the skin"};
    return {SkinningRung::RigidDqs,
            "every fold is rigid on the skin frame and no clip scales part of the skin"};
}

}  // namespace sv::anim
