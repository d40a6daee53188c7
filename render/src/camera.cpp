#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <glm/gtc/matrix_transform.hpp>
#include <vector>

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

bool looks_pinned(const std::string& text) { return std::count(text.begin(), text.end(), ',') == 5; }

sv::Expected<OrbitCamera> parse_pinned_camera(const std::string& text, const OrbitCamera& base) {
    static const char* const kFields[6] = {"yaw", "pitch", "distance", "tx", "ty", "tz"};
    const std::string form = "camera '" + text + "': expected yaw,pitch,distance,tx,ty,tz (degrees, metres)";
    const long n = std::count(text.begin(), text.end(), ',') + 1;
    if (n != 6) return sv::make_error(form + ": " + std::to_string(n) + " fields");
    std::vector<double> v;
    size_t start = 0;
    for (int i = 0; i < 6; ++i) {
        const size_t comma = text.find(',', start);
        const std::string field =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end = nullptr;
        const double x = std::strtod(field.c_str(), &end);
        if (field.empty() || end != field.c_str() + field.size() || !std::isfinite(x))
            return sv::make_error(form + ": " + kFields[i] + " '" + field + "' is not a finite number");
        v.push_back(x);
        start = comma + 1;
    }
    if (!(v[2] > 0.0)) return sv::make_error(form + ": distance must be > 0");
    if (!(std::abs(v[1]) < 90.0))
        return sv::make_error(form + ": pitch must lie strictly between -90 and 90 degrees");
    OrbitCamera c = base;
    c.yaw_degrees = static_cast<float>(v[0]);
    c.pitch_degrees = static_cast<float>(v[1]);
    c.distance = static_cast<float>(v[2]);
    c.target = glm::vec3(static_cast<float>(v[3]), static_cast<float>(v[4]), static_cast<float>(v[5]));
    return c;
}

std::string format_pinned_camera(const OrbitCamera& c) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", c.yaw_degrees, c.pitch_degrees,
                  c.distance, c.target.x, c.target.y, c.target.z);
    return buf;
}

glm::mat4 file_camera_view(const glm::dmat4& node_world) {
    glm::dmat4 rigid = node_world;
    for (int c = 0; c < 3; ++c) {
        const double len = glm::length(glm::dvec3(rigid[c]));
        if (len > 0.0) rigid[c] /= len;
    }
    return glm::mat4(glm::inverse(rigid));
}

glm::mat4 file_camera_projection(const anim::Camera& camera, float viewport_aspect) {
    const float aspect = viewport_aspect > 0.0f ? viewport_aspect : 1.0f;
    if (camera.orthographic) {
        const float y = camera.ymag, x = camera.ymag * aspect;
        return glm::ortho(-x, x, -y, y, camera.znear, camera.zfar);
    }
    if (camera.zfar > 0.0f) return glm::perspective(camera.yfov, aspect, camera.znear, camera.zfar);
    return glm::infinitePerspective(camera.yfov, aspect, camera.znear);
}

}  // namespace sv::render
