#include "ui/load_progress.h"

namespace sv::ui {

std::string LoadProgress::line() const {
    const size_t slash = path.find_last_of("/\\");
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    // The meshes go up with the images; the images are what takes the time, so they are counted.
    if (uploading)
        return "opening " + name + ": uploading to the GPU" +
               (textures > 0 ? " (" + std::to_string(textures) + (textures == 1 ? " image)" : " images)")
                             : "");
    std::string s = "opening " + name + ": " + std::to_string(files_read) +
                    (files_read == 1 ? " file read" : " files read");
    if (images_total > 0) {
        s += ", " + std::to_string(images_decoded) + "/" + std::to_string(images_total) + " images decoded";
        // After the last image the importer reads the meshes and clips and the character is built:
        // said as what comes next, not as done.
        if (images_decoded >= images_total) s += "; meshes and character next";
    }
    return s;
}

float LoadProgress::fraction() const {
    if (uploading) return 1.0f;
    if (images_total <= 0) return 0.0f;
    return static_cast<float>(images_decoded) / static_cast<float>(images_total);
}

}  // namespace sv::ui
