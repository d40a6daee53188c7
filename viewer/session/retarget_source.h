// Reading the Graph panel's retarget source: the panels read no file (ui links no glTF reader), so
// the viewer loads the second character here and hands it to the panel.
#pragma once

#include <string>

#include "anim/character/character.h"
#include "anim/core/expected.h"
#include "ui/graph_panel.h"

namespace sv::viewer {

// Loads `path` and makes it the panel's retarget source onto `target`'s skin `skin`. The error
// names the file; on failure the panel keeps its previous source.
Status load_retarget_source(ui::GraphPanel& graph, const std::string& path, const anim::Character& target,
                            int skin);

// Serves the Graph tab's Load (a LoadRetargetSource action): loads `path`, records the error in the
// panel or switches it to Retarget.
void serve_retarget_load(ui::GraphPanel& graph, const anim::Character& target, const std::string& path);

}  // namespace sv::viewer
