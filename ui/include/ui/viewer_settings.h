// Everything that decides what the viewer shows, as one plain struct with a JSON round trip, so a
// view can be written to a file and reproduced (`--settings FILE`, `--save-settings FILE`, the
// Save/Load buttons): a bug report is a file.
//
// Plain values only (names, not indices, for the clip and joints), so a file written against one
// export of a character still means something against the next one, and this header needs neither
// the renderer nor the animation library.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"

namespace sv::ui {

struct ViewerSettings {
    bool correction = true;         // the skinning-frame correction switch (the C key)
    std::string skinning = "auto";  // auto | dqs | dqs-scale | lbs
    bool show_armature = false;     // the skeleton overlay
    std::string heatmap = "off";    // off | weights | error | all-weights
    std::string weights_joint;      // heatmap weights: whose weights; empty: the selected joint
    // The material drawn unlit as one of its inputs, to tell a skinning fault from a shading one:
    // lit | base | normals | roughness-metal (`render --view`'s words). A heat map colours the skin
    // instead, so a file that sets both is refused naming the two keys rather than one dropped.
    std::string view = "lit";
    bool ik = false;  // two-bone IK on (the panel's first detected limb)
    // The IK target and pole, world metres, as the IK tab holds them; empty: placed on the pose when
    // the chain is picked (the tip where it stands, the pole in front of the bend). Saved whenever
    // IK is on, so a view comes back with the target where the user left it and not re-placed on
    // whatever pose the file opens in.
    std::vector<double> ik_target, ik_pole;
    // frame | joints | scale | ik | palette | diagnose | graph | notes | humanoid | expressions
    std::string tab = "frame";
    std::string joint;  // the selected joint, by name (skin 0 first); empty: none
    std::string clip;   // clip name; empty: the first clip; "rest": the rest pose
    double time = 0.0;  // seconds into the clip
    // A settings file is a still: it does not play unless it says so, so a scripted screenshot of
    // N frames shows `time` and not `time + N/60`.
    bool playing = false;
    // The camera: a preset (auto | front | side | orbit:DEG, framed on what is drawn over the clip,
    // or the pinned string yaw,pitch,distance,tx,ty,tz, applied as it is)
    // when `camera_orbit` is false, else the orbit below exactly as it was.
    std::string camera_preset = "auto";
    bool camera_orbit = false;
    double yaw_degrees = 0.0, pitch_degrees = 0.0, distance = 1.0;
    std::array<double, 3> target{0.0, 0.0, 0.0};
    // Lighting (the Lighting controls): linear exposure before tone mapping, the environment's turn
    // about +Y in degrees (the Khronos renderer's environmentRotation), its intensity, the key light.
    double exposure = 1.0;
    double environment_rotation = 0.0;
    double environment_intensity = 1.0;
    // The environment: an equirectangular .hdr (empty: the procedural sky; a relative path in a
    // file is read against that file's folder, and written relative to it), drawn as the
    // background or not, and the roughness the background is drawn at (0: sharp, 1: the roughest).
    std::string environment;
    bool environment_background = false;
    double environment_blur = 0.0;
    bool key_light = true;
    // Pictures that compare with other renderers: the floor grid, and the background as
    // parse_background reads it ("R,G,B" of 0..255 as the PNG holds them, or "transparent").
    bool grid = true;
    std::string background = "default";
    // What drives the pose: clip | blend | state_machine | retarget, with the blend tree's
    // parameter (0: its first clip, 1: its second).
    std::string graph = "clip";
    double blend = 0.5;
    // The state machine's state (graph "state_machine"): the clip whose state it plays, by name (an
    // unnamed clip by its index); "" its first. A saved view is the machine entered in that state,
    // `time` seconds in: a view saved in the middle of a cross-fade is saved as the state it fades to.
    std::string machine_state;
    // Retarget: the file whose clip plays here (empty: none, and a loaded source is dropped), the
    // clip of it by name (empty: its first), and how the two rests meet (aligned | rest-relative).
    std::string retarget_source;
    std::string retarget_clip;
    std::string retarget_rest = "aligned";
    double speed = 1.0;  // the animation clock's rate (negative plays backwards)
    // Root motion (Animation tab, clip mode): the clip's travel taken out of its root joint, pinned
    // to the clip's first key, so the character walks in place. A saved view comes back at the
    // origin: the window's placement is what it played since the file opened, which no still keeps.
    bool root_motion = false;
    // The spring chain (Graph tab): on, its links, frequency (Hz) and damping ratio.
    bool springs = false;
    // The chain's first joint, by name (first skin that has it); empty: the first joint named like
    // "tail", as the Graph tab starts. The tab's "use the selected joint" sets it, so a view with the
    // chain on another joint comes back on that joint.
    std::string spring_joint;
    int spring_links = 3;
    double spring_frequency_hz = 2.0;
    double spring_damping = 0.3;
    // VRM expressions (the Expressions tab) by name, each 0..1; those left out are 0. Read and
    // saved sorted by name (a JSON object has no order to keep); a name the avatar lacks fails the
    // load naming it.
    std::vector<std::pair<std::string, double>> expressions;
    // The Joints tab's pose edits: joint name (first skin that has it) -> Euler XYZ degrees, the
    // delta on top of the animated local rotation (anim/character/pose_edits.h). Sorted by name; a name
    // no skin has fails the load naming it.
    std::vector<std::pair<std::string, std::array<double, 3>>> pose_edits;
    // VRM look-at: "off" | "camera" | "x,y,z" (a world point); empty: as the command line says (the
    // viewer: the camera; render, bake, suite: --look-at, else off). The viewer saves what it shows for
    // avatars with a look-at.
    std::string look_at;

    bool operator==(const ViewerSettings& o) const;
    bool operator!=(const ViewerSettings& o) const { return !(*this == o); }
};

// "default" (the viewer's dark grey), "R,G,B" (integers 0..255, the values the PNG holds: the clear
// colour is written unencoded) or "transparent" (alpha 0; the PNG keeps its alpha channel). The
// colour as 0..1 RGBA, or an error naming the text.
Expected<std::array<float, 4>> parse_background(const std::string& text);

// The keys a settings file may hold, in the order they are written (the README lists them).
const char* const* settings_keys(int& count);

// Parses a JSON object. Missing keys keep their defaults; an unknown key, a value of the wrong
// type or an enum word outside its set is an error naming the key and what it expected (a typo in
// a bug report must not pass silently as the default).
Expected<ViewerSettings> settings_from_json(const std::string& text);
// Every key, pretty-printed. `camera` is written as the object {yaw, pitch, distance, target}
// when `camera_orbit`, else as the preset string.
std::string settings_to_json(const ViewerSettings& s);

Expected<ViewerSettings> load_settings_file(const std::string& path);
Status save_settings_file(const std::string& path, const ViewerSettings& s);

}  // namespace sv::ui
