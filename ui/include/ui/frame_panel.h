// The skinning frame panel's logic: the correction switch and the lines it shows per skinned mesh.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"

namespace sv::ui {

struct FramePanel {
    // Flips the view's correction; returns the new state. The mesh frame each skinned mesh is drawn
    // in follows at the next draw (Character::mesh_frame), with no reload and no palette change.
    static bool toggle_correction(bool& correction);
    // "Corrected: ..." style one-liner: verdict, defect as given -> on the skin frame. With the
    // correction off (`correction_on` false) a mesh it would move is "not corrected (correction
    // off)", not "corrected": the verdict is what the switch would do, not what is drawn.
    static std::string verdict_line(const anim::SkinnedMeshNode& mesh, bool correction_on = true);
    // The Frame tab's "reason:" line for a mesh, true under the switch: with the correction on, what
    // it did ("mesh node 'Body' moved onto the skin frame of 'S', absorbing 99 of non-rigidity");
    // with it off, that nothing was moved and what C would do ("correction off: mesh node 'Body'
    // is drawn in the file's frame, nothing moved; C would move it onto ..."). Built from the
    // report's values, every number by the three-significant-digit rule: the runtime's own
    // sentence (MeshFrameReport::reason) says "moved" whatever the switch, and prints %.6g.
    // A refusal keeps the runtime's sentence, its numbers reprinted (with_numbers_formatted).
    static std::string reason_line(const anim::SkinnedMeshNode& mesh, bool correction_on);
    // The skin's rung and the reason it was chosen (numbers by the three-digit rule).
    static std::string rung_line(const anim::CharacterSkin& skin);
    // How large the skinned meshes are drawn with the correction off, over their size with it on:
    // the diagonals of Character::drawn_bounds both ways at the current pose (`forced`: the rung
    // drawn, null the report's). Measured, not read from the folded scale: whether the fold makes
    // the mesh larger or smaller depends on the rung (a dual quaternion drops the fold's scale
    // and keeps the mesh node's; a linear blend carries both), and Xbot's 100x fold draws it 100x
    // too small. 0 when either box is empty.
    static double measure_drawn_scale(const anim::Character& character,
                                      const anim::SkinningRung* forced = nullptr);
    // What the correction switch changes, for the status line: with it off and the meshes drawn
    // far from their size (`drawn_scale`, measure_drawn_scale's; 0: not measured), "correction
    // off: mesh 'Body' drawn 100x too small: press C"; with it on and a mesh it moved,
    // "correction on: mesh 'Body' moved onto its skin frame (C: as given)"; empty when the switch
    // changes nothing. A mesh the correction cannot fix (a mirrored joint, a singular frame) is
    // named first, whatever the switch: "correction on: mesh 'Arm' cannot be fixed: <the Frame
    // tab's reason>", since no press of C draws it right. Not measured, a folded mesh is "drawn
    // in the file's frame (folded 100x)", which claims no direction.
    static std::string correction_hint(const anim::Character& character, bool correction,
                                       double drawn_scale = 0.0);
    // The same message longest first, down to what is wrong and the key ("drawn 100x too small:
    // press C"), for a status line too narrow for the whole of it; empty when there is none.
    static std::vector<std::string> correction_hint_forms(const anim::Character& character, bool correction,
                                                          double drawn_scale = 0.0);

    // What the hint's colour says: the switch's state, or that a mesh cannot be fixed (the Frame
    // tab's red, never the green of a correction that worked).
    enum class HintTone { Off, On, CannotFix };
    static HintTone hint_tone(const anim::Character& character, bool correction);
    // The first skinned mesh whose frame the correction cannot fix, or null.
    static const anim::SkinnedMeshNode* unfixable_mesh(const anim::Character& character);
};

}  // namespace sv::ui
