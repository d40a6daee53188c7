// The words `render --view` and a suite entry's "view" take, and the debug view each names. One
// table, so a view added to the renderer is offered by both or by neither (a suite that could not
// ask for `all-weights` while `render` could was the bug this file closed).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/skinned_pass.h"

namespace sv::viewer {

// Every word, in the order help texts list them; "lit" first, the default.
const std::vector<std::string>& view_words();

// The debug view a word names; nullopt for a word outside view_words().
std::optional<render::DebugView> debug_view_named(const std::string& word);
// The word of a debug view; "lit" for a view no word names (the single joint's weights, the error
// heat map: the settings' `heatmap` says those).
std::string view_word(render::DebugView view);

}  // namespace sv::viewer
