// `--expression NAME=WEIGHT`, read in one place: the session's own options and the settings layer
// the same flag becomes over a `--settings` file both take it through here, so a value one accepts
// the other cannot refuse (they used to differ: 2 passed without a settings file, failed with one).
#pragma once

#include <string>
#include <utility>

#include "anim/core/expected.h"

namespace sv::viewer {

// NAME=WEIGHT with NAME not empty and WEIGHT a number from 0 to 1 (VRM's expression weights are
// clamped to that range by the specification, so a value outside it is a typo, not a request).
Expected<std::pair<std::string, double>> parse_expression_flag(const std::string& text);

}  // namespace sv::viewer
