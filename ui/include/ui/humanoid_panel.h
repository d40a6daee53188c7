// The Humanoid tab: a VRM avatar's humanoid map as the file states it (bone name to node), the
// bones its version requires and lacks flagged, and which skin joint each mapped node is, so a row
// selects the joint it names. Plain state; the drawing is humanoid_panel_draw.cpp.
#pragma once

#include <string>
#include <vector>

#include "anim/avatar/humanoid_map.h"
#include "anim/character/character.h"

namespace sv::ui {

struct HumanoidPanelRow {
    anim::HumanoidBoneRow entry;
    std::string node_name;      // the mapped node's name, "" when unmapped
    int skin = -1, joint = -1;  // the first skin listing that node as a joint; -1: none does
};

struct HumanoidPanel {
    bool vrm = false;     // the file is a VRM avatar (the tab is shown only then)
    std::string summary;  // "VRM 1.0: 17 of 55 bones mapped; every required bone present"
    std::vector<HumanoidPanelRow> rows;
    bool only_mapped = false;  // hide unmapped optional bones (required and flagged rows stay)
    // Per skin, per joint: the humanoid bone the map names for it, "" where none (the joint table
    // and picking read this).
    std::vector<std::vector<std::string>> joint_bones;

    void rebuild(const anim::Character& character);
    std::vector<int> visible() const;
    // The bone of a skin's joint, or "" (out of range included).
    const std::string& bone_of(int skin, int joint) const;
    // The (skin, joint) the map puts under `bone`; false when no mapped joint has it.
    bool joint_of(const std::string& bone, int& skin, int& joint) const;
};

}  // namespace sv::ui
