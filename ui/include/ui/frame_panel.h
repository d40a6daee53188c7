// The skinning frame panel's logic: the correction switch and the lines it shows per skinned mesh.
#pragma once

#include <string>
#include <vector>

#include "anim/scene/character.h"

namespace sv::ui {

struct FramePanel {
    // Flips the correction; returns the new state. The mesh frame each skinned mesh is drawn in
    // follows at once (Character::mesh_frame), with no reload and no palette change.
    static bool toggle_correction(anim::Character& character);
    // "Corrected: ..." style one-liner: verdict, defect as given -> on the skin frame.
    static std::string verdict_line(const anim::SkinnedMeshNode& mesh);
    // The skin's rung and the reason it was chosen.
    static std::string rung_line(const anim::CharacterSkin& skin);
    // What the correction switch changes, for the status line: with it off and a mesh whose folded
    // scale is far from 1, "correction off: mesh 'Body' drawn 100x too large: press C"; with it on
    // and a mesh it moved, "correction on: mesh 'Body' moved onto its skin frame (C: as given)";
    // empty when the switch changes nothing. A mesh the correction cannot fix (a mirrored joint,
    // a singular frame) is named first, whatever the switch: "correction on: mesh 'Arm' cannot be
    // fixed: <the Frame tab's reason>", since no press of C draws it right.
    static std::string correction_hint(const anim::Character& character);
    // The same message longest first, down to what is wrong and the key ("drawn 100x too large:
    // press C"), for a status line too narrow for the whole of it; empty when there is none.
    static std::vector<std::string> correction_hint_forms(const anim::Character& character);

    // What the hint's colour says: the switch's state, or that a mesh cannot be fixed (the Frame
    // tab's red, never the green of a correction that worked).
    enum class HintTone { Off, On, CannotFix };
    static HintTone hint_tone(const anim::Character& character);
    // The first skinned mesh whose frame the correction cannot fix, or null.
    static const anim::SkinnedMeshNode* unfixable_mesh(const anim::Character& character);
};

}  // namespace sv::ui
