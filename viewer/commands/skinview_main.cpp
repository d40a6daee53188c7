// skinview: the interactive viewer (no subcommand) and the headless subcommands render, audit,
// diagnose, bake, fix, frame-table, write-sky, write-tables and suite, over one option vocabulary
// (cli_options.h).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "cli_options.h"
#include "commands.h"
#include "data_dir.h"
#include "huge_pages.h"
#include "interactive_viewer.h"
#include "render/context.h"
#include "render/debug_view.h"
#include "render/precompute_cache.h"
#include "ui/viewport.h"
#include "usage_error.h"

using namespace sv::viewer;

namespace {

// With no display the viewer cannot open its window; rather than fail, it does the headless
// equivalent of opening the file: the screenshot of the same view (every option the window would
// have taken: the settings file, the joint, the frames it would have played, --save-settings) and
// the audit. An option only a window can honour (an input script, a tab, the keys overlay, the
// window's size, a retarget source) is refused naming it, exit 2: it used to be dropped, and the
// run exited 0 with a picture of another view.
int headless_fallback(const InteractiveOptions& o) {
    std::string window_only;
    for (const char* flag : {"--input", "--tab", "--keys-help", "--window", "--retarget"})
        if (o.scene.given.count(flag)) window_only += (window_only.empty() ? "" : ", ") + std::string(flag);
    if (!window_only.empty()) {
        std::fprintf(stderr,
                     "skinview: %s: needs the window, and there is no display (DISPLAY and WAYLAND_DISPLAY "
                     "are unset); run under xvfb-run -a, or use skinview render\n",
                     window_only.c_str());
        return 2;
    }
    RenderArgs r;
    r.command = "skinview";  // the viewer's errors, one line each (usage_error.h)
    r.scene = o.scene;
    r.output = o.screenshot.empty() ? "skinview.png" : o.screenshot;
    r.size = "960x720";
    r.armature = true;
    r.settings = o.settings;
    r.select_joint = o.joint;
    r.save_settings = o.save_settings;
    r.window_frames = o.frames;
    int rc = run_render(r);
    if (rc != 0) return rc;
    // Said once the picture is written: a file that fails to load gets its one line, not this too.
    std::fprintf(stderr,
                 "skinview: no display (DISPLAY and WAYLAND_DISPLAY are unset); rendered headless instead. "
                 "Run under xvfb-run for the window.\n");
    if (!o.viewport_screenshot.empty()) {
        // The window's 3D view is what --viewport-screenshot promises: render's own picture of the
        // view at the size that view would have had (the window's layout), which is the same.
        const sv::ui::Rect v = sv::ui::compute_layout(float(o.window_width), float(o.window_height)).viewport;
        RenderArgs vr = r;
        vr.armature = false;
        vr.output = o.viewport_screenshot;
        vr.size = std::to_string(int(v.w)) + "x" + std::to_string(int(v.h));
        vr.save_settings.clear();
        if ((rc = run_render(vr)) != 0) return rc;
    }
    AuditArgs a;
    a.files = {o.scene.file.empty() ? default_asset_path() : o.scene.file};
    a.tool_version = SKINVIEW_VERSION;
    return run_audit(a) > 1 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    restart_with_huge_pages(argv);  // first: it may replace the process (viewer/platform/huge_pages.h)
    CLI::App app{"skinview: a reference renderer and viewer for skinned glTF characters"};
    app.require_subcommand(0, 1);
    app.set_version_flag("--version",
                         std::string("skinview ") + SKINVIEW_VERSION + " (" + SKINVIEW_GIT_COMMIT + ")");

    InteractiveOptions view;
    add_scene_options(app, view.scene);
    app.add_option("--frames", view.frames, "run this many frames, then exit (for scripted runs)")
        ->check(number_in(whole(greater_than(0))));
    app.add_option("--screenshot", view.screenshot,
                   "with --frames: write the last frame (panels included) here")
        ->check(output_extension(".png", "the screenshot is a PNG"));
    app.add_option("--viewport-screenshot", view.viewport_screenshot,
                   "with --frames: write the last frame's 3D view alone here, at its size, as render "
                   "--settings --size draws it")
        ->check(output_extension(".png", "the screenshot is a PNG"));
    app.add_option("--window", view.window_width, "window width (height follows at 16:9)")
        ->check(number_in(whole(greater_than(0))));
    app.add_option("--tab", view.tab, "inspector tab to open on")
        ->check(one_of({"frame", "joints", "scale", "ik", "palette", "diagnose", "graph", "notes", "humanoid",
                        "expressions"}));
    app.add_option("--joint", view.joint, "joint to select on load (by name)");
    app.add_option(
        "--settings", view.settings,
        "settings JSON (correction, heatmap, joint, clip, time, camera...) applied before the first frame");
    app.add_option("--save-settings", view.save_settings,
                   "write the settings of the view on screen to this JSON file at exit")
        ->check(output_extension(".json", "the settings file is JSON"));
    app.add_option("--input", view.input,
                   "scripted: replay this input script (mouse, keys, text by frame; docs/command-line.md)");
    app.add_option("--retarget", view.retarget,
                   "play this file's first clip on the character, relative to each rig's rest");
    app.add_flag("--keys-help", view.show_keys, "open with the keys overlay (F1) shown");

    RenderArgs render;
    CLI::App* render_cmd = app.add_subcommand("render", "render one frame (or a sequence) headless to PNG");
    add_scene_options(*render_cmd, render.scene);
    render_cmd
        ->add_option("-o,--output", render.output, "output PNG; '{frame}' in the name writes a sequence")
        ->required()
        ->check(output_extension(".png", "render writes a PNG"));
    render_cmd->add_option("--size", render.size, "WIDTHxHEIGHT (default 640x480)");
    render_cmd->add_flag("--armature", render.armature, "overlay the skeleton");
    render_cmd->add_option("--weights", render.weights_joint,
                           "colour the weights of this joint (name or index)");
    render_cmd->add_flag("--error-heatmap", render.error_heatmap,
                         "colour each vertex by its GPU read-back error");
    render_cmd
        ->add_option("--view", render.view,
                     "lit (default), or unlit: base, normals, roughness-metal, all-weights (every joint's "
                     "weights, each joint its own colour)")
        ->check(one_of(sv::render::debug_view_words(&sv::render::DebugViewNames::command_line)));
    render_cmd->add_option("--exposure", render.exposure, "linear exposure before tone mapping (default 1)")
        ->check(number_in(greater_than(0)));
    render_cmd
        ->add_option("--env-rotation", render.environment_rotation,
                     "turn the sky about +Y, degrees (default 0)")
        ->check(number_in(any_number()));
    render_cmd
        ->add_option("--key-light", render.key_light,
                     "the viewer's key light: auto (default: on unless the file has KHR_lights_punctual "
                     "lights), on or off")
        ->check(one_of({"auto", "on", "off"}));
    render_cmd
        ->add_option("--file-lights", render.file_lights,
                     "the file's KHR_lights_punctual lights: on (default) or off")
        ->check(one_of({"on", "off"}));
    render_cmd->add_option("--background", render.background,
                           "R,G,B (0..255, as the PNG holds them), transparent (alpha 0) or default");
    render_cmd->add_option("--grid", render.grid, "the floor grid: on (default) or off")
        ->check(one_of({"on", "off"}));
    render_cmd->add_option("--frames", render.frames, "frames in a sequence (default 1)")
        ->check(number_in(whole(greater_than(0))));
    render_cmd->add_option("--fps", render.fps, "sequence frame rate (default 30)")
        ->check(number_in(greater_than(0)));
    render_cmd->add_option("--ref", render.reference,
                           "compare with this PNG (and REF.joints.json); exit 1 on a mismatch");
    render_cmd
        ->add_option("--threshold", render.threshold,
                     "with --ref: largest fraction of the character's footprint that may differ (default "
                     "0.001 = 0.1%)")
        ->check(number_in(from_to(0, 1)));
    render_cmd
        ->add_option("--channel-tolerance", render.channel_tolerance,
                     "with --ref: a pixel differs when a channel moves more than this, of 255 (default 8)")
        ->check(number_in(whole(from_to(0, 255))));
    render_cmd
        ->add_option("--joint-tolerance", render.joint_tolerance,
                     "with --ref and a sidecar: pixels a joint may move on screen (default 0.2)")
        ->check(number_in(at_least(0)));
    render_cmd
        ->add_option("--shift-tolerance", render.shift_tolerance,
                     "with --ref: pixels an edge may shift and still match, 0 for exact (default 1)")
        ->check(number_in(whole(from_to(0, 4))));
    render_cmd->add_flag("--sidecar", render.sidecar,
                         "write OUT.joints.json: joint screen positions and skinned bounds");
    render_cmd->add_option(
        "--settings", render.settings,
        "the viewer's settings JSON (--save-settings, Save button): its view rendered headless");
    render_cmd->footer(
        "Comparison metric (--ref): a pixel differs when any of its R, G, B or A channels differs\n"
        "by more than --channel-tolerance (of 255). The footprint is every pixel that is not\n"
        "background in either image (the background is this frame rendered without the character);\n"
        "the images match when at most --threshold of the footprint differs. When REF.joints.json is\n"
        "beside the reference, every joint's screen position must also be within --joint-tolerance\n"
        "pixels and the skinned bounds within 0.2 px; a joint that moved is named. The figures are\n"
        "printed, and a diff image (differing pixels red, the footprint grey) and OUT.joints.json are\n"
        "written beside the output. A pixel that differs still matches when a pixel within 1 px of it\n"
        "in the other image matches (--shift-tolerance). OUT.joints.json records the camera (pinned\n"
        "form), size, API and lighting; --ref renders from the reference's camera and size when its\n"
        "sidecar records them, unless --camera, --size or --settings say otherwise.\n");

    SuiteArgs suite;
    CLI::App* suite_cmd = app.add_subcommand(
        "suite", "render a regression suite in one process and check it against its goldens");
    suite_cmd->add_option("suite", suite.suite, "suite JSON (docs/suites.md)")->required();
    suite_cmd
        ->add_option("--path", suite.paths,
                     "NAME=DIR: what \"$NAME/...\" paths in the suite stand for (repeatable)")
        ->allow_extra_args(false);
    suite_cmd->add_option("--junit", suite.junit, "also write a JUnit XML report here (a testcase an entry)")
        ->check(output_extension(".xml", "the JUnit report is XML"));
    suite_cmd->add_flag("--jsonl", suite.jsonl, "one JSON object a line, an entry each, as each finishes");
    suite_cmd
        ->add_option("--report", suite.report, "write an HTML report here (DIR/index.html; images beside it)")
        ->check(output_extension(".html", "the report is HTML"));
    suite_cmd->add_option("--out", suite.out,
                          "folder for the actual and diff images (default: the report's)");
    suite_cmd->add_flag("--bless", suite.bless, "write each golden and its sidecar from the actual image");
    suite_cmd->footer(
        "Exit status: 0 when every entry passes (a negative control passes by mismatching); 1 when\n"
        "any fails, including a missing file or golden (the others still run); 2 for a bad suite\n"
        "(the entry and the reason on stderr).");

    AuditArgs audit;
    CLI::App* audit_cmd =
        app.add_subcommand("audit", "report each skin's frame, correction and scale conflicts");
    audit_cmd
        ->add_option("paths", audit.files,
                     "glTF and VRM files and folders (searched recursively for .gltf, .glb and .vrm)")
        ->required();
    audit_cmd->add_flag("--json", audit.json, "one JSON document on stdout");
    audit_cmd->add_flag("--jsonl", audit.jsonl,
                        "one JSON object a line, a file each, streamed as each finishes");
    audit_cmd->add_option("--junit", audit.junit, "also write a JUnit XML report here (a testcase a file)")
        ->check(output_extension(".xml", "the JUnit report is XML"));
    audit_cmd->add_option("--shard", audit.shard,
                          "K/N: audit only shard K (1..N) of N, split by a hash of each path");
    audit_cmd->add_option("-j,--jobs", audit.jobs, "parallel workers (default: the machine's cores)")
        ->check(number_in(whole(at_least(0))));  // CLI11's own prints its range as a 300-digit number
    audit_cmd->add_flag("--strict", audit.strict, "also fail a file whose correction absorbs non-rigidity");
    std::string audit_progress = "auto";
    audit_cmd
        ->add_option("--progress", audit_progress,
                     "progress bar on stderr: auto (when a terminal), always or never")
        ->check(one_of({"auto", "always", "never"}));
    audit_cmd->footer(
        "Exit status: 0 when every file passes; 1 when any fails: it does not load, a skin cannot be\n"
        "fixed, or with --strict a correction absorbs non-rigidity above 1e-4 (a rigid placement is not\n"
        "a defect). A progress bar goes to stderr when it is a terminal. Shards hash the path as listed,\n"
        "so run every shard with the same PATH arguments from the same folder.");

    DiagnoseArgs diagnose;
    CLI::App* diagnose_cmd =
        app.add_subcommand("diagnose", "GPU read-back against the CPU double-precision reference");
    add_scene_options(*diagnose_cmd, diagnose.scene, {true, false});  // no picture: no lighting
    diagnose_cmd->add_flag("--json", diagnose.json, "one JSON object on stdout");

    BakeArgs bake;
    CLI::App* bake_cmd =
        app.add_subcommand("bake", "write the posed world-space vertices of every drawn primitive (OBJ)");
    add_scene_options(*bake_cmd, bake.scene, {true, false});  // vertices, no picture: no lighting
    bake_cmd->add_option("-o,--output", bake.output, "output OBJ")
        ->required()
        ->check(output_extension(".obj", "bake writes an OBJ"));
    bake_cmd->add_option("--retarget", bake.retarget,
                         "bake this file's clip (--clip, of this file) retargeted onto FILE at --time");
    bake_cmd->add_option("--retarget-rest", bake.retarget_rest, "aligned (default) or rest-relative")
        ->check(one_of({"aligned", "rest-relative"}));
    bake_cmd->add_option("--source", bake.source, "gpu (what was drawn, read back) or cpu (double reference)")
        ->check(one_of({"gpu", "cpu"}));
    bake_cmd->add_option("--settings", bake.settings,
                         "the viewer's settings JSON: its clip, time, correction, rung and pose edits baked");
    bake_cmd->footer(
        "Format: '# comment' lines; per drawn primitive 'o n<NODE>_p<PRIM> <node name>', then one 'v x y z' "
        "per\n"
        "vertex in the primitive's accessor order (world space, after morph targets and skinning, %.9g), "
        "then\n"
        "'f a b c' triangles (1-based over all v lines so far; triangle modes only). Nodes ascending, then\n"
        "primitives. Up to the clip's duration the time is clamped to its keys; past it the clip loops.");

    FixArgs fix;
    CLI::App* fix_cmd = app.add_subcommand(
        "fix", "write a copy whose skinned mesh nodes sit on their skins' bind transforms");
    fix_cmd->add_option("input", fix.input, "glTF file (.gltf or .glb)")->required();
    fix_cmd->add_option("-o,--output", fix.output,
                        "output: .glb for a .glb, .gltf (plus its .bin) for a .gltf");
    fix_cmd->add_flag("--check", fix.check, "write nothing; exit 1 when fix would change the file");
    fix_cmd->footer(
        "Each corrected skinned mesh node gets a matrix local that makes its global its skin's bind "
        "transform\n"
        "(its children keep their place), joints not listed parents-first are sorted, and nothing else "
        "changes.\n"
        "A file that needs nothing is copied byte for byte. Exit status: 0 written; 1 refused (a skin that "
        "cannot\n"
        "be fixed, an animated node that would need a matrix, a required extension it cannot keep) or an "
        "error.\n"
        "With --check: 0 nothing to fix; 1 fix would change the file, would refuse it, or it does not load.");

    FrameTableArgs table;
    CLI::App* table_cmd = app.add_subcommand("frame-table", "the skinning-frame error table (CPU, no GL)");
    table_cmd->add_option("file", table.file, "glTF file (default: the built-in character)");
    table_cmd->add_option("--time", table.time, "posed time, seconds (default 0.5)")
        ->check(number_in(at_least(0)));

    WriteSkyArgs sky;
    CLI::App* sky_cmd = app.add_subcommand(
        "write-sky",
        "write the procedural sky as an equirectangular .hdr (the light another renderer is fed)");
    sky_cmd->add_option("-o,--output", sky.output, "output .hdr")
        ->required()
        ->check(output_extension(".hdr", "write-sky writes a Radiance HDR"));
    sky_cmd->add_option("--size", sky.size, "WIDTHxHEIGHT (default 1024x512)");

    WriteTablesArgs tables;
    CLI::App* tables_cmd = app.add_subcommand(
        "write-tables", "compute the sky and sheen tables into a folder (the build's share/skinview/tables)");
    tables_cmd->add_option("dir", tables.dir, "folder to write (created)")->required();

    // The tables the build installed beside the data (render/precompute_cache.h): read before the
    // cache, so a first run on a fresh machine does not compute them.
    sv::render::set_installed_tables_dir(data_dir() + "/tables");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version arrive as "errors" that exit 0; every real one is a bad option or
        // value, which exits 2 like every other bad input (CONTRIBUTING), not with CLI11's own codes
        // (105 for a value a check refused, 106 for a missing option, ...), in the one shape
        // (usage_error.h) rather than CLI11's two lines.
        if (e.get_exit_code() == 0) return app.exit(e);
        std::fprintf(stderr, "%s\n", describe_parse_error(app, e).c_str());
        return 2;
    }

    try {
        if (*render_cmd) {
            render.scene.given = given_options(*render_cmd);
            render.camera_given = render_cmd->count("--camera") > 0;
            render.size_given = render_cmd->count("--size") > 0;
            return run_render(render);
        }
        if (*suite_cmd) return run_suite(suite);
        if (*audit_cmd) {
            audit.progress = audit_progress == "always" ? 1 : audit_progress == "never" ? 0 : -1;
            audit.tool_version = SKINVIEW_VERSION;
            return run_audit(audit);
        }
        if (*diagnose_cmd) {
            diagnose.scene.given = given_options(*diagnose_cmd);
            return run_diagnose(diagnose);
        }
        if (*bake_cmd) {
            bake.scene.given = given_options(*bake_cmd);
            return run_bake(bake);
        }
        if (*table_cmd) return run_frame_table(table);
        if (*fix_cmd) return run_fix(fix);
        if (*sky_cmd) return run_write_sky(sky);
        if (*tables_cmd) return run_write_tables(tables);
        // A word that names no file is a mistyped verb, not a glTF file that is missing.
        if (const std::string line = unknown_verb_error(app, view.scene.file); !line.empty()) {
            std::fprintf(stderr, "%s\n", line.c_str());
            return 2;
        }
        view.window_height = view.window_width * 9 / 16;
        view.scene.given = given_options(app);
        if (!sv::render::display_available()) return headless_fallback(view);
        return run_interactive(view);
    } catch (const std::exception& e) {
        // Nothing in the project throws across a boundary; this is the last line against a library
        // that does, so the user gets a sentence instead of an abort.
        std::fprintf(stderr, "skinview: unexpected error: %s\n", e.what());
        return 1;
    }
}
