// Loading glTF 2.0 (.gltf with external or data-URI buffers, and .glb) into an Asset.
//
// tinygltf parses; everything it hands over is re-checked here before a byte is read (accessor and
// buffer-view bounds, index ranges, key times), because a hostile or broken file must produce an
// Error naming the element and the reason, never a crash. The pieces, by question (anim/src):
// gltf_document_checks / gltf_schema_checks (the JSON before tinygltf: version, extensions, scene,
// buffers, data URIs, required properties, skipped channels), gltf_accessor (sparse and quantized
// accessors), gltf_extensions (the extension table), gltf_meshopt / gltf_draco / gltf_webp (the
// decoders), gltf_texture_transform (the base colour's coordinates). Nothing is half-loaded: either the whole
// Asset, with its scene walked (globals derived), or an Error. Things that did not stop the load
// (renormalised weights, ignored morph targets, the glTF validator's skin warnings) go to
// Asset::report, one line each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/gltf/import_progress.h"
#include "anim/scene/asset.h"

namespace sv::anim {

// Limits on what a file may make the importer allocate, refused with a message before decoding.
// A texture's side is read from its PNG/JPEG/... header and refused past 8192 texels, before a
// pixel is decoded: 8192 is the smallest GL_MAX_TEXTURE_SIZE the GL 4.x drivers we target report,
// so a larger image could not be uploaded anyway, and 8192 x 8192 RGBA is 256 MiB, the largest
// allocation one image may cause. An accessor with no buffer view is all zeros (glTF 3.6.2.3,
// perhaps under a sparse substitution), so no file needs many of them; its count is capped where
// the bytes of the file can no longer justify it, since a few JSON bytes could otherwise ask for
// gigabytes of zeros.
inline constexpr int kMaxImageSide = 8192;
inline constexpr std::size_t kMaxZeroAccessorCount = std::size_t(1) << 20;

// The glTF extensions the importer knows (docs/gltf-support.md's table, held to this by a test):
// status is "implemented", "refused when required" (known, not applied: a file requiring it is refused) or
// "ignored" (noted, never a refusal: it changes no vertex); `how` is one line on what is done.
struct GltfExtensionSupport {
    std::string name, status, how;
};
std::vector<GltfExtensionSupport> gltf_extension_support();

// How an import runs, never what it reads: every value gives the same Asset, texel for texel.
struct ImportOptions {
    // Threads that decode the images, a small pool (anim/src/gltf/gltf_image_decode.h): 0 is one a
    // core (std::thread::hardware_concurrency), 1 the calling thread alone, the serial decode the
    // tests compare against and the benchmark times one core with.
    unsigned decode_threads = 0;
    // Null, or counters the import advances as it goes and a cancel flag it checks
    // (anim/gltf/import_progress.h); owned by the caller, which keeps it alive through the call. A
    // cancelled import returns the error kImportCancelled and no Asset, never a part of one.
    ImportProgress* progress = nullptr;
};

// `.glb` is recognised by its magic bytes, or by its name unless the bytes are plainly JSON.
sv::Expected<Asset> load_gltf(const std::string& path, const ImportOptions& options = {});
// `base_dir` resolves external buffers and images; `binary` selects GLB. Only files inside
// `base_dir` are read: a URI that is absolute, climbs out with "..", names a scheme other than
// data:, or resolves (through a link) outside the folder is refused before anything is opened;
// with an empty `base_dir` (bytes with no folder) every external URI is refused.
sv::Expected<Asset> load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                                          bool binary, const ImportOptions& options = {});

}  // namespace sv::anim
