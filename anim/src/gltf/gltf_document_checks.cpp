#include "gltf_document_checks.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "gltf_animation_pointer.h"
#include "gltf_extensions.h"
#include "gltf_names.h"
#include "gltf_schema_checks.h"

namespace sv::anim::gltf {

namespace {

using nlohmann::json;

bool is_index(const json& v) { return v.is_number_integer() && v.get<long long>() >= 0; }

// "MAJOR.MINOR" as glTF writes asset.version (3.11): digits, a dot, digits.
bool parse_version(const std::string& s, long& major, long& minor) {
    const size_t dot = s.find('.');
    if (dot == 0 || dot == std::string::npos || dot + 1 == s.size()) return false;
    for (size_t i = 0; i < s.size(); ++i)
        if (i != dot && !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    major = std::strtol(s.substr(0, dot).c_str(), nullptr, 10);
    minor = std::strtol(s.substr(dot + 1).c_str(), nullptr, 10);
    return true;
}

Status check_version(const json& doc) {
    const auto asset = doc.find("asset");
    if (asset == doc.end() || !asset->is_object())
        return make_error("glTF: the document has no 'asset' object; glTF 2.0 requires one with a version");
    const auto v = asset->find("version");
    if (v == asset->end() || !v->is_string())
        return make_error("glTF: asset.version is missing or not a string; glTF 2.0 requires it");
    const std::string version = v->get<std::string>();
    long major = 0, minor = 0;
    if (!parse_version(version, major, minor))
        return make_error("glTF: asset.version '" + version + "' is not a version (MAJOR.MINOR)");
    if (major != 2)
        return make_error("glTF " + version + " is not supported (asset.version '" + version + "')");
    const auto mv = asset->find("minVersion");
    if (mv != asset->end()) {
        const std::string min_version = mv->is_string() ? mv->get<std::string>() : mv->dump();
        if (!mv->is_string() || !parse_version(min_version, major, minor))
            return make_error("glTF: asset.minVersion '" + min_version + "' is not a version (MAJOR.MINOR)");
        // minVersion is the least version a reader must implement; skinview implements 2.0.
        if (major != 2 || minor > 0)
            return make_error("glTF " + min_version + " is not supported (asset.minVersion '" + min_version +
                              "')");
    }
    return ok_status();
}

std::vector<std::string> string_list(const json& doc, const char* key) {
    std::vector<std::string> out;
    const auto it = doc.find(key);
    if (it != doc.end() && it->is_array())
        for (const auto& e : *it)
            if (e.is_string()) out.push_back(e.get<std::string>());
    return out;
}

Status check_extensions(const json& doc, DocumentFacts& facts) {
    for (const std::string& name : string_list(doc, "extensionsRequired")) {
        const ExtensionInfo* e = find_extension(name);
        if (!e)
            return make_error("glTF: extensionsRequired names '" + name +
                              "', which skinview does not implement");
        if (e->support == Support::Unavailable)
            return make_error("glTF: " + name + " is required but " + e->how);
    }
    for (const std::string& name : string_list(doc, "extensionsUsed")) {
        const ExtensionInfo* e = find_extension(name);
        std::string note;
        if (!e)
            note = "glTF: extension '" + name + "' is used by the file and unknown to skinview; ignored";
        else if (e->support != Support::Implemented)
            note = "glTF: extension '" + name + "' is used by the file and not applied: " + e->how;
        if (note.empty()) continue;
        facts.notes.push_back(note);
        facts.picture_notes.push_back(note);
    }
    return ok_status();
}

Status check_scenes(const json& doc) {
    const size_t scenes = count_of(doc, "scenes"), nodes = count_of(doc, "nodes");
    const auto scene = doc.find("scene");
    if (scene != doc.end() && (!is_index(*scene) || scene->get<size_t>() >= scenes))
        return make_error("glTF: scene " + scene->dump() + " is out of range (" + str(scenes) + " scenes)");
    for (size_t s = 0; s < scenes; ++s) {
        const json& sc = doc["scenes"][s];
        if (!sc.is_object()) continue;
        const auto list = sc.find("nodes");
        if (list == sc.end() || !list->is_array()) continue;
        for (const auto& n : *list)
            if (!is_index(n) || n.get<size_t>() >= nodes)
                return make_error(named("scene", s, sc) + ": node " + n.dump() + " is out of range (" +
                                  str(nodes) + " nodes)");
    }
    return ok_status();
}

// RFC 4648 base64 as data URIs carry it; returns the decoded size, or the offset of the first
// character that is not base64 as an error.
Expected<size_t> base64_size(const std::string& s, size_t from) {
    size_t chars = 0, pad = 0;
    for (size_t i = from; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '=' && pad < 2) {
            ++pad;
            continue;
        }
        if (pad > 0 || !(std::isalnum(c) || c == '+' || c == '/'))
            return make_error("character " + str(i) + " ('" + std::string(1, static_cast<char>(c)) +
                              "') is not base64");
        ++chars;
    }
    if (chars % 4 == 1)
        return make_error("its " + str(chars) + " base64 characters are not a whole number of bytes");
    return chars * 6 / 8;
}

// The media types tinygltf recognises in a data URI; any other (valid) one is relabelled
// application/octet-stream, which tinygltf hands over as bytes, instead of being read as a file
// name ("File not found: data:...").
bool tinygltf_reads(const std::string& media) {
    for (const char* m : {"application/octet-stream", "application/gltf-buffer", "image/jpeg", "image/png",
                          "image/bmp", "image/gif", "text/plain"})
        if (media == m) return true;
    return false;
}

// A data URI of a buffer or an image: base64, decodable, and for a buffer exactly byteLength.
Status check_data_uri(json& e, const std::string& what, bool is_buffer, DocumentFacts& facts) {
    const std::string uri = e["uri"].get<std::string>();
    const size_t comma = uri.find(',');
    const std::string head = uri.substr(5, comma == std::string::npos ? std::string::npos : comma - 5);
    const std::string suffix = ";base64";
    if (comma == std::string::npos || head.size() < suffix.size() ||
        head.compare(head.size() - suffix.size(), suffix.size(), suffix) != 0)
        return make_error(
            what + ": its data URI is not base64 ('data:...;base64,...'); only base64 data URIs are read");
    auto size = base64_size(uri, comma + 1);
    if (!size) return make_error(what + ": its data URI does not decode: " + size.error().message);
    if (is_buffer) {
        const size_t declared = e["byteLength"].get<size_t>();
        if (*size != declared)
            return make_error(what + ": byteLength " + str(declared) + " disagrees with the " + str(*size) +
                              " bytes of its data URI");
    }
    const std::string media = head.substr(0, head.size() - suffix.size());
    if (!tinygltf_reads(media)) {
        e["uri"] = "data:application/octet-stream;base64," + uri.substr(comma + 1);
        facts.edited = true;
    }
    return ok_status();
}

Status check_buffers(json& doc, bool binary, size_t bin_length, DocumentFacts& facts) {
    for (const char* kind : {"buffers", "images"}) {
        const auto list = doc.find(kind);
        if (list == doc.end() || !list->is_array()) continue;
        const bool is_buffer = kind[0] == 'b';
        for (size_t i = 0; i < list->size(); ++i) {
            json& e = (*list)[i];
            if (!e.is_object()) continue;
            const std::string what = named(is_buffer ? "buffer" : "image", i, e);
            const auto u = e.find("uri");
            if (u != e.end() && !u->is_string()) return make_error(what + ": uri is not a string");
            if (u != e.end() && u->get<std::string>().rfind("data:", 0) == 0) {
                if (auto st = check_data_uri(e, what, is_buffer, facts); !st) return st;
                continue;
            }
            if (!is_buffer || u != e.end()) continue;
            // A buffer without a uri: a GLB's first buffer is its BIN chunk; nothing else may be.
            const size_t declared = e["byteLength"].get<size_t>();
            if (!binary)
                return make_error(what +
                                  ": has no uri; in a .gltf every buffer names its data (only a .glb's first "
                                  "buffer may be its BIN chunk)");
            if (i > 0)
                return make_error(what + ": has no uri; only a .glb's first buffer may be its BIN chunk");
            if (bin_length == 0)
                return make_error(what + ": has no uri and the GLB has no BIN chunk to be it");
            // glTF 4.4.3.3: the chunk may be up to 3 bytes longer than the buffer (padding).
            if (declared > bin_length || bin_length - declared > 3)
                return make_error(what + ": byteLength " + str(declared) +
                                  " disagrees with the GLB's BIN chunk of " + str(bin_length) + " bytes");
        }
    }
    return ok_status();
}

// glTF 2.0 3.11: a channel whose target has no node is ignored. A KHR_animation_pointer channel
// on a node's TRS or weights becomes that node channel (the same sampling as every node channel);
// one on a material, light or camera property skinview plays is removed from the JSON and kept in
// `facts.property_channels` for the importer, which reads its sampler; any other pointer is
// removed and noted by its pointer and the reason, never a refusal (it changes no vertex).
// tinygltf would drop the first silently and misread the others.
void skip_channels(json& doc, DocumentFacts& facts) {
    const auto list = doc.find("animations");
    if (list == doc.end() || !list->is_array()) return;
    for (size_t a = 0; a < list->size(); ++a) {
        json& anim = (*list)[a];
        std::vector<int> kept;
        const auto ch = anim.is_object() ? anim.find("channels") : anim.end();
        if (!anim.is_object() || ch == anim.end() || !ch->is_array()) {
            facts.kept_channels.push_back(kept);
            facts.skipped_channels.push_back(0);
            continue;
        }
        json remaining = json::array();
        bool rewrote = false;
        for (size_t c = 0; c < ch->size(); ++c) {
            const json& channel = (*ch)[c];
            const json* target =
                channel.is_object() && channel.contains("target") ? &channel["target"] : nullptr;
            const bool pointer = target && target->is_object() && target->value("path", json()) == "pointer";
            const bool no_node = !target || !target->is_object() || !target->contains("node");
            std::string pointer_text;
            if (pointer) {
                const json* x = target->contains("extensions") && (*target)["extensions"].is_object() &&
                                        (*target)["extensions"].contains("KHR_animation_pointer")
                                    ? &(*target)["extensions"]["KHR_animation_pointer"]
                                    : nullptr;
                if (x && x->is_object() && x->contains("pointer") && (*x)["pointer"].is_string())
                    pointer_text = (*x)["pointer"].get<std::string>();
                const PointerTarget parsed = parse_animation_pointer(pointer_text, doc);
                if (parsed.kind == PointerTarget::Kind::Node) {
                    json rewritten = channel;
                    rewritten["target"] = {{"node", parsed.node}, {"path", parsed.path}};
                    facts.edited = true;
                    rewrote = true;
                    kept.push_back(static_cast<int>(c));
                    remaining.push_back(std::move(rewritten));
                    continue;
                }
                const std::string what = named("animation", a, anim) + " channel " + str(c) +
                                         ": KHR_animation_pointer '" + pointer_text + "'";
                facts.edited = true;
                const auto sampler = channel.find("sampler");
                if (parsed.kind == PointerTarget::Kind::Property && sampler != channel.end() &&
                    is_index(*sampler)) {
                    facts.property_channels.push_back(
                        {a, static_cast<int>(c), sampler->get<int>(), parsed.property, what});
                    continue;
                }
                const std::string note =
                    what + ": " +
                    (parsed.kind == PointerTarget::Kind::Property ? "the channel has no sampler index"
                                                                  : parsed.reason) +
                    "; skipped";
                facts.notes.push_back(note);
                facts.picture_notes.push_back(note);
                continue;
            }
            if (no_node) {
                facts.notes.push_back(named("animation", a, anim) + " channel " + str(c) +
                                      ": has no target node; skipped (glTF: such a channel is ignored)");
                facts.edited = true;
                continue;
            }
            kept.push_back(static_cast<int>(c));
            remaining.push_back(channel);
        }
        facts.skipped_channels.push_back(ch->size() - remaining.size());
        // Also when nothing was removed: a node pointer was rewritten in place.
        if (remaining.size() != ch->size() || rewrote) *ch = std::move(remaining);
        facts.kept_channels.push_back(std::move(kept));
    }
}

std::string percent_decode(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

}  // namespace

Status check_document(json& doc, bool binary, size_t bin_length, DocumentFacts& facts) {
    if (auto st = check_version(doc); !st) return st;
    if (auto st = check_extensions(doc, facts); !st) return st;
    if (auto st = describe_meshopt(doc, facts.meshopt_views, facts.fallback_buffers, facts.edited); !st)
        return st;
    if (auto st = describe_draco(doc, facts.draco_primitives, facts.edited); !st) return st;
    if (auto st = check_schema(doc); !st) return st;
    if (auto st = check_scenes(doc); !st) return st;
    if (auto st = check_buffers(doc, binary, bin_length, facts); !st) return st;
    skip_channels(doc, facts);
    return ok_status();
}

// tinygltf would join "../x.bin" to the folder and read it, read an absolute path as it is, and
// also search the working directory: a file shown in a viewer must not make it read /etc/passwd
// or ../../secret into a vertex buffer.
Status check_external_uris(const json& doc, const std::string& base_dir, DocumentFacts& facts) {
    namespace fs = std::filesystem;
    for (const char* kind : {"buffers", "images"}) {
        const auto list = doc.find(kind);
        if (list == doc.end() || !list->is_array()) continue;
        for (size_t i = 0; i < list->size(); ++i) {
            const auto& e = (*list)[i];
            if (!e.is_object()) continue;
            const auto u = e.find("uri");
            if (u == e.end() || !u->is_string()) continue;
            const std::string uri = u->get<std::string>();
            if (uri.empty() || uri.rfind("data:", 0) == 0) continue;
            const std::string what =
                std::string(kind[0] == 'b' ? "buffer " : "image ") + str(i) + " uri '" + uri + "'";
            const std::string path = percent_decode(uri);
            if (base_dir.empty())
                return make_error("glTF: " + what +
                                  " names an external file, but the bytes came with no folder to read it "
                                  "from; refused");
            const size_t colon = path.find(':'), slash = path.find('/');
            if (colon != std::string::npos && (slash == std::string::npos || colon < slash))
                return make_error("glTF: " + what +
                                  " names a scheme other than data:; only files inside the glTF's "
                                  "folder are read");
            const fs::path p(path);
            if (p.has_root_path())
                return make_error("glTF: " + what +
                                  " is an absolute path; only files inside the glTF's folder are read");
            const fs::path normal = p.lexically_normal();
            if (normal.empty() || *normal.begin() == "..")
                return make_error("glTF: " + what +
                                  " points outside the glTF's folder; only files inside it are read");
            std::error_code ec;
            const fs::path full = fs::path(base_dir) / normal;
            if (!fs::is_regular_file(full, ec)) {
                if (kind[0] == 'i') {
                    facts.image_failures[static_cast<int>(i)] =
                        named("image", i, e.value("name", std::string())) + ": no file '" + normal.string() +
                        "' in the glTF's folder";
                    continue;
                }
                return make_error("glTF: " + what + ": no file '" + normal.string() +
                                  "' in the glTF's folder");
            }
            if (kind[0] == 'b' && e.contains("byteLength") && e["byteLength"].is_number_unsigned()) {
                const size_t declared = e["byteLength"].get<size_t>(), actual = fs::file_size(full, ec);
                if (!ec && actual != declared)
                    return make_error("glTF: " + what + ": byteLength " + str(declared) +
                                      " disagrees with the file's " + str(actual) + " bytes");
            }
        }
    }
    return ok_status();
}

}  // namespace sv::anim::gltf
