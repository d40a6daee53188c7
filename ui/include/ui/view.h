// The view: everything that decides what skinview shows of a file, as one value of nested plain
// structs with one JSON round trip (Filament's viewer Settings is the model). The settings file is
// this value written out (`--settings FILE`, `--save-settings FILE`, the Save/Load buttons), a
// golden's sidecar carries it (`--sidecar`, `--ref`), a suite entry is one, and the flags, the
// panels and the keys write it: a bug report is a file, and a picture is the view that made it.
//
// Plain values only (names, not indices, for the clip and joints), so a file written against one
// export of a character still means something against the next one, and this header needs neither
// the renderer nor the animation library. The file's keys are flat (docs/settings.md lists them, one
// each with its flag); the groups here say what each key is about, which the flat file cannot.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"

namespace sv::ui {

struct View {
    // What moves with time: the clip and where in it, whether it plays and how fast, and what
    // drives the pose (ViewerModel::advance moves all of it with one step).
    struct Clock {
        std::string clip;   // clip name or index; empty: the first clip; "rest": the rest pose
        double time = 0.0;  // seconds into the clip
        // A settings file is a still: it does not play unless it says so, so a scripted screenshot
        // of N frames shows `time` and not `time + N/60`.
        bool playing = false;
        double speed = 1.0;  // the animation clock's rate (negative plays backwards)
        // What drives the pose: clip | blend | state_machine | retarget, with the blend tree's
        // parameter (0: its first clip, 1: its second).
        std::string graph = "clip";
        double blend = 0.5;
        // The state machine's state (graph "state_machine"): the clip whose state it plays, by name
        // (an unnamed clip by its index); "" its first. A saved view is the machine entered in that
        // state, `time` seconds in: a view saved mid-cross-fade is saved as the state it fades to.
        std::string machine_state;
        bool operator==(const Clock& o) const;
    };
    // What is put on the base pose: the Joints tab's edits, IK, a retargeted clip, VRM expressions
    // and look-at, root motion and the Graph tab's spring chain.
    struct Pose {
        // Joint name (first skin that has it) -> Euler XYZ degrees, the delta on top of the animated
        // local rotation (anim/character/pose_edits.h). Sorted by name; a name no skin has fails the
        // load naming it.
        std::vector<std::pair<std::string, std::array<double, 3>>> edits;
        bool ik = false;  // two-bone IK on (the panel's first detected limb)
        // The IK target and pole, world metres, as the IK tab holds them; empty: placed on the pose
        // when the chain is picked (the tip where it stands, the pole in front of the bend). Saved
        // whenever IK is on, so a view comes back with the target where the user left it.
        std::vector<double> ik_target, ik_pole;
        // Retarget: the file whose clip plays here (empty: none, and a loaded source is dropped),
        // its clip by name (empty: its first), and how the two rests meet (aligned | rest-relative).
        std::string retarget_source;
        std::string retarget_clip;
        std::string retarget_rest = "aligned";
        // VRM expressions by name, each 0..1; those left out are 0. Sorted by name (a JSON object has
        // no order to keep); a name the avatar lacks fails the load naming it.
        std::vector<std::pair<std::string, double>> expressions;
        // VRM look-at: "off" | "camera" | "x,y,z" (a world point); empty: as the command line says
        // (the viewer: the camera; render, bake, suite: --look-at, else off).
        std::string look_at;
        // Root motion (clip mode): the clip's travel taken out of its root joint, pinned to the
        // clip's first key, so the character walks in place. A saved view comes back at the origin.
        bool root_motion = false;
        // The spring chain (Graph tab): on, its first joint by name (first skin that has it; empty:
        // the first joint named like "tail"), its links, frequency (Hz) and damping ratio.
        bool springs = false;
        std::string spring_joint;
        int spring_links = 3;
        double spring_frequency_hz = 2.0;
        double spring_damping = 0.3;
        bool operator==(const Pose& o) const;
    };
    // How the skin is deformed: the skinning-frame correction (the C key) and the ladder's rung.
    struct Skin {
        bool correction = true;
        std::string skinning = "auto";  // auto | dqs | dqs-scale | lbs
        bool operator==(const Skin& o) const;
    };
    // A preset (auto | front | side | orbit:DEG | file:N, framed on what is drawn over the clip, or
    // the pinned string yaw,pitch,distance,tx,ty,tz, applied as it is) when `orbit` is false, else
    // the orbit below exactly as it was.
    struct Camera {
        std::string preset = "auto";
        bool orbit = false;
        double yaw_degrees = 0.0, pitch_degrees = 0.0, distance = 1.0;
        std::array<double, 3> target{0.0, 0.0, 0.0};
        // An orbit compares by its numbers, a preset by its words (the numbers are unused).
        bool operator==(const Camera& o) const;
    };
    // The Lighting controls: linear exposure before tone mapping, the environment's turn about +Y in
    // degrees (the Khronos renderer's environmentRotation) and intensity, the key light; the
    // environment itself (an equirectangular .hdr, empty: the procedural sky; a relative path in a
    // file is read against that file's folder and written relative to it), drawn as the background
    // or not, at a roughness (0: sharp, 1: the roughest).
    struct Lighting {
        double exposure = 1.0;
        double environment_rotation = 0.0;
        double environment_intensity = 1.0;
        std::string environment;
        bool environment_background = false;
        double environment_blur = 0.0;
        bool key_light = true;
        bool operator==(const Lighting& o) const;
    };
    // What is drawn over and around the character.
    struct Draw {
        // The material drawn unlit as one of its inputs: lit | base | normals | roughness-metal
        // (`render --view`'s words). A heat map colours the skin instead, so a file that sets both
        // is refused naming the two keys rather than one dropped.
        std::string view = "lit";
        std::string heatmap = "off";  // off | weights | error | all-weights
        std::string weights_joint;    // heatmap weights: whose weights; empty: the selected joint
        bool show_armature = false;   // the skeleton overlay
        // Pictures that compare with other renderers: the floor grid, and the background as
        // parse_background reads it ("R,G,B" of 0..255 as the PNG holds them, or "transparent").
        bool grid = true;
        std::string background = "default";
        bool operator==(const Draw& o) const;
    };
    // The window's own: the inspector tab and the selected joint (by name, skin 0 first; empty: none).
    struct Panels {
        std::string tab = "frame";  // frame | joints | scale | ik | palette | diagnose | graph | ...
        std::string joint;
        bool operator==(const Panels& o) const;
    };

    Clock clock;
    Pose pose;
    Skin skin;
    Camera camera;
    Lighting lighting;
    Draw draw;
    Panels panels;
    // KHR_materials_variants: the materials of the variant by this name ("" the file's defaults). A
    // name the file lacks fails the load, listing the file's variants. It was a flag (--variant)
    // and a suite key that no settings file or sidecar held, so a golden drawn in a variant was
    // redrawn by --ref in the default materials.
    std::string variant;

    bool operator==(const View& o) const;
    bool operator!=(const View& o) const { return !(*this == o); }
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
Expected<View> settings_from_json(const std::string& text);
// Every key, pretty-printed. `camera` is written as the object {yaw, pitch, distance, target}
// when `camera.orbit`, else as the preset string.
std::string settings_to_json(const View& s);

Expected<View> load_settings_file(const std::string& path);
Status save_settings_file(const std::string& path, const View& s);

}  // namespace sv::ui
