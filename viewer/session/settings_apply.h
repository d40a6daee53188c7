// Settings (ui/view.h) applied to a loaded character and read back from it. Kept apart
// from the window so the panel tests drive exactly what `--settings` and the Load button do.
#pragma once

#include "scene_session.h"
#include "ui/view.h"
#include "ui/viewer_model.h"

namespace sv::viewer {

ui::InspectorTab tab_from_name(const std::string& name);
const char* tab_name(ui::InspectorTab tab);

// The shortest decimal that reads back as `f` (0.3f is written 0.3, not 0.30000001192092896).
double decimal_of(float f);

// Applies every key. A key that cannot be honoured (a joint or clip the character lacks) leaves
// that part as it was and the others applied; the returned error names each such key.
// The model holds the whole view: its clocks and pose, and its draw half (model.state).
Status apply_settings(const ui::View& s, ui::ViewerModel& model, anim::Character& character);
// The whole view applied to a session: every key the model and the draw hold (apply_settings over
// the session's model), then the two the session itself holds, the environment (skipped when
// `environment` is false: the window's explicit --env wins over a file's) and the variant. The one
// place a view reaches a session: a headless settings file or sidecar, a suite entry, the window's
// --settings and its Load button (they were three copies, and a key added to one was missed in
// another). Every key is tried; the error names each that could not be honoured.
Status apply_view(const ui::View& view, SceneSession& session, bool environment = true);
// The settings that reproduce what is on screen now (the camera as an explicit orbit).
ui::View capture_settings(const ui::ViewerModel& model, const anim::Character& character);

}  // namespace sv::viewer
