// Reading the Graph panel's retarget source: the panels read no file (ui links no glTF reader), so
// the viewer loads the second character here and hands it to the panel.
#pragma once

#include <string>

#include "anim/core/expected.h"
#include "anim/scene/character.h"
#include "ui/graph_panel.h"

namespace sv::viewer {

// Loads `path` and makes it the panel's retarget source onto `target`'s skin `skin`. The error
// names the file; on failure the panel keeps its previous source.
Status load_retarget_source(ui::GraphPanel& graph, const std::string& path, const anim::Character& target,
                            int skin);

// Serves a Load press (graph.source_request): loads, records the error or switches to Retarget,
// and clears the request. Does nothing when there is none.
void serve_retarget_request(ui::GraphPanel& graph, const anim::Character& target);

}  // namespace sv::viewer
