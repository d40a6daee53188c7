// A file opened on a worker thread while the window keeps drawing: the CPU half of an open
// (viewer/session/scene_load.h) runs there, and the window takes the result once it is done and
// uploads it on its own thread, where the GL context is (ViewerWindow::serve_open).
//
// One open at a time: starting another cancels the one in flight. A cancelled worker is not waited
// for: it stops at the importer's next check (between images), and its thread is joined once done
// (reap, or the destructor), so a second open never freezes the window behind the first. What
// that costs: until it stops, a cancelled load still holds its memory and a core, at most one
// image's decode a pool thread past the cancel.
//
// Errors stay values across the thread: the worker returns load_scene's Expected, and an exception
// it did not foresee (an allocation that failed) is caught there and becomes an error naming the
// file; nothing is thrown from one thread to the other.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "anim/core/expected.h"
#include "anim/gltf/import_progress.h"
#include "scene_load.h"

namespace sv::viewer {

class BackgroundOpen {
public:
    BackgroundOpen() = default;
    BackgroundOpen(const BackgroundOpen&) = delete;
    BackgroundOpen& operator=(const BackgroundOpen&) = delete;
    // Cancels what runs and joins every thread: a worker never outlives the window.
    ~BackgroundOpen();

    // Starts loading `path` on a new thread, cancelling the open in flight first. False (nothing
    // started, the error said by the caller) when no thread can be started.
    bool start(const std::string& path, bool vrm_facing);
    // Cancels the open in flight, if any: nothing is pending after it and its result is never taken.
    void cancel();
    bool pending() const { return current_ != nullptr; }
    // The pending open's file and counters (pending() must be true).
    const std::string& path() const { return current_->path; }
    const anim::ImportProgress& progress() const { return current_->progress; }
    // The pending open's worker has its result (take_if_done will return it); false when none.
    bool finished() const { return current_ && current_->done.load(std::memory_order_acquire); }
    // The pending open's result once its worker is done (nothing pending after); nullopt while it runs.
    std::optional<Expected<LoadedScene>> take_if_done();
    // Joins the cancelled workers that have finished; how many still run.
    int reap();

private:
    struct Job {
        std::string path;
        anim::ImportProgress progress;
        std::atomic<bool> done{false};
        // Written by the worker before `done`, read by the window after it (release, acquire).
        std::optional<Expected<LoadedScene>> result;
        std::thread thread;
    };
    std::unique_ptr<Job> current_;
    std::vector<std::unique_ptr<Job>> cancelled_;
};

}  // namespace sv::viewer
