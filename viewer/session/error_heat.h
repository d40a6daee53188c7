// The error heat map ("heatmap": "error", `render --error-heatmap`) of a headless session: the GPU
// read-back against the CPU reference at the pose as it stands, each vertex's error handed to the
// renderer, and the scale the window's Diagnose tab picks by itself. One function for `render` and
// a suite entry, and the same measurement and scale as the window (viewer_frame.cpp), so a saved
// view with the heat map draws one picture in all three. (`render` used to scale to 1% of the body
// and a suite entry measured nothing, drawing every vertex as error-free.)
#pragma once

#include "anim/core/expected.h"
#include "render/gpu_diagnose.h"
#include "scene_session.h"

namespace sv::viewer {

// The session must be posed (SceneSession::pose). Sets the draw options' view to the heat map and
// its scale; the result is for the caller to print.
Expected<render::DiagnoseResult> apply_error_heat(SceneSession& session);

}  // namespace sv::viewer
