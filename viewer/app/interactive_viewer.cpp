#include "interactive_viewer.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>

#include "data_dir.h"
#include "render/gl.h"
#include "render/phase_timings.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
// ErrorCheckEndFrameRecover and the frame-scope flag: closing a frame an exception left open has
// no public call in ImGui 1.86.
#include <imgui_internal.h>

#include "frame_loop.h"
#include "viewer_window.h"
#include "window_system.h"

namespace sv::viewer {

void ViewerWindow::start() {
    GLFWwindow* win = ctx_.window();
    install_window_callbacks(win, &inbox_);  // before ImGui's backend, which chains to them
    std::optional<render::PhaseTimer> imgui_timer(std::in_place, "window start (ImGui)");
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is computed, not saved
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(win, true);
    install_key_deferral(win);  // over ImGui's key callback, so a tap within one frame still reaches it
    ImGui_ImplOpenGL3_Init(api_ == render::Api::GL ? "#version 330 core" : "#version 300 es");
    imgui_timer.reset();
    if (opts_.frames > 0) glfwSwapInterval(0);  // a scripted run should not wait for vsync
    scripted_ = opts_.frames > 0;
    const char* background = std::getenv("SKINVIEW_BACKGROUND_LOAD");
    background_open_ = can_load_in_background() && !(background && std::strcmp(background, "0") == 0);
    ui_.show_help = opts_.show_keys;
    if (!scripted_) model_.open.load_recent(recent_file());
    {  // the layout before the first file, so it is framed for the 3D view it is drawn in
        int ww = 0, wh = 0;
        glfwGetWindowSize(win, &ww, &wh);
        ui_.layout = ui::compute_layout(static_cast<float>(ww), static_cast<float>(wh));
    }
    open_first();
    // A scripted run's frame 0 draws the first file, as when the open ran before the loop.
    if (scripted_) wait_for_open(0);
    last_frame_time_ = std::chrono::steady_clock::now();
}

bool ViewerWindow::frame() {
    if (quit_) return false;
    GLFWwindow* win = ctx_.window();
    const int frame = frame_;
    release_held_keys(win);  // ImGui saw those keys down last frame; now they go up
    glfwPollEvents();
    input_.dispatch_keys(win, frame);
    // The window manager's close button is a quit request like Esc: it asks first when work
    // would be lost, so the window stays until the dialog's Quit.
    if (glfwWindowShouldClose(win)) {
        glfwSetWindowShouldClose(win, GLFW_FALSE);
        request_quit("the window's close button", frame);
    }
    const auto now = std::chrono::steady_clock::now();
    const double wall = std::chrono::duration<double>(now - last_frame_time_).count();
    last_frame_time_ = now;
    // A scripted run steps a fixed sixtieth so its frames do not depend on the machine.
    const double dt = scripted_ ? 1.0 / 60.0 : wall;
    ui_.frame_ms = ui_.frame_ms * 0.9 + wall * 1000.0 * 0.1;
    const bool last_frame = scripted_ && frame + 1 >= opts_.frames;
    // SKINVIEW_TIMINGS=1 (the page: ?timings): where the time up to the first picture of a file went,
    // the frames before it counted as one phase (the phases inside them, the program links and the
    // uploads, are their own), printed once after it with the load's and the start's
    // (render/phase_timings.h: the phases `render` prints).
    std::optional<render::PhaseTimer> first_picture;
    if (!timings_printed_ && render::timings_enabled()) first_picture.emplace("frames to the first picture");
    // Nothing but an explicit quit ends the viewer: an exception no loader foresaw is shown
    // over the file on screen, and the next frame goes on.
    try {
        handle_inputs(frame);
        // A file opened by this frame's drops, keys or panel actions is on screen in this frame in
        // a scripted run (wait_for_open), as when the open ran in handle_inputs; in a user's run the
        // frame is drawn over the previous character and the progress.
        if (scripted_) wait_for_open(frame);
        serve_open();
        render_frame(dt, last_frame, frame);
        // After the frame: an open replaces the session the frame was drawn from (a scripted run
        // has it done before the next frame's input, as before).
        serve_confirmed(frame);
        if (scripted_) wait_for_open(frame);
    } catch (const std::exception& e) {
        recover_frame(e.what(), frame);
    } catch (...) {
        recover_frame("an unknown exception", frame);
    }
    glfwSwapBuffers(win);
    if (first_picture) {
        glFinish();  // the picture drawn, not only its commands queued
        first_picture.reset();
        if (session_ && !open_pending()) {
            render::print_phase_timings(stderr);
            timings_printed_ = true;
        }
    }
    ++frame_;
    if (scripted_ && frame_ >= opts_.frames) return false;
    return !quit_;
}

int ViewerWindow::finish() {
    if (!scripted_ && !recent_file().empty()) model_.open.save_recent(recent_file());
    if (!opts_.save_settings.empty()) save_settings(opts_.save_settings);
    loading_.cancel();  // a load still running stops at its next image; joined as the window goes
    loaded_.reset();
    session_.reset();  // GL objects go before the context
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    // A scripted run is a test or a bug report: a settings file it could not honour in full
    // must fail it (the message naming the key is above), not pass as the defaults would.
    if (scripted_ && settings_failed_) {
        std::fprintf(stderr, "skinview: the settings could not all be applied (exit 2)\n");
        return 2;
    }
    // The same for a command-line option (--clip, --expression, --look-at, --variant, --camera,
    // --joint): bad input exits 2 in every subcommand, the viewer's scripted runs too.
    if (scripted_ && options_failed_) {
        std::fprintf(stderr, "skinview: the options could not all be applied (exit 2)\n");
        return 2;
    }
    return 0;
}

void ViewerWindow::recover_frame(const std::string& what, int frame) {
    // The frame the exception left: its windows closed and the frame ended, so the next NewFrame
    // starts clean (ImGui asserts on a frame begun twice).
    if (ImGui::GetCurrentContext() && GImGui->WithinFrameScope) {
        ImGui::ErrorCheckEndFrameRecover(nullptr);
        ImGui::EndFrame();
    }
    const std::string message = "skinview caught an error and kept running: " + what +
                                ". The file on screen is unchanged; please report this with the file.";
    // Once, not every frame an error repeats on.
    if (ui_.load_error != message) {
        show_error("Something went wrong", message, "");
        if (scripted_) std::fprintf(stderr, "skinview: frame %d: recovered from an exception\n", frame);
    }
}

int run_interactive(const InteractiveOptions& options) {
    auto api = render::parse_api(options.scene.api);
    if (!api) {
        std::fprintf(stderr, "skinview: %s\n", api.error().message.c_str());
        return 2;
    }
    ScriptedInput input;  // a bad script is refused before a window opens, as a bad option is
    if (!options.input.empty() && !input.load(options.input)) return 2;
    if (options.ui_log) input.log_ui();
    const std::string title =
        "skinview - " + (options.scene.file.empty() ? default_asset_path() : options.scene.file);
    auto ctx = render::create_window_context(*api, options.window_width, options.window_height, title);
    if (!ctx) {
        std::fprintf(stderr, "skinview: no window: %s\n", ctx.error().message.c_str());
        return 1;
    }
    fit_window_to_screen((*ctx)->window(), options.window_width, options.window_height);
    // The context outlives the viewer (its GL objects go first), and both outlive run_interactive
    // where the platform keeps the loop after main returns (the browser's).
    struct Running final : FrameClient {
        std::unique_ptr<render::Context> context;
        std::unique_ptr<ViewerWindow> viewer;
        bool frame() override { return viewer->frame(); }
        int finish() override {
            const int status = viewer->finish();
            viewer.reset();
            context.reset();
            return status;
        }
    };
    auto running = std::make_unique<Running>();
    running->context = std::move(*ctx);
    running->viewer = std::make_unique<ViewerWindow>(options, *api, *running->context, std::move(input));
    running->viewer->start();
    return run_frames(std::move(running));
}

}  // namespace sv::viewer
