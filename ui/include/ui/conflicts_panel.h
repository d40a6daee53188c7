// The scale conflicts panel: every channel that scales part of a skin, flattened across skins and
// clips, with the rung that channel alone would need.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/skin_frame/skinning_rung.h"

namespace sv::ui {

struct ConflictRow {
    int skin = -1;
    std::string skin_name;
    int clip = -1;
    std::string clip_name;
    anim::ScaleConflict conflict;
    anim::SkinningRung rung_needed = anim::SkinningRung::RigidDqs;
};

struct ConflictsPanel {
    std::vector<ConflictRow> rows;
    void rebuild(const anim::Character& character);
    // One line: "none: no clip scales part of a skin" or "N conflicting channel(s)".
    std::string summary() const;
};

}  // namespace sv::ui
