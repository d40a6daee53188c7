// VRMC_vrm_animation 1.0 (vrm-specification, specification/VRMC_vrm_animation-1.0): `humanoid.
// humanBones` (bone -> {node}), `expressions.preset` / `.custom` (name -> {node}, whose animated
// translation.x is the weight) and `lookAt` ({node}, the point the eyes follow). Read as three-vrm's
// VRMAnimationLoaderPlugin reads it: the map and the nodes' rest transforms, the clips as glTF
// gives them.
#include "vrm_animation_import.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "anim/avatar/humanoid_map.h"
#include "gltf_names.h"
#include "vrm_json.h"

namespace sv::anim::gltf {

namespace {

using json = nlohmann::json;

constexpr const char* kExt = "VRMC_vrm_animation";

using vrm::member;

// The entry's "node", checked against the document's nodes as the avatar reader checks its own.
Status node_of(const json& entry, const std::string& what, size_t node_count, int& out) {
    return vrm::node_index(member(entry, "node"), what, node_count, out);
}

Status read_humanoid(const json& ext, size_t node_count, Vrm& out) {
    const json* humanoid = member(ext, "humanoid");
    const json* bones = humanoid ? member(*humanoid, "humanBones") : nullptr;
    if (!bones || !bones->is_object())
        return make_error(std::string(kExt) + ": has no humanoid.humanBones object");
    const auto& names = vrm_humanoid_bone_names(VrmVersion::Animation);
    std::unordered_map<int, std::string> bone_of_node;
    for (auto it = bones->begin(); it != bones->end(); ++it) {
        const std::string what = std::string(kExt) + " humanoid.humanBones." + it.key();
        if (std::find(names.begin(), names.end(), it.key()) == names.end())
            return make_error(what + ": not a VRM 1.0 bone name");
        VrmHumanBone hb;
        hb.bone = it.key();
        if (auto st = node_of(it.value(), what, node_count, hb.node); !st) return st;
        const auto [other, fresh] = bone_of_node.emplace(hb.node, hb.bone);
        if (!fresh) return make_error(what + ": node " + str(hb.node) + " is also '" + other->second + "'");
        out.humanoid.push_back(hb);
    }
    return ok_status();
}

Status read_expressions(const json& ext, size_t node_count, Vrm& out) {
    const json* ex = member(ext, "expressions");
    if (!ex) return ok_status();
    for (const char* kind : {"preset", "custom"}) {
        const json* list = member(*ex, kind);
        if (!list || !list->is_object()) continue;
        for (auto it = list->begin(); it != list->end(); ++it) {
            VrmAnimationNode e;
            e.name = it.key();
            e.preset = std::string(kind) == "preset";
            if (auto st = node_of(it.value(), std::string(kExt) + " expressions." + kind + "." + e.name,
                                  node_count, e.node);
                !st)
                return st;
            out.animation_expressions.push_back(e);
        }
    }
    return ok_status();
}

}  // namespace

Status read_vrm_animation(const json& doc, Vrm& out, std::vector<std::string>& notes) {
    const json* exts = member(doc, "extensions");
    const json* ext = exts ? member(*exts, kExt) : nullptr;
    if (!ext) return ok_status();
    if (out.present()) {
        notes.push_back(std::string(kExt) +
                        ": not read; the file is a VRM avatar, whose own humanoid map retargeting reads");
        return ok_status();
    }
    if (!ext->is_object()) return make_error(std::string(kExt) + ": is not an object");
    const json* nodes = member(doc, "nodes");
    const size_t node_count = nodes && nodes->is_array() ? nodes->size() : 0;
    Vrm vrm;
    vrm.version = VrmVersion::Animation;
    if (const json* sv = member(*ext, "specVersion"); sv && sv->is_string())
        vrm.spec_version = sv->get<std::string>();
    if (auto st = read_humanoid(*ext, node_count, vrm); !st) return st;
    if (auto st = read_expressions(*ext, node_count, vrm); !st) return st;
    if (const json* la = member(*ext, "lookAt"))
        if (auto st = node_of(*la, std::string(kExt) + " lookAt", node_count, vrm.animation_look_at); !st)
            return st;

    notes.push_back("VRM: VRM Animation 1.0 (" + std::string(kExt) +
                    (vrm.spec_version.empty() ? ", no specVersion" : " specVersion " + vrm.spec_version) +
                    ")");
    // three-vrm reads "1.0" and the draft's "1.0-draft" alike; anything else is read as 1.0 and said.
    if (vrm.spec_version != "1.0" && vrm.spec_version != "1.0-draft")
        notes.push_back("VRM Animation: specVersion '" + vrm.spec_version + "' is not 1.0; read as 1.0");
    notes.push_back("VRM Animation humanoid: " + str(vrm.humanoid.size()) +
                    " bones mapped; the rest pose is the nodes' own (a T-pose); its clips retarget onto "
                    "another character through this map (Graph tab's Load, bake --retarget)");
    if (!vrm.animation_expressions.empty()) {
        std::string names;
        for (const auto& e : vrm.animation_expressions) names += (names.empty() ? "" : ", ") + e.name;
        notes.push_back(
            "VRM Animation expressions: " + names +
            " (retargeted onto a VRM avatar, each sets the expression of that name, or of its VRM "
            "0.x preset, while the clip plays; names the avatar lacks are left out)");
    }
    if (vrm.animation_look_at >= 0)
        notes.push_back("VRM Animation lookAt: node " + str(vrm.animation_look_at) +
                        " (read, not applied: the target's own --look-at decides its eyes)");
    out = std::move(vrm);
    return ok_status();
}

void add_vrm_animation_skin(Asset& asset) {
    if (asset.vrm.version != VrmVersion::Animation || !asset.skins.empty()) return;
    auto& nodes = asset.scene.nodes;
    std::vector<char> wanted(nodes.size(), 0);
    for (const VrmHumanBone& b : asset.vrm.humanoid)
        for (int n = b.node; n >= 0 && !wanted[static_cast<size_t>(n)];
             n = nodes[static_cast<size_t>(n)].parent)
            wanted[static_cast<size_t>(n)] = 1;
    asset.scene.update_matrices();
    Skin skin;
    skin.name = "VRM Animation humanoid";
    // Depth-first from each root: every parent is listed before its children, as Skin requires.
    std::vector<int> stack;
    const std::vector<int> roots = asset.scene.roots();
    for (auto r = roots.rbegin(); r != roots.rend(); ++r) stack.push_back(*r);
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const Node& node = nodes[static_cast<size_t>(n)];
        if (!wanted[static_cast<size_t>(n)]) continue;  // no humanoid node below a node not wanted
        skin.joints.push_back(n);
        // As an export writes them (A_j the identity at rest); a node scaled to nothing has no
        // inverse and keeps the identity, which no vertex reads (a .vrma has no mesh).
        const bool invertible = std::abs(glm::determinant(node.global)) > 1e-300;
        skin.inverse_bind.push_back(invertible ? glm::inverse(node.global) : glm::dmat4(1.0));
        for (auto c = node.children.rbegin(); c != node.children.rend(); ++c) stack.push_back(*c);
    }
    if (skin.joints.empty()) return;
    asset.report.push_back("VRM Animation: a skin '" + skin.name + "' of " + str(skin.joints.size()) +
                           " joints made over the humanoid nodes and those above them (the file has none), "
                           "for retargeting to take its clips from");
    asset.skins.push_back(std::move(skin));
}

}  // namespace sv::anim::gltf
