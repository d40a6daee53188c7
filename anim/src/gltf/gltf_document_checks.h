// Checks on the glTF document itself, made on its JSON before tinygltf reads it (private to
// anim/src): the version, the extensions, the scene, the buffers and their URIs, the animation
// channels skinview skips. Each refusal names the element and the reason in the project's words;
// tinygltf's own messages (which name its internals, or report a bad data URI as a missing file)
// are never the first a user reads.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/animated_property.h"
#include "anim/scene/vrm.h"
#include "gltf_draco.h"
#include "gltf_meshopt.h"

namespace sv::anim::gltf {

struct DocumentFacts {
    std::vector<std::string> notes;  // what did not stop the load, one line each, for Asset::report
    std::vector<std::string>
        picture_notes;  // of those, the ones that change the picture (Asset::picture_notes)
    // Per animation, the file's index of each channel that remains after the skipped ones are
    // removed, so messages about a channel name it as the file does.
    std::vector<std::vector<int>> kept_channels;
    std::vector<size_t> skipped_channels;  // per animation, how many were removed
    // KHR_animation_pointer channels on a material, light or camera property, removed from the
    // JSON (tinygltf reads no pointer target) and read by the importer from their sampler.
    struct PropertyChannel {
        size_t animation = 0;
        int channel = 0;  // the file's index
        int sampler = 0;
        PropertyTarget target;
        std::string what;  // "animation 0 ('x') channel 2: KHR_animation_pointer '/...'", for notes
    };
    std::vector<PropertyChannel> property_channels;
    std::vector<MeshoptView> meshopt_views;  // EXT_meshopt_compression, decoded after tinygltf loads
    std::vector<FallbackBuffer> fallback_buffers;
    std::vector<DracoPrimitive> draco_primitives;  // KHR_draco_mesh_compression, decoded likewise
    // Image index -> why it cannot be drawn (a missing file), found before tinygltf reads anything;
    // the importer turns each into an Asset::image_failures line instead of a refusal.
    std::map<int, std::string> image_failures;
    Vrm vrm;              // VRM 0.x / 1.0 data read from the JSON (vrm_import.h); version None for plain glTF
    bool edited = false;  // the JSON was changed (channels removed, data URIs relabelled): re-serialise it
};

// `binary`: the JSON came from a GLB whose BIN chunk holds `bin_length` bytes (0: no BIN chunk).
// Edits `doc` where skinview reads the file differently from tinygltf (see DocumentFacts).
Status check_document(nlohmann::json& doc, bool binary, size_t bin_length, DocumentFacts& facts);

// Judges every external URI (buffers and images) before anything is opened: only files inside
// `base_dir`; with an empty `base_dir` no external file at all. A buffer's file must hold its
// byteLength. A missing image file is not a refusal: it goes to `facts.image_failures` (the
// geometry does not depend on it).
Status check_external_uris(const nlohmann::json& doc, const std::string& base_dir, DocumentFacts& facts);

}  // namespace sv::anim::gltf
