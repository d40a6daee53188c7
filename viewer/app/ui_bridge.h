// The glue between the panels' plain values (ui/) and the renderer's GL-facing objects (render/):
// ui sees no render type but the GL-free values (render/debug_view.h, render/diagnose_figures.h,
// render/draw_options.h, which it holds and edits as they are), so every other crossing is a copy
// here, in the one target that links both.
#pragma once

#include "anim/core/expected.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/gpu_diagnose.h"
#include "ui/diagnose_panel.h"
#include "ui/viewport.h"

namespace sv::viewer {

ui::CameraView camera_view(const render::OrbitCamera& camera);

}  // namespace sv::viewer
