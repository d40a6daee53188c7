#include "ui/scene_panel.h"

#include "ui/format.h"

namespace sv::ui {

void ScenePanel::rebuild(const anim::Character& character) {
    rows.clear();
    scroll_to_top = true;
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
    struct Item {
        int node, depth, parent_row;
    };
    std::vector<Item> stack;
    const auto roots = asset.scene.roots();
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, 0, -1});
    while (!stack.empty()) {
        const auto [n, depth, parent_row] = stack.back();
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
        r.parent_row = parent_row;
        if (parent_row >= 0) ++rows[static_cast<size_t>(parent_row)].children;
        const int row = static_cast<int>(rows.size());
        rows.push_back(std::move(r));
        for (auto c = node.children.rbegin(); c != node.children.rend(); ++c)
            stack.push_back({*c, depth + 1, row});
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
    reveal_row = selected_row();
    return true;
}

std::vector<int> ScenePanel::ancestors(int row) const {
    std::vector<int> out;
    if (row < 0 || static_cast<size_t>(row) >= rows.size()) return out;
    // Bounded by the row count: parent rows always come earlier, so this cannot loop.
    for (int p = rows[static_cast<size_t>(row)].parent_row; p >= 0 && p < row;
         p = rows[static_cast<size_t>(p)].parent_row)
        out.insert(out.begin(), p);
    return out;
}

std::vector<int> ScenePanel::shown_rows(const std::function<bool(int row)>& open) const {
    std::vector<int> out;
    out.reserve(rows.size());
    int closed_depth = -1;  // rows deeper than this are inside a closed node
    for (size_t i = 0; i < rows.size(); ++i) {
        const SceneRow& r = rows[i];
        if (closed_depth >= 0 && r.depth > closed_depth) continue;
        closed_depth = -1;
        out.push_back(static_cast<int>(i));
        if (r.children > 0 && !open(static_cast<int>(i))) closed_depth = r.depth;
    }
    return out;
}

const char* ScenePanel::kind(const SceneRow& r) {
    return r.skin >= 0 ? "skinned mesh" : r.mesh >= 0 ? "mesh" : r.joint_skin >= 0 ? "joint" : "node";
}

std::string ScenePanel::tooltip(const anim::Character& character, int row) const {
    if (row < 0 || static_cast<size_t>(row) >= rows.size()) return {};
    const SceneRow& r = rows[static_cast<size_t>(row)];
    std::string t = r.name + "\n" + kind(r) + ", node " + std::to_string(r.node);
    if (r.joint_skin >= 0)
        t += "\njoint " + std::to_string(r.joint) + " of " + skin_label(character, r.joint_skin);
    if (r.skin >= 0) t += "\ndrawn with " + skin_label(character, r.skin);
    if (r.children > 0) t += "\n" + std::to_string(r.children) + (r.children == 1 ? " child" : " children");
    return t;
}

int ScenePanel::selected_row() const {
    if (selection.joint < 0) return -1;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].joint_skin == selection.skin && rows[i].joint == selection.joint)
            return static_cast<int>(i);
    return -1;
}

}  // namespace sv::ui
