// What each source of a view says about it, as a settings layer (ui/settings_layers.h): the flags a
// command line named, a suite entry's keys. The rule they are put together by is written there:
// explicit command-line flag > suite entry > settings file > defaults.
//
// A flag or entry key with no settings key (--fov, --springs, --file-lights, --weights,
// --error-heatmap, --view base|normals|roughness-metal, a suite entry's size, fov and
// sphere_camera) is not in a layer: nothing in a settings file can say otherwise, so the caller
// applies it after the file and it holds.
#pragma once

#include <set>
#include <string>

#include "anim/core/expected.h"
#include "commands.h"
#include "scene_flags_layer.h"
#include "suite_file.h"
#include "ui/settings_layers.h"

namespace sv::viewer {

// The shared scene options the command line named: scene_flags_layer (session/scene_flags_layer.h).
// render's: the scene flags and its own view flags (--exposure, --env-rotation, --key-light on|off,
// --grid, --background, --armature, --view).
Expected<ui::SettingsLayer> render_flags_layer(const RenderArgs& args);
// A suite entry's keys (its own and the suite's defaults), over its settings file.
ui::SettingsLayer suite_entry_layer(const SuiteEntry& entry);

// Two named flags that say one thing two ways (--bind with --clip or --time; --weights, --view and
// --error-heatmap, three choices of one picture) are refused rather than one silently dropped: the
// error names both.
Status refuse_conflicting_flags(const std::set<std::string>& given);

// bake and diagnose draw no picture: --camera and --fov move nothing there unless a VRM's eyes follow
// the camera (--look-at camera), or a settings file may say so (`settings_given`). Otherwise the flag
// is refused ("--camera: has no effect here (WHY; ...)") rather than silently changing nothing.
Status refuse_camera_without_look_at(const SceneOptions& o, bool settings_given, const std::string& why);

}  // namespace sv::viewer
