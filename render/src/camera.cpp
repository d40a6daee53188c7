#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace sv::render {

glm::vec3 OrbitCamera::eye() const {
    const float yaw = glm::radians(yaw_degrees);
    const float pitch = glm::radians(pitch_degrees);
    const glm::vec3 dir(std::sin(yaw) * std::cos(pitch), std::sin(pitch), std::cos(yaw) * std::cos(pitch));
    return target + dir * distance;
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0.0f, 1.0f, 0.0f)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
    return glm::perspective(glm::radians(fov_y_degrees), aspect, near_plane(), far_plane());
}

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi) {
    // Snapped: the radius up to two significant digits, the target to a tenth of that step. Two
    // encodings of one character (plain and Draco, float and quantized) have bounds a few 1e-5
    // apart; a camera that followed them exactly would move every edge by a fraction of a pixel
    // and their renders would differ where nothing did. Costs at most 10% of margin.
    const float raw = std::max(glm::length(hi - lo) * 0.5f, 1e-4f);
    const float step = std::pow(10.0f, std::floor(std::log10(raw)) - 1.0f);
    const float radius = std::ceil(raw / step - 1e-4f) * step;
    target = glm::round((lo + hi) * 0.5f / (0.1f * step)) * (0.1f * step);
    // The sphere around the box fits the vertical field of view with 10% to spare.
    distance = radius * 1.1f / std::sin(glm::radians(fov_y_degrees) * 0.5f);
}

}  // namespace sv::render
