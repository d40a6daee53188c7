// The shared scene options a command line named, as a settings layer (ui/settings_layers.h: explicit
// flag > suite entry > settings file > defaults). Here, not with the verbs' own layers
// (commands/view_layers.h), because the window opens a file with the same flags over a settings file.
#pragma once

#include <set>
#include <string>

#include "anim/core/expected.h"
#include "scene_options.h"
#include "ui/settings_layers.h"

namespace sv::viewer {

// `with_pose` false leaves out --clip, --time and --bind (bake --retarget: they name the source's
// clip, not FILE's).
Expected<ui::SettingsLayer> scene_flags_layer(const SceneOptions& options, bool with_pose = true);

}  // namespace sv::viewer
