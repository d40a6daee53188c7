// Opening files: the path field, the recent list, the last load error.
#pragma once

#include <string>
#include <vector>

namespace sv::ui {

struct OpenPanel {
    static constexpr size_t kMaxRecent = 8;
    char path[1024] = {};
    std::vector<std::string> recent;  // most recent first, no duplicates
    std::string error;                // the last failed load, shown until the next success
    // The path the field last asked to open, until the viewer has served it.
    std::string asked;
    bool editing = false;  // the field had the keyboard last frame (then it is not settled)
    // The field asked to open `path` (the Open button or Enter).
    void ask(const std::string& p) { asked = p; }
    // Once the ask has been served (the frame after, the field not being edited): the field shows
    // what is on screen, `on_screen` (the file open now; empty: nothing). A failed open used to
    // leave the path that failed there, read as the file on screen; a successful one shows its
    // own path. An open that waits on the unsaved-work dialog shows the file still on screen
    // until it goes ahead. Nothing asked: the field is left as typed.
    void settle(const std::string& on_screen);
    // After a successful load: first in the list, once.
    void push_recent(const std::string& p);
    // One path a line; missing file is no error (first run).
    void load_recent(const std::string& file);
    void save_recent(const std::string& file) const;

    // Path completion for the Open field: the entries of the typed path's folder whose names start
    // with what follows its last '/', folders (with a trailing '/') and .glb / .gltf / .vrm / .vrma files,
    // sorted, at most `max`. An unreadable folder completes to nothing (no error: the user is typing).
    static std::vector<std::string> completions(const std::string& typed, size_t max = 32);
    // Of several files dropped at once, the one to open: a .gltf comes with its .bin and textures
    // (the page's drop or file picker, a file manager's selection), in whatever order they were
    // listed, so the first of them that opens as a model (the extensions completions() offers);
    // with none, the first, whose open then says why it is no model. Empty: nothing dropped.
    static std::string dropped_model(const std::vector<std::string>& dropped);
    // What Tab does: the longest common prefix of the completions (`typed` when there are none).
    static std::string complete(const std::string& typed);
    // The completions of `typed`, recomputed only when the text changed (the field asks every frame).
    const std::vector<std::string>& cached_completions(const std::string& typed);

private:
    std::string completed_for_ = "\x01";  // never typed, so the first call computes
    std::vector<std::string> completion_cache_;
};

}  // namespace sv::ui
