// The Notes tab's lines named by their finding codes (docs/findings.md), as `audit --json` names the
// same notes. ui holds plain values and links no file format, so it cannot classify a note (the code
// table is the loader's, anim/gltf/findings.h): the viewer fills the codes in after the panel is built.
#pragma once

#include "anim/character/character.h"
#include "ui/notes_panel.h"

namespace sv::viewer {

// The importer's notes by the code of their raw text (before the panel reprints its numbers); the
// mesh lines by their frame verdict (MESH_FRAME_CORRECTED, MESH_FRAME_CANNOT_FIX; none for a mesh
// already on its frame). Skin lines (the rung) have no code: audit states no finding for them.
void fill_note_codes(ui::NotesPanel& notes, const anim::Character& character);

}  // namespace sv::viewer
