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
    std::string view = "lit";    // lit | base | normals | roughness-metal
    float exposure = 1.0f;
    float environment_rotation = 0.0f;  // degrees about +Y
    std::string key_light = "on";
    int frames = 1;
    float fps = 30.0f;
    std::string reference;       // golden PNG to compare with
    double threshold = 0.001;    // largest fraction of differing pixels that still matches
    int channel_tolerance = 8;   // per-channel difference (of 255) under which a pixel is the same
};
int run_render(const RenderArgs& args);

struct AuditArgs {
    std::vector<std::string> files;
    bool json = false;
    bool strict = false;
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

struct FrameTableArgs {
    std::string file;
    float time = 0.5f;
};
int run_frame_table(const FrameTableArgs& args);

}  // namespace sv::viewer
