#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "commands.h"
#include "error_heat.h"
#include "headless_settings.h"
#include "huge_pages.h"
#include "reference_check.h"
#include "render/debug_view.h"
#include "render/gpu_diagnose.h"
#include "render/image_compare.h"
#include "render/phase_timings.h"
#include "render/punctual_lights.h"
#include "scene_session.h"
#include "ui/view.h"
#include "ui/viewer_model.h"
#include "view_layers.h"

namespace sv::viewer {

namespace {

Status parse_size(const std::string& text, int& w, int& h) {
    if (std::sscanf(text.c_str(), "%dx%d", &w, &h) != 2 || w <= 0 || h <= 0 || w > 8192 || h > 8192)
        return make_error("--size '" + text + "': expected WIDTHxHEIGHT, each 1..8192");
    return ok_status();
}

std::string frame_path(const std::string& pattern, int frame) {
    const auto at = pattern.find("{frame}");
    if (at == std::string::npos) return pattern;
    char num[16];
    std::snprintf(num, sizeof num, "%04d", frame);
    return pattern.substr(0, at) + num + pattern.substr(at + 7);
}

std::string fmt_seconds(double t) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", t);
    return b;
}

// What render's messages begin with (RenderArgs::command): "skinview render", or "skinview" while
// the windowless viewer draws through it, whose errors are the viewer's. Set for one run_render at
// a time; two run_render calls on two threads at once would mix it (nothing does that: suite draws
// through the session, not run_render).
std::string& command_prefix() {
    static std::string prefix = "skinview render";
    return prefix;
}

int fail(const std::string& message, int status = 1) {
    std::fprintf(stderr, "%s: %s\n", command_prefix().c_str(), message.c_str());
    return status;
}
// A bad option or value: exit 2 (CONTRIBUTING), the message naming the option.
int bad_option(const std::string& message) { return fail(message, 2); }

Expected<int> resolve_joint(const anim::Character& c, const std::string& text) {
    if (c.skins().empty()) return make_error("--weights: the file has no skin");
    const auto& sk = c.skins()[0].skeleton;
    const int by_name = sk.find(text);
    if (by_name >= 0) return by_name;
    char* end = nullptr;
    const long i = std::strtol(text.c_str(), &end, 10);
    if (end != text.c_str() && *end == '\0' && i >= 0 && i < sk.joint_count()) return static_cast<int>(i);
    return make_error("--weights '" + text + "': no joint of that name or index (" +
                      std::to_string(sk.joint_count()) + " joints)");
}

// 0: match, 1: mismatch, -1: an error (printed here).
int compare_with_reference(const RenderArgs& args, SceneSession& s, const render::RgbaImage& image,
                           const JointSidecar& measured, const std::string& out) {
    auto golden = render::read_png(args.reference);
    if (!golden) {
        // The reader's own words name its function; the user named --ref.
        fail("--ref " + args.reference + ": not a PNG image that can be read");
        return -1;
    }
    // The sidecar is optional: a reference made by another tool has none, and then only the image
    // is held (said in the report).
    std::optional<JointSidecar> golden_sc;
    const std::string sc_ref = sidecar_path(args.reference);
    if (std::filesystem::exists(sc_ref)) {
        auto read = read_sidecar(sc_ref);
        if (!read) {
            fail(read.error().message);
            return -1;
        }
        golden_sc = std::move(*read);
    }
    auto background = s.render_background(image.width, image.height);
    if (!background) {
        fail(background.error().message);
        return -1;
    }
    ReferenceOptions opt;
    opt.image.channel_tolerance = args.channel_tolerance;
    opt.image.max_footprint_fraction = args.threshold;
    opt.joint_tolerance_px = args.joint_tolerance;
    opt.image.shift_tolerance_px = args.shift_tolerance;
    auto rep =
        check_reference(*golden, golden_sc ? &*golden_sc : nullptr, image, measured, &*background, opt);
    if (!rep) {
        fail(rep.error().message);
        return -1;
    }
    const std::string diff = std::filesystem::path(out).replace_extension("").string() + ".diff.png";
    (void)render::write_png(diff, rep->image.diff);
    std::printf("compare with %s: %s\n%s; diff image %s\n", args.reference.c_str(),
                rep->match() ? "match" : "MISMATCH", rep->text().c_str(), diff.c_str());
    return rep->match() ? 0 : 1;
}

}  // namespace

int run_render(const RenderArgs& args) {
    command_prefix() = args.command;
    int width = 0, height = 0;
    if (auto s = parse_size(args.size, width, height); !s) return bad_option(s.error().message);
    if (args.frames < 1) return bad_option("--frames must be at least 1");
    bool error_heatmap = args.error_heatmap;
    if (args.frames > 1 && args.output.find("{frame}") == std::string::npos)
        return bad_option("--frames " + std::to_string(args.frames) + " needs '{frame}' in the output name");
    if (!(args.exposure > 0.0f) || !std::isfinite(args.exposure))
        return bad_option("--exposure " + std::to_string(args.exposure) + ": must be a positive number");
    if (auto st = refuse_conflicting_flags(args.scene.given); !st) return bad_option(st.error().message);
    if (!args.reference.empty()) {
        // Before the model loads: a golden that is not there is known without drawing anything.
        std::error_code ec;
        if (!std::filesystem::exists(args.reference, ec))
            return fail("--ref " + args.reference + ": no such file");
        if (std::filesystem::is_directory(args.reference, ec))
            return fail("--ref " + args.reference + ": a folder, not a PNG");
    }
    const auto given = [&args](const char* flag) { return args.scene.given.count(flag) > 0; };
    SceneOptions scene = args.scene;  // framed for the picture's own aspect
    scene.width = width, scene.height = height;
    OpenFault fault = OpenFault::None;
    auto opened = [&] {
        // The glTF and its images, the character; the context, GPU upload, programs and
        // precomputation inside it are their own phases.
        render::PhaseTimer timer("load (glTF, images, character)");
        return open_headless(scene, &fault);
    }();
    if (!opened) return fail(opened.error().message, exit_status(fault));
    SceneSession& s = *opened->session;
    // The reference's sidecar says how the golden was made: the whole view (clip, time, graph, pose
    // edits, camera, ...) and its size, under what the command line names (a settings file replaces
    // the sidecar's view; a named flag wins over either).
    std::optional<JointSidecar> ref_sidecar;
    if (!args.reference.empty() && std::filesystem::exists(sidecar_path(args.reference))) {
        auto ref = read_sidecar(sidecar_path(args.reference));
        if (!ref) return fail(ref.error().message);
        ref_sidecar = std::move(*ref);
    }
    const bool sidecar_view =
        args.settings.empty() && ref_sidecar && !ref_sidecar->view.settings_json.empty();
    // A view came from a file (settings or the golden's sidecar): the flags' defaults must not undo it.
    const bool view_file = !args.settings.empty() || sidecar_view;
    if (view_file) {
        // The flags the command line named win over the file (ui/settings_layers.h); the file wins
        // over the flags' defaults.
        auto flags = render_flags_layer(args);
        if (!flags) return bad_option(flags.error().message);
        Expected<HeadlessSettings> applied = HeadlessSettings{};
        if (!args.settings.empty()) {
            applied = apply_settings_file(args.settings, s, {&*flags});
            // Exit 2: bad input (CONTRIBUTING), as the viewer's scripted run gives for the same file.
            if (!applied) return bad_option(applied.error().message);
        } else {
            const std::string label = sidecar_path(args.reference);
            auto golden_view = ui::settings_from_json(ref_sidecar->view.settings_json);
            if (!golden_view) return fail(label + ": view." + golden_view.error().message);
            auto view = ui::resolve_view(*golden_view, {&*flags});
            if (!view) return bad_option(view.error().message);
            applied = apply_view_settings(*view, label, s);
            // The golden's view cannot be drawn on this file (a clip or joint it lacks): a finding
            // about the file against its golden, not bad input.
            if (!applied) return fail(applied.error().message);
            if (!given("--fov"))
                s.state().camera.fov_y_degrees = static_cast<float>(ref_sidecar->view.fov_degrees);
            std::printf("view from %s: clip '%s' at t=%s, correction %s, camera %s\n", label.c_str(),
                        golden_view->clock.clip.c_str(), fmt_seconds(golden_view->clock.time).c_str(),
                        golden_view->skin.correction ? "on" : "off",
                        render::format_pinned_camera(s.state().camera).c_str());
        }
        error_heatmap = error_heatmap || applied->error_heatmap;
        if (given("--bind")) s.model().animation.clip = -1;  // the rest pose, even with a clip called "rest"
        if (given("--key-light") && args.key_light == "auto")
            s.state().draw.lighting.key_light = !render::has_punctual_lights(s.character());
    }
    if (ref_sidecar) {
        const JointSidecar& ref = *ref_sidecar;
        if (!sidecar_view && !args.camera_given && args.settings.empty()) {
            // A sidecar written before the view was kept: its camera alone.
            auto adopted = adopt_sidecar_camera(ref, s);
            if (!adopted) return fail(adopted.error().message);
            if (*adopted)
                std::printf("camera from %s: %s\n", sidecar_path(args.reference).c_str(),
                            ref.view.camera.c_str());
        }
        if (!args.size_given && ref.width > 0 && ref.height > 0) width = ref.width, height = ref.height;
        if (!ref.view.file_hash.empty() && file_content_hash(s.path()) != ref.view.file_hash)
            std::printf(
                "note: %s is not the file the golden was drawn from (%s recorded %s, FNV-1a %s; "
                "this file's bytes differ)\n",
                s.path().c_str(), sidecar_path(args.reference).c_str(), ref.view.file.c_str(),
                ref.view.file_hash.c_str());
    }
    // A settings file holds the armature and the lighting; the flags' defaults must not undo them.
    if (!view_file || args.armature) s.state().draw.draw_skeleton = args.armature;
    // An unnamed --view leaves the view a settings file chose (or the default, lit); a named one,
    // lit included, wins over the file.
    if (args.view != "lit" || given("--view"))
        if (auto view = render::debug_view_named(args.view, &render::DebugViewNames::command_line))
            s.state().draw.debug_view = *view;
    // No settings key says which lights of the file to use: the flag holds with or without a file.
    s.state().draw.lighting.file_lights = args.file_lights != "off";
    if (!view_file) {
        s.state().draw.lighting.exposure = args.exposure;
        s.state().draw.lighting.environment_rotation_deg = args.environment_rotation;
        if (args.key_light != "auto") s.state().draw.lighting.key_light = args.key_light == "on";
        s.state().draw.draw_grid = args.grid != "off";
        auto background = ui::parse_background(args.background);
        if (!background) return bad_option("--" + background.error().message);
        s.state().clear_color =
            glm::vec4((*background)[0], (*background)[1], (*background)[2], (*background)[3]);
    }
    // What changes the picture (an extension used and not drawn, a texture not drawn), one line each
    // on stderr: a user holding an image that looks wrong learns why without running audit.
    for (const std::string& note : s.character().asset().picture_notes)
        std::fprintf(stderr, "%s: note: %s\n", command_prefix().c_str(), note.c_str());
    if (!args.select_joint.empty()) {
        const int j =
            s.character().skins().empty() ? -1 : s.character().skins()[0].skeleton.find(args.select_joint);
        if (j < 0) return bad_option("--joint '" + args.select_joint + "': no joint of that name in skin 0");
        s.state().draw.selected_skin = 0;
        s.state().draw.selected_joint = j;
        // The view's `joint` key too, so a sidecar carries the selection and --ref draws it again.
        // Before --weights: the weights map shows the weights joint, else the selected one (the
        // window's rule, and what --ref applies).
        (void)s.model().select_joint(s.character(), 0, j);
    }
    if (!args.weights_joint.empty()) {
        auto j = resolve_joint(s.character(), args.weights_joint);
        if (!j) return bad_option(j.error().message);
        s.state().draw.debug_view = render::DebugView::Weights;
        s.state().draw.selected_joint = *j;
        // The view's own key (settings `weights_joint`), so a sidecar carries whose weights these are.
        s.model().weights_skin = 0;
        s.model().weights_joint = *j;
    }
    if (args.window_frames > 0) {
        // The window's N frames as its clock steps them (ui::ViewerModel::advance_and_pose: each
        // frame {playing ? dt x speed : 0, dt}, dt = 1/60 s in a scripted run), summed into one step:
        // the clocks only add. A settings file is a still unless it says `playing`; without one the
        // clip plays. The spring chain's clock runs in wall time, paused or not.
        const ui::AnimationPanel& clock = s.model().animation;
        const bool playing = view_file ? clock.playing : clock.clip >= 0;
        const double wall = args.window_frames / 60.0;
        s.advance(ui::ClockStep{playing ? wall * static_cast<double>(clock.speed) : 0.0, wall});
    }
    int status = 0;
    // The time the view holds: --time, else the settings file's `time` (it used to be --time's
    // default, 0, so a view saved at t = 0.8 was drawn at 0 while bake drew 0.8).
    const float start = s.time();
    for (int f = 0; f < args.frames; ++f) {
        // Every clock of the view moves with the clip's (the state machine's, the spring chain's).
        s.set_time(start + static_cast<float>(f) / args.fps);
        if (error_heatmap) {
            s.pose();
            auto d = apply_error_heat(s);
            if (!d) return fail(d.error().message);
            std::printf("read-back error: %s\n", d->summary().c_str());
        }
        auto image = [&] {
            render::PhaseTimer timer("pose, draw");
            return s.render_image(width, height);
        }();
        if (!image) return fail(image.error().message);
        const std::string out = frame_path(args.output, f);
        if (auto w = render::write_png(out, *image); !w) return fail(out + ": cannot be written");
        std::printf("wrote %s (%dx%d, %s, correction %s, t=%.3f)\n", out.c_str(), width, height,
                    args.scene.api.c_str(), s.state().draw.correction ? "on" : "off", s.time());
        if (!args.reference.empty() || args.sidecar) {
            auto measured = measure_sidecar(s, width, height);
            if (!measured) return fail(measured.error().message);
            measured->view.api = args.scene.api;
            const std::string sc_out = sidecar_path(out);
            if (auto w = write_sidecar(sc_out, *measured); !w) return fail(w.error().message);
            if (!args.reference.empty()) {
                const int st = compare_with_reference(args, s, *image, *measured, out);
                if (st < 0) return 1;
                if (st > 0) status = 1;
            }
        }
    }
    if (!args.save_settings.empty()) {
        if (auto w = ui::save_settings_file(args.save_settings, capture_view(s)); !w)
            return fail(w.error().message);
        std::printf("settings saved to %s\n", args.save_settings.c_str());
    }
    render::print_phase_timings(stderr);  // SKINVIEW_TIMINGS=1 only
    if (render::timings_enabled())
        std::fprintf(stderr, "skinview timings: huge pages for large allocations: %s\n", huge_pages_state());
    return status;
}

}  // namespace sv::viewer
