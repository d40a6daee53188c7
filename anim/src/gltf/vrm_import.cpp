// VRM 0.x and 1.0 read into one form (anim/scene/vrm.h). Where the versions differ in meaning, not
// only in spelling, the difference is resolved here once: 0.x collider offsets have z mirrored,
// 0.x spring groups name chain roots whose whole subtree swings (each node with its first child
// as tail, a leaf with a virtual 7 cm tail), 1.0 springs list their joints with the last one a
// tail only. These follow the VRM specifications and three-vrm's loader.
#include "vrm_import.h"

#include "vrm_json.h"

namespace sv::anim::gltf {

using namespace vrm;

namespace {

// How far a humanoid bone's scale may be from positive and uniform and still count as such
// (relative to its largest component). Exporters write float32: 1 - 2^-24 (0.99999994, VRM's
// Example.vrm) is 1 rounded, not a defect. 1e-6 is 16 float32 steps at 1, far above rounding and
// far below anything visible: a 2 m avatar scaled 1e-6 off uniform moves a vertex 2 micrometres.
// What would make it wrong: a file that means a scale of 1 - 1e-7 as a real, deliberate squash.
constexpr double kVrmUniformScaleTolerance = 1e-6;

bool positive_uniform(const glm::dvec3& k) {
    const double big = std::max({std::abs(k.x), std::abs(k.y), std::abs(k.z)});
    const double tol = kVrmUniformScaleTolerance * big;
    return k.x > 0 && k.y > 0 && k.z > 0 && std::abs(k.x - k.y) <= tol && std::abs(k.y - k.z) <= tol &&
           std::abs(k.x - k.z) <= tol;
}

void read_meta(const json* meta, Vrm& out) {
    if (!meta || !meta->is_object()) return;
    for (auto it = meta->begin(); it != meta->end(); ++it) {
        // Thumbnails are image indices, not text anyone reads in the notes.
        if (it.key() == "texture" || it.key() == "thumbnailImage") continue;
        out.meta.push_back({it.key(), text(it.value())});
    }
}

Status read_humanoid_v0(const json* humanoid, const Ctx& ctx, Vrm& out) {
    const json* list = humanoid ? member(*humanoid, "humanBones") : nullptr;
    if (!list || !list->is_array()) return ok_status();
    for (size_t i = 0; i < list->size(); ++i) {
        const json& b = (*list)[i];
        VrmHumanBone hb;
        hb.bone = member(b, "bone") ? text(*member(b, "bone")) : "";
        if (auto st = ctx.node(member(b, "node"),
                               "VRM humanoid.humanBones[" + str(i) + "] ('" + hb.bone + "')", hb.node);
            !st)
            return st;
        out.humanoid.push_back(hb);
    }
    return ok_status();
}

Status read_humanoid_v1(const json* humanoid, const Ctx& ctx, Vrm& out) {
    const json* bones = humanoid ? member(*humanoid, "humanBones") : nullptr;
    if (!bones || !bones->is_object()) return ok_status();
    for (auto it = bones->begin(); it != bones->end(); ++it) {
        VrmHumanBone hb;
        hb.bone = it.key();
        if (auto st =
                ctx.node(member(it.value(), "node"), "VRMC_vrm humanoid.humanBones." + hb.bone, hb.node);
            !st)
            return st;
        out.humanoid.push_back(hb);
    }
    return ok_status();
}

}  // namespace

Status read_vrm(const json& doc, Vrm& out, std::vector<std::string>& notes) {
    const json* exts = member(doc, "extensions");
    const json* v0 = exts ? member(*exts, "VRM") : nullptr;
    const json* v1 = exts ? member(*exts, "VRMC_vrm") : nullptr;
    if (!v0 && !v1) return ok_status();
    static const json empty = json::array();
    const json* nodes_p = member(doc, "nodes");
    const json& nodes = nodes_p && nodes_p->is_array() ? *nodes_p : empty;
    Ctx ctx;
    ctx.node_count = nodes.size();
    ctx.parent.assign(nodes.size(), -1);
    ctx.mesh_of.assign(nodes.size(), -1);
    if (const json* meshes = member(doc, "meshes"); meshes && meshes->is_array())
        for (const json& m : *meshes) {
            const json* prims = member(m, "primitives");
            const json* t =
                prims && prims->is_array() && !prims->empty() ? member((*prims)[0], "targets") : nullptr;
            ctx.targets_of_mesh.push_back(t && t->is_array() ? t->size() : 0);
        }
    if (const json* mats = member(doc, "materials"); mats && mats->is_array())
        for (const json& m : *mats)
            ctx.material_names.push_back(member(m, "name") ? text(*member(m, "name")) : "");
    for (size_t i = 0; i < nodes.size(); ++i)
        if (const json* m = member(nodes[i], "mesh");
            m && m->is_number_integer() && m->get<long long>() >= 0 &&
            static_cast<size_t>(m->get<long long>()) < ctx.targets_of_mesh.size())
            ctx.mesh_of[i] = static_cast<int>(m->get<long long>());
    for (size_t i = 0; i < nodes.size(); ++i)
        if (const json* kids = member(nodes[i], "children"); kids && kids->is_array())
            for (const json& k : *kids)
                if (k.is_number_integer() && k.get<long long>() >= 0 &&
                    static_cast<size_t>(k.get<long long>()) < nodes.size())
                    ctx.parent[static_cast<size_t>(k.get<long long>())] = static_cast<int>(i);

    std::vector<std::string> late_notes;  // binds and look-at notes: after the version line, which opens them
    // A file carrying both is a 1.0 file with its 0.x data kept for old readers (UniVRM's
    // migration does this); 1.0 wins, as in three-vrm.
    if (v1) {
        out.version = VrmVersion::V1;
        if (const json* sv = member(*v1, "specVersion")) out.spec_version = text(*sv);
        read_meta(member(*v1, "meta"), out);
        if (auto st = read_humanoid_v1(member(*v1, "humanoid"), ctx, out); !st) return st;
        if (auto st = read_v1_expressions(member(*v1, "expressions"), ctx, out, late_notes); !st) return st;
        read_v1_look_at(member(*v1, "lookAt"), out, late_notes);
        if (const json* sb = member(*exts, "VRMC_springBone"))
            if (auto st = read_v1_springs(*sb, ctx, out); !st) return st;
        for (size_t i = 0; i < nodes.size(); ++i)
            if (const json* ne = member(nodes[i], "extensions"))
                if (const json* c = member(*ne, "VRMC_node_constraint"))
                    if (auto st = read_constraint(*c, ctx, static_cast<int>(i), out); !st) return st;
    } else {
        out.version = VrmVersion::V0;
        if (const json* sv = member(*v0, "specVersion")) out.spec_version = text(*sv);
        read_meta(member(*v0, "meta"), out);
        if (auto st = read_humanoid_v0(member(*v0, "humanoid"), ctx, out); !st) return st;
        if (auto st = read_v0_expressions(member(*v0, "blendShapeMaster"), ctx, out, late_notes); !st)
            return st;
        read_v0_look_at(member(*v0, "firstPerson"), out, late_notes);
        if (const json* sec = member(*v0, "secondaryAnimation"))
            if (auto st = read_v0_springs(*sec, ctx, nodes, out); !st) return st;
    }

    // The audit's and Notes tab's lines: which VRM, the meta as stated, what is done with each part.
    const bool one = out.version == VrmVersion::V1;
    notes.push_back(std::string("VRM: ") + (one ? "VRM 1.0 (VRMC_vrm" : "VRM 0.x (VRM") +
                    (out.spec_version.empty() ? "" : " specVersion " + out.spec_version) + ")");
    for (const auto& f : out.meta) notes.push_back("VRM meta: " + f.key + " = " + f.value);
    notes.push_back("VRM humanoid: " + str(out.humanoid.size()) +
                    " bones mapped (the Humanoid tab; retargeting and picking read it)");
    size_t joints = 0;
    for (const auto& s : out.springs) joints += s.joints.size();
    notes.push_back("VRM spring bones: " + str(out.springs.size()) + " springs, " + str(joints) +
                    " joints, " + str(out.colliders.size()) +
                    " colliders, simulated at a fixed 60 Hz step (--springs off)");
    if (!out.expressions.empty()) {
        std::string names;
        int others = 0;
        for (const auto& e : out.expressions)
            names += (names.empty() ? "" : ", ") + e.name, others += e.other_binds;
        size_t drawn = 0;
        for (const auto& e : out.expressions) drawn += e.color_binds.size() + e.texture_binds.size();
        drawn -= static_cast<size_t>(others);
        notes.push_back(
            "VRM expressions: " + names + " (morph binds applied: --expression NAME=W)" +
            (drawn ? "; " + str(drawn) + " material colour / texture-transform binds applied" : "") +
            (others ? "; " + str(static_cast<size_t>(others)) +
                          " MToon colour binds (shade, matcap, rim, outline) not drawn"
                    : ""));
    }
    if (!out.constraints.empty())
        notes.push_back("VRMC_node_constraint: " + str(out.constraints.size()) +
                        " constraints applied after the pose, before the springs");
    if (out.look_at.present)
        notes.push_back(std::string("VRM look-at: type ") +
                        (out.look_at.type == VrmLookAtType::Bone
                             ? "bone (the eye bones turn)"
                             : "expression (the look expressions' weights)") +
                        ", applied after the pose with --look-at POINT|camera");
    notes.insert(notes.end(), late_notes.begin(), late_notes.end());
    // The spec's skinning-frame rule for humanoid bones: TRS with positive uniform scale. A break
    // is a note here; the frame checks (folded scale, defects) then say what it does to the skin.
    for (const auto& b : out.humanoid) {
        const json& n = nodes[static_cast<size_t>(b.node)];
        const std::string who = "VRM humanoid bone '" + b.bone + "' (node " + str(b.node) + ")";
        if (member(n, "matrix"))
            notes.push_back(who + ": has a matrix; VRM requires TRS with positive uniform scale");
        const json* sc = member(n, "scale");
        glm::dvec3 k(1.0);
        if (sc && vec3(sc, who, k).ok()) {  // a malformed scale is the schema checks' to refuse
            if (!positive_uniform(k))
                notes.push_back(who + ": scale " + sc->dump() +
                                " is not positive and uniform (to 1e-6 of its size), as VRM requires");
        }
    }
    return ok_status();
}

}  // namespace sv::anim::gltf
