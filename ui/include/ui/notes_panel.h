// The Notes tab: what `skinview audit` prints about the file, in the viewer. The importer's notes
// (renormalised weights, ignored morph targets, the validator's skin warnings) come first, then one
// line per skin (its rung and why) and per skinned mesh (its frame verdict), so what the audit says
// and what the viewer says cannot drift apart.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"

namespace sv::ui {

struct NoteLine {
    enum class Kind { Import, Skin, Mesh } kind = Kind::Import;
    std::string text;
    bool warn = false;  // a mesh that could not be fixed, a rung the report had to raise
    // The finding's code (docs/findings.md), as audit's JSON gives it; filled by the viewer
    // (viewer/session/note_codes.h). Empty: none (a skin's rung line).
    std::string code;
};

struct NotesPanel {
    std::vector<NoteLine> lines;
    int import_notes = 0;  // how many lines are the importer's own

    void rebuild(const anim::Character& character);
};

}  // namespace sv::ui
