// A regression suite file (`skinview suite SUITE.json`): the entries to render and the goldens to
// hold them against. Parsing only; suite_command.cpp renders.
//
// {"defaults": {ENTRY KEYS}, "entries": [{ENTRY KEYS}, ...]}, every key optional but "golden":
//   name      the entry's name in the reports (default: the golden's file name without .png);
//             unique, since it names the entry's images
//   file      glTF file (default: the built-in character)
//   clip, time, bind, correction (on|off), skinning (auto|dqs|dqs-scale|lbs), api (gl|gles)
//   camera    auto | front | side | orbit:DEG | yaw,pitch,distance,tx,ty,tz; default: the golden
//             sidecar's camera when it records one, else auto
//   sphere_camera  {"yaw": DEG, "pitch": DEG, "zoom": F}: framed on the bounding sphere of what is
//             drawn (viewer/session/sphere_framing.h), the material boards' framing; not with `camera`
//   fov       degrees (default 40, or the sidecar's with its camera)
//   settings  a viewer settings file (its camera, pose, lighting), as `render --settings`
//   size      WIDTHxHEIGHT (default 640x480)
//   view      lit | base | normals | roughness-metal | all-weights (render/debug_view.h);
//             armature  true | false
//   grid, key_light  true | false;  exposure  > 0;  environment_rotation  degrees (as `render`'s
//             --grid, --key-light, --exposure, --env-rotation; unset: the file's defaults)
//   variant   a KHR_materials_variants name (as --variant)
//   springs   on | off: a VRM's spring bones (as --springs)
//   golden    the reference PNG; NAME.joints.json beside it is checked when present
//   expect    match (default) | mismatch: a negative control, which passes when the check fails
//   threshold, channel_tolerance, joint_tolerance, shift_tolerance: as `render --ref`
// Relative paths are relative to the suite file's folder; "$NAME/rest" takes NAME from
// `--path NAME=DIR` (so a suite can name a shared asset folder that lives elsewhere on each
// machine). Anything else (an unknown key, a value of the wrong type, a word outside its set, a
// duplicate name, an undefined $NAME) makes the suite bad: the error names the entry and the key.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "reference_check.h"
#include "sphere_framing.h"

namespace sv::viewer {

struct SuiteEntry {
    std::string name;
    std::string file;  // resolved; empty: the built-in character
    std::string clip;
    double time = 0.0;
    bool bind = false;
    std::string correction = "on", skinning = "auto", api = "gl";
    std::string camera;  // empty: the golden's sidecar camera, else auto
    std::optional<SphereCamera> sphere_camera;
    double fov = 40.0;
    bool fov_given = false;
    std::string settings;  // resolved path; empty: none
    int width = 640, height = 480;
    std::string view = "lit";
    bool armature = false;
    std::optional<bool> grid, key_light;
    std::optional<double> exposure, environment_rotation;
    std::string variant;
    std::string springs = "on";  // VRM spring bones, as --springs
    std::string golden;          // resolved
    bool expect_match = true;
    ReferenceOptions options;
    // The keys the entry (or the suite's defaults) named: those win over its settings file
    // (ui/settings_layers.h); a key left out leaves the file's value.
    std::set<std::string> given;
};

struct Suite {
    std::string path;
    std::vector<SuiteEntry> entries;
};

// `paths` holds the --path NAME=DIR definitions.
Expected<Suite> parse_suite(const std::string& text, const std::string& suite_path,
                            const std::map<std::string, std::string>& paths);
Expected<Suite> load_suite(const std::string& path, const std::map<std::string, std::string>& paths);

}  // namespace sv::viewer
