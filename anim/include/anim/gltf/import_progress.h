// How far an import has got, read from another thread while it runs, and a request that it stop:
// what the viewer's background open shows and what a second open sets (viewer/app/background_open.h).
//
// Counters only, no callback: the importer never calls into its caller's code, so nothing the
// caller does (a lock, a throw) can reach the decoding threads. What it costs: the reader polls
// (once a frame in the viewer), and sees each counter a little late or, between two counters, one
// newer than the other; each value on its own is one the import really passed through.
#pragma once

#include <atomic>

namespace sv::anim {

struct ImportProgress {
    // Files read from disk so far: the .gltf or .glb, then each external buffer and image file.
    std::atomic<int> files_read{0};
    // The file's images (-1 until the parse has counted them) and how many are decoded (or have
    // failed to decode: both are done with).
    std::atomic<int> images_total{-1};
    std::atomic<int> images_decoded{0};
    // Set by the caller: the import stops at its next check (before the parse, between images,
    // after the decode) and returns kImportCancelled. An image being decoded when it is set is
    // finished first, so the stop waits on at most one image a decoding thread.
    std::atomic<bool> cancel{false};
};

// A cancelled import's error: this message (after the file's path, from load_gltf). A caller that
// set `cancel` knows it did; the words are for a log that says why a load ended.
inline constexpr const char* kImportCancelled = "glTF: the load was cancelled";

}  // namespace sv::anim
