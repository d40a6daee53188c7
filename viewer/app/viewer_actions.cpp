// Keys, drops and the panels' requests turned into actions, and quitting (viewer_window.h).
#include <cstdio>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
// ClosePopupToLevel: Esc closes an open popup (ImGui 1.86 closes popups on Esc only with keyboard
// navigation on, which would take the arrow keys from the timeline).
#include <imgui_internal.h>

#include "default_view.h"
#include "headless_settings.h"
#include "retarget_source.h"
#include "settings_apply.h"
#include "ui/frame_panel.h"
#include "user_files.h"
#include "viewer_window.h"

namespace sv::viewer {

namespace {
// The orbit's pitch at most 89 degrees: at 90 the view's up vector is undefined (and
// parse_pinned_camera refuses it).
constexpr float kTopPitch = 89.0f;

// Frames what is on screen, in the correction state on screen. The clip alone plays: its poses
// sampled over its length (SceneSession::frame_camera), so the view holds the whole clip. Anything
// else decides the pose (a blend, a state machine, a retarget, the Joints tab's pose edits, IK):
// the pose drawn now, which the character holds from the last frame's pose pipeline; the clip's
// samples would frame a pose nobody sees (with the correction off, a soup far from the one drawn:
// a speck, or a sheet cut at the top edge). What it costs: that pose is one moment, so a blend or
// retarget that walks away leaves the view as it plays (F frames it again).
void frame_on_screen(SceneSession& session, const ui::ViewerModel& m) {
    const bool clip_alone = m.graph.mode == ui::GraphMode::Clip && m.pose_edits.empty() && !m.ik.enabled;
    if (clip_alone)
        session.frame_camera();
    else
        session.frame_drawn_now();
}
}  // namespace

void ViewerWindow::handle_inputs(int frame) {
    // A dropped file is an Open like the field's; the last of several drops in one frame wins, as
    // the last Open press does (each open replaces the one before, cancelling it if it is still
    // loading).
    for (auto& d : inbox_.drops) ui_.actions.ask(ui::UiAction::Kind::Open, d);
    inbox_.drops.clear();
    // A settings file given through the platform (the page's picker) loads as the Load button's.
    for (auto& s : take_settings_given()) ui_.actions.ask(ui::UiAction::Kind::LoadSettings, s);
    serve_actions();
    for (int key : inbox_.keys) handle_key(key, frame);
    inbox_.keys.clear();
    // The correction changes what is drawn by up to 100x (the soup): whichever way it changed
    // (C, the Frame tab's checkbox, a script's `key c`), the camera frames the new drawing,
    // so C off and on gives back the view at load. A settings file or a newly opened file
    // records its own state (below) and keeps the camera it chose.
    if (session_ && session_->state().draw.correction != framed_correction_) {
        framed_correction_ = session_->state().draw.correction;
        frame_on_screen(*session_, model_);
    }
    measure_drawn_scale();
}

void ViewerWindow::serve_actions() {
    using Kind = ui::UiAction::Kind;
    for (const ui::UiAction& a : ui_.actions.take()) {
        switch (a.kind) {
            case Kind::Open:
                request_open(a.text);
                break;
            case Kind::FrameView:
                if (session_) set_framed_view(a.text);
                break;
            case Kind::SaveSettings:
                save_settings(a.text);
                break;
            case Kind::LoadSettings:
                if (!session_ ||
                    quit_guard_.request_action(current_view(), ui::QuitGuard::Action::LoadSettings, a.text))
                    load_settings(a.text);
                else if (scripted_)
                    std::fprintf(stderr, "skinview: load %s asks first: %s\n", a.text.c_str(),
                                 quit_guard_.lost.c_str());
                break;
            case Kind::LoadRetargetSource:
                if (session_) serve_retarget_load(model_.graph, session_->character(), a.text);
                break;
            case Kind::DismissError:
                ui_.load_error.clear();
                break;
        }
    }
}

void ViewerWindow::request_open(const std::string& path) {
    // An open replaces the view: it asks first when that loses work, as a quit does.
    if (!session_ || quit_guard_.request_action(current_view(), ui::QuitGuard::Action::Open, path))
        open(path, nullptr);
    else if (scripted_)
        std::fprintf(stderr, "skinview: open %s asks first: %s\n", path.c_str(), quit_guard_.lost.c_str());
}

void ViewerWindow::serve_drops() {
    for (const auto& d : inbox_.drops) request_open(d);
    inbox_.drops.clear();
}

void ViewerWindow::handle_key(int key, int frame) {
    const ImGuiIO& io = ImGui::GetIO();
    if (key == GLFW_KEY_ESCAPE) {
        // Esc closes the innermost thing open, as dialogs do elsewhere, and quits only when nothing
        // is: the dialog (Cancel), a text field (ImGui reverts and leaves it on the same key), a
        // popup (the clip list), the keys overlay, the error banner. It used to quit from under
        // the popup, the overlay and the banner, without asking when nothing was edited.
        if (quit_guard_.dialog_open)
            quit_guard_.cancel();
        else if (io.WantTextInput)
            ;
        else if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
            ImGui::ClosePopupToLevel(0, true);
        else if (ui_.show_help)
            ui_.show_help = false;
        else if (!ui_.load_error.empty())
            ui_.load_error.clear();
        else
            request_quit("Esc", frame);
        if (scripted_ && !quit_) std::fprintf(stderr, "skinview: frame %d: Esc\n", frame);
        return;
    }
    if (io.WantTextInput || quit_guard_.dialog_open) return;  // typing a path must not flip switches
    if (key == GLFW_KEY_SPACE) model_.animation.toggle_play();
    if ((key == GLFW_KEY_LEFT || key == GLFW_KEY_RIGHT) && session_)
        model_.animation.step(key == GLFW_KEY_RIGHT ? 1 : -1,
                              model_.graph.duration(session_->character(), model_.animation.clip));
    // Reframed in handle_inputs, as every change of the correction is.
    if (key == GLFW_KEY_C && session_) ui::FramePanel::toggle_correction(session_->state().draw.correction);
    if (key == GLFW_KEY_F && session_)
        session_->frame_selection(model_.scene.selection.skin, model_.scene.selection.joint);
    if (key == GLFW_KEY_HOME && session_) set_framed_view("reset");
    if (key == GLFW_KEY_S) screenshot_asked_ = true;
    if (key == GLFW_KEY_F1) ui_.show_help = !ui_.show_help;
}

void ViewerWindow::request_quit(const char* why, int frame) {
    if (!session_ || quit_guard_.request(current_view())) {
        quit_ = true;
        if (scripted_) std::fprintf(stderr, "skinview: frame %d: quit (%s)\n", frame, why);
        return;
    }
    if (scripted_)
        std::fprintf(stderr, "skinview: frame %d: quit (%s) asks first: %s\n", frame, why,
                     quit_guard_.lost.c_str());
}

// What headless captures for a sidecar, from the same session: the window's model is the session's.
ui::View ViewerWindow::current_view() const { return capture_view(*session_); }

void ViewerWindow::serve_confirmed(int frame) {
    if (!quit_guard_.confirmed || quit_) return;
    using Action = ui::QuitGuard::Action;
    const Action a = quit_guard_.pending;
    const std::string path = quit_guard_.pending_path;
    if (a == Action::Quit) {
        quit_ = true;
        if (scripted_) std::fprintf(stderr, "skinview: frame %d: quit (the dialog's Quit)\n", frame);
        return;
    }
    quit_guard_.done();
    if (scripted_)
        std::fprintf(stderr, "skinview: frame %d: %s %s (the dialog's %s)\n", frame,
                     a == Action::Open ? "open" : "load", path.c_str(), a == Action::Open ? "Open" : "Load");
    if (a == Action::Open)
        open(path, nullptr);
    else
        load_settings(path);
}

void ViewerWindow::set_framed_view(const std::string& name) {
    // Turned from the character's front (default_view.h): Front shows its face whichever way the
    // file has it look; Reset is the view the file opened with (unless --camera or the settings
    // chose another: Reset means the default, not those).
    static const struct {
        const char* name;
        float from_front, pitch;
    } views[] = {{"reset", kDefaultYawFromFront, kDefaultPitch},
                 {"front", 0.0f, 5.0f},
                 {"side", 90.0f, 5.0f},
                 {"back", 180.0f, 5.0f},
                 {"top", 0.0f, kTopPitch}};
    for (const auto& v : views) {
        if (name != v.name) continue;
        aim_from_front(session_->character(), session_->state().camera, v.from_front, v.pitch);
        session_->state().file_camera = -1;
        frame_on_screen(*session_, model_);
        return;
    }
}

}  // namespace sv::viewer
