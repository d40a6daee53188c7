// The scene tree and the one joint selection every panel shares.
//
// The selection is a (skin, joint) pair rather than a node, because what the viewport highlights,
// the joints table lists and the palette decodes are joints of a skin; a node that is not a joint
// (a mesh node, an armature root) selects nothing, so no panel can be left pointing at a joint
// index that means something else in another skin.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "anim/character/character.h"

namespace sv::ui {

struct Selection {
    int skin = 0;
    int joint = -1;  // -1: none
};

struct SceneRow {
    int node = -1;
    int depth = 0;
    std::string name;
    int mesh = -1;        // the node's mesh, or -1
    int skin = -1;        // the skin the node draws with, or -1
    int joint_skin = -1;  // the first skin this node is a joint of, or -1
    int joint = -1;       // its joint index in that skin
    int parent_row = -1;  // the row of its parent node, or -1 for a root
    int children = 0;     // rows directly under it
};

struct ScenePanel {
    std::vector<SceneRow> rows;  // depth first, parents before children, roots in file order
    Selection selection;
    int selected_node = -1;  // the node of the last row clicked (any node, joint or not), or -1
    // Set when the selection changes from elsewhere (a click in the viewport or the joints table,
    // a settings file): the tree opens the row's ancestors and scrolls to it once, then clears it.
    int reveal_row = -1;
    // Set by rebuild: the tree's view goes back to its top for the new file (ImGui keeps a
    // child window's scroll by its id, which every file's tree shares).
    bool scroll_to_top = false;

    // Rebuilds the rows from the character's node graph and clears the selection.
    void rebuild(const anim::Character& character);
    // Selects the joint a node row stands for; a node that is no joint clears the joint (the skin
    // stays). Out-of-range rows are ignored.
    void select_row(int row);
    // Selects (skin, joint); -1 clears. Refuses (leaves the selection) a joint outside the skin.
    bool select_joint(const anim::Character& character, int skin, int joint);
    // The row of the selected joint, or -1.
    int selected_row() const;
    // Rows from the root down to `row`'s parent (empty for a root or an invalid row).
    std::vector<int> ancestors(int row) const;
    // The rows the tree shows, in order: every row but those inside a closed node; `open(row)`
    // says whether a row with children is open. The tree draws only the part of this list in view
    // (ImGui's clipper), so a skin of thousands of joints costs a screenful of rows a frame.
    std::vector<int> shown_rows(const std::function<bool(int row)>& open) const;
    // What a row is, for its tag: "skinned mesh", "mesh", "joint" or "node".
    static const char* kind(const SceneRow& row);
    // The hover text: the full name, its kind, node index and, for a joint, skin and index.
    std::string tooltip(const anim::Character& character, int row) const;
};

}  // namespace sv::ui
