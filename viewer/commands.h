// The headless subcommands. Each returns the process exit code; errors go to stderr.
#pragma once

#include <string>
#include <vector>

#include "cli_options.h"

namespace sv::viewer {

struct RenderArgs {
    SceneOptions scene;
    std::string output;          // PNG path; may hold {frame} for a sequence
    std::string size = "640x480";
    bool armature = false;
    std::string weights_joint;   // name or index: colour that joint's weights
    bool error_heatmap = false;
    int frames = 1;
    float fps = 30.0f;
    std::string reference;       // golden PNG to compare with
    double threshold = 0.001;    // largest fraction of differing pixels that still matches
    int channel_tolerance = 8;   // per-channel difference (of 255) under which a pixel is the same
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
