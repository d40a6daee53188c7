// skinview: the interactive viewer (no subcommand) and the headless subcommands render, audit,
// diagnose and frame-table, over one option vocabulary (cli_options.h).
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli_options.h"
#include "commands.h"
#include "interactive_viewer.h"
#include "render/context.h"

using namespace sv::viewer;

namespace {

// With no display the viewer cannot open its window; rather than fail, it does the headless
// equivalent of opening the file: the screenshot and the audit.
int headless_fallback(const InteractiveOptions& o) {
    std::fprintf(stderr,
                 "skinview: no display (DISPLAY and WAYLAND_DISPLAY are unset); rendering headless instead. "
                 "Run under xvfb-run for the window.\n");
    RenderArgs r;
    r.scene = o.scene;
    r.output = o.screenshot.empty() ? "skinview.png" : o.screenshot;
    r.size = "960x720";
    r.armature = true;
    const int rc = run_render(r);
    if (rc != 0) return rc;
    AuditArgs a;
    a.files = {o.scene.file.empty() ? default_asset_path() : o.scene.file};
    return run_audit(a) > 1 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"skinview: a reference renderer and viewer for skinned glTF characters"};
    app.require_subcommand(0, 1);

    InteractiveOptions view;
    add_scene_options(app, view.scene);
    app.add_option("--frames", view.frames, "run this many frames, then exit (for scripted runs)")
        ->check(positive_number());
    app.add_option("--screenshot", view.screenshot, "with --frames: write the last frame (panels included) here");
    app.add_option("--toggle-correction-at", view.toggle_correction_at, "flip the correction switch at this frame");
    app.add_option("--window", view.window_width, "window width (height follows at 16:9)")->check(positive_number());
    app.add_option("--tab", view.tab, "inspector tab to open on")
        ->check(CLI::IsMember({"frame", "joints", "scale", "ik", "palette", "diagnose", "graph"}));
    app.add_option("--joint", view.joint, "joint to select on load (by name)");
    app.add_option("--then-open", view.then_open, "scripted: open this file mid-run, as a dropped file would");
    app.add_option("--then-open-at", view.then_open_at, "the frame --then-open happens at (default 1)");

    RenderArgs render;
    CLI::App* render_cmd = app.add_subcommand("render", "render one frame (or a sequence) headless to PNG");
    add_scene_options(*render_cmd, render.scene);
    render_cmd->add_option("-o,--output", render.output, "output PNG; '{frame}' in the name writes a sequence")->required();
    render_cmd->add_option("--size", render.size, "WIDTHxHEIGHT (default 640x480)");
    render_cmd->add_flag("--armature", render.armature, "overlay the skeleton");
    render_cmd->add_option("--weights", render.weights_joint, "colour the weights of this joint (name or index)");
    render_cmd->add_flag("--error-heatmap", render.error_heatmap, "colour each vertex by its GPU read-back error");
    render_cmd->add_option("--frames", render.frames, "frames in a sequence (default 1)")->check(positive_number());
    render_cmd->add_option("--fps", render.fps, "sequence frame rate (default 30)")->check(positive_number());
    render_cmd->add_option("--ref", render.reference, "compare with this PNG; exit 1 on a mismatch");
    render_cmd->add_option("--threshold", render.threshold,
                           "with --ref: largest fraction of pixels that may differ (default 0.001 = 0.1%)")
        ->check(non_negative_number());
    render_cmd->add_option("--channel-tolerance", render.channel_tolerance,
                           "with --ref: a pixel differs when a channel moves more than this, of 255 (default 8)")
        ->check(non_negative_number());
    render_cmd->footer(
        "Comparison metric (--ref): a pixel differs when any of its R, G, B or A channels differs by more than\n"
        "--channel-tolerance (of 255); the images match when at most --threshold of all pixels differ. The\n"
        "difference figure is printed and a diff image (differing pixels red) is written beside the output.");

    AuditArgs audit;
    CLI::App* audit_cmd = app.add_subcommand("audit", "report each skin's frame, correction and scale conflicts");
    audit_cmd->add_option("files", audit.files, "glTF files")->required();
    audit_cmd->add_flag("--json", audit.json, "one JSON document on stdout");
    audit_cmd->add_flag("--strict", audit.strict, "also exit 1 when any correction was needed");
    audit_cmd->footer("Exit status: 0 when every file loads and every skin is fine or corrected; 1 when a skin cannot\n"
                      "be fixed or a file fails to load; with --strict, also 1 when any correction was needed.");

    DiagnoseArgs diagnose;
    CLI::App* diagnose_cmd = app.add_subcommand("diagnose", "GPU read-back against the CPU double-precision reference");
    add_scene_options(*diagnose_cmd, diagnose.scene);
    diagnose_cmd->add_flag("--json", diagnose.json, "one JSON object on stdout");

    BakeArgs bake;
    CLI::App* bake_cmd = app.add_subcommand("bake", "write the posed world-space vertices of every drawn primitive (OBJ)");
    add_scene_options(*bake_cmd, bake.scene);
    bake_cmd->add_option("-o,--output", bake.output, "output OBJ")->required();
    bake_cmd->add_option("--source", bake.source, "gpu (what was drawn, read back) or cpu (double reference)")
        ->check(CLI::IsMember({"gpu", "cpu"}));
    bake_cmd->footer(
        "Format: '# comment' lines; per drawn primitive 'o n<NODE>_p<PRIM> <node name>', then one 'v x y z' per\n"
        "vertex in the primitive's accessor order (world space, after morph targets and skinning, %.9g), then\n"
        "'f a b c' triangles (1-based over all v lines so far; triangle modes only). Nodes ascending, then\n"
        "primitives. The clip time is clamped to the clip's keys.");

    FrameTableArgs table;
    CLI::App* table_cmd = app.add_subcommand("frame-table", "the skinning-frame error table (CPU, no GL)");
    table_cmd->add_option("file", table.file, "glTF file (default: the built-in character)");
    table_cmd->add_option("--time", table.time, "posed time, seconds (default 0.5)")->check(finite_number());

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }

    try {
        if (*render_cmd) return run_render(render);
        if (*audit_cmd) return run_audit(audit);
        if (*diagnose_cmd) return run_diagnose(diagnose);
        if (*bake_cmd) return run_bake(bake);
        if (*table_cmd) return run_frame_table(table);
        view.window_height = view.window_width * 9 / 16;
        if (!sv::render::display_available()) return headless_fallback(view);
        return run_interactive(view);
    } catch (const std::exception& e) {
        // Nothing in the project throws across a boundary; this is the last line against a library
        // that does, so the user gets a sentence instead of an abort.
        std::fprintf(stderr, "skinview: unexpected error: %s\n", e.what());
        return 1;
    }
}
