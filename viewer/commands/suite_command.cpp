// `skinview suite SUITE.json`: every entry rendered in one process on one headless context per API
// (entries of one API are drawn together, since the GL loader is loaded for the API of the context
// made last), each held against its golden with the check `render --ref` runs.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "commands.h"
#include "error_heat.h"
#include "headless_settings.h"
#include "reference_check.h"
#include "render/context.h"
#include "render/debug_view.h"
#include "render/image_compare.h"
#include "scene_session.h"
#include "sphere_framing.h"
#include "suite_file.h"
#include "suite_report.h"
#include "view_layers.h"

namespace sv::viewer {

namespace {

namespace fs = std::filesystem;

// Renders one entry on the current context and checks (or blesses) it; never fails the suite.
struct SessionCache {
    std::string path;
    std::unique_ptr<SceneSession> session;
    FrameState fresh;  // the state as the file opened, before any entry's options
};

EntryResult run_entry(const SuiteEntry& e, render::Api api, const fs::path& out, bool bless,
                      SessionCache& cache) {
    EntryResult r;
    r.entry = &e;
    if (bless && !e.expect_match) {
        r.outcome = EntryOutcome::Skipped;
        r.message = "negative control: its golden belongs to another entry, not blessed";
        return r;
    }
    const auto error = [&](const std::string& why) {
        r.outcome = EntryOutcome::Error;
        r.message = why;
        return r;
    };
    const auto bad_input = [&](const std::string& why) {
        r.bad_input = true;
        return error(why);
    };
    const std::string file = e.file.empty() ? default_asset_path() : e.file;
    if (!fs::exists(file)) return error("file " + file + " is missing");
    if (!bless && !fs::exists(e.golden))
        return error("golden " + e.golden + " is missing (bless it with --bless)");
    // Consecutive entries of one file share its session: the load, the GPU upload and the shader
    // programs are most of an entry's cost (a 50-entry suite of one character ran 3.2x faster than
    // 50 processes when each entry opened the file again, 5x the target). The view starts afresh
    // each time (reset_view: pose edits, expressions, variant, environment, springs, camera); what
    // the session keeps is the file's, which no entry changes. Held by the suite order test: a
    // suite drawn in its order, reversed and shuffled gives the same images.
    if (!cache.session || cache.path != file) {
        cache.session.reset();
        auto opened = SceneSession::open(file, api);
        if (!opened) return error(opened.error().message);
        cache.session = std::move(*opened);
        cache.path = file;
        cache.fresh = cache.session->state();
    }
    SceneSession& s = *cache.session;
    if (auto st = s.reset_view(cache.fresh); !st) return error(st.error().message);
    SceneOptions o;
    o.clip = e.clip;
    o.time = static_cast<float>(e.time);
    o.bind_pose = e.bind;
    o.correction = e.correction;
    o.skinning = e.skinning;
    o.api = e.api;
    o.camera = e.camera.empty() ? "auto" : e.camera;
    o.fov = static_cast<float>(e.fov);
    o.width = e.width, o.height = e.height;
    o.springs = e.springs;
    if (auto st = s.apply(o); !st) return bad_input(st.error().message);
    if (auto st = s.select_variant(e.variant); !st) return bad_input(st.error().message);
    bool error_heatmap = false;
    if (!e.settings.empty()) {
        // The entry's keys over its file (ui/settings_layers.h).
        const ui::SettingsLayer entry = suite_entry_layer(e);
        auto applied = apply_settings_file(e.settings, s, {&entry});
        if (!applied) return bad_input(applied.error().message);
        if (e.bind) s.model().animation.clip = -1;  // the rest pose, even in a file with a clip called "rest"
        error_heatmap = applied->error_heatmap;
    }
    // The entry's keys that have no settings key (and, without a settings file, these).
    if (e.sphere_camera) frame_on_sphere(s, *e.sphere_camera);
    render::DrawOptions& draw = s.state().draw;
    if (e.grid) draw.draw_grid = *e.grid;
    if (e.key_light) draw.lighting.key_light = *e.key_light;
    if (e.exposure) draw.lighting.exposure = static_cast<float>(*e.exposure);
    if (e.environment_rotation)
        draw.lighting.environment_rotation_deg = static_cast<float>(*e.environment_rotation);
    std::optional<JointSidecar> golden_sc;
    const std::string sc_path = sidecar_path(e.golden);
    if (fs::exists(sc_path)) {
        auto read = read_sidecar(sc_path);
        if (!read) return error(read.error().message);
        golden_sc = std::move(*read);
        // The golden's camera, so its view survives whatever the file's bounds do; not when
        // blessing (the entry's own camera is the one to record) or when the entry names one.
        if (!bless && e.camera.empty() && !e.sphere_camera && e.settings.empty()) {
            if (e.fov_given) golden_sc->view.fov_degrees = e.fov;
            auto adopted = adopt_sidecar_camera(*golden_sc, s);
            if (!adopted) return error(adopted.error().message);
        }
    }
    r.camera = render::format_pinned_camera(s.state().camera);
    s.state().draw.draw_skeleton = s.state().draw.draw_skeleton || e.armature;
    // "lit" leaves the view the entry's settings file chose, as `render --view` does.
    if (e.view != "lit")
        if (auto view = render::debug_view_named(e.view, &render::DebugViewNames::command_line))
            s.state().draw.debug_view = *view;
    if (error_heatmap && e.view == "lit") {
        // Measured as render --settings measures it (it used to be skipped: every vertex drawn
        // error-free).
        s.pose();
        if (auto d = apply_error_heat(s); !d) return error(d.error().message);
    }
    auto image = s.render_image(e.width, e.height);
    if (!image) return error(image.error().message);
    auto measured = measure_sidecar(s, e.width, e.height);
    if (!measured) return error(measured.error().message);
    measured->view.api = e.api;
    r.actual_image = e.name + ".actual.png";
    if (auto w = render::write_png((out / r.actual_image).string(), *image); !w)
        return error(w.error().message);
    (void)write_sidecar(sidecar_path((out / r.actual_image).string()), *measured);
    if (bless) {
        fs::create_directories(fs::path(e.golden).parent_path().empty() ? fs::path(".")
                                                                        : fs::path(e.golden).parent_path());
        // The actual image's bytes, copied: encoding a PNG twice is a fifth of an entry's time.
        std::error_code ec;
        fs::copy_file(out / r.actual_image, e.golden, fs::copy_options::overwrite_existing, ec);
        if (ec) return error(e.golden + ": " + ec.message());
        if (auto w = write_sidecar(sc_path, *measured); !w) return error(w.error().message);
        r.outcome = EntryOutcome::Blessed;
        r.message = "blessed " + e.golden + " (+ sidecar)";
        return r;
    }
    auto golden = render::read_png(e.golden);
    if (!golden) return error(golden.error().message);
    r.golden_image = e.name + ".golden.png";
    std::error_code copy_ec;  // the golden as it is on disk, beside the actual for the report
    fs::copy_file(e.golden, out / r.golden_image, fs::copy_options::overwrite_existing, copy_ec);
    if (golden->width != e.width || golden->height != e.height)
        return error("golden " + e.golden + " is " + std::to_string(golden->width) + "x" +
                     std::to_string(golden->height) + ", the entry renders " + std::to_string(e.width) + "x" +
                     std::to_string(e.height));
    auto background = s.render_background(e.width, e.height);
    if (!background) return error(background.error().message);
    auto rep = check_reference(*golden, golden_sc ? &*golden_sc : nullptr, *image, *measured, &*background,
                               e.options);
    if (!rep) return error(rep.error().message);
    r.compared = true;
    r.report = std::move(*rep);
    r.diff_image = e.name + ".diff.png";
    (void)render::write_png((out / r.diff_image).string(), r.report.image.diff);
    r.outcome = r.report.match() == e.expect_match ? EntryOutcome::Pass : EntryOutcome::Fail;
    r.message = r.report.text();
    return r;
}

}  // namespace

int run_suite(const SuiteArgs& args) {
    std::map<std::string, std::string> paths;
    for (const std::string& d : args.paths) {
        const size_t eq = d.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::fprintf(stderr, "skinview suite: --path '%s': expected NAME=DIR\n", d.c_str());
            return 2;
        }
        paths[d.substr(0, eq)] = d.substr(eq + 1);
    }
    auto suite = load_suite(args.suite, paths);
    if (!suite) {
        std::fprintf(stderr, "skinview suite: %s\n", suite.error().message.c_str());
        return 2;
    }
    std::string name = fs::path(args.suite).filename().string();
    name = name.substr(0, name.find('.'));  // characters.suite.json -> characters
    fs::path out = args.out;
    if (out.empty())
        out = args.report.empty() ? fs::path("skinview-suite-out") : fs::path(args.report).parent_path();
    if (out.empty()) out = ".";
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) {
        std::fprintf(stderr, "skinview suite: cannot create %s: %s\n", out.string().c_str(),
                     ec.message().c_str());
        return 2;
    }
    std::vector<EntryResult> results(suite->entries.size());
    for (render::Api api : {render::Api::GL, render::Api::GLES}) {
        std::unique_ptr<render::Context> ctx;
        SessionCache cache;  // declared after the context, so its GL objects go first
        for (size_t i = 0; i < suite->entries.size(); ++i) {
            const SuiteEntry& e = suite->entries[i];
            if (e.api != render::api_name(api)) continue;
            const auto t0 = std::chrono::steady_clock::now();
            if (!ctx) {
                auto c = render::create_headless_context(api);
                if (!c) {
                    std::fprintf(stderr, "skinview suite: %s\n", c.error().message.c_str());
                    return 2;
                }
                ctx = std::move(*c);
            }
            EntryResult r = run_entry(e, api, out, args.bless, cache);
            r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (args.jsonl) {
                std::printf("%s\n", result_json_line(r).c_str());
            } else {
                // The first lines; the report and the JSON lines have every joint.
                std::string text = r.message;
                size_t cut = 0;
                int n = 0;
                while (n < 6 && (cut = text.find('\n', cut + 1)) != std::string::npos) ++n;
                if (cut != std::string::npos) text = text.substr(0, cut) + "\n  ...";
                std::printf("%-7s %s: %s\n", outcome_name(r.outcome), e.name.c_str(), text.c_str());
            }
            std::fflush(stdout);
            results[i] = std::move(r);
        }
    }
    long failed = 0, bad_input = 0;
    for (const auto& r : results) failed += !r.passed(), bad_input += r.bad_input;
    // An entry whose own keys the model cannot take is bad input (2), as the same option is on the
    // command line; a mismatch, or a missing file or golden, is a finding (1).
    int status = bad_input ? 2 : failed ? 1 : 0;
    if (!args.junit.empty())
        if (auto w = write_junit(args.junit, name, results); !w) {
            std::fprintf(stderr, "skinview suite: %s\n", w.error().message.c_str());
            status = 1;
        }
    if (!args.report.empty()) {
        if (auto w = write_html_report(args.report, name, results); !w) {
            std::fprintf(stderr, "skinview suite: %s\n", w.error().message.c_str());
            status = 1;
        }
    }
    std::fprintf(stderr, "skinview suite %s: %zu entries, %ld failed%s%s\n", name.c_str(), results.size(),
                 failed, args.report.empty() ? "" : "; report ", args.report.c_str());
    if (bad_input)
        std::fprintf(stderr,
                     "skinview suite %s: %ld entries name a clip, variant, camera or settings file the model "
                     "cannot take (exit 2)\n",
                     name.c_str(), bad_input);
    return status;
}

}  // namespace sv::viewer
