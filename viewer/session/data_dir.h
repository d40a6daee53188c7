// Where skinview finds its data (the built-in characters) at run time: relative to the executable,
// so an installed tree works wherever it is moved, and never the source tree.
#pragma once

#include <string>

namespace sv::viewer {

// SKINVIEW_DATA_DIR when set (and non-empty); else <directory of the executable>/../share/skinview,
// which is the installed layout (bin/skinview, share/skinview/) and the build tree's too (the
// build copies assets/ to <build>/share/skinview beside <build>/viewer/skinview).
std::string data_dir();

// The built-in character the viewer opens with no file: humanoid.glb in data_dir() (the
// installed share/skinview, or the build tree's copy of assets/).
std::string default_asset_path();

}  // namespace sv::viewer
