#include "interactive_viewer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <vector>

#include "render/gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "render/context.h"
#include "render/gpu_diagnose.h"
#include "render/render_target.h"
#include "retarget_source.h"
#include "scene_session.h"
#include "scripted_input.h"
#include "settings_apply.h"
#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui/panels_draw.h"
#include "ui/picking.h"
#include "ui/viewer_model.h"
#include "ui/viewport.h"
#include "ui_bridge.h"
#include "view_layers.h"

namespace sv::viewer {

namespace {

// Key presses and drops arrive in GLFW callbacks; they are queued here and acted on in the frame
// loop, where the session and the model are in a known state.
// Dear ImGui 1.86 keeps keys as down/up flags (io.KeysDown) that it reads once a frame, so a key
// pressed and released within one glfwPollEvents (a quick tap at 30 fps, or xdotool) is never seen
// down: a Backspace or Enter in a text field is lost. The release of a key pressed this frame is
// held back to the next frame's poll; the cost is a key looking held one frame longer, which no
// shortcut here can tell.
struct KeyDeferral {
    GLFWkeyfun imgui = nullptr;  // ImGui's backend callback (which chains to the viewer's own)
    std::vector<int> pressed;    // keys pressed since this frame's poll began
    struct Release {
        int key, scancode, mods;
    };
    std::vector<Release> held;  // releases to deliver at the next frame
};
// The orbit's pitch: at most 89 degrees (at 90 the view's up vector is undefined, and
// parse_pinned_camera refuses it), at least -5, so dragging up cannot take the camera under the
// floor. What -5 costs: the eye sits distance x sin 5 deg (0.087 x distance) below the target, so a
// target closer than that to the floor (a framed flat object) is seen from just under it.
constexpr float kOrbitPitchMin = -5.0f, kOrbitPitchMax = 89.0f;

KeyDeferral g_keys;  // one window: GLFW's callbacks carry no user data beyond the window's pointer

void deferring_key(GLFWwindow* w, int key, int scancode, int action, int mods) {
    if (action == GLFW_PRESS) g_keys.pressed.push_back(key);
    if (action == GLFW_RELEASE &&
        std::find(g_keys.pressed.begin(), g_keys.pressed.end(), key) != g_keys.pressed.end()) {
        g_keys.held.push_back({key, scancode, mods});
        return;
    }
    if (g_keys.imgui) g_keys.imgui(w, key, scancode, action, mods);
}

// Before this frame's glfwPollEvents: last frame's held releases go through, in their order.
void release_held_keys(GLFWwindow* w) {
    std::vector<KeyDeferral::Release> held;
    held.swap(g_keys.held);
    g_keys.pressed.clear();
    for (const auto& r : held)
        if (g_keys.imgui) g_keys.imgui(w, r.key, r.scancode, GLFW_RELEASE, r.mods);
}

struct Inbox {
    std::vector<int> keys;
    std::vector<std::string> drops;
    // The pointer as GLFW's events move it, and where each button went down. Dear ImGui 1.86's
    // GLFW backend polls the cursor once a frame, so the frame that first sees a press reads the
    // cursor where it is by then, not where the button went down; a hit test there misses a
    // quick grab. GLFW delivers motion and button events in order, so the last motion before a
    // press is where it happened.
    double cursor_x = 0.0, cursor_y = 0.0;
    bool has_cursor = false;
    bool pressed[3] = {false, false, false};
    float press_x[3] = {0.0f, 0.0f, 0.0f}, press_y[3] = {0.0f, 0.0f, 0.0f};
};

void on_key(GLFWwindow* w, int key, int, int action, int) {
    if (action != GLFW_PRESS) return;
    if (auto* in = static_cast<Inbox*>(glfwGetWindowUserPointer(w))) in->keys.push_back(key);
}
void on_cursor(GLFWwindow* w, double x, double y) {
    if (auto* in = static_cast<Inbox*>(glfwGetWindowUserPointer(w))) {
        in->cursor_x = x;
        in->cursor_y = y;
        in->has_cursor = true;
    }
}
void on_button(GLFWwindow* w, int button, int action, int) {
    auto* in = static_cast<Inbox*>(glfwGetWindowUserPointer(w));
    if (!in || action != GLFW_PRESS || button < 0 || button >= 3) return;
    if (!in->has_cursor) glfwGetCursorPos(w, &in->cursor_x, &in->cursor_y);
    in->pressed[button] = true;
    in->press_x[button] = static_cast<float>(in->cursor_x);
    in->press_y[button] = static_cast<float>(in->cursor_y);
}
void on_drop(GLFWwindow* w, int count, const char** paths) {
    auto* in = static_cast<Inbox*>(glfwGetWindowUserPointer(w));
    if (in && count > 0) in->drops.emplace_back(paths[0]);
}

// $XDG_STATE_HOME/skinview/recent (else ~/.local/state/skinview/recent), the folder made on the
// way: the XDG base-directory place for state that should survive a restart but is not a setting.
std::string recent_file() {
    namespace fs = std::filesystem;
    const char* state = std::getenv("XDG_STATE_HOME");
    const char* home = std::getenv("HOME");
    fs::path dir;
    if (state && *state)
        dir = fs::path(state) / "skinview";
    else if (home && *home)
        dir = fs::path(home) / ".local" / "state" / "skinview";
    else
        return std::string();
    std::error_code ec;
    fs::create_directories(dir, ec);
    return ec ? std::string() : (dir / "recent").string();
}

long count_vertices(const anim::Character& c) {
    long n = 0;
    for (const auto& m : c.skinned_meshes())
        for (const auto& p : c.asset().meshes[static_cast<size_t>(m.mesh)].primitives)
            n += static_cast<long>(p.positions.size());
    for (const auto& m : c.static_meshes())
        for (const auto& p : c.asset().meshes[static_cast<size_t>(m.mesh)].primitives)
            n += static_cast<long>(p.positions.size());
    return n;
}

class Viewer {
public:
    Viewer(const InteractiveOptions& o, render::Api api, render::Context& ctx, ScriptedInput input)
        : opts_(o), api_(api), ctx_(ctx), input_(std::move(input)) {}

    // Opens `path`; on failure the previous session stays and the error is shown (and printed, so
    // a scripted run leaves it in its log). Options and settings that cannot be honoured are shown
    // the same way, over the character they were applied to.
    void open(const std::string& path, const SceneOptions* options,
              const ui::ViewerSettings* settings = nullptr) {
        // The command line's VRM choices hold for every file this window opens, dropped ones too.
        auto s = SceneSession::open(path, api_, !opts_.scene.no_vrm_facing);
        if (!s) {
            show_error("Could not open the file", s.error().message, "could not open ");
            return;
        }
        std::unique_ptr<SceneSession> next = std::move(*s);
        next->set_springs(opts_.scene.springs != "off");
        // The viewer's eyes follow the camera unless --look-at says otherwise (a bad value is
        // reported by apply below, for the first file).
        if (auto t = parse_look_target(opts_.scene.look_at.empty() ? "camera" : opts_.scene.look_at); t)
            next->state().look_at = *t;
        std::string problems;
        const auto note = [&](const std::string& e) { problems += (problems.empty() ? "" : "\n") + e; };
        // Framed for the 3D view's own shape once the layout is known (the first file opens before it).
        const ui::Rect& view = ui_.layout.viewport;
        const bool sized = view.w > 0.0f && view.h > 0.0f;
        if (sized) next->state().frame_aspect = view.w / view.h;
        if (options) {
            SceneOptions o = *options;
            if (sized) o.width = static_cast<int>(view.w), o.height = static_cast<int>(view.h);
            // --env apart: an environment file that fails to load is a file's failure, shown but
            // not a bad option (which fails a scripted run, below).
            o.env.clear();
            if (auto st = next->apply(o); !st) {
                note(st.error().message);
                options_failed_ = true;
            }
            if (auto st = next->apply_environment(options->env); !st) note(st.error().message);
        } else {
            if (sized) next->frame_camera();
            // A file opened later keeps the light on screen (--env, or a settings file's).
            if (auto st = next->apply_environment(session_ ? session_->environment_path() : opts_.scene.env);
                !st)
                note(st.error().message);
        }
        session_ = std::move(next);
        // Cleared here, before anything of this load is reported, so an error found while applying
        // the options survives to the first frame (it used to be cleared after being set).
        ui_.load_error.clear();
        model_.attach(session_->character());
        model_.animation.clip = session_->state().clip;
        model_.animation.time = session_->state().time;
        // The first file's --settings under the flags the command line named (ui/settings_layers.h:
        // explicit flag > settings file > defaults); the Load button loads a file as it was saved.
        ui::ViewerSettings view_settings = settings ? *settings : ui::ViewerSettings{};
        if (settings && options) {
            auto flags = scene_flags_layer(*options);
            auto resolved =
                flags ? ui::resolve_view(*settings, {&*flags}) : Expected<ui::ViewerSettings>(flags.error());
            if (resolved) {
                view_settings = *resolved;
            } else {
                note(resolved.error().message);
                options_failed_ = true;
            }
        }
        if (settings) {
            settings = &view_settings;
            if (auto st = apply_settings(*settings, model_, session_->character(), session_->state()); !st) {
                note(st.error().message);
                settings_failed_ = true;
            }
            // An explicit --env wins over the file's environment, as --tab and --joint win.
            if (opts_.scene.env.empty())
                if (auto st = session_->use_environment(settings->environment); !st) {
                    note(st.error().message);
                    settings_failed_ = true;
                }
        }
        if (options && !opts_.retarget.empty()) {  // the first file only, as the other options
            auto& g = model_.graph;
            if (auto st = load_retarget_source(g, opts_.retarget, session_->character(), 0); st)
                g.mode = ui::GraphMode::Retarget;
            else
                note(g.source_error = st.error().message);
        }
        // The explicit flags come last, so they win over a settings file.
        if (!opts_.scene.look_at.empty())
            if (auto t = parse_look_target(opts_.scene.look_at); t) session_->state().look_at = *t;
        if (options && !session_->expression_values().empty()) {
            for (const auto& [name, w] : session_->expression_values()) (void)model_.expressions.set(name, w);
            (void)model_.expressions.update(session_->character());  // the session checked the names
        }
        if (!opts_.tab.empty()) model_.set_tab(tab_from_name(opts_.tab));
        if (!opts_.joint.empty() && !session_->character().skins().empty()) {
            int skin = 0, j = session_->character().skins()[0].skeleton.find(opts_.joint);
            // A VRM avatar's joint by its humanoid bone ("leftUpperArm"), through its own map.
            if (j < 0) (void)model_.humanoid.joint_of(opts_.joint, skin, j);
            if (j < 0 || !model_.select_joint(session_->character(), skin, j)) {
                note("--joint '" + opts_.joint + "': no such joint in skin 0 (nor humanoid bone)");
                options_failed_ = true;
            }
        }
        if (!problems.empty()) show_error("Some options could not be applied", problems, "");
        framed_correction_ = session_->character().correction();  // framed as opened
        model_.open.push_recent(path);
        std::snprintf(model_.open.path, sizeof model_.open.path, "%s", path.c_str());
        glfwSetWindowTitle(ctx_.window(), ("skinview - " + path).c_str());
    }

    void show_error(const std::string& title, const std::string& message, const char* log_prefix) {
        ui_.error_title = title;
        ui_.load_error = message;
        std::fprintf(stderr, "skinview: %s%s\n", log_prefix, message.c_str());
    }

    void load_settings(const std::string& path) {
        auto s = ui::load_settings_file(path);
        if (!s) {
            settings_failed_ = true;
            return show_error("Could not load the settings", s.error().message, "");
        }
        if (!session_) return;
        auto st = apply_settings(*s, model_, session_->character(), session_->state());
        framed_correction_ = session_->character().correction();  // the file's camera stands
        // Loaded by hand, the file is the whole state, its environment included.
        if (auto env = session_->use_environment(s->environment); !env)
            st = st ? env : Status(make_error(st.error().message + "; " + env.error().message));
        if (!st) {
            settings_failed_ = true;
            return show_error("Some settings could not be applied", st.error().message, "");
        }
        model_.screenshot_message = "settings loaded from " + path;
    }

    void save_settings(const std::string& path) {
        if (!session_) return;
        ui::ViewerSettings captured = capture_settings(model_, session_->character(), session_->state());
        captured.environment = session_->environment_path();  // the renderer's, not the panels'
        auto st = ui::save_settings_file(path, captured);
        model_.screenshot_message = st ? "settings saved to " + path : st.error().message;
        std::fprintf(stderr, "skinview: %s\n", model_.screenshot_message.c_str());
    }

    int run() {
        GLFWwindow* win = ctx_.window();
        glfwSetWindowUserPointer(win, &inbox_);
        // Installed before ImGui's backend, which chains to them.
        glfwSetKeyCallback(win, on_key);
        glfwSetDropCallback(win, on_drop);
        glfwSetCursorPosCallback(win, on_cursor);
        glfwSetMouseButtonCallback(win, on_button);
        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;  // the layout is computed, not saved
        ImGui::StyleColorsDark();
        ImGui_ImplGlfw_InitForOpenGL(win, true);
        // Over ImGui's key callback, so a tap within one frame still reaches it (KeyDeferral).
        g_keys = {};
        g_keys.imgui = glfwSetKeyCallback(win, deferring_key);
        ImGui_ImplOpenGL3_Init(api_ == render::Api::GL ? "#version 330 core" : "#version 300 es");
        if (opts_.frames > 0) glfwSwapInterval(0);  // a scripted run should not wait for vsync
        scripted_ = opts_.frames > 0;
        ui_.show_help = opts_.show_keys;
        if (!scripted_) model_.open.load_recent(recent_file());

        const std::string first = opts_.scene.file.empty() ? default_asset_path() : opts_.scene.file;
        {  // the layout before the first file, so it is framed for the 3D view it is drawn in
            int ww = 0, wh = 0;
            glfwGetWindowSize(win, &ww, &wh);
            ui_.layout = ui::compute_layout(static_cast<float>(ww), static_cast<float>(wh));
        }
        if (!opts_.settings.empty()) {
            std::snprintf(ui_.settings_path, sizeof ui_.settings_path, "%s", opts_.settings.c_str());
            auto settings = ui::load_settings_file(opts_.settings);
            open(first, &opts_.scene, settings ? &*settings : nullptr);
            if (!settings) {
                settings_failed_ = true;
                show_error("Could not load the settings", settings.error().message, "");
            }
        } else {
            open(first, &opts_.scene);
        }

        auto last = std::chrono::steady_clock::now();
        int frame = 0;
        while (!glfwWindowShouldClose(win) && !ui_.request_quit) {
            release_held_keys(win);  // ImGui saw those keys down last frame; now they go up
            glfwPollEvents();
            input_.dispatch_keys(win, frame);
            const auto now = std::chrono::steady_clock::now();
            const double wall = std::chrono::duration<double>(now - last).count();
            last = now;
            // A scripted run steps a fixed sixtieth so its frames do not depend on the machine.
            const double dt = scripted_ ? 1.0 / 60.0 : wall;
            ui_.frame_ms = ui_.frame_ms * 0.9 + wall * 1000.0 * 0.1;

            handle_inputs(frame);
            const bool last_frame = scripted_ && frame + 1 >= opts_.frames;
            render_frame(dt, last_frame, frame);
            glfwSwapBuffers(win);
            ++frame;
            if (scripted_ && frame >= opts_.frames) break;
        }
        if (!scripted_ && !recent_file().empty()) model_.open.save_recent(recent_file());
        if (!opts_.save_settings.empty()) save_settings(opts_.save_settings);
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

private:
    void handle_inputs(int frame) {
        if (!opts_.then_open.empty() && frame == opts_.then_open_at) inbox_.drops.push_back(opts_.then_open);
        for (auto& d : inbox_.drops) model_.open.request(d);
        inbox_.drops.clear();
        if (std::string req = model_.open.take_request(); !req.empty()) open(req, nullptr);
        if (ui_.request_save_settings && ui_.settings_path[0]) save_settings(ui_.settings_path);
        if (ui_.request_load_settings && ui_.settings_path[0]) load_settings(ui_.settings_path);
        ui_.request_save_settings = ui_.request_load_settings = false;
        if (ui_.dismiss_error) {
            ui_.load_error.clear();
            ui_.dismiss_error = false;
        }
        if (session_ && opts_.toggle_correction_at == frame)
            ui::FramePanel::toggle_correction(session_->character());

        const ImGuiIO& io = ImGui::GetIO();
        for (int key : inbox_.keys) {
            if (key == GLFW_KEY_ESCAPE) ui_.request_quit = true;
            if (io.WantTextInput) continue;  // typing a path must not flip switches
            if (key == GLFW_KEY_SPACE) model_.animation.toggle_play();
            if ((key == GLFW_KEY_LEFT || key == GLFW_KEY_RIGHT) && session_)
                model_.animation.step(key == GLFW_KEY_RIGHT ? 1 : -1,
                                      model_.graph.duration(session_->character(), model_.animation.clip));
            // Reframed below, as every change of the correction is.
            if (key == GLFW_KEY_C && session_) ui::FramePanel::toggle_correction(session_->character());
            if (key == GLFW_KEY_F && session_)
                session_->frame_selection(model_.scene.selection.skin, model_.scene.selection.joint);
            if (key == GLFW_KEY_HOME && session_) set_framed_view("reset");
            if (key == GLFW_KEY_S) ui_.request_screenshot = true;
            if (key == GLFW_KEY_F1) ui_.show_help = !ui_.show_help;
        }
        inbox_.keys.clear();
        // The correction changes what is drawn by up to 100x (the soup): whichever way it changed
        // (C, the Frame tab's checkbox, --toggle-correction-at), the camera frames the new drawing,
        // so C off and on gives back the view at load. A settings file or a newly opened file
        // records its own state (below) and keeps the camera it chose.
        if (session_ && session_->character().correction() != framed_correction_) {
            framed_correction_ = session_->character().correction();
            session_->frame_camera();
        }
    }

    void render_frame(double dt, bool last_frame, int frame) {
        int fbw = 0, fbh = 0, ww = 0, wh = 0;
        glfwGetFramebufferSize(ctx_.window(), &fbw, &fbh);
        glfwGetWindowSize(ctx_.window(), &ww, &wh);
        ui_.layout = ui::compute_layout(static_cast<float>(ww), static_cast<float>(wh));
        if (session_ && ui_.layout.viewport.h > 0.0f)
            session_->state().frame_aspect = ui_.layout.viewport.w / ui_.layout.viewport.h;
        const float sx = ww > 0 ? float(fbw) / float(ww) : 1.0f, sy = wh > 0 ? float(fbh) / float(wh) : 1.0f;

        if (session_) {
            anim::Character& ch = session_->character();
            FrameState& st = session_->state();
            model_.advance_and_pose(ch, dt);
            ui::ExpressionsPanel& ex = model_.expressions;
            if (ex.look_at_changed)
                st.look_at.mode = ex.look_at_follow ? LookTarget::Mode::Camera : LookTarget::Mode::Off;
            ex.look_at_changed = false;
            ex.look_at_follow = st.look_at.mode != LookTarget::Mode::Off;
            ex.look_at_text = st.look_at.mode == LookTarget::Mode::Point
                                  ? "the point " + format_look_target(st.look_at)
                              : st.look_at.mode == LookTarget::Mode::Camera ? "the camera"
                                                                            : "off";
            // VRM 1.0's order: the pose, the look-at, the expressions, the constraints, the springs.
            if (ch.asset().vrm.present()) {
                session_->set_expression_values(ex.active());
                session_->apply_look_at();
                // The panel wrote its morph weights; the look-at's, when of expression type, are
                // written again with them. The material binds follow the panel and the look-at.
                if (session_->look_sets_expressions())
                    session_->apply_expressions();
                else
                    session_->apply_material_binds();
            }
            session_->apply_constraints();
            session_->swing_springs(dt);
            st.clip = model_.animation.clip;
            st.time = static_cast<float>(model_.animation.time);
            st.draw.selected_skin = model_.scene.selection.skin;
            st.draw.selected_joint = model_.scene.selection.joint;
            // The weights map shows the joint the settings named, else the selected one.
            if (st.draw.debug_view == render::DebugView::Weights && model_.weights_joint >= 0) {
                st.draw.selected_skin = model_.weights_skin;
                st.draw.selected_joint = model_.weights_joint;
            }
            st.draw.draw_skeleton = model_.draw_skeleton;
            (void)session_->renderer().write_palettes(ch, {});
            session_->renderer().upload_palettes();
            gpu_requests();
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        scripted_pick(frame);
        input_.apply_pointer(frame, ui_.layout, static_cast<float>(ww), static_cast<float>(wh));
        ImGui::NewFrame();
        input_.begin_ui_log();
        ui_.character = session_ ? &session_->character() : nullptr;
        render::DrawOptions& draw = session_ ? session_->state().draw : spare_draw_;
        ui_controls_ = to_controls(draw);
        if (session_) {
            ui_controls_.file_camera = session_->state().file_camera;
            ui_controls_.file_camera_count = static_cast<int>(session_->character().asset().cameras.size());
        }
        ui_.draw = &ui_controls_;
        ui_.file = session_ ? session_->path() : std::string();
        ui_.vertices = session_ ? count_vertices(session_->character()) : 0;
        ui_.camera_pinned = session_ ? render::format_pinned_camera(session_->state().camera) : std::string();
        ui::draw_scene_window(model_, ui_);
        if (session_ && !ui_.request_view.empty()) set_framed_view(ui_.request_view);
        ui_.request_view.clear();
        ui::draw_timeline_window(model_, ui_);
        ui::draw_inspector_window(model_, ui_);
        ui::draw_status_line(model_, ui_);
        ui::draw_error_window(ui_);
        if (session_) viewport_interaction();
        if (session_) serve_retarget_request(model_.graph, session_->character());
        if (session_) ui::draw_heat_legend_for(model_, ui_);
        apply_controls(ui_controls_, draw);
        if (session_) {
            const auto& cams = session_->character().asset().cameras;
            const int fc = ui_controls_.file_camera;
            // A camera no node places cannot be looked through; the list offers it, choosing it keeps the
            // orbit.
            session_->state().file_camera =
                fc >= 0 && static_cast<size_t>(fc) < cams.size() && cams[static_cast<size_t>(fc)].node >= 0
                    ? fc
                    : -1;
        }
        if (ui_.show_help) ui::draw_keys_help(ui_);
        input_.end_ui_log(frame);
        ImGui::Render();

        glViewport(0, 0, fbw, fbh);
        glDisable(GL_SCISSOR_TEST);
        const glm::vec4 bg = session_ ? session_->state().clear_color : glm::vec4(0.11f, 0.12f, 0.14f, 1.0f);
        glClearColor(bg.r, bg.g, bg.b, bg.a);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        if (session_) {
            const ui::Rect& v = ui_.layout.viewport;
            const int x = int(v.x * sx), w = int(v.w * sx), h = int(v.h * sy);
            const int y = fbh - int((v.y + v.h) * sy);
            if (w > 0 && h > 0) {
                glViewport(x, y, w, h);
                glEnable(GL_DEPTH_TEST);
                session_->renderer().draw(session_->character(),
                                          {render::CharacterInstance{model_.graph.root.model(), 0}},
                                          view_proj(), session_->state().draw);
                glDisable(GL_DEPTH_TEST);
            }
            glViewport(0, 0, fbw, fbh);
        }
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        if (ui_.request_screenshot || (last_frame && !opts_.screenshot.empty())) {
            const std::string path =
                last_frame && !opts_.screenshot.empty() ? opts_.screenshot : screenshot_path();
            render::RgbaImage img = render::read_framebuffer(fbw, fbh);
            auto s = render::write_png(path, img);
            model_.screenshot_message = s ? "screenshot: " + path : "screenshot failed: " + s.error().message;
            std::fprintf(stderr, "skinview: %s\n", model_.screenshot_message.c_str());
            ui_.request_screenshot = false;
        }
    }

    // A scripted click on a joint: a script of its own (move to the joint's pixel and click at
    // `pick_at`, release a frame later) written when the joint's place on screen is known, and
    // replayed by the same path as --input.
    void scripted_pick(int frame) {
        if (opts_.pick_joint.empty() || !session_ || frame != opts_.pick_at) return;
        glm::vec2 p;
        if (!ui::joint_on_screen(session_->character(), opts_.pick_joint, view_proj(),
                                 model_.graph.root.model(), ui_.layout.viewport, p)) {
            std::fprintf(stderr, "skinview: --pick-joint '%s': no such joint in view\n",
                         opts_.pick_joint.c_str());
            return;
        }
        ui::InputEvent move, press;
        move.frame = press.frame = frame;
        move.x = {p.x, true};
        move.y = {p.y, true};
        press.action = ui::InputAction::ButtonDown;
        ui::InputEvent release = press;
        release.frame = frame + 1;
        release.action = ui::InputAction::ButtonUp;
        input_.add({move, press, release});
    }

    std::string screenshot_path() {
        namespace fs = std::filesystem;
        const fs::path file = session_ ? fs::path(session_->path()) : fs::path("skinview.glb");
        // Never beside the asset: that may be a read-only checkout or someone else's folder. The
        // folder the user named, else $XDG_PICTURES_DIR, else the current directory.
        const char* pictures = std::getenv("XDG_PICTURES_DIR");
        std::error_code ec;
        const fs::path dir = ui_.screenshot_dir[0] ? fs::path(ui_.screenshot_dir)
                             : pictures && *pictures && fs::is_directory(pictures, ec) ? fs::path(pictures)
                                                                                       : fs::current_path(ec);
        for (int i = 1;; ++i) {
            const fs::path p = dir / (file.stem().string() + "_" + std::to_string(i) + ".png");
            if (!fs::exists(p)) return p.string();
        }
    }

    glm::mat4 view_proj() const {
        const ui::Rect& v = ui_.layout.viewport;
        const auto& cam = session_->state().camera;
        // Looking through a file camera: picking and overlays use its matrices, as the frame does.
        if (session_->state().file_camera >= 0)
            return session_->view_proj(static_cast<int>(v.w), static_cast<int>(v.h));
        return cam.projection(v.h > 0 ? v.w / v.h : 1.0f) * cam.view();
    }

    // Palette read-back and diagnose touch framebuffers, so they run before the frame is drawn.
    void gpu_requests() {
        anim::Character& ch = session_->character();
        auto& rend = session_->renderer();
        const auto& sel = model_.scene.selection;
        if (model_.tab == ui::InspectorTab::Palette && sel.joint >= 0 && sel.skin >= 0 &&
            sel.skin < rend.skin_count()) {
            // Instance 0: skin k's block starts at its offset; joint j lies j / 512 rows into it.
            const int block = rend.skin_row_offset(sel.skin);
            const int row = block + sel.joint / kPaletteMatricesPerRow;
            model_.palette.inspect(row, sel.joint % kPaletteMatricesPerRow, rend.palette().read_back_row(row),
                                   rend.palette().matrix(block, sel.joint));
        }
        auto& d = model_.diagnose;
        const FrameState& st = session_->state();
        const ui::DiagnoseState now{
            ch.correction(),       st.draw.auto_rung,     static_cast<int>(st.draw.rung),
            model_.animation.clip, model_.animation.time, model_.pose_edits.revision};
        // A stale result that is on screen (the heat map, or the Diagnose tab) is measured again: a
        // run is a few milliseconds, cheaper than a number that belongs to another frame.
        if (d.stale(now) && (d.heat_map || model_.tab == ui::InspectorTab::Diagnose)) d.run_requested = true;
        if (d.run_requested || d.run_every_frame) {
            d.run_requested = false;
            const Expected<render::DiagnoseResult> r = render::diagnose(rend, ch, {}, session_->state().draw);
            d.set_result(summarize(r), now);
            // A scripted run logs each measurement, so a test can tell a re-run from a stale result.
            if (scripted_ && d.has_result)
                std::fprintf(stderr, "skinview: diagnose at clip %d, %s s, correction %s: worst error %s m\n",
                             now.clip, ui::format_number(now.time).c_str(), now.correction ? "on" : "off",
                             ui::format_number(d.result.worst_error).c_str());
            if (r)
                for (size_t i = 0; i < r->vertex_errors.size(); ++i)
                    for (size_t p = 0; p < r->vertex_errors[i].size(); ++p)
                        rend.set_vertex_errors(static_cast<int>(i), static_cast<int>(p),
                                               r->vertex_errors[i][p]);
        }
        session_->state().draw.heat_scale = d.effective_heat_scale();
        ui_.diagnose_stale = d.stale(now);
    }

    // Where the left button went down, for the frame ImGui first sees it: the scripted press, else
    // GLFW's, else ImGui's own record (the cursor when the frame began).
    glm::vec2 press_position(int button) {
        const ImGuiIO& io = ImGui::GetIO();
        glm::vec2 at(io.MouseClickedPos[button].x, io.MouseClickedPos[button].y);
        if (inbox_.pressed[button]) at = {inbox_.press_x[button], inbox_.press_y[button]};
        inbox_.pressed[button] = false;
        float x = 0.0f, y = 0.0f;
        if (input_.take_press(button, x, y)) at = {x, y};
        return at;
    }

    // A framed view by name (the Home key, the Scene panel's camera row): the direction, then fitted
    // to what is drawn over the clip as at load, so Reset gives exactly the view the file opened
    // with (unless --camera or the settings chose another: Reset means the default, not those).
    // Front and side are --camera front and side's angles. It leaves a file camera for the orbit.
    void set_framed_view(const std::string& name) {
        static const struct {
            const char* name;
            float yaw, pitch;
        } views[] = {{"reset", 25.0f, 12.0f},
                     {"front", 0.0f, 5.0f},
                     {"side", 90.0f, 5.0f},
                     {"back", 180.0f, 5.0f},
                     {"top", 0.0f, kOrbitPitchMax}};
        for (const auto& v : views) {
            if (name != v.name) continue;
            auto& cam = session_->state().camera;
            cam.yaw_degrees = v.yaw;
            cam.pitch_degrees = v.pitch;
            session_->state().file_camera = -1;
            ui_controls_.file_camera = -1;  // applied after this, so it must agree
            session_->frame_camera();
            return;
        }
    }

    // Camera orbit and zoom, IK handle drags, and the overlays drawn over the 3D view.
    void viewport_interaction() {
        const ImGuiIO& io = ImGui::GetIO();
        const ui::Rect& v = ui_.layout.viewport;
        auto& cam = session_->state().camera;
        const glm::mat4 vp = view_proj();
        ImDrawList* dl = ImGui::GetBackgroundDrawList();
        const bool over = !io.WantCaptureMouse && v.contains(io.MousePos.x, io.MousePos.y);
        const glm::vec2 press = press_position(0);

        // Root-motion trail.
        const auto& trail = model_.graph.root.trail;
        for (size_t i = 1; i < trail.size(); ++i) {
            glm::vec2 a, b;
            if (ui::project_to_screen(vp, v, trail[i - 1], a) && ui::project_to_screen(vp, v, trail[i], b))
                dl->AddLine(ImVec2(a.x, a.y), ImVec2(b.x, b.y), IM_COL32(255, 170, 60, 220), 2.0f);
        }

        // IK handles. Target and pole live in the character's own space (IkPanel), so they walk
        // with it under root motion; on screen they are placed through the root-motion model.
        auto& ik = model_.ik;
        const glm::mat4 model = model_.graph.root.model();
        const glm::dmat4 model_d(model);
        const auto to_world = [&](const glm::dvec3& p) { return glm::dvec3(model_d * glm::dvec4(p, 1.0)); };
        if (ik.enabled && ik.chain.tip >= 0) {
            const auto& sk = session_->character().skins()[static_cast<size_t>(ik.skin)].skeleton;
            glm::vec2 t, p, mid;
            const bool ht = ui::project_to_screen(vp, v, glm::vec3(to_world(ik.target)), t);
            const bool hp = ui::project_to_screen(vp, v, glm::vec3(to_world(ik.pole)), p);
            const glm::vec3 mw(to_world(ui::joint_world_position(sk, ik.chain.mid)));
            if (hp && ui::project_to_screen(vp, v, mw, mid))
                dl->AddLine(ImVec2(mid.x, mid.y), ImVec2(p.x, p.y), IM_COL32(240, 220, 60, 200), 1.5f);
            if (ht)
                dl->AddCircleFilled(ImVec2(t.x, t.y), 7.0f,
                                    ik.reachable ? IM_COL32(60, 230, 90, 255) : IM_COL32(240, 70, 60, 255));
            if (hp) dl->AddCircle(ImVec2(p.x, p.y), 7.0f, IM_COL32(240, 220, 60, 255), 12, 2.5f);
            const auto move_handle = [&](glm::dvec3& h, float dx, float dy) {
                const glm::dvec3 w = ui::drag_in_view_plane(camera_view(cam), v, to_world(h), dx, dy);
                h = glm::dvec3(glm::inverse(model_d) * glm::dvec4(w, 1.0));
            };
            if (ImGui::IsMouseClicked(0) && v.contains(press.x, press.y) && !io.WantCaptureMouse) {
                // Against the handles as drawn on the frame the press happened over.
                const ui::IkPanel::Handle h =
                    ui::IkPanel::handle_at(press, drawn_target_ok_ ? &drawn_target_ : nullptr,
                                           drawn_pole_ok_ ? &drawn_pole_ : nullptr);
                if (h != ui::IkPanel::Handle::None) {
                    ik.grab(h);
                    if (scripted_)
                        std::fprintf(stderr,
                                     "skinview: ik: grabbed the %s handle, pressed at (%.0f, %.0f) px\n",
                                     h == ui::IkPanel::Handle::Target ? "target" : "pole", press.x, press.y);
                    // The cursor has moved on since the press: the handle catches up at once, so
                    // it stays under the cursor rather than lagging the drag by that much.
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
        } else {
            drawn_target_ok_ = drawn_pole_ok_ = false;
        }
        if (!ImGui::IsMouseDown(0)) ik.release();
        const bool dragging = ik.grabbed != ui::IkPanel::Handle::None;
        if (over && !dragging) {
            const bool pan = ImGui::IsMouseDragging(2) || (ImGui::IsMouseDragging(0) && io.KeyShift);
            // Orbiting, panning or zooming leaves a file camera for the orbit (framed at load).
            if (pan || ImGui::IsMouseDragging(0) || io.MouseWheel != 0.0f) {
                session_->state().file_camera = -1;
                ui_controls_.file_camera = -1;  // applied after this, so it must agree
            }
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
            // A click (released where it was pressed) on a joint selects it.
            if (ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < 9.0f) {
                const ui::JointPick hit = ui::nearest_joint(session_->character(), vp, model, v,
                                                            glm::vec2(io.MousePos.x, io.MousePos.y), 12.0f);
                if (hit.joint >= 0) (void)model_.select_joint(session_->character(), hit.skin, hit.joint);
            }
        }
        if (ik.enabled) return;
        if (model_.scene.selection.joint >= 0) {
            const auto& sk =
                session_->character().skins()[static_cast<size_t>(model_.scene.selection.skin)].skeleton;
            glm::vec2 s;
            const glm::vec3 jw(to_world(ui::joint_world_position(sk, model_.scene.selection.joint)));
            if (ui::project_to_screen(vp, v, jw, s)) {
                dl->AddCircle(ImVec2(s.x, s.y), 6.0f, IM_COL32(255, 90, 30, 255), 12, 2.0f);
                dl->AddText(ImVec2(s.x + 8, s.y - 8), IM_COL32(255, 200, 160, 255),
                            sk.names()[static_cast<size_t>(model_.scene.selection.joint)].c_str());
            }
        }
    }

    InteractiveOptions opts_;
    render::Api api_;
    render::Context& ctx_;
    std::unique_ptr<SceneSession> session_;
    ui::ViewerModel model_;
    ui::UiContext ui_;
    render::DrawOptions spare_draw_;
    ui::DrawControls ui_controls_;  // what the panels edit this frame, copied back into the draw options
    Inbox inbox_;
    ScriptedInput input_;
    bool scripted_ = false;
    bool options_failed_ = false;    // the first file's command-line options, as settings_failed_
    bool settings_failed_ = false;   // a settings file was refused or partly applied
    bool framed_correction_ = true;  // the correction the camera was last framed for
    // The IK handles' pixels as drawn last frame: what the user aimed a press at.
    glm::vec2 drawn_target_{0.0f}, drawn_pole_{0.0f};
    bool drawn_target_ok_ = false, drawn_pole_ok_ = false;
};

}  // namespace

int run_interactive(const InteractiveOptions& options) {
    auto api = render::parse_api(options.scene.api);
    if (!api) {
        std::fprintf(stderr, "skinview: %s\n", api.error().message.c_str());
        return 2;
    }
    ScriptedInput input;  // a bad script is refused before a window opens, as a bad option is
    if (!options.input.empty() && !input.load(options.input)) return 2;
    const std::string title =
        "skinview - " + (options.scene.file.empty() ? default_asset_path() : options.scene.file);
    auto ctx = render::create_window_context(*api, options.window_width, options.window_height, title);
    if (!ctx) {
        std::fprintf(stderr, "skinview: no window: %s\n", ctx.error().message.c_str());
        return 1;
    }
    // The default window must fit the monitor's work area (a 1280x720 window on a 1366x768 laptop
    // with a panel bar would put the status line off screen).
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
        int x = 0, y = 0, w = 0, h = 0;
        glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
        const ui::WindowSize fit = ui::fit_to_work_area(options.window_width, options.window_height, w, h);
        if (fit.w != options.window_width || fit.h != options.window_height)
            glfwSetWindowSize((*ctx)->window(), fit.w, fit.h);
    }
    Viewer viewer(options, *api, **ctx, std::move(input));
    return viewer.run();
}

}  // namespace sv::viewer
