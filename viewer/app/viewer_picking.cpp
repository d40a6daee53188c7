// The 3D view's mouse: IK handle drags, orbit, pan and zoom, a click on a joint, and the overlays
// drawn over the view (viewer_window.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "ui/overlay_place.h"
#include "ui/picking.h"
#include "ui_bridge.h"
#include "viewer_window.h"

namespace sv::viewer {

namespace {
// The orbit's pitch: at most 89 degrees (at 90 the view's up vector is undefined, and
// parse_pinned_camera refuses it), at least -5, so dragging up cannot take the camera under the
// floor. What -5 costs: the eye sits distance x sin 5 deg (0.087 x distance) below the target, so a
// target closer than that to the floor (a framed flat object) is seen from just under it.
constexpr float kOrbitPitchMin = -5.0f, kOrbitPitchMax = 89.0f;
// A press released within 3 px of where it went down is a click (ImGui's own drag threshold is 6).
constexpr float kClickTravelSq = 9.0f;
}  // namespace

ViewerWindow::ViewportPixels ViewerWindow::viewport_pixels() const {
    int fbw = 0, fbh = 0, ww = 0, wh = 0;
    glfwGetFramebufferSize(ctx_.window(), &fbw, &fbh);
    glfwGetWindowSize(ctx_.window(), &ww, &wh);
    const float sx = ww > 0 ? float(fbw) / float(ww) : 1.0f, sy = wh > 0 ? float(fbh) / float(wh) : 1.0f;
    const ui::Rect& v = ui_.layout.viewport;
    ViewportPixels p;
    p.x = int(v.x * sx), p.w = int(v.w * sx), p.h = int(v.h * sy);
    p.y = fbh - int((v.y + v.h) * sy);
    return p;
}

// The session's matrices at the drawn pixel size: the camera's aspect is the whole pixels' (the
// layout's fractional size gave an aspect `render --size WxH` could not ask for), so picking, the
// overlays, the picture on screen and the viewport screenshot share one projection.
glm::mat4 ViewerWindow::view_proj() const {
    const ViewportPixels p = viewport_pixels();
    return session_->view_proj(p.w, p.h);
}

// Where the button went down, for the frame ImGui first sees it: the scripted press, else GLFW's,
// else ImGui's own record (the cursor when the frame began).
glm::vec2 ViewerWindow::press_position(int button) {
    const ImGuiIO& io = ImGui::GetIO();
    glm::vec2 at(io.MouseClickedPos[button].x, io.MouseClickedPos[button].y);
    if (inbox_.pressed[button]) at = {inbox_.press_x[button], inbox_.press_y[button]};
    inbox_.pressed[button] = false;
    float x = 0.0f, y = 0.0f;
    if (input_.take_press(button, x, y)) at = {x, y};
    return at;
}

void ViewerWindow::viewport_interaction() {
    const ImGuiIO& io = ImGui::GetIO();
    const ui::Rect& v = ui_.layout.viewport;
    const glm::mat4 vp = view_proj();
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const bool over = !io.WantCaptureMouse && v.contains(io.MousePos.x, io.MousePos.y);
    const glm::vec2 press = press_position(0);
    if (ImGui::IsMouseClicked(0)) left_press_ = press, left_press_grabbed_ = false;

    // Root-motion trail.
    const auto& trail = model_.graph.root.trail;
    for (size_t i = 1; i < trail.size(); ++i) {
        glm::vec2 a, b;
        if (ui::project_to_screen(vp, v, trail[i - 1], a) && ui::project_to_screen(vp, v, trail[i], b))
            dl->AddLine(ImVec2(a.x, a.y), ImVec2(b.x, b.y), IM_COL32(255, 170, 60, 220), 2.0f);
    }
    ik_handles(vp, press);
    orbit_and_pick(vp, over);
    const auto& skins = session_->character().skins();
    const glm::dmat4 model_d(model_.graph.root.model());
    // Where the view draws joint `j` of skin `k`, false when it does not (behind the eye, or no such joint).
    const auto on_screen = [&](int k, int j, glm::vec2& s) {
        if (k < 0 || static_cast<size_t>(k) >= skins.size() || j < 0 ||
            j >= skins[static_cast<size_t>(k)].skeleton.joint_count())
            return false;
        const glm::dvec3 jw = ui::joint_world_position(skins[static_cast<size_t>(k)].skeleton, j);
        return ui::project_to_screen(vp, v, glm::vec3(model_d * glm::dvec4(jw, 1.0)), s) &&
               v.contains(s.x, s.y);
    };
    // The joint the overlays describe: the weights map's (which may be another than the selected
    // one, settings key weights_joint), else the selected joint. The legend keeps off it.
    const bool weights = ui_.draw && ui_.draw->debug_view == render::DebugView::Weights;
    const int dk = weights ? ui_.draw->selected_skin : model_.scene.selection.skin;
    const int dj = weights ? ui_.draw->selected_joint : model_.scene.selection.joint;
    ui_.described_joint_on_screen = on_screen(dk, dj, ui_.described_joint);
    if (ui_.described_joint_on_screen) {
        char line[200];
        std::snprintf(line, sizeof line, "described joint: %s on screen %.0f %.0f",
                      skins[static_cast<size_t>(dk)].skeleton.names()[static_cast<size_t>(dj)].c_str(),
                      static_cast<double>(ui_.described_joint.x), static_cast<double>(ui_.described_joint.y));
        ui::ui_log(line);
    }
    if (model_.ik.enabled || model_.scene.selection.joint < 0) return;
    glm::vec2 s;
    if (on_screen(model_.scene.selection.skin, model_.scene.selection.joint, s)) {
        const std::string& name = skins[static_cast<size_t>(model_.scene.selection.skin)]
                                      .skeleton.names()[static_cast<size_t>(model_.scene.selection.joint)];
        dl->AddCircle(ImVec2(s.x, s.y), 6.0f, IM_COL32(255, 90, 30, 255), 12, 2.0f);
        // Beside the marker and inside the view: drawn at a fixed offset to the right, a joint near
        // the inspector had its name run on under it.
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        const ui::Rect r = ui::place_joint_label(v, s, size.x, size.y, 8.0f);
        dl->PushClipRect(ImVec2(v.x, v.y), ImVec2(v.x + v.w, v.y + v.h), true);
        dl->AddText(ImVec2(r.x, r.y), IM_COL32(255, 200, 160, 255), name.c_str());
        dl->PopClipRect();
        ui::log_rect("joint label", r);
    }
}

// IK handles. Target and pole live in the character's own space (IkPanel), so they walk with it
// under root motion; on screen they are placed through the root-motion model.
void ViewerWindow::ik_handles(const glm::mat4& vp, const glm::vec2& press) {
    const ImGuiIO& io = ImGui::GetIO();
    const ui::Rect& v = ui_.layout.viewport;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    auto& ik = model_.ik;
    const glm::dmat4 model_d(model_.graph.root.model());
    const auto to_world = [&](const glm::dvec3& p) { return glm::dvec3(model_d * glm::dvec4(p, 1.0)); };
    if (!ik.enabled || ik.chain.tip < 0) {
        drawn_target_ok_ = drawn_pole_ok_ = false;
        if (!ImGui::IsMouseDown(0)) ik.release();
        return;
    }
    const auto& cam = session_->state().camera;
    const auto& sk = session_->character().skins()[static_cast<size_t>(ik.skin)].skeleton;
    glm::vec2 t, p, mid;
    const bool ht = ui::project_to_screen(vp, v, glm::vec3(to_world(ik.target)), t);
    const bool hp = ui::project_to_screen(vp, v, glm::vec3(to_world(ik.pole)), p);
    const glm::vec3 mw(to_world(ui::joint_world_position(sk, ik.chain.mid)));
    const bool hm = ui::project_to_screen(vp, v, mw, mid);
    // Never on the target: an arm seen from the front puts the pole's hint in line with the hand,
    // where the target (drawn over it, preferred by a press) left the pole out of reach.
    if (hp && ht) p = ui::IkPanel::pole_handle_on_screen(t, p, hm ? mid : t);
    if (hp && hm) dl->AddLine(ImVec2(mid.x, mid.y), ImVec2(p.x, p.y), IM_COL32(240, 220, 60, 200), 1.5f);
    if (hp) dl->AddCircle(ImVec2(p.x, p.y), 7.0f, IM_COL32(240, 220, 60, 255), 12, 2.5f);
    if (ht)
        dl->AddCircleFilled(ImVec2(t.x, t.y), 7.0f,
                            ik.reachable ? IM_COL32(60, 230, 90, 255) : IM_COL32(240, 70, 60, 255));
    const auto move_handle = [&](glm::dvec3& h, float dx, float dy) {
        const glm::dvec3 w = ui::drag_in_view_plane(camera_view(cam), v, to_world(h), dx, dy);
        h = glm::dvec3(glm::inverse(model_d) * glm::dvec4(w, 1.0));
        if (dx != 0.0f || dy != 0.0f) ik.moved_by_hand = true;
    };
    if (ImGui::IsMouseClicked(0) && v.contains(press.x, press.y) && !io.WantCaptureMouse) {
        // Against the handles as drawn on the frame the press happened over.
        const ui::IkPanel::Handle h = ui::IkPanel::handle_at(
            press, drawn_target_ok_ ? &drawn_target_ : nullptr, drawn_pole_ok_ ? &drawn_pole_ : nullptr);
        if (h != ui::IkPanel::Handle::None) {
            ik.grab(h);
            left_press_grabbed_ = true;
            if (scripted_)
                std::fprintf(
                    stderr,
                    "skinview: ik: grabbed the %s handle, pressed at (%.0f, %.0f) px; target drawn at "
                    "(%.0f, %.0f) px, pole at (%.0f, %.0f) px; target (%.6f, %.6f, %.6f), pole (%.6f, "
                    "%.6f, %.6f)\n",
                    h == ui::IkPanel::Handle::Target ? "target" : "pole", press.x, press.y, drawn_target_.x,
                    drawn_target_.y, drawn_pole_.x, drawn_pole_.y, ik.target.x, ik.target.y, ik.target.z,
                    ik.pole.x, ik.pole.y, ik.pole.z);
            // The cursor has moved on since the press: the handle catches up at once, so it stays
            // under the cursor rather than lagging the drag by that much.
            if (glm::dvec3* g = h == ui::IkPanel::Handle::Target ? &ik.target : &ik.pole)
                move_handle(*g, io.MousePos.x - press.x, io.MousePos.y - press.y);
        }
    }
    if (ImGui::IsMouseDown(0))
        if (glm::dvec3* h = ik.handle_to_move()) move_handle(*h, io.MouseDelta.x, io.MouseDelta.y);
    drawn_target_ok_ = ht;
    drawn_pole_ok_ = hp;
    drawn_target_ = t;
    drawn_pole_ = p;
    if (!ImGui::IsMouseDown(0) && ik.grabbed != ui::IkPanel::Handle::None && scripted_)
        std::fprintf(stderr, "skinview: ik: released; target (%.6f, %.6f, %.6f), pole (%.6f, %.6f, %.6f)\n",
                     ik.target.x, ik.target.y, ik.target.z, ik.pole.x, ik.pole.y, ik.pole.z);
    if (!ImGui::IsMouseDown(0)) ik.release();
}

// Camera orbit and zoom, and a click on a joint.
void ViewerWindow::orbit_and_pick(const glm::mat4& vp, bool over) {
    const ImGuiIO& io = ImGui::GetIO();
    const ui::Rect& v = ui_.layout.viewport;
    auto& cam = session_->state().camera;
    const bool dragging = model_.ik.grabbed != ui::IkPanel::Handle::None;
    if (!over || dragging) return;
    const bool pan = ImGui::IsMouseDragging(2) || (ImGui::IsMouseDragging(0) && io.KeyShift);
    // Orbiting, panning or zooming leaves a file camera for the orbit (framed at load).
    if (pan || ImGui::IsMouseDragging(0) || io.MouseWheel != 0.0f) session_->state().file_camera = -1;
    if (pan) {
        // The target moves against the drag in the view plane, so the scene follows the cursor.
        cam.target = glm::vec3(ui::drag_in_view_plane(camera_view(cam), v, glm::dvec3(cam.target),
                                                      -io.MouseDelta.x, -io.MouseDelta.y));
    } else if (ImGui::IsMouseDragging(0)) {
        cam.yaw_degrees -= io.MouseDelta.x * 0.3f;
        cam.pitch_degrees =
            glm::clamp(cam.pitch_degrees + io.MouseDelta.y * 0.3f, kOrbitPitchMin, kOrbitPitchMax);
    }
    if (io.MouseWheel != 0.0f) cam.distance *= std::pow(0.9f, io.MouseWheel);
    // A click (released where it was pressed) on a joint selects it. Where it was pressed is the
    // press's own position, not ImGui's polled one: a flick that goes down, moves and lets go
    // within one frame reads as no travel to ImGui (it polls the cursor once, after the move), and
    // selected whatever joint lay under the end of the flick. Nor does the release of a press that
    // grabbed an IK handle select.
    if (!ImGui::IsMouseReleased(0) || left_press_grabbed_) return;
    const glm::vec2 at(io.MousePos.x, io.MousePos.y);
    const glm::vec2 d = at - left_press_;
    const float travel = std::max({io.MouseDragMaxDistanceSqr[0], inbox_.travel_sq[0], glm::dot(d, d)});
    if (travel >= kClickTravelSq) return;
    const ui::JointPick hit =
        ui::nearest_joint(session_->character(), vp, model_.graph.root.model(), v, at, 12.0f);
    if (hit.joint >= 0) (void)model_.select_joint(session_->character(), hit.skin, hit.joint);
}

}  // namespace sv::viewer
