// The viewer's settings file applied to a headless session (`render --settings`, `bake --settings`,
// a suite entry's "settings"): the same apply_view the Load button runs, over the session's model,
// after the command line's flags and the suite entry's keys are put over the file
// (ui/settings_layers.h: explicit flag > suite entry > settings file > defaults).
#pragma once

#include <initializer_list>
#include <string>

#include "anim/core/expected.h"
#include "scene_session.h"
#include "ui/settings_layers.h"
#include "ui/view.h"

namespace sv::viewer {

struct HeadlessSettings {
    bool error_heatmap = false;  // "heatmap": "error" needs the GPU read-back, which the caller runs
};

// Refused whole when any key cannot be honoured (a joint or clip the character lacks): a headless
// render of part of a view would make a golden of something nobody looked at. The error names the
// file and the keys. The view's `environment` lights the session (the procedural sky when empty; a
// flag layer's --env is that key).
Expected<HeadlessSettings> apply_settings_file(const std::string& path, SceneSession& session,
                                               std::initializer_list<const ui::SettingsLayer*> layers = {});
// A view already resolved; `label` names its source in errors.
Expected<HeadlessSettings> apply_view_settings(const ui::View& view, const std::string& label,
                                               SceneSession& session);

// The view a headless session draws now, as a settings value: its model's clocks, graph, IK, spring
// chain, pose edits and expressions with the session's draw options, camera (as an explicit orbit),
// environment and variant. What `--sidecar` writes beside a golden, so `--ref` redraws the
// whole view and not only its camera. What no key holds (the field of view,
// --file-lights) is not in it: the sidecar keeps the field of view beside it.
ui::View capture_view(SceneSession& session);

}  // namespace sv::viewer
