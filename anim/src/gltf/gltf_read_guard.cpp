#include "gltf_read_guard.h"

#include <system_error>
#include <vector>

namespace sv::anim::gltf {

namespace {

namespace tg = tinygltf;

bool guarded_exists(const std::string& file, void* user) {
    auto* g = static_cast<ReadGuard*>(user);
    if (!tg::FileExists(file, nullptr)) return false;
    if (g->inside(file)) return true;
    if (g->refusal.empty())
        g->refusal = "glTF: '" + file + "' is not a file inside the glTF's folder; refused";
    return false;
}
std::string no_expansion(const std::string& file, void*) { return file; }
bool guarded_read(std::vector<unsigned char>* out, std::string* err, const std::string& file, void* user) {
    auto* g = static_cast<ReadGuard*>(user);
    std::error_code ec;
    if (!g->inside(file) || !std::filesystem::is_regular_file(file, ec)) {
        g->refusal = "glTF: '" + file + "' is not a file inside the glTF's folder; refused";
        if (err) *err = g->refusal;
        return false;
    }
    const bool read = tg::ReadWholeFile(out, err, file, nullptr);
    if (read && g->files_read) ++*g->files_read;
    return read;
}
bool no_write(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err = "the importer writes nothing";
    return false;
}

}  // namespace

tinygltf::FsCallbacks guarded_fs(ReadGuard& guard) {
    return tg::FsCallbacks{&guarded_exists, &no_expansion, &guarded_read, &no_write, &guard};
}

}  // namespace sv::anim::gltf
