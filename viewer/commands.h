// The headless subcommands. Each returns the process exit code; errors go to stderr.
#pragma once

#include <string>
#include <vector>

#include "cli_options.h"
#include "reference_check.h"

namespace sv::viewer {

struct RenderArgs {
    SceneOptions scene;
    std::string output;          // PNG path; may hold {frame} for a sequence
    std::string size = "640x480";
    bool armature = false;
    std::string weights_joint;   // name or index: colour that joint's weights
    bool error_heatmap = false;
    std::string view = "lit";    // lit | base | normals | roughness-metal
    float exposure = 1.0f;
    float environment_rotation = 0.0f;  // degrees about +Y
    std::string key_light = "on";
    int frames = 1;
    float fps = 30.0f;
    std::string reference;  // golden PNG to compare with (and its REF.joints.json when present)
    // The defaults are the library's (render/image_compare.h, viewer/reference_check.h).
    double threshold = render::CompareOptions{}.max_footprint_fraction;  // of the character's footprint
    int channel_tolerance = render::CompareOptions{}.channel_tolerance;  // of 255: a pixel is the same
    double joint_tolerance = ReferenceOptions{}.joint_tolerance_px;      // pixels a joint may move
    bool sidecar = false;  // write OUT.joints.json (always written with --ref)
};
int run_render(const RenderArgs& args);

struct AuditArgs {
    std::vector<std::string> files;  // files and folders (searched recursively for .gltf and .glb)
    bool json = false;
    bool jsonl = false;              // one JSON object a file, streamed as each finishes
    std::string junit;               // JUnit XML report path
    std::string shard;               // "K/N": only the files whose path hashes to shard K of N (1-based)
    int jobs = 0;                    // workers; 0: the machine's cores
    bool strict = false;
    int progress = -1;               // -1: a progress bar when stderr is a terminal; 0 never; 1 always
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
    std::string retarget_rest = "aligned";  // aligned | rest-relative (ui/retarget_rest.h)
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

}  // namespace sv::viewer
