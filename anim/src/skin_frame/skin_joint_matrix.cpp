#include "anim/skin_frame/skin_joint_matrix.h"

#include <string>

namespace sv::anim {

Expected<glm::dmat4> skin_joint_matrix(const Scene& scene, const Skin& skin, int joint) {
    if (joint < 0 || static_cast<size_t>(joint) >= skin.joints.size())
        return make_error("skin '" + skin.name + "': joint " + std::to_string(joint) + " is out of range (" +
                          std::to_string(skin.joints.size()) + " joints)");
    if (skin.inverse_bind.size() != skin.joints.size())
        return make_error("skin '" + skin.name + "' has " + std::to_string(skin.inverse_bind.size()) +
                          " inverse binds for " + std::to_string(skin.joints.size()) + " joints");
    const int node = skin.joints[static_cast<size_t>(joint)];
    if (node < 0 || static_cast<size_t>(node) >= scene.nodes.size())
        return make_error("skin '" + skin.name + "' joint " + std::to_string(joint) + " names node " +
                          std::to_string(node) + ", out of range");
    const Node& n = scene.nodes[static_cast<size_t>(node)];
    if (n.version == 0)
        return make_error("skin '" + skin.name + "': joint " + std::to_string(joint) + ", node " +
                          std::to_string(node) + " ('" + n.name +
                          "'), has never been walked (version 0); call Scene::update_matrices first");
    return n.global * skin.inverse_bind[static_cast<size_t>(joint)];
}

}  // namespace sv::anim
