// The options every verb and the window share about one scene (file, clip and time, correction and
// rung, camera, lighting, VRM avatar switches), as plain values: the command line parses into it
// (commands/cli_options.h registers the flags), the session applies it (SceneSession::apply), and
// nothing here knows the command-line library.
#pragma once

#include <set>
#include <string>
#include <vector>

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

}  // namespace sv::viewer
