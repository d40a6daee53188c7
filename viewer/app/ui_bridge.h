// The glue between the panels' plain values (ui/) and the renderer's GL-facing objects (render/):
// ui never sees a render type, so every crossing is a copy here, in the one target that links both.
#pragma once

#include "anim/core/expected.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/gpu_diagnose.h"
#include "ui/diagnose_panel.h"
#include "ui/draw_controls.h"
#include "ui/viewport.h"

namespace sv::viewer {

ui::MaterialView to_ui(render::DebugView v);
render::DebugView to_render(ui::MaterialView v);

// What the panels may edit, copied out of the draw options, and written back after they ran.
ui::DrawControls to_controls(const render::DrawOptions& draw);
void apply_controls(const ui::DrawControls& controls, render::DrawOptions& draw);

// The figures the diagnose panel shows (the per-vertex errors stay with the caller).
ui::DiagnoseSummary summarize(const render::DiagnoseResult& r);
Expected<ui::DiagnoseSummary> summarize(const Expected<render::DiagnoseResult>& r);

ui::CameraView camera_view(const render::OrbitCamera& camera);

}  // namespace sv::viewer
