#include "gltf_container.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "anim/gltf/file_read.h"

namespace sv::anim {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

Expected<std::vector<std::uint8_t>> read_bytes(const std::string& path) { return read_file_bytes(path); }

Status write_bytes(const std::string& path, const void* data, size_t n) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) return make_error(path + ": cannot be opened for writing");
    f.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
    if (!f) return make_error(path + ": write failed");
    return ok_status();
}

std::uint32_t u32(const std::vector<std::uint8_t>& b, size_t at) {
    std::uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

void put_u32(std::vector<std::uint8_t>& b, std::uint32_t v) {
    const size_t at = b.size();
    b.resize(at + 4);
    std::memcpy(b.data() + at, &v, 4);
}

bool is_data_uri(const std::string& uri) { return uri.rfind("data:", 0) == 0; }

// Copies a file the output still names by a relative URI, when the output lives elsewhere.
Status copy_beside(const GltfContainer& c, const std::string& uri, const fs::path& out_dir) {
    if (uri.empty() || is_data_uri(uri)) return ok_status();
    const fs::path from = fs::path(c.dir) / uri, to = out_dir / uri;
    std::error_code ec;
    if (fs::equivalent(from.parent_path(), to.parent_path(), ec)) return ok_status();
    fs::create_directories(to.parent_path(), ec);
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    if (ec) return make_error("cannot copy '" + uri + "' beside the output: " + ec.message());
    return ok_status();
}

}  // namespace

std::vector<std::uint8_t> base64_decode(const std::string& text) {
    auto value = [](char ch) -> int {
        if (ch >= 'A' && ch <= 'Z') return ch - 'A';
        if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
        if (ch >= '0' && ch <= '9') return ch - '0' + 52;
        if (ch == '+' || ch == '-') return 62;
        if (ch == '/' || ch == '_') return 63;
        return -1;
    };
    std::vector<std::uint8_t> out;
    unsigned acc = 0;
    int bits = 0;
    for (char ch : text) {
        const int v = value(ch);
        if (v < 0) continue;  // '=' padding and whitespace
        acc = (acc << 6) | static_cast<unsigned>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<std::uint8_t>((acc >> bits) & 0xFF));
        }
    }
    return out;
}

Expected<GltfContainer> read_gltf_container(const std::string& path) {
    auto bytes = read_bytes(path);
    if (!bytes) return bytes.error();
    GltfContainer c;
    c.dir = fs::path(path).parent_path().string();
    std::vector<std::uint8_t> bin;
    const std::vector<std::uint8_t>& b = *bytes;
    std::string json_text;
    if (b.size() >= 12 && std::memcmp(b.data(), "glTF", 4) == 0) {
        c.binary = true;
        size_t at = 12;
        while (at + 8 <= b.size()) {
            const size_t len = u32(b, at), type = u32(b, at + 4);
            if (at + 8 + len > b.size())
                return make_error(path + ": GLB chunk runs past the end of the file");
            if (type == 0x4E4F534A) json_text.assign(reinterpret_cast<const char*>(b.data() + at + 8), len);
            if (type == 0x004E4942)
                bin.assign(b.begin() + static_cast<long>(at + 8),
                           b.begin() + static_cast<long>(at + 8 + len));
            at += 8 + len;
        }
    } else {
        json_text.assign(b.begin(), b.end());
    }
    c.doc = ojson::parse(json_text, nullptr, false);
    if (c.doc.is_discarded() || !c.doc.is_object()) return make_error(path + ": the JSON does not parse");
    const ojson empty = ojson::array();
    const ojson& buffers = c.doc.contains("buffers") ? c.doc["buffers"] : empty;
    for (size_t k = 0; k < buffers.size(); ++k) {
        const std::string uri = buffers[k].value("uri", std::string());
        const size_t length = buffers[k].value("byteLength", size_t{0});
        std::vector<std::uint8_t> data;
        if (uri.empty()) {
            if (!c.binary || k != 0)
                return make_error(path + ": buffer " + std::to_string(k) + " has no uri");
            data = bin;
        } else if (is_data_uri(uri)) {
            const size_t comma = uri.find(',');
            if (comma == std::string::npos)
                return make_error(path + ": buffer " + std::to_string(k) + ": a data: URI without data");
            data = base64_decode(uri.substr(comma + 1));
        } else {
            auto ext = read_bytes((fs::path(c.dir) / uri).string());
            if (!ext) return ext.error();
            data = std::move(*ext);
        }
        if (data.size() < length)
            return make_error(path + ": buffer " + std::to_string(k) + " holds " +
                              std::to_string(data.size()) + " bytes, fewer than its byteLength " +
                              std::to_string(length));
        c.buffers.push_back(std::move(data));
    }
    c.edited.assign(c.buffers.size(), false);
    return c;
}

Status write_gltf_container(GltfContainer& c, const std::string& path, const std::string& verbatim_from) {
    const fs::path out(path);
    const fs::path out_dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    if (!verbatim_from.empty()) {
        std::error_code ec;
        if (!fs::equivalent(verbatim_from, path, ec)) {
            auto bytes = read_bytes(verbatim_from);
            if (!bytes) return bytes.error();
            if (Status s = write_bytes(path, bytes->data(), bytes->size()); !s) return s;
        }
        for (size_t k = 0; k < c.buffers.size(); ++k)
            if (Status s = copy_beside(c, c.doc["buffers"][k].value("uri", std::string()), out_dir); !s)
                return s;
    } else if (c.binary) {
        // GLB: the JSON chunk padded with spaces, the BIN chunk (buffer 0 without a uri) with zeros.
        std::string text = c.doc.dump();
        while (text.size() % 4) text.push_back(' ');
        const bool has_bin = !c.buffers.empty() && !c.doc["buffers"][0].contains("uri");
        std::vector<std::uint8_t> bin = has_bin ? c.buffers[0] : std::vector<std::uint8_t>();
        while (bin.size() % 4) bin.push_back(0);
        std::vector<std::uint8_t> file;
        file.insert(file.end(), {'g', 'l', 'T', 'F'});
        put_u32(file, 2);
        put_u32(file, static_cast<std::uint32_t>(12 + 8 + text.size() + (has_bin ? 8 + bin.size() : 0)));
        put_u32(file, static_cast<std::uint32_t>(text.size()));
        put_u32(file, 0x4E4F534A);
        file.insert(file.end(), text.begin(), text.end());
        if (has_bin) {
            put_u32(file, static_cast<std::uint32_t>(bin.size()));
            put_u32(file, 0x004E4942);
            file.insert(file.end(), bin.begin(), bin.end());
        }
        for (size_t k = has_bin ? 1 : 0; k < c.buffers.size(); ++k)
            if (c.edited[k])
                return make_error("buffer " + std::to_string(k) +
                                  " of a GLB is external and was edited; not supported");
        if (Status s = write_bytes(path, file.data(), file.size()); !s) return s;
        for (size_t k = 0; k < c.buffers.size(); ++k)
            if (Status s = copy_beside(c, c.doc["buffers"][k].value("uri", std::string()), out_dir); !s)
                return s;
    } else {
        int edited = 0;
        for (bool e : c.edited) edited += e ? 1 : 0;
        for (size_t k = 0; k < c.buffers.size(); ++k) {
            ojson& buf = c.doc["buffers"][k];
            if (!c.edited[k]) {
                if (Status s = copy_beside(c, buf.value("uri", std::string()), out_dir); !s) return s;
                continue;
            }
            const std::string name =
                out.stem().string() + (edited > 1 ? "_" + std::to_string(k) : "") + ".bin";
            // The output must not overwrite a file it (or the original) still names as unedited.
            for (size_t o = 0; o < c.buffers.size(); ++o)
                if (!c.edited[o] && c.doc["buffers"][o].value("uri", std::string()) == name)
                    return make_error("the rewritten buffer " + std::to_string(k) + " would be written as '" +
                                      name + "', which buffer " + std::to_string(o) +
                                      " still names; choose another output name");
            const size_t length = buf.value("byteLength", size_t{0});
            if (Status s = write_bytes((out_dir / name).string(), c.buffers[k].data(), length); !s) return s;
            buf["uri"] = name;
        }
        const std::string text = c.doc.dump(2) + "\n";
        if (Status s = write_bytes(path, text.data(), text.size()); !s) return s;
    }
    if (c.doc.contains("images"))
        for (const auto& img : c.doc["images"])
            if (Status s = copy_beside(c, img.value("uri", std::string()), out_dir); !s) return s;
    return ok_status();
}

Expected<AccessorBytes> accessor_bytes(GltfContainer& c, int accessor, int components) {
    const std::string name = "accessor " + std::to_string(accessor);
    if (!c.doc.contains("accessors") || accessor < 0 ||
        static_cast<size_t>(accessor) >= c.doc["accessors"].size())
        return make_error(name + " does not exist");
    const ojson& a = c.doc["accessors"][static_cast<size_t>(accessor)];
    if (a.contains("sparse")) return make_error(name + " is sparse; fix rewrites only plain accessors");
    if (!a.contains("bufferView")) return make_error(name + " has no buffer view");
    const int ctype = a.value("componentType", 0);
    AccessorBytes r;
    r.component_size = ctype == 5121 || ctype == 5120 ? 1 : ctype == 5123 || ctype == 5122 ? 2 : 4;
    r.count = a.value("count", size_t{0});
    const ojson& v = c.doc["bufferViews"][a["bufferView"].get<size_t>()];
    r.buffer = v.value("buffer", 0);
    r.stride = v.value("byteStride", r.component_size * static_cast<size_t>(components));
    const size_t offset = v.value("byteOffset", size_t{0}) + a.value("byteOffset", size_t{0});
    if (r.buffer < 0 || static_cast<size_t>(r.buffer) >= c.buffers.size())
        return make_error(name + ": no such buffer");
    std::vector<std::uint8_t>& bytes = c.buffers[static_cast<size_t>(r.buffer)];
    const size_t end =
        r.count ? offset + (r.count - 1) * r.stride + r.component_size * static_cast<size_t>(components)
                : offset;
    if (end > bytes.size()) return make_error(name + " runs past its buffer");
    r.base = bytes.data() + offset;
    return r;
}

}  // namespace sv::anim
