#include "ui/viewport.h"

#include <algorithm>
#include <cmath>

namespace sv::ui {

Layout compute_layout(float width, float height) {
    Layout l;
    const float status_h = 26.0f;
    const float timeline_h = std::clamp(height * 0.16f, 110.0f, 150.0f);
    // The columns keep readable minimums down to a 1100 px window; below it they shrink with the
    // window (their contents scroll) so the viewport keeps about half the width rather than vanish.
    const bool narrow = width < 1100.0f;
    // Whole pixels, so the columns and the viewport meet exactly (and the GL viewport matches).
    const float left_w = std::floor(narrow ? width * 0.22f : std::clamp(width * 0.22f, 240.0f, 420.0f));
    // 0.34: at 1280 px the eight inspector tabs fit side by side (their labels are 393 px).
    const float right_w = std::floor(narrow ? width * 0.30f : std::clamp(width * 0.34f, 360.0f, 600.0f));
    const float body_h = std::max(height - status_h, 0.0f);
    l.status = {0.0f, body_h, width, status_h};
    l.left = {0.0f, 0.0f, left_w, body_h};
    l.right = {std::max(width - right_w, left_w), 0.0f, right_w, body_h};
    const float mid_w = std::max(l.right.x - left_w, 0.0f);
    l.timeline = {left_w, std::max(body_h - timeline_h, 0.0f), mid_w, timeline_h};
    l.viewport = {left_w, 0.0f, mid_w, std::max(body_h - timeline_h, 0.0f)};
    return l;
}

WindowSize fit_to_work_area(int want_w, int want_h, int work_w, int work_h) {
    if (want_w <= 0 || want_h <= 0 || work_w <= 0 || work_h <= 0) return {want_w, want_h};
    // 92%: room for the title bar and borders the work area does not count.
    const double s = std::min({1.0, 0.92 * work_w / want_w, 0.92 * work_h / want_h});
    return {std::max(1, static_cast<int>(want_w * s)), std::max(1, static_cast<int>(want_h * s))};
}

bool project_to_screen(const glm::mat4& view_proj, const Rect& vp, const glm::vec3& world, glm::vec2& out) {
    const glm::vec4 clip = view_proj * glm::vec4(world, 1.0f);
    if (clip.w <= 0.0f) return false;
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    out.x = vp.x + (ndc.x * 0.5f + 0.5f) * vp.w;
    out.y = vp.y + (1.0f - (ndc.y * 0.5f + 0.5f)) * vp.h;
    return true;
}

glm::dvec3 drag_in_view_plane(const CameraView& camera, const Rect& vp, const glm::dvec3& point, float dx,
                              float dy) {
    const glm::dmat4 view(camera.view);
    const glm::dvec3 right(view[0][0], view[1][0], view[2][0]);
    const glm::dvec3 up(view[0][1], view[1][1], view[2][1]);
    const glm::dvec3 back(view[0][2], view[1][2], view[2][2]);
    const double depth = glm::dot(point - glm::dvec3(camera.eye), -back);
    if (depth <= 0.0 || vp.h <= 0.0f) return point;
    const double per_pixel = 2.0 * depth *
                             std::tan(glm::radians(static_cast<double>(camera.fov_y_degrees)) * 0.5) /
                             static_cast<double>(vp.h);
    return point + right * (static_cast<double>(dx) * per_pixel) - up * (static_cast<double>(dy) * per_pixel);
}

}  // namespace sv::ui
