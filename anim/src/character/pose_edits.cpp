#include "anim/character/pose_edits.h"

#include "anim/character/character.h"

namespace sv::anim {

glm::dvec3 PoseEdits::get(int node) const {
    const auto it = by_node.find(node);
    return it == by_node.end() ? glm::dvec3(0.0) : it->second;
}

void PoseEdits::set(int node, const glm::dvec3& euler_xyz_degrees) {
    if (euler_xyz_degrees == glm::dvec3(0.0))
        by_node.erase(node);
    else
        by_node[node] = euler_xyz_degrees;
    ++revision;
}

void PoseEdits::reset(int node) {
    by_node.erase(node);
    ++revision;
}

void PoseEdits::reset_all() {
    by_node.clear();
    ++revision;
}

glm::dquat pose_edit_rotation(const glm::dvec3& e) {
    const glm::dvec3 r = glm::radians(e);
    const glm::dquat qx = glm::angleAxis(r.x, glm::dvec3(1, 0, 0));
    const glm::dquat qy = glm::angleAxis(r.y, glm::dvec3(0, 1, 0));
    const glm::dquat qz = glm::angleAxis(r.z, glm::dvec3(0, 0, 1));
    return qz * qy * qx;
}

bool apply_pose_edits(const PoseEdits& edits, Character& character) {
    if (edits.empty()) return false;
    bool any = false;
    auto& skins = character.skins();
    for (size_t s = 0; s < skins.size() && s < character.asset().skins.size(); ++s) {
        const std::vector<int>& nodes = character.asset().skins[s].joints;
        Pose& pose = skins[s].pose;
        for (size_t j = 0; j < nodes.size() && static_cast<int>(j) < pose.joint_count(); ++j) {
            const auto it = edits.by_node.find(nodes[j]);
            if (it == edits.by_node.end()) continue;
            float* r = &pose.rotation[j * 4];
            const glm::dquat local(r[3], r[0], r[1], r[2]);
            const glm::dquat q = glm::normalize(local * pose_edit_rotation(it->second));
            r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
            r[3] = static_cast<float>(q.w);
            any = true;
        }
    }
    return any;
}

}  // namespace sv::anim
