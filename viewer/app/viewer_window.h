// The interactive viewer's window: one SceneSession, the panels' model, and the frame loop that
// ties them. One class, its members defined by concern: the loop and the guard around each frame
// (interactive_viewer.cpp), opening files and settings (viewer_open.cpp), keys and quitting
// (viewer_actions.cpp), posing and drawing a frame (viewer_frame.cpp), the viewport's camera,
// handles and picking (viewer_picking.cpp), screenshots and the scripted-run hooks
// (viewer_screenshot.cpp).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "background_open.h"
#include "interactive_viewer.h"
#include "render/context.h"
#include "scene_session.h"
#include "scripted_input.h"
#include "ui/panels_draw.h"
#include "ui/quit_guard.h"
#include "ui/view.h"
#include "ui/viewer_model.h"
#include "window_input.h"

namespace sv::viewer {

class ViewerWindow {
public:
    ViewerWindow(const InteractiveOptions& o, render::Api api, render::Context& ctx, ScriptedInput input)
        : opts_(o), api_(api), ctx_(ctx), input_(std::move(input)) {}

    // The panels, the backends and the first file; then frame() once a frame until it returns
    // false (an explicit quit: Esc, the window's close button, asked first with unsaved work; or,
    // scripted, `frames` frames), then finish(), which returns the exit status
    // (interactive_viewer.h). Who calls frame() is the platform's (platform/frame_loop.h).
    void start();
    bool frame();
    int finish();

private:
    // viewer_open.cpp. Opens `path`: starts its load on a worker thread (background_open.h),
    // cancelling an open in flight, and returns; serve_open finishes it on a later frame. Until then
    // the previous session stays on screen, and on failure (an error or an exception) it stays for
    // good, the error shown (and printed, so a scripted run leaves it in its log). Options and
    // settings that cannot be honoured are shown the same way, over the character they were
    // applied to. With SKINVIEW_BACKGROUND_LOAD=0 in the environment the whole open runs here, on
    // the window's thread, as it did before the background open (the window test's control).
    void open(const std::string& path, const SceneOptions* options, const ui::View* settings = nullptr);
    // Once a frame, before it is drawn: the progress counters into the overlay; a finished load
    // either uploaded and made the session (finish_open) or, failed, shown as an error. A load
    // that is done waits one frame drawn with "uploading" on it before the upload, so the progress
    // says what the next pause is.
    void serve_open();
    // A scripted run (--frames) waits for the open in flight where `frame` would go on: it draws
    // uncounted frames ("load frames", numbered from 1 for each frame; the pose's clock stands
    // still, no script event of a later frame is dispatched, no screenshot is written) until the
    // open is finished, so every counted frame sees what the run saw when the open was synchronous.
    // The FRAME@K drops of the script arrive on those frames.
    void wait_for_open(int frame);
    // The first file's settings error, shown when its open is over (loaded, failed or cancelled).
    void show_after_open_error();
    bool open_pending() const { return loading_.pending() || loaded_.has_value(); }
    // The rest of an open once the file is loaded: the GL upload (SceneSession::create), then the
    // options, settings and camera, as one step on the window's thread.
    void finish_open(LoadedScene loaded, const SceneOptions* options, const ui::View* settings);
    void finish_open_unguarded(LoadedScene loaded, const SceneOptions* options, const ui::View* settings);
    void show_error(const std::string& title, const std::string& message, const char* log_prefix);
    void load_settings(const std::string& path);
    void save_settings(const std::string& path);
    // The first file, with the command line's options and settings.
    void open_first();

    // viewer_actions.cpp: the queued drops and keys, the panels' requests, the correction's
    // reframing; quitting.
    void handle_inputs(int frame);
    // An Open (the field, a drop, the recent list): asks first when the view has unsaved work.
    void request_open(const std::string& path);
    // The dropped files opened, and nothing else served: a load frame's input (wait_for_open),
    // which must leave the panels' queued actions to the counted frame they belong to.
    void serve_drops();
    void handle_key(int key, int frame);
    // The panels' actions of the last frame (ui/ui_actions.h), in the order asked.
    void serve_actions();
    // Esc or the close button: quits now unless work would be lost, else opens the dialog.
    void request_quit(const char* why, int frame);
    // The view on screen as a settings value (what Save writes): what the quit guard compares.
    ui::View current_view() const;
    // The dialog's Quit, Open or Load, acted on once the frame that drew it is done.
    void serve_confirmed(int frame);
    // A framed view by name (Home, the Scene panel's camera row), turned from the character's front.
    void set_framed_view(const std::string& name);

    // viewer_frame.cpp
    void render_frame(double dt, bool last_frame, int frame);
    void pose_frame(double dt);
    void draw_panels(int frame, float window_w, float window_h);
    void draw_scene(int fbw, int fbh);
    void gpu_requests();
    // The correction's drawn size for the status line, measured again when what it depends on changed.
    void measure_drawn_scale();

    // viewer_picking.cpp. The 3D view in framebuffer pixels (GL's origin, bottom-left), from the
    // layout and the window's content scale: what is drawn, what the camera's aspect is, and the
    // size of a viewport screenshot.
    struct ViewportPixels {
        int x = 0, y = 0, w = 0, h = 0;
    };
    ViewportPixels viewport_pixels() const;
    glm::mat4 view_proj() const;
    glm::vec2 press_position(int button);
    void viewport_interaction();
    void ik_handles(const glm::mat4& vp, const glm::vec2& press);
    void orbit_and_pick(const glm::mat4& vp, bool over);

    // viewer_screenshot.cpp
    std::string screenshot_path();
    void write_screenshot(int fbw, int fbh, bool last_frame);
    // --viewport-screenshot: the 3D view alone, rendered offscreen by the session at the view's
    // size in framebuffer pixels, as `render --size` renders it.
    void write_viewport_screenshot(bool last_frame);
    // The script's `pick JOINT` events due this frame, turned into a move and a click on the
    // joint's pixel now that the view is known.
    void scripted_picks(int frame);

    // interactive_viewer.cpp: what an exception that reached the frame loop leaves: the frame
    // closed, the error shown, the session as it was.
    void recover_frame(const std::string& what, int frame);

    InteractiveOptions opts_;
    render::Api api_;
    render::Context& ctx_;
    std::unique_ptr<SceneSession> session_;
    ui::ViewerModel model_;
    ui::UiContext ui_;
    render::DrawOptions spare_draw_;
    Inbox inbox_;
    ScriptedInput input_;
    ui::QuitGuard quit_guard_;
    // The open in flight: its worker, what it was asked with (the first file's command-line
    // options and settings; null and none for a later open), and its result once loaded and not
    // yet uploaded.
    BackgroundOpen loading_;
    const SceneOptions* open_options_ = nullptr;
    std::optional<ui::View> open_settings_;
    std::optional<LoadedScene> loaded_;
    bool background_open_ = true;  // SKINVIEW_BACKGROUND_LOAD=0 turns it off
    std::optional<std::string> after_open_error_;
    int load_frame_ = 0;  // > 0: the frame being drawn is wait_for_open's, this one
    bool quit_ = false;
    int frame_ = 0;  // frames drawn
    // SKINVIEW_TIMINGS: the phases up to the first picture of a file are printed once, after it.
    bool timings_printed_ = false;
    std::chrono::steady_clock::time_point last_frame_time_;
    bool screenshot_asked_ = false;  // S: this frame's picture, written once it is drawn
    bool scripted_ = false;
    bool options_failed_ = false;    // the first file's command-line options, as settings_failed_
    bool settings_failed_ = false;   // a settings file was refused or partly applied
    bool framed_correction_ = true;  // the correction the camera was last framed for
    // What the drawn scale was measured for: the session, the switch, the rung.
    const SceneSession* measured_session_ = nullptr;
    int measured_state_ = -1;
    // The IK handles' pixels as drawn last frame: what the user aimed a press at.
    glm::vec2 drawn_target_{0.0f}, drawn_pole_{0.0f};
    bool drawn_target_ok_ = false, drawn_pole_ok_ = false;
    // The left button's last press: where, and whether it grabbed an IK handle (its release is
    // then no click on a joint).
    glm::vec2 left_press_{0.0f};
    bool left_press_grabbed_ = false;
};

// $XDG_STATE_HOME/skinview/recent (else ~/.local/state/skinview/recent), the folder made on the
// way; "" when neither is set or the folder cannot be made.
std::string recent_file();
long count_vertices(const anim::Character& c);

}  // namespace sv::viewer
