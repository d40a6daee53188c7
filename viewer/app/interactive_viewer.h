// The windowed viewer: GLFW + Dear ImGui over a SceneSession.
#pragma once

#include <string>

#include "scene_options.h"

namespace sv::viewer {

struct InteractiveOptions {
    SceneOptions scene;
    int frames = 0;          // > 0: run this many frames then exit (smoke tests)
    std::string screenshot;  // with --frames: write the last frame, panels included
    // With --frames: the last frame's 3D view alone, drawn as `render --settings --size` draws it.
    std::string viewport_screenshot;
    int window_width = 1280, window_height = 720;
    std::string tab;            // inspector tab to open on: frame, joints, scale, ik, palette,
                                // diagnose, graph (empty: frame)
    std::string joint;          // joint to select on load (skin 0), by name
    std::string settings;       // settings file (ui/view.h) applied before the first frame
    std::string input;          // scripted: replay this input script (ui/input_script.h)
    bool ui_log = false;        // print the ui log on stderr with no script (the page's ?ui-log)
    std::string retarget;       // play this file's first clip on the character (the Graph tab's retarget)
    bool show_keys = false;     // open with the keys overlay (F1) shown
    std::string save_settings;  // write the settings of what is on screen here at exit
};

// Runs the viewer until the window closes (or `frames` have run). Returns the process exit code:
// 0 also when the file failed to load (the error is shown in the window); non-zero only when no
// window could be opened at all.
int run_interactive(const InteractiveOptions& options);

}  // namespace sv::viewer
