// Who drives the viewer's frames: what differs between the desktop window and the browser page,
// in one place. The desktop loops until the viewer quits and returns its exit status. The browser
// owns the loop (one call a display frame, emscripten_set_main_loop): a function that looped
// would never give the page back, so run_frames there keeps the client and returns at once, and
// the frames run after main() has returned.
#pragma once

#include <memory>

namespace sv::viewer {

class FrameClient {
public:
    virtual ~FrameClient() = default;
    // One frame; false once the viewer has quit (or a scripted run has drawn its frames).
    virtual bool frame() = 0;
    // After the last frame: releases what the client holds and gives the exit status.
    virtual int finish() = 0;
};

// Desktop: frame() until false, then finish()'s status. Web: 0 at once; finish() runs when the
// viewer quits, and its status is printed, since no process exits with it.
int run_frames(std::unique_ptr<FrameClient> client);

}  // namespace sv::viewer
