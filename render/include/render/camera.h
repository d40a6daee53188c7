// An orbit camera: a target, a distance, yaw and pitch. Plain data; the matrices are derived.
#pragma once

#include <glm/glm.hpp>

namespace sv::render {

struct OrbitCamera {
    glm::vec3 target{0.0f, 1.0f, 0.0f};
    float distance = 3.0f;
    float yaw_degrees = 0.0f;    // 0 looks along -Z (the camera sits on +Z)
    float pitch_degrees = 10.0f;  // positive looks down on the target
    float fov_y_degrees = 40.0f;

    glm::vec3 eye() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;

    // Places the camera so a box of these bounds fills the view at the current yaw and pitch, with
    // a margin. Near and far follow the distance, so a character of 2 cm and one of 200 m are
    // both framed without depth-buffer trouble.
    void frame(const glm::vec3& lo, const glm::vec3& hi);
    float near_plane() const { return distance * 0.01f; }
    float far_plane() const { return distance * 100.0f; }
};

}  // namespace sv::render
