// The skinning frame panel's logic: the correction switch and the lines it shows per skinned mesh.
#pragma once

#include <string>

#include "anim/character.h"

namespace sv::ui {

struct FramePanel {
    // Flips the correction; returns the new state. The mesh frame each skinned mesh is drawn in
    // follows at once (Character::mesh_frame), with no reload and no palette change.
    static bool toggle_correction(anim::Character& character);
    // "Corrected: ..." style one-liner: verdict, defect as given -> on the skin frame.
    static std::string verdict_line(const anim::SkinnedMeshNode& mesh);
    // The skin's rung and the reason it was chosen.
    static std::string rung_line(const anim::CharacterSkin& skin);
};

}  // namespace sv::ui
