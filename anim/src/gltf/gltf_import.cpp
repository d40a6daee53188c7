// Reading a glTF or GLB file into an anim::Asset: the order of the checks and decoders (container,
// JSON, document checks, URI checks, tinygltf under the read guard, meshopt and Draco decoding)
// and the sections that convert the model (gltf_importer.h), each in its own file. What is left
// here is only that order and the framing of every refusal, so the path a file takes through
// the import reads top to bottom in one place.
#include "anim/gltf/gltf_import.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "anim/gltf/file_read.h"
#include "gltf_document_checks.h"
#include "gltf_draco.h"
#include "gltf_glb.h"
#include "gltf_importer.h"
#include "gltf_material_import.h"
#include "gltf_meshopt.h"
#include "gltf_mtoon_import.h"
#include "gltf_read_guard.h"
#include "vrm_animation_import.h"
#include "vrm_import.h"

namespace sv::anim {

namespace {

using gltf::str;
namespace tg = tinygltf;

Expected<Asset> convert(const tg::Model& model, const std::string& source, const gltf::DocumentFacts& facts,
                        std::map<int, std::vector<std::uint8_t>> encoded_images,
                        const ImportOptions& options) {
    Asset asset;
    asset.source = source;
    asset.report = facts.notes;
    asset.picture_notes = facts.picture_notes;
    asset.vrm = facts.vrm;
    gltf::Importer im{model, asset};
    im.quantization = std::find(model.extensionsUsed.begin(), model.extensionsUsed.end(),
                                "KHR_mesh_quantization") != model.extensionsUsed.end();
    im.facts = &facts;
    im.encoded_images = std::move(encoded_images);
    im.decode_threads = options.decode_threads;
    im.progress = options.progress;
    if (auto st = im.nodes(); !st) return st.error();
    if (auto st = im.skins(); !st) return st.error();
    gltf::add_vrm_animation_skin(asset);
    if (auto st = import_materials(model, asset); !st) return st.error();
    import_mtoon(model, asset);
    if (auto st = import_variant_names(model, asset); !st) return st.error();
    if (auto st = im.images(); !st) return st.error();
    im.drop_undecoded_textures();
    if (auto st = im.meshes(); !st) return st.error();
    if (auto st = im.animations(); !st) return st.error();
    asset.scene.update_matrices();
    return asset;
}

// tinygltf's refusal, for what the checks above did not foresee: its first line, framed as the
// project's own message so the user knows which part of the file is at fault.
std::string tinygltf_refusal(const std::string& err) {
    std::string first = err.substr(0, err.find('\n'));
    if (first.empty()) return "glTF: the document does not follow the glTF 2.0 schema";
    return "glTF: the document does not follow the glTF 2.0 schema (" + first + ")";
}

}  // namespace

Expected<Asset> load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                                      bool binary, const ImportOptions& options) {
    return [&]() -> Expected<Asset> {
        try {
            if (options.progress && options.progress->cancel) return make_error(kImportCancelled);
            if (bytes.size() > std::numeric_limits<unsigned int>::max())
                return make_error("glTF: file of " + str(bytes.size()) + " bytes is too large");
            size_t size = bytes.size();
            const char* json_begin = reinterpret_cast<const char*>(bytes.data());
            size_t json_size = size;
            gltf::GlbLayout layout;
            if (binary) {
                auto checked = gltf::check_glb(bytes);
                if (!checked) return checked.error();
                layout = *checked;
                size = layout.length;
                json_begin += layout.json_offset;
                json_size = layout.json_length;
            }
            // Parsed here as well as in tinygltf: its message for broken JSON varies by version
            // and position, and the document must be judged before tinygltf opens anything.
            nlohmann::json doc;
            try {
                doc = nlohmann::json::parse(json_begin, json_begin + json_size);
            } catch (const nlohmann::json::parse_error& e) {
                return make_error(std::string(binary ? "GLB: the JSON chunk" : "glTF: the file") +
                                  " is not JSON (syntax error at byte " + str(e.byte) + ")");
            }
            if (!doc.is_object())
                return make_error(std::string(binary ? "GLB: the JSON chunk" : "glTF: the file") +
                                  " is JSON but not an object");
            gltf::DocumentFacts facts;
            if (auto st = gltf::check_document(doc, binary, layout.bin_length, facts); !st) return st.error();
            if (auto st = gltf::check_external_uris(doc, base_dir, facts); !st) return st.error();
            if (auto st = gltf::read_vrm(doc, facts.vrm, facts.notes); !st) return st.error();
            if (auto st = gltf::read_vrm_animation(doc, facts.vrm, facts.notes); !st) return st.error();
            std::vector<std::uint8_t> edited;
            if (facts.edited) {
                const std::string text = doc.dump();
                edited = binary ? gltf::repack_glb(bytes, layout, text)
                                : std::vector<std::uint8_t>(text.begin(), text.end());
                size = edited.size();
            }
            doc = nullptr;
            const std::vector<std::uint8_t>& input = facts.edited ? edited : bytes;

            gltf::ReadGuard guard;
            std::error_code ec;
            if (!base_dir.empty()) guard.base = std::filesystem::weakly_canonical(base_dir, ec);
            tg::TinyGLTF loader;
            if (options.progress) guard.files_read = &options.progress->files_read;
            loader.SetFsCallbacks(gltf::guarded_fs(guard));
            loader.SetImageLoader(&gltf::load_image, &guard);
            tg::Model model;
            std::string err, warn;
            const auto len = static_cast<unsigned int>(size);
            const bool ok =
                binary ? loader.LoadBinaryFromMemory(&model, &err, &warn, input.data(), len, base_dir)
                       : loader.LoadASCIIFromString(
                             &model, &err, &warn, reinterpret_cast<const char*>(input.data()), len, base_dir);
            if (!guard.refusal.empty()) return make_error(guard.refusal);
            for (const auto& [image, why] : guard.image_failures) facts.image_failures.emplace(image, why);
            if (!ok) return make_error(tinygltf_refusal(err));
            // tinygltf's parse (the files read) is the other long step before the images.
            if (options.progress && options.progress->cancel) return make_error(kImportCancelled);
            if (auto st = gltf::decode_meshopt(model, facts.meshopt_views, facts.fallback_buffers); !st)
                return st.error();
            if (auto st = gltf::decode_draco(model, facts.draco_primitives); !st) return st.error();
            return convert(model, base_dir, facts, std::move(guard.encoded_images), options);
        } catch (const std::exception& e) {
            return make_error(std::string("glTF: parser threw: ") + e.what());
        } catch (...) {
            return make_error("glTF: parser threw");
        }
    }();
}

Expected<Asset> load_gltf(const std::string& path, const ImportOptions& options) {
    // Through read_file_bytes: a folder or a FIFO named here is refused by name, never read (a
    // stream's read of a folder threw out of this function and ended the viewer).
    auto read = read_file_bytes(path, "glTF: ");
    if (!read) return read.error();
    if (options.progress) ++options.progress->files_read;
    const std::vector<std::uint8_t>& bytes = *read;
    // A GLB by its magic bytes, or by its name unless it is plainly JSON text: a broken .glb is
    // then refused for its container ("does not start with 'glTF'"), not as JSON it never was.
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first =
        std::find_if(bytes.begin(), bytes.end(), [](std::uint8_t c) { return !std::isspace(c); });
    const bool binary = (bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0) ||
                        (ext == ".glb" && (first == bytes.end() || *first != '{'));
    const std::string dir = std::filesystem::path(path).parent_path().string();
    auto a = load_gltf_from_memory(bytes, dir.empty() ? "." : dir, binary, options);
    if (!a) return make_error(path + ": " + a.error().message);
    a->source = path;
    return a;
}

}  // namespace sv::anim
