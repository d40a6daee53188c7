// What the panels ask of the viewer: queued while they draw, served by the viewer in one place at
// the start of the next frame (viewer/app/viewer_actions.cpp), in the order they were asked. The
// panels do no file I/O and know no window; a queue instead of a flag a request means nobody has
// to remember to poll and clear it, and two presses in one frame are two actions, not one.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace sv::ui {

struct UiAction {
    enum class Kind {
        Open,                // text: the file (the Open field, the recent list)
        FrameView,           // text: reset | front | side | back | top (the camera row)
        SaveSettings,        // text: the settings file
        LoadSettings,        // text: the settings file
        LoadRetargetSource,  // text: the second file whose clip plays here (the Graph tab)
        DismissError,        // the error window's Dismiss
    };
    Kind kind;
    std::string text;
};

struct UiActions {
    std::vector<UiAction> queue;
    void ask(UiAction::Kind kind, std::string text = {}) { queue.push_back({kind, std::move(text)}); }
    // The actions asked so far, leaving the queue empty.
    std::vector<UiAction> take() { return std::exchange(queue, {}); }
};

}  // namespace sv::ui
