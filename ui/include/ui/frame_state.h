// How a view is drawn, besides what poses it: the draw options, the camera, the background, the
// VRM look-at's target, the environment and the material variant. It is a member of the view's one
// runtime holder, ui::ViewerModel (`state`), beside the clocks and the pose the panels hold there,
// so the window's panels, the flags, a settings file, a suite entry and a sidecar write one value,
// and the draw, `bake` and a capture read it (issue 45).
//
// It used to be the session's own struct (viewer::FrameState), with the environment and the variant
// held by the session and its renderer besides: the window handed the session its model, but the
// draw half of the view stayed behind, and a new holder had to be remembered at every writer.
#pragma once

#include <glm/glm.hpp>
#include <string>

#include "anim/core/expected.h"
#include "render/camera.h"
#include "render/draw_options.h"

namespace sv::ui {

// What a VRM avatar's eyes follow (`--look-at`, the settings file's `look_at`).
struct LookTarget {
    enum class Mode { Off, Camera, Point };
    Mode mode = Mode::Off;
    glm::dvec3 point{0.0};  // world, metres (Mode::Point)
};
// The one parser of `--look-at` and the settings key `look_at`: "off" | "camera" | "x,y,z";
// anything else is an error naming --look-at.
Expected<LookTarget> parse_look_target(const std::string& text);
// What the parser reads back to the same target (the point with nine digits).
std::string format_look_target(const LookTarget& t);

struct FrameState {
    render::DrawOptions draw;
    render::OrbitCamera camera;
    // >= 0: the view is the file's camera of this index (`--camera file:N`), `camera` is unused.
    int file_camera = -1;
    glm::vec4 clear_color{0.11f, 0.12f, 0.14f, 1.0f};
    // Width over height of the picture the automatic camera frames for (render: --size; the
    // viewer: its 3D view). Framing for another aspect still shows everything when the picture is
    // wider, and cuts the sides when it is narrower.
    float frame_aspect = 4.0f / 3.0f;
    LookTarget look_at;  // VRM look-at; the viewer starts it on the camera
    // The equirectangular .hdr lighting the scene, as it was given ("": the procedural sky), and the
    // KHR_materials_variants variant drawn ("": the file's defaults). Loading an environment or
    // binding a variant's materials is GPU work that can fail, so these are written only by the
    // session's checked setters (SceneSession::use_environment, select_variant), which change the
    // renderer and this value together; the draw asserts the two agree.
    std::string environment;
    std::string variant;
};

}  // namespace sv::ui
