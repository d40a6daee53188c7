#include "ui/overlay_place.h"

#include <algorithm>
#include <cmath>

namespace sv::ui {

namespace {
// The distance from `p` to the nearest point of `r` (0 inside).
float distance_to(const Rect& r, const glm::vec2& p) {
    const float dx = std::max({r.x - p.x, 0.0f, p.x - (r.x + r.w)});
    const float dy = std::max({r.y - p.y, 0.0f, p.y - (r.y + r.h)});
    return std::sqrt(dx * dx + dy * dy);
}
}  // namespace

bool overlaps(const Rect& a, const Rect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

Rect place_in_corner(const Rect& view, float w, float h, float inset, const glm::vec2* avoid,
                     float keep_clear) {
    w = std::min(w, std::max(view.w - 2.0f * inset, 0.0f));
    h = std::min(h, std::max(view.h - 2.0f * inset, 0.0f));
    const float left = view.x + inset, right = view.x + view.w - inset - w;
    const float top = view.y + inset, bottom = view.y + view.h - inset - h;
    const Rect corners[4] = {
        {right, top, w, h}, {left, top, w, h}, {right, bottom, w, h}, {left, bottom, w, h}};
    if (!avoid) return corners[0];
    const Rect* best = &corners[0];
    float best_d = -1.0f;
    for (const Rect& r : corners) {
        const float d = distance_to(r, *avoid);
        if (d >= keep_clear) return r;
        if (d > best_d) best_d = d, best = &r;
    }
    return *best;
}

Rect place_joint_label(const Rect& view, const glm::vec2& at, float w, float h, float gap) {
    Rect r{at.x + gap, at.y - h * 0.5f - gap, w, h};
    if (r.x + r.w > view.x + view.w) r.x = at.x - gap - w;
    r.x = std::max(r.x, view.x);
    r.y = std::clamp(r.y, view.y, std::max(view.y, view.y + view.h - h));
    return r;
}

}  // namespace sv::ui
