// What the panels edit of how the scene is drawn, as plain values. The viewer copies it from the
// renderer's options before the panels run and back after (viewer/app/ui_bridge.h), so ui needs
// nothing of render/ but its GL-free values: the view is the renderer's own render::DebugView
// (render/debug_view.h), not a second enum that had to list the same views in the same meaning.
#pragma once

#include <glm/glm.hpp>

#include "anim/skin_frame/skinning_rung.h"
#include "render/debug_view.h"

namespace sv::ui {

struct LightingControls {
    float exposure = 1.0f;                  // linear multiplier before tone mapping
    float environment_rotation_deg = 0.0f;  // about +Y
    float environment_intensity = 1.0f;
    bool environment_background = false;  // the environment drawn behind the model
    float environment_blur = 0.0f;        // its roughness there, 0..1
    bool key_light = true;
    glm::vec3 key_direction{0.0f, 1.0f, 0.0f};  // carried through unchanged (no control edits it)
    float key_intensity = 2.0f;
    bool file_lights = true;       // KHR_lights_punctual: the file's own lights
    bool has_file_lights = false;  // shown only when the file has any (set by the viewer)
};

struct DrawControls {
    // The skinning-frame correction switch (the Frame tab's checkbox, the C key): the view's, which
    // the viewer hands every draw (render::DrawOptions::correction).
    bool correction = true;
    bool auto_rung = true;
    anim::SkinningRung rung = anim::SkinningRung::RigidDqs;
    render::DebugView view = render::DebugView::Lit;
    int selected_skin = 0;
    int selected_joint = -1;
    bool draw_joint_axes = false;
    bool draw_grid = true;
    LightingControls lighting;
    // The file's cameras (`--camera file:N`): -1 the orbit camera, else the one looked through.
    // Only cameras a node places are offered; `file_camera_count` is how many the file has.
    int file_camera = -1;
    int file_camera_count = 0;
};

}  // namespace sv::ui
