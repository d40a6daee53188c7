#include "ui/scene_panel.h"

namespace sv::ui {

void ScenePanel::rebuild(const anim::Character& character) {
    rows.clear();
    selection = {};
    selected_node = -1;
    const anim::Asset& asset = character.asset();
    const auto& nodes = asset.scene.nodes;
    // Per node: the first skin it is a joint of.
    std::vector<int> joint_skin(nodes.size(), -1), joint_index(nodes.size(), -1);
    for (size_t s = 0; s < asset.skins.size(); ++s)
        for (size_t j = 0; j < asset.skins[s].joints.size(); ++j) {
            const int n = asset.skins[s].joints[j];
            if (n >= 0 && static_cast<size_t>(n) < nodes.size() && joint_skin[static_cast<size_t>(n)] < 0) {
                joint_skin[static_cast<size_t>(n)] = static_cast<int>(s);
                joint_index[static_cast<size_t>(n)] = static_cast<int>(j);
            }
        }
    // Iterative depth-first walk: a deep rig (a long tail) must not recurse the stack away.
    std::vector<std::pair<int, int>> stack;
    const auto roots = asset.scene.roots();
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.emplace_back(*it, 0);
    while (!stack.empty()) {
        const auto [n, depth] = stack.back();
        stack.pop_back();
        const anim::Node& node = nodes[static_cast<size_t>(n)];
        SceneRow r;
        r.node = n;
        r.depth = depth;
        r.name = node.name.empty() ? "node " + std::to_string(n) : node.name;
        r.mesh = node.mesh;
        r.skin = node.skin;
        r.joint_skin = joint_skin[static_cast<size_t>(n)];
        r.joint = joint_index[static_cast<size_t>(n)];
        rows.push_back(std::move(r));
        for (auto c = node.children.rbegin(); c != node.children.rend(); ++c) stack.emplace_back(*c, depth + 1);
    }
}

void ScenePanel::select_row(int row) {
    if (row < 0 || static_cast<size_t>(row) >= rows.size()) return;
    const SceneRow& r = rows[static_cast<size_t>(row)];
    selected_node = r.node;
    if (r.joint_skin >= 0) {
        selection = {r.joint_skin, r.joint};
    } else {
        selection.joint = -1;
    }
}

bool ScenePanel::select_joint(const anim::Character& character, int skin, int joint) {
    const auto& skins = character.skins();
    if (skin < 0 || static_cast<size_t>(skin) >= skins.size()) return false;
    if (joint < -1 || joint >= skins[static_cast<size_t>(skin)].skeleton.joint_count()) return false;
    selection = {skin, joint};
    return true;
}

int ScenePanel::selected_row() const {
    if (selection.joint < 0) return -1;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].joint_skin == selection.skin && rows[i].joint == selection.joint) return static_cast<int>(i);
    return -1;
}

}  // namespace sv::ui
