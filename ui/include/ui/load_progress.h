// What the window shows while a file opens in the background (viewer/app/background_open.h): the
// file, how many files are read, images decoded out of how many, and the upload. Plain state the
// viewer fills from the loader's counters once a frame; the overlay draws it over the 3D view,
// where the previous character stays until the new one is ready (load_progress_draw.cpp).
#pragma once

#include <string>

namespace sv::ui {

struct LoadProgress {
    std::string path;       // the file being opened; empty: nothing is
    int files_read = 0;     // the .gltf or .glb, its buffers and image files, as read
    int images_total = -1;  // images to decode; -1 until the parse has counted them
    int images_decoded = 0;
    // The worker is done and the textures go to the GPU on the window's thread (this many images).
    bool uploading = false;
    int textures = 0;

    bool active() const { return !path.empty(); }
    // One line, e.g. "opening Lamp.gltf: 21 files read, 7/19 images decoded", then "opening
    // Lamp.gltf: uploading to the GPU (19 images)". Each clause is what the
    // counters say and no more: the decode count is shown once the parse has counted the images.
    std::string line() const;
    // The bar's fill, 0..1: images decoded over images, 1 while uploading; 0 until the count is known.
    float fraction() const;
};

}  // namespace sv::ui
