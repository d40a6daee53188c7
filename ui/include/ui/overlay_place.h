// Where the viewport's overlays go (the heat map's legend, the selected joint's name): inside the
// 3D view, never under the inspector or the scene panel (they are drawn on ImGui's background list,
// under every window, so whatever crossed the view's edge was hidden), and off the joint they
// describe. Plain rectangles; the drawing is heat_legend_draw.cpp and the viewer's picking.
#pragma once

#include <glm/glm.hpp>

#include "ui/viewport.h"

namespace sv::ui {

// Whether two rectangles share any area.
bool overlaps(const Rect& a, const Rect& b);

// A `w` x `h` box in a corner of `view`, `inset` pixels in: top-right, then top-left, bottom-right,
// bottom-left, the first that keeps `keep_clear` pixels between it and `avoid` (when given). The
// weights legend sat in the top-right corner on the forearm whose weights it described. With no
// corner clear, the one whose box lies farthest from `avoid`. A box wider or taller than the view
// is shrunk to it (the drawing clips what it holds).
Rect place_in_corner(const Rect& view, float w, float h, float inset, const glm::vec2* avoid,
                     float keep_clear);

// A joint's name beside its marker at `at`: to the right and a line up, or to the left when it
// would cross the view's right edge, pulled inside the view where it would cross the others. The
// name of a joint near the inspector ran on under it.
Rect place_joint_label(const Rect& view, const glm::vec2& at, float w, float h, float gap);

}  // namespace sv::ui
