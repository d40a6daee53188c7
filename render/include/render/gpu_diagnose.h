// The GPU read-back held against the CPU reference: does the shader put every vertex where double
// precision says it belongs?
//
// The GPU side is the real skinning shader (transform feedback over every vertex, in the frame the
// view's correction selects: DrawOptions::correction). The CPU side is anim's reference skinner, in double,
// of the same rung, skinning with A_j and the skin's bind transform, never the file's mesh node: it is the
// right answer whatever the frame, so with the correction off the difference is the soup.
#pragma once

#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/core/expected.h"
#include "render/character_renderer.h"
#include "render/diagnose_figures.h"

namespace sv::render {

// The figures (the panel's part, render/diagnose_figures.h) and what only the renderer keeps.
struct DiagnoseResult : DiagnoseFigures {
    // Per skinned mesh, per primitive, per vertex: |gpu - cpu| (for the heat map).
    std::vector<std::vector<std::vector<float>>> vertex_errors;
    std::string summary() const;
};

// The character must be posed (palettes written and uploaded for `instance`). Every skinned mesh
// and primitive is checked, morph targets applied on both sides, and every static mesh (under its
// node's animated world, morphed); `rung_override` < 0 uses each skin's chosen rung.
Expected<DiagnoseResult> diagnose(CharacterRenderer& renderer, const anim::Character& character,
                                  const CharacterInstance& instance, const DrawOptions& options);

}  // namespace sv::render
