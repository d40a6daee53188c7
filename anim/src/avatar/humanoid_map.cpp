#include "anim/avatar/humanoid_map.h"

#include <algorithm>
#include <unordered_map>

namespace sv::anim {

namespace {

std::vector<std::string> vocabulary(bool v0) {
    std::vector<std::string> v = {"hips", "spine",   "chest",    "upperChest", "neck",
                                  "head", "leftEye", "rightEye", "jaw"};
    for (const char* side : {"left", "right"})
        for (const char* b : {"UpperLeg", "LowerLeg", "Foot", "Toes"}) v.push_back(side + std::string(b));
    for (const char* side : {"left", "right"})
        for (const char* b : {"Shoulder", "UpperArm", "LowerArm", "Hand"}) v.push_back(side + std::string(b));
    const std::vector<const char*> thumb =
        v0 ? std::vector<const char*>{"ThumbProximal", "ThumbIntermediate", "ThumbDistal"}
           : std::vector<const char*>{"ThumbMetacarpal", "ThumbProximal", "ThumbDistal"};
    for (const char* side : {"left", "right"}) {
        for (const char* b : thumb) v.push_back(side + std::string(b));
        for (const char* f : {"Index", "Middle", "Ring", "Little"})
            for (const char* j : {"Proximal", "Intermediate", "Distal"})
                v.push_back(side + std::string(f) + j);
    }
    return v;
}

const char* version_name(VrmVersion v) {
    return v == VrmVersion::V0 ? "VRM 0.x" : v == VrmVersion::Animation ? "VRM Animation 1.0" : "VRM 1.0";
}

// VRM 1.0's parent bone of `bone` (humanoid.md, the "Parent Bone" column), and whether the bone may
// exist only with that parent mapped ("Needs Parent Bone: Yes": upperChest, the thumb's proximal
// and distal, every finger's intermediate and distal). "" for hips and for names outside 1.0.
struct ParentRule {
    std::string parent;
    bool needs_parent = false;
};
ParentRule v1_parent(const std::string& bone) {
    static const std::unordered_map<std::string, ParentRule> rules = [] {
        std::unordered_map<std::string, ParentRule> m = {
            {"spine", {"hips"}},      {"chest", {"spine"}}, {"upperChest", {"chest", true}},
            {"neck", {"upperChest"}}, {"head", {"neck"}},   {"leftEye", {"head"}},
            {"rightEye", {"head"}},   {"jaw", {"head"}},
        };
        for (const std::string side : {"left", "right"}) {
            m[side + "UpperLeg"] = {"hips"};
            m[side + "LowerLeg"] = {side + "UpperLeg"};
            m[side + "Foot"] = {side + "LowerLeg"};
            m[side + "Toes"] = {side + "Foot"};
            m[side + "Shoulder"] = {"upperChest"};
            m[side + "UpperArm"] = {side + "Shoulder"};
            m[side + "LowerArm"] = {side + "UpperArm"};
            m[side + "Hand"] = {side + "LowerArm"};
            m[side + "ThumbMetacarpal"] = {side + "Hand"};
            m[side + "ThumbProximal"] = {side + "ThumbMetacarpal", true};
            m[side + "ThumbDistal"] = {side + "ThumbProximal", true};
            for (const std::string f : {"Index", "Middle", "Ring", "Little"}) {
                m[side + f + "Proximal"] = {side + "Hand"};
                m[side + f + "Intermediate"] = {side + f + "Proximal", true};
                m[side + f + "Distal"] = {side + f + "Intermediate", true};
            }
        }
        return m;
    }();
    const auto it = rules.find(bone);
    return it == rules.end() ? ParentRule{} : it->second;
}

// VRM 1.0's parent-child rules over rows that are otherwise sound: a "needs parent" bone whose
// parent bone is not mapped, and a bone whose node is not below the node of its nearest mapped
// ancestor bone (the parent, else the parent's parent, ...: humanoid.md's "look for the parent
// bone of the parent bone"; other nodes may lie between). The first problem of a row stands.
void check_v1_hierarchy(const Scene& scene, std::vector<HumanoidBoneRow>& rows,
                        const std::unordered_map<std::string, size_t>& row_of) {
    const int n = static_cast<int>(scene.nodes.size());
    auto sound = [&](const std::string& bone) -> const HumanoidBoneRow* {
        const auto it = row_of.find(bone);
        if (it == row_of.end()) return nullptr;
        const HumanoidBoneRow& r = rows[it->second];
        return r.node >= 0 && r.node < n && r.problem.empty() ? &r : nullptr;
    };
    std::vector<std::string> found(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const HumanoidBoneRow& row = rows[i];
        if (!sound(row.bone)) continue;
        const ParentRule rule = v1_parent(row.bone);
        if (rule.needs_parent && !sound(rule.parent)) {
            found[i] = "needs '" + rule.parent + "' mapped (VRM 1.0)";
            continue;
        }
        for (std::string up = rule.parent; !up.empty(); up = v1_parent(up).parent) {
            const HumanoidBoneRow* anc = sound(up);
            if (!anc) continue;
            if (anc->node == row.node || !scene.reaches(anc->node, row.node))
                found[i] = "node " + std::to_string(row.node) + " is not below '" + up + "' (node " +
                           std::to_string(anc->node) + "), its parent bone in VRM 1.0";
            break;
        }
    }
    // Set after the walk, so one bad row does not hide its children's rule from them.
    for (size_t i = 0; i < rows.size(); ++i)
        if (!found[i].empty()) rows[i].problem = found[i];
}

}  // namespace

const std::vector<std::string>& vrm_humanoid_bone_names(VrmVersion version) {
    static const std::vector<std::string> none, v0 = vocabulary(true), v1 = vocabulary(false);
    // A .vrma names its bones as VRM 1.0 does (VRMC_vrm_animation's schema takes 1.0's list).
    return version == VrmVersion::V0                                       ? v0
           : version == VrmVersion::V1 || version == VrmVersion::Animation ? v1
                                                                           : none;
}

bool vrm_bone_required(VrmVersion version, const std::string& bone) {
    static const std::vector<std::string> common = {
        "hips",         "spine",         "head",          "leftUpperArm",  "leftLowerArm",
        "leftHand",     "rightUpperArm", "rightLowerArm", "rightHand",     "leftUpperLeg",
        "leftLowerLeg", "leftFoot",      "rightUpperLeg", "rightLowerLeg", "rightFoot"};
    // VRMC_vrm_animation makes every bone optional: a clip may move the arms alone.
    if (version == VrmVersion::None || version == VrmVersion::Animation) return false;
    if (std::find(common.begin(), common.end(), bone) != common.end()) return true;
    return version == VrmVersion::V0 && (bone == "chest" || bone == "neck");
}

HumanoidMapReport humanoid_map_report(const Vrm& vrm, const Scene& scene) {
    const int node_count = static_cast<int>(scene.nodes.size());
    HumanoidMapReport r;
    if (!vrm.present()) return r;
    const auto& names = vrm_humanoid_bone_names(vrm.version);
    std::unordered_map<std::string, size_t> row_of;
    for (const std::string& b : names) {
        row_of.emplace(b, r.rows.size());
        HumanoidBoneRow row;
        row.bone = b;
        row.required = vrm_bone_required(vrm.version, b);
        r.rows.push_back(row);
    }
    std::unordered_map<int, std::string> bone_of_node;
    for (const VrmHumanBone& hb : vrm.humanoid) {
        auto it = row_of.find(hb.bone);
        if (it == row_of.end()) {
            HumanoidBoneRow row;
            row.bone = hb.bone;
            row.problem = "not a " + std::string(version_name(vrm.version)) + " bone name";
            it = row_of.emplace(hb.bone, r.rows.size()).first;
            r.rows.push_back(row);
        }
        HumanoidBoneRow& row = r.rows[it->second];
        if (row.node >= 0) {
            // The reader keeps a 0.x list's repeats; the first entry is the one used.
            if (row.problem.empty())
                row.problem = "listed twice (node " + std::to_string(hb.node) + " ignored)";
            continue;
        }
        row.node = hb.node;
        if (hb.node < 0 || hb.node >= node_count) {
            if (row.problem.empty())
                row.problem = "node " + std::to_string(hb.node) + " is out of range (" +
                              std::to_string(node_count) + " nodes)";
            continue;
        }
        const auto [other, fresh] = bone_of_node.emplace(hb.node, hb.bone);
        if (!fresh && row.problem.empty())
            row.problem = "node " + std::to_string(hb.node) + " is also '" + other->second + "'";
    }
    if (vrm.version == VrmVersion::V1) check_v1_hierarchy(scene, r.rows, row_of);
    for (HumanoidBoneRow& row : r.rows) {
        const bool in_range = row.node >= 0 && row.node < node_count;
        if (in_range) ++r.mapped;
        if (row.required && row.node < 0) {
            row.problem = "required by " + std::string(version_name(vrm.version)) + ", not mapped";
            ++r.missing_required;
        }
        if (!row.problem.empty()) ++r.problems;
    }
    return r;
}

std::vector<std::string> skin_humanoid_bones(const Asset& asset, int skin) {
    if (skin < 0 || static_cast<size_t>(skin) >= asset.skins.size()) return {};
    const auto& joints = asset.skins[static_cast<size_t>(skin)].joints;
    std::vector<std::string> out(joints.size());
    if (!asset.vrm.present()) return out;
    const int nodes = static_cast<int>(asset.scene.nodes.size());
    std::unordered_map<int, std::string> bone_of_node;
    for (const VrmHumanBone& hb : asset.vrm.humanoid)
        if (hb.node >= 0 && hb.node < nodes) bone_of_node.emplace(hb.node, hb.bone);
    for (size_t j = 0; j < joints.size(); ++j)
        if (const auto it = bone_of_node.find(joints[j]); it != bone_of_node.end()) out[j] = it->second;
    return out;
}

}  // namespace sv::anim
