// The viewer's settings file applied to a headless session (`render --settings`, a suite entry's
// "settings"): the same apply_settings the Load button runs, over a panel model nobody draws.
#pragma once

#include <string>

#include "anim/core/expected.h"
#include "scene_session.h"

namespace sv::viewer {

struct HeadlessSettings {
    bool error_heatmap = false;  // "heatmap": "error" needs the GPU read-back, which the caller runs
};

// Refused whole when any key cannot be honoured (a joint or clip the character lacks): a headless
// render of part of a view would make a golden of something nobody looked at. The error names the
// file and the keys. Its `environment` lights the session (the procedural sky when empty) unless
// `keep_environment`: an explicit --env wins over the file, as an explicit --camera does.
Expected<HeadlessSettings> apply_settings_file(const std::string& path, SceneSession& session,
                                               bool keep_environment = false);

}  // namespace sv::viewer
