#include "anim/skin_frame/skin_walked.h"

#include <string>
#include <vector>

namespace sv::anim {

namespace {
std::string node_label(const Scene& scene, int i) {
    return "node " + std::to_string(i) + " ('" + scene.nodes[static_cast<size_t>(i)].name + "')";
}
}  // namespace

Status require_skin_walked(const Scene& scene, const Skin& skin, int mesh_node) {
    const int n = static_cast<int>(scene.nodes.size());
    if (skin.joints.empty()) return make_error("skin '" + skin.name + "' has no joints");
    if (skin.inverse_bind.size() != skin.joints.size())
        return make_error("skin '" + skin.name + "' has " + std::to_string(skin.inverse_bind.size()) +
                          " inverse binds for " + std::to_string(skin.joints.size()) + " joints");
    for (size_t j = 0; j < skin.joints.size(); ++j)
        if (skin.joints[j] < 0 || skin.joints[j] >= n)
            return make_error("skin '" + skin.name + "' joint " + std::to_string(j) + " names node " +
                              std::to_string(skin.joints[j]) + ", out of range (" + std::to_string(n) +
                              " nodes)");
    if (mesh_node >= n)
        return make_error("skin '" + skin.name + "': mesh node " + std::to_string(mesh_node) +
                          " is out of range (" + std::to_string(n) + " nodes)");

    std::vector<int> unwalked;
    if (mesh_node >= 0 && scene.nodes[static_cast<size_t>(mesh_node)].version == 0)
        unwalked.push_back(mesh_node);
    for (int node : skin.joints)
        if (scene.nodes[static_cast<size_t>(node)].version == 0) unwalked.push_back(node);
    if (unwalked.empty()) return ok_status();

    std::string names;
    for (size_t i = 0; i < unwalked.size() && i < 8; ++i)
        names += (i ? ", " : "") + node_label(scene, unwalked[i]);
    if (unwalked.size() > 8) names += " and " + std::to_string(unwalked.size() - 8) + " more";
    return make_error("skin '" + skin.name + "': " + names + (unwalked.size() == 1 ? " has" : " have") +
                      " never been walked (version 0); its global is the identity by default, not a "
                      "measurement. Call Scene::update_matrices first");
}

}  // namespace sv::anim
