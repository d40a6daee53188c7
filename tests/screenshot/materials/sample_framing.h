// The framing the material sample boards' zooms were tuned on (before #24's box-corner framing):
// the bounding sphere of the drawn box, 10% margin, no rounding. Kept for these boards so each
// keeps the view its zoom was chosen for; the characters' goldens use the automatic camera.
#pragma once

#include <glm/glm.hpp>

#include <cmath>

#include "scene_session.h"

namespace sv::viewer {

inline void frame_on_sphere(SceneSession& session) {
    render::OrbitCamera& cam = session.state().camera;
    anim::Aabb b = session.character().drawn_bounds();
    if (b.empty()) return;
    cam.target = glm::vec3((b.min + b.max) * 0.5);
    cam.distance = static_cast<float>(glm::length(b.max - b.min) * 0.5 * 1.1 /
                                      std::sin(glm::radians(cam.fov_y_degrees) * 0.5));
}

}  // namespace sv::viewer
