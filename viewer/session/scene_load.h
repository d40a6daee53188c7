// The CPU half of opening a file: the glTF parsed, its images decoded, the character built and its
// avatar runtime made, with no GL touched. The window makes it on a worker thread while it keeps
// drawing (viewer/app/background_open.h) and turns it into a session on its own thread, where the
// context is (SceneSession::create); SceneSession::open does both at once for the headless verbs.
#pragma once

#include <memory>
#include <string>

#include "anim/character/character.h"
#include "anim/core/expected.h"
#include "anim/frame/frame_context.h"
#include "anim/gltf/import_progress.h"

namespace sv::viewer {

struct LoadedScene {
    std::string path;
    std::unique_ptr<anim::Character> character;  // on the heap: the frame context binds to its address
    anim::FrameContext frame;                    // not yet bound (SceneSession::create binds it)
};

// Reads and builds `path`. A failure names the file and says why; nothing is kept of it.
// `vrm_facing`: turn a VRM 0.x avatar to face +Z (anim/avatar/vrm_facing.h). `progress` (may be
// null): the import's counters and cancel flag (anim/gltf/import_progress.h); cancelled, the load
// stops at the import's next check or before the character is built, and returns an error.
// Safe to call on any thread: it touches nothing shared but `progress`.
Expected<LoadedScene> load_scene(const std::string& path, bool vrm_facing = true,
                                 anim::ImportProgress* progress = nullptr);

}  // namespace sv::viewer
