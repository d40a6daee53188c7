#include "sphere_framing.h"

#include <cmath>
#include <glm/glm.hpp>

#include "scene_session.h"

namespace sv::viewer {

void frame_on_sphere(SceneSession& session, const SphereCamera& view) {
    render::OrbitCamera& cam = session.state().camera;
    const anim::Aabb b = session.character().drawn_bounds(session.state().draw.correction);
    if (b.empty()) return;
    cam.target = glm::vec3((b.min + b.max) * 0.5);
    // The float arithmetic of the goldens' own framing, step for step: the distance rounded to float
    // before the zoom, so the suite and the remaining gtests draw the same bits.
    cam.distance = static_cast<float>(glm::length(b.max - b.min) * 0.5 * 1.1 /
                                      std::sin(glm::radians(cam.fov_y_degrees) * 0.5));
    cam.distance *= view.zoom;
    cam.yaw_degrees = view.yaw_degrees;
    cam.pitch_degrees = view.pitch_degrees;
}

}  // namespace sv::viewer
