// The URI sandbox of an import (private to anim/src/scene): may tinygltf read this file? Every
// read it asks for, and its own search of the working directory, is resolved through links and
// must land inside the glTF's folder; it may write nothing. The first refusal is kept for the
// importer to report, since tinygltf's own message would name a missing file. Apart from the
// document checks (check_external_uris judges the URIs as written, before any read) because this
// is the backstop that holds whatever the JSON said, and apart from the importer because it is
// about the file system, not glTF.
#pragma once

#include <tiny_gltf.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace sv::anim::gltf {

// The backstop under check_external_uris: every read tinygltf asks for is resolved through links
// and must land inside the folder. Also covers its search of the working directory.
struct ReadGuard {
    std::filesystem::path base;  // canonical; empty: nothing may be read
    std::string refusal;
    // Images tinygltf handed over that cannot be decoded at all (index -> why): kept here for the
    // importer, which draws the file without them; the load goes on.
    std::map<int, std::string> image_failures;
    // The encoded bytes of every data-URI or file image tinygltf read (index -> bytes), kept for
    // the importer to decode all at once on the pool (gltf_image_decode.h) rather than one by one
    // inside tinygltf's parse. What it costs: the file's encoded images held until then, a fraction
    // of what they decode to.
    std::map<int, std::vector<unsigned char>> encoded_images;
    // Null, or ImportProgress::files_read: one more for each file read whole.
    std::atomic<int>* files_read = nullptr;
    bool inside(const std::string& file) const {
        if (base.empty()) return false;
        std::error_code ec;
        const std::filesystem::path f = std::filesystem::weakly_canonical(file, ec);
        if (ec) return false;
        auto fi = f.begin();
        for (auto bi = base.begin(); bi != base.end(); ++bi, ++fi)
            if (fi == f.end() || *fi != *bi) return false;
        return fi != f.end();
    }
};

// tinygltf's file-system callbacks, each read checked against `guard` (which must outlive the
// loader they are given to).
tinygltf::FsCallbacks guarded_fs(ReadGuard& guard);

}  // namespace sv::anim::gltf
