// The morph weights of one mesh node, live: what the current clip time (or the node's and mesh's
// defaults) sets each target to, so a user can see which target an expression or a corrective
// shape is driven by.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"

namespace sv::ui {

struct MorphPanel {
    int node = -1;               // the mesh node shown; -1 when no node draws morph targets
    std::string title;           // "node 1 'Cube': 2 morph targets"
    std::vector<float> weights;  // as drawn this frame

    // Shows `preferred_node` when it draws morph targets, else the first node that does (a file's
    // morphs are visible without hunting for the node), else nothing. Called once a frame after
    // the pose.
    void refresh(const anim::Character& character, int preferred_node);
};

}  // namespace sv::ui
