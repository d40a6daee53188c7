// An orbit camera: a target, a distance, yaw and pitch. Plain data; the matrices are derived.
#pragma once

#include <glm/glm.hpp>
#include <string>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"

namespace sv::render {

struct OrbitCamera {
    glm::vec3 target{0.0f, 1.0f, 0.0f};
    float distance = 3.0f;
    float yaw_degrees = 0.0f;     // 0 looks along -Z (the camera sits on +Z)
    float pitch_degrees = 10.0f;  // positive looks down on the target
    float fov_y_degrees = 40.0f;

    glm::vec3 eye() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;

    // Places the camera so a box of these bounds fills the view at the current yaw, pitch and
    // field of view: the closest camera on this view direction that keeps all eight corners within
    // kFrameFill of the half-frame, both ways, in a viewport of width/height `aspect` (1: a square,
    // which also fits any wider one). Exact under perspective (the near corners project larger),
    // and continuous in the bounds: a 0.1% change of the box moves the view by about 0.1%, never
    // by a step, so two encodings of one character whose bounds differ by 1e-5 are framed 1e-5
    // apart (sub-pixel; the one-pixel shift tolerance and the sidecars' pinned cameras take the
    // rest). What it costs: a box corner is outside the character itself, so the drawn height is a
    // little under kFrameFill (pitch 12: about 0.8 of the frame for a person standing still). The target is
    // the point on the view axis at the box centre's depth, so orbiting turns about the middle of it. Near
    // and far follow the distance, so a character of 2 cm and one of 200 m are both framed without
    // depth-buffer trouble.
    void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect = 1.0f);
    static constexpr float kFrameFill = 0.95f;
    float near_plane() const { return distance * 0.01f; }
    float far_plane() const { return distance * 100.0f; }
};

// The pinned form, "yaw,pitch,distance,tx,ty,tz": degrees, metres and the target point, +Y up,
// eye = target + distance x (sin yaw cos pitch, sin pitch, cos yaw cos pitch), so yaw 0 looks along
// -Z from +Z and pitch > 0 looks from above. One string is one view everywhere: `--camera`, the
// settings file, the sidecars, the viewer's copy button and the Khronos renderer harness. Parsing
// refuses anything but six finite numbers with distance > 0 and |pitch| < 90 (at the pole the
// view's up vector is undefined), naming the field; the field of view is kept from `base`.
sv::Expected<OrbitCamera> parse_pinned_camera(const std::string& text,
                                              const OrbitCamera& base = OrbitCamera{});
// Nine significant digits: parse_pinned_camera(format_pinned_camera(c)) == c for every float.
std::string format_pinned_camera(const OrbitCamera& camera);
// True when `text` has the pinned form's shape (five commas), so a caller can tell it from the
// framed presets (auto, front, ...) before parsing.
bool looks_pinned(const std::string& text);

// A camera the file defines (`--camera file:N`), seen from its node's world now (so an animated
// camera node moves it): the view looks down the node's -Z with its +Y up, the node's scale
// removed (glTF: a camera's node transform is rigid; a scaled one would otherwise skew the view).
// Perspective takes yfov and the viewport's aspect (the file's aspectRatio is not used: the picture
// is never stretched, and a viewport of the file's aspect shows exactly its view), an infinite far
// plane when zfar is absent; orthographic keeps ymag and takes x from the viewport's aspect for the
// same reason (xmag is used only through ymag * aspect). What would make it wrong: a reference that
// letterboxes to aspectRatio instead.
glm::mat4 file_camera_view(const glm::dmat4& node_world);
glm::mat4 file_camera_projection(const anim::Camera& camera, float viewport_aspect);

}  // namespace sv::render
