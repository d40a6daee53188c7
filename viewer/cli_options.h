// The option vocabulary every skinview entry point shares: the interactive viewer and the render,
// audit and diagnose subcommands parse the same words into the same struct, so `--correction off`
// or `--skinning lbs` means one thing everywhere.
#pragma once

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

#include "render/context.h"
#include "render/skinned_pass.h"

namespace sv::viewer {

struct SceneOptions {
    std::string file;               // empty: the project's own sample character
    std::string clip;               // name or index; empty: the first clip (or rest when none)
    float time = 0.0f;              // seconds into the clip
    bool bind_pose = false;         // --bind: ignore clips, draw the rest pose
    std::string correction = "on";  // on | off
    std::string skinning = "auto";  // auto | dqs | dqs-scale | lbs
    std::string api = "gl";         // gl | gles
    int width = 640, height = 480;
    std::string camera = "auto";         // auto | front | side | orbit:DEG | yaw,pitch,distance,tx,ty,tz
    float fov = 40.0f;                   // vertical field of view, degrees
    std::string env;                     // equirectangular .hdr lighting the scene; empty: the procedural sky
    std::string env_background = "off";  // on | off: the environment (sky or --env) drawn behind the model
    float env_blur = 0.0f;               // the background's roughness, 0 (sharp) to 1
    bool no_vrm_facing = false;          // --no-vrm-facing: a VRM 0.x avatar as stored (facing -Z)
    std::string springs = "on";          // on | off: VRM spring bones
    std::vector<std::string> expressions;  // --expression NAME=WEIGHT: VRM expressions
    std::string look_at;                   // --look-at x,y,z | camera | off: VRM look-at; empty: the default
    std::string variant;                   // KHR_materials_variants name; empty: the file's default materials
    // The options the command line named ("--clip", "--time", ...; given_options): an explicit
    // flag wins over a settings file (ui/settings_layers.h), a default does not.
    std::set<std::string> given;
};

// Validators for numbers CLI11 would otherwise take as given: "nan" and "inf" parse as floats, and
// a negative count or size parses as an int. Each refuses with a sentence naming the value.
CLI::Validator finite_number();        // any finite number (a time may be negative: before the first key)
CLI::Validator positive_number();      // finite and > 0 (fps, window size)
CLI::Validator non_negative_number();  // finite and >= 0 (thresholds, tolerances)

// Adds the shared options to a CLI11 app or subcommand.
void add_scene_options(CLI::App& app, SceneOptions& o, bool with_file = true);

// The options of `app` (not of its subcommands) the command line named, by their long name.
std::set<std::string> given_options(const CLI::App& app);

// The built-in character the viewer opens with no file: humanoid.glb in data_dir() (the
// installed share/skinview, or the build tree's copy of assets/).
std::string default_asset_path();

}  // namespace sv::viewer
