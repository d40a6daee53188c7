// The headless subcommands. Each returns the process exit code; errors go to stderr.
#pragma once

#include <string>
#include <vector>

#include "cli_options.h"
#include "reference_check.h"

namespace sv::viewer {

struct RenderArgs {
    SceneOptions scene;
    std::string output;  // PNG path; may hold {frame} for a sequence
    std::string size = "640x480";
    bool armature = false;
    std::string weights_joint;  // name or index: colour that joint's weights
    bool error_heatmap = false;
    std::string view = "lit";  // lit | base | normals | roughness-metal | all-weights
    float exposure = 1.0f;
    float environment_rotation = 0.0f;   // degrees about +Y
    std::string key_light = "auto";      // auto: on unless the file has its own lights
    std::string file_lights = "on";      // KHR_lights_punctual
    std::string background = "default";  // default | R,G,B (0..255) | transparent
    std::string grid = "on";
    int frames = 1;
    float fps = 30.0f;
    std::string reference;  // golden PNG to compare with (and its REF.joints.json when present)
    // The defaults are the library's (render/image_compare.h, viewer/session/reference_check.h).
    double threshold = render::CompareOptions{}.max_footprint_fraction;  // of the character's footprint
    int channel_tolerance = render::CompareOptions{}.channel_tolerance;  // of 255: a pixel is the same
    double joint_tolerance = ReferenceOptions{}.joint_tolerance_px;      // pixels a joint may move
    int shift_tolerance = render::CompareOptions{}.shift_tolerance_px;   // pixels an edge may shift
    bool sidecar = false;  // write OUT.joints.json (always written with --ref)
    std::string settings;  // the viewer's settings file, applied over the scene options (as the viewer does)
    // Whether --camera / --size were on the command line: without them, --ref takes the camera and
    // size from the reference's sidecar when it records them (a golden keeps its view).
    bool camera_given = false, size_given = false;
    // What the windowless viewer hands on (no flags of `render`'s own): the joint the window would
    // select (highlighted on the armature; a name skin 0 lacks is bad input), the file the window
    // would write the view to at exit, and the frames the window would have played first (a view
    // that plays is drawn that many sixtieths of a second, times its speed, after its time).
    std::string select_joint;
    std::string save_settings;
    int window_frames = 0;
    // What the messages begin with: the windowless viewer's are its own ("skinview: FILE: ..."),
    // in the one shape of viewer/commands/usage_error.h.
    std::string command = "skinview render";
};
int run_render(const RenderArgs& args);

struct SuiteArgs {
    std::string suite;               // SUITE.json (viewer/commands/suite_file.h)
    std::vector<std::string> paths;  // NAME=DIR for "$NAME/..." paths in the suite
    std::string junit;               // JUnit XML report path
    bool jsonl = false;              // one JSON object an entry on stdout, as each finishes
    std::string report;              // DIR/index.html; the images go beside it
    std::string out;                 // the actual and diff images (default: the report's folder)
    bool bless = false;              // write the goldens (and sidecars) from the actual images
};
// 0: every entry passed; 1: any failed (a mismatch, a missing file or golden); 2: a bad suite.
int run_suite(const SuiteArgs& args);

struct AuditArgs {
    std::vector<std::string> files;  // files and folders (searched recursively for .gltf, .glb and .vrm)
    bool json = false;
    bool jsonl = false;  // one JSON object a file, streamed as each finishes
    std::string junit;   // JUnit XML report path
    std::string shard;   // "K/N": only the files whose path hashes to shard K of N (1-based)
    int jobs = 0;        // workers; 0: the machine's cores
    bool strict = false;
    int progress = -1;  // -1: a progress bar when stderr is a terminal; 0 never; 1 always
    // What --json names as the tool's version: main() sets it (the version is defined on main()
    // alone, so that a new version misses the compiler cache for one object).
    std::string tool_version = "unknown";
};
int run_audit(const AuditArgs& args);

struct DiagnoseArgs {
    SceneOptions scene;
    bool json = false;
};
int run_diagnose(const DiagnoseArgs& args);

struct BakeArgs {
    SceneOptions scene;
    std::string output;          // OBJ path
    std::string source = "gpu";  // gpu: transform feedback read-back; cpu: the double reference
    // A second file whose clip (--clip, by name or index, of that file) is retargeted onto FILE at
    // --time before baking, exactly as the viewer's Graph tab plays it; empty: FILE's own clip.
    std::string retarget;
    std::string retarget_rest = "aligned";  // aligned | rest-relative (anim/graph/retarget_rest.h)
    // The viewer's settings file applied over the scene options, as render --settings does: its
    // clip, time, correction, rung and pose edits are what is baked.
    std::string settings;
};
int run_bake(const BakeArgs& args);

struct FixArgs {
    std::string input;
    std::string output;  // .glb for a .glb input, .gltf (and its .bin) for a .gltf input
    bool check = false;  // write nothing; exit 1 when fix would change the file
};
int run_fix(const FixArgs& args);

struct FrameTableArgs {
    std::string file;
    float time = 0.5f;
};
int run_frame_table(const FrameTableArgs& args);

// write-sky: the procedural sky (render/environment.h) as a Radiance .hdr in the Khronos
// renderer's panorama mapping, so both renderers can be fed the same light.
struct WriteSkyArgs {
    std::string output;
    std::string size = "1024x512";
};
int run_write_sky(const WriteSkyArgs& args);

// write-tables: the procedural sky's prefiltered tables and the sheen tables, computed afresh into
// `dir` in the precompute cache's format (render/precompute_cache.h). The build runs it after each
// link into share/skinview/tables, where every run looks first, so a first render reads what a
// cache would hold instead of computing it.
struct WriteTablesArgs {
    std::string dir;
};
int run_write_tables(const WriteTablesArgs& args);

}  // namespace sv::viewer
