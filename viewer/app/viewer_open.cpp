// Opening files and settings in the window (viewer_window.h).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "data_dir.h"
#include "default_view.h"
#include "note_codes.h"
#include "render/phase_timings.h"
#include "retarget_source.h"
#include "scene_flags_layer.h"
#include "settings_apply.h"
#include "ui/frame_panel.h"
#include "user_files.h"
#include "viewer_window.h"

namespace sv::viewer {

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

void ViewerWindow::open(const std::string& path, const SceneOptions* options, const ui::View* settings) {
    // A second open cancels the first whatever it had got to: loading, or loaded and waiting for
    // its upload. Nothing of it reaches the screen.
    if (open_pending()) {
        const std::string first = loaded_ ? loaded_->path : loading_.path();
        if (scripted_)
            std::fprintf(stderr, "skinview: open %s cancels the open of %s (%s)\n", path.c_str(),
                         first.c_str(), loaded_ ? "loaded, not yet uploaded" : ui_.loading.line().c_str());
        loading_.cancel();
        loaded_.reset();
        ui_.loading = ui::LoadProgress{};
        show_after_open_error();
    }
    open_options_ = options;
    open_settings_.reset();
    if (settings) open_settings_ = *settings;
    const bool vrm_facing = !opts_.scene.no_vrm_facing;
    if (background_open_) {
        if (loading_.start(path, vrm_facing)) {
            ui_.loading.path = path;
            return;
        }
        // No thread to be had (the process's limit): the open runs here instead, as it did before.
    }
    Expected<LoadedScene> loaded = make_error(path + ": not loaded");
    try {
        // On the GL thread (the page has no other): a worker's load is not timed (one thread only).
        render::PhaseTimer timer("load (glTF, images, character)");
        loaded = load_scene(path, vrm_facing);
    } catch (const std::exception& e) {
        loaded = make_error(path + ": " + e.what());
    } catch (...) {
        loaded = make_error(path + ": an unknown exception");
    }
    if (!loaded) {
        show_error("Could not open the file", loaded.error().message, "could not open ");
        return show_after_open_error();
    }
    finish_open(std::move(*loaded), options, settings);
}

void ViewerWindow::show_after_open_error() {
    if (!after_open_error_) return;
    show_error("Could not load the settings", *after_open_error_, "");
    after_open_error_.reset();
}

void ViewerWindow::serve_open() {
    loading_.reap();
    if (loaded_) {
        LoadedScene l = std::move(*loaded_);
        loaded_.reset();
        ui_.loading = ui::LoadProgress{};
        return finish_open(std::move(l), open_options_, open_settings_ ? &*open_settings_ : nullptr);
    }
    if (!loading_.pending()) return;
    const anim::ImportProgress& p = loading_.progress();
    ui_.loading.files_read = p.files_read;
    ui_.loading.images_total = p.images_total;
    ui_.loading.images_decoded = p.images_decoded;
    auto done = loading_.take_if_done();
    if (!done) return;
    if (!*done) {
        ui_.loading = ui::LoadProgress{};
        show_error("Could not open the file", done->error().message, "could not open ");
        return show_after_open_error();
    }
    int textures = 0;
    for (const anim::Image& im : (*done)->character->asset().images) textures += im.rgba.empty() ? 0 : 1;
    ui_.loading.uploading = true;
    ui_.loading.textures = textures;
    loaded_ = std::move(**done);
}

void ViewerWindow::wait_for_open(int frame) {
    while (open_pending() && !quit_) {
        ++load_frame_;
        glfwPollEvents();
        input_.dispatch_load_frame(ctx_.window(), frame, load_frame_);
        serve_drops();
        // The frame shows the state the open is in after these drops: a cancelled open's progress
        // is gone, the new one's is on.
        if (!open_pending()) break;
        render_frame(0.0, false, frame);
        std::fprintf(stderr, "skinview: frame %d, load frame %d drawn: on screen %s; %s\n", frame,
                     load_frame_, session_ ? session_->path().c_str() : "nothing",
                     ui_.loading.line().c_str());
        glfwSwapBuffers(ctx_.window());
        // A scripted run draws without vsync, and llvmpipe draws on the same cores the decoding
        // pool needs: load frames back to back would slow the load they wait for. Up to a tenth
        // of a second between them, or until the worker is done: about ten progress frames a
        // second, and an open that ends at most that much later than it would alone (the lamp's
        // test drew 69 to 89 load frames back to back, 20 with the pause).
        for (int i = 0; i < 20 && loading_.pending() && !loading_.finished(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        serve_open();
    }
    load_frame_ = 0;
}

void ViewerWindow::finish_open(LoadedScene loaded, const SceneOptions* options, const ui::View* settings) {
    const std::string path = loaded.path;
    // The loader returns its refusals as values; this is for what it did not foresee (an
    // allocation that failed, a library's throw). Whatever had replaced the session by then stays.
    try {
        render::PhaseTimer timer("open (session, options)");
        finish_open_unguarded(std::move(loaded), options, settings);
    } catch (const std::exception& e) {
        show_error("Could not open the file", path + ": " + e.what(), "could not open ");
    } catch (...) {
        show_error("Could not open the file", path + ": an unknown exception", "could not open ");
    }
    show_after_open_error();
}

void ViewerWindow::finish_open_unguarded(LoadedScene loaded, const SceneOptions* options,
                                         const ui::View* settings) {
    const std::string path = loaded.path;
    // The light on screen, kept for a file opened later (--env, or a settings file's); read before
    // the new session starts the view's draw half afresh.
    const std::string previous_environment = session_ ? session_->environment_path() : opts_.scene.env;
    // The panels' model is the session's from here on: the options and a settings file below write
    // the one value the panels edit, the frame poses from and the draw reads. create attaches it
    // only once the file is uploaded, and the session replaces the one on screen at once, so
    // nothing draws the old character with a model attached to the new one.
    auto s = SceneSession::create(std::move(loaded), api_, &model_);
    if (!s) return show_error("Could not open the file", s.error().message, "could not open ");
    session_ = std::move(*s);
    SceneSession* const next_session = session_.get();
    next_session->set_springs(opts_.scene.springs != "off");
    // The viewer's eyes follow the camera unless --look-at says otherwise (a bad value is
    // reported by apply below, for the first file).
    if (auto t = parse_look_target(opts_.scene.look_at.empty() ? "camera" : opts_.scene.look_at); t)
        next_session->state().look_at = *t;
    std::string problems;
    const auto note = [&](const std::string& e) { problems += (problems.empty() ? "" : "\n") + e; };
    // Framed for the 3D view's own shape in the pixels it is drawn in (as `render --size` frames
    // for its picture), once the layout is known (the first file opens before it).
    const ViewportPixels view = viewport_pixels();
    const bool sized = view.w > 0 && view.h > 0;
    if (sized) next_session->state().frame_aspect = float(view.w) / float(view.h);
    // One default camera however the file came (the command line, the Open field, a drop) and
    // what Home gives back: three-quarters from the character's front (default_view.h).
    aim_from_front(next_session->character(), next_session->state().camera);
    if (options) {
        SceneOptions o = *options;
        if (sized) o.width = view.w, o.height = view.h;
        // --env apart: an environment file that fails to load is a file's failure, shown but
        // not a bad option (which fails a scripted run, below).
        o.env.clear();
        // --camera auto is the default view above, not render's fixed +Z one.
        const bool auto_camera = o.camera == "auto";
        if (auto_camera) o.camera = render::format_pinned_camera(next_session->state().camera);
        if (auto st = next_session->apply(o); !st) {
            note(st.error().message);
            options_failed_ = true;
        }
        if (auto_camera) next_session->frame_camera();
        if (auto st = next_session->apply_environment(options->env); !st) note(st.error().message);
    } else {
        next_session->frame_camera();
        // A file opened later keeps the light on screen (--env, or a settings file's).
        if (auto st = next_session->apply_environment(previous_environment); !st) note(st.error().message);
    }
    // Cleared here, before anything of this load is reported, so an error found while applying
    // the options survives to the first frame (it used to be cleared after being set).
    ui_.load_error.clear();
    fill_note_codes(model_.notes, session_->character());
    // The first file's --settings under the flags the command line named (ui/settings_layers.h:
    // explicit flag > settings file > defaults); the Load button loads a file as it was saved.
    ui::View view_settings = settings ? *settings : ui::View{};
    if (settings && options) {
        auto flags = scene_flags_layer(*options);
        auto resolved = flags ? ui::resolve_view(*settings, {&*flags}) : Expected<ui::View>(flags.error());
        if (resolved) {
            view_settings = *resolved;
        } else {
            note(resolved.error().message);
            options_failed_ = true;
        }
    }
    if (settings) {
        // An explicit --env wins over the file's environment, as --tab and --joint win; a named
        // --variant is in the resolved view, over the file's.
        if (auto st = apply_view(view_settings, *session_, opts_.scene.env.empty()); !st) {
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
    framed_correction_ = session_->state().draw.correction;  // framed as opened
    quit_guard_.mark_saved(current_view());  // what the file and the settings hold is no unsaved work
    // A scripted run says what opened, as it says what did not (show_error), so a test over many
    // files accounts for each.
    if (scripted_) std::fprintf(stderr, "skinview: opened %s\n", path.c_str());
    model_.open.push_recent(path);
    std::snprintf(model_.open.path, sizeof model_.open.path, "%s", path.c_str());
    glfwSetWindowTitle(ctx_.window(), ("skinview - " + path).c_str());
}

void ViewerWindow::show_error(const std::string& title, const std::string& message, const char* log_prefix) {
    ui_.error_title = title;
    ui_.load_error = message;
    std::fprintf(stderr, "skinview: %s%s\n", log_prefix, message.c_str());
}

void ViewerWindow::open_first() {
    const std::string first = opts_.scene.file.empty() ? default_asset_path() : opts_.scene.file;
    if (opts_.settings.empty()) return open(first, &opts_.scene);
    std::snprintf(ui_.settings_path, sizeof ui_.settings_path, "%s", opts_.settings.c_str());
    auto settings = ui::load_settings_file(opts_.settings);
    if (!settings) {
        settings_failed_ = true;
        // Shown once the open is over, as when it ran here: over its own errors, and not cleared
        // by the load's start of reporting (finish_open_unguarded).
        after_open_error_ = settings.error().message;
    }
    open(first, &opts_.scene, settings ? &*settings : nullptr);
}

void ViewerWindow::load_settings(const std::string& path) {
    auto s = ui::load_settings_file(path);
    if (!s) {
        settings_failed_ = true;
        return show_error("Could not load the settings", s.error().message, "");
    }
    if (!session_) return;
    // Loaded by hand, the file is the whole state, its environment included.
    const Status st = apply_view(*s, *session_, true);
    framed_correction_ = session_->state().draw.correction;  // the file's camera stands
    quit_guard_.mark_saved(current_view());                  // the pose edits are the file's now
    if (!st) {
        settings_failed_ = true;
        return show_error("Some settings could not be applied", st.error().message, "");
    }
    model_.screenshot_message = "settings loaded from " + path;
    model_.message_about_saved_view = true;
}

void ViewerWindow::save_settings(const std::string& path) {
    if (!session_) return;
    const ui::View captured = current_view();
    auto st = ui::save_settings_file(path, captured);
    if (st) st = hand_to_user(path);  // the page's download; the desktop's file is where it is
    model_.screenshot_message = st ? "settings saved to " + path : st.error().message;
    model_.message_about_saved_view = st.ok();
    // What the file holds now is no unsaved work: the pose edits, IK with its handles, ...
    if (st) quit_guard_.mark_saved(captured);
    std::fprintf(stderr, "skinview: %s\n", model_.screenshot_message.c_str());
}

}  // namespace sv::viewer
