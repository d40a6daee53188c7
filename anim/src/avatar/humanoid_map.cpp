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

const char* version_name(VrmVersion v) { return v == VrmVersion::V0 ? "VRM 0.x" : "VRM 1.0"; }

}  // namespace

const std::vector<std::string>& vrm_humanoid_bone_names(VrmVersion version) {
    static const std::vector<std::string> none, v0 = vocabulary(true), v1 = vocabulary(false);
    return version == VrmVersion::V0 ? v0 : version == VrmVersion::V1 ? v1 : none;
}

bool vrm_bone_required(VrmVersion version, const std::string& bone) {
    static const std::vector<std::string> common = {
        "hips",         "spine",         "head",          "leftUpperArm",  "leftLowerArm",
        "leftHand",     "rightUpperArm", "rightLowerArm", "rightHand",     "leftUpperLeg",
        "leftLowerLeg", "leftFoot",      "rightUpperLeg", "rightLowerLeg", "rightFoot"};
    if (version == VrmVersion::None) return false;
    if (std::find(common.begin(), common.end(), bone) != common.end()) return true;
    return version == VrmVersion::V0 && (bone == "chest" || bone == "neck");
}

HumanoidMapReport humanoid_map_report(const Vrm& vrm, int node_count) {
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
