// The glue between the panels' plain values (ui/) and the renderer's GL-facing objects (render/):
// ui sees no render type but the GL-free values (render/debug_view.h, render/diagnose_figures.h,
// which it holds as they are), so every other crossing is a copy here, in the one target that links
// both.
#pragma once

#include "anim/core/expected.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/gpu_diagnose.h"
#include "ui/diagnose_panel.h"
#include "ui/draw_controls.h"
#include "ui/viewport.h"

namespace sv::viewer {

// What the panels may edit, copied out of the draw options, and written back after they ran.
ui::DrawControls to_controls(const render::DrawOptions& draw);
void apply_controls(const ui::DrawControls& controls, render::DrawOptions& draw);

ui::CameraView camera_view(const render::OrbitCamera& camera);

}  // namespace sv::viewer
