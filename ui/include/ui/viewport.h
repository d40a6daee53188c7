// The viewport's geometry: where it sits among the panels, and the projection of world points to
// pixels and of pixel drags back into the world (for the IK handles).
#pragma once

#include <glm/glm.hpp>

namespace sv::ui {

// What a drag needs of the camera, as values: the viewer fills it from its orbit camera.
struct CameraView {
    glm::mat4 view{1.0f};
    glm::vec3 eye{0.0f};
    float fov_y_degrees = 40.0f;
};

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;  // top-left origin, pixels
    bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

// Where the panels go for a display of this size: a scene column on the left, an inspector on
// the right, the timeline under the viewport and a status line along the bottom. Widths are
// fractions of the display, clamped, so 1280x720 and 1920x1080 are both tidy without docking.
struct Layout {
    Rect left, right, timeline, status, viewport;
};
Layout compute_layout(float width, float height);

// The window size to open with: `want` scaled down (aspect kept) until it fits the monitor's work
// area with room for decorations; unchanged when it already fits or the area is unknown (0).
struct WindowSize {
    int w = 0, h = 0;
};
WindowSize fit_to_work_area(int want_w, int want_h, int work_w, int work_h);

// A world point to window pixels (top-left origin) through `view_proj` onto `viewport`. False
// when the point is behind the camera.
bool project_to_screen(const glm::mat4& view_proj, const Rect& viewport, const glm::vec3& world,
                       glm::vec2& out);
// Moves `point` by a mouse drag of (dx, dy) pixels in the plane facing the camera through it, so
// the handle stays under the cursor.
glm::dvec3 drag_in_view_plane(const CameraView& camera, const Rect& viewport, const glm::dvec3& point,
                              float dx, float dy);

}  // namespace sv::ui
