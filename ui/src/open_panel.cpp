#include "ui/open_panel.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace sv::ui {

void OpenPanel::push_recent(const std::string& p) {
    if (p.empty()) return;
    recent.erase(std::remove(recent.begin(), recent.end(), p), recent.end());
    recent.insert(recent.begin(), p);
    if (recent.size() > kMaxRecent) recent.resize(kMaxRecent);
}

void OpenPanel::load_recent(const std::string& file) {
    std::ifstream in(file);
    std::string line;
    std::vector<std::string> read;
    while (std::getline(in, line))
        if (!line.empty() && std::find(read.begin(), read.end(), line) == read.end()) read.push_back(line);
    if (read.size() > kMaxRecent) read.resize(kMaxRecent);
    recent = std::move(read);
}

void OpenPanel::save_recent(const std::string& file) const {
    std::ofstream out(file);
    for (const auto& r : recent) out << r << '\n';
}

namespace {

// .glb, .gltf, .vrm and .vrma, in any case: .vrm avatars and .vrma clips (a retarget source) are GLB
// files under their own names.
bool opens_as_model(const std::string& name) {
    std::string ext = std::filesystem::path(name).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".glb" || ext == ".gltf" || ext == ".vrm" || ext == ".vrma";
}

}  // namespace

std::string OpenPanel::dropped_model(const std::vector<std::string>& dropped) {
    for (const std::string& p : dropped)
        if (opens_as_model(p)) return p;
    return dropped.empty() ? std::string() : dropped.front();
}

std::vector<std::string> OpenPanel::completions(const std::string& typed, size_t max) {
    namespace fs = std::filesystem;
    const size_t slash = typed.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : typed.substr(0, slash + 1);
    const std::string head = slash == std::string::npos ? std::string() : typed.substr(0, slash + 1);
    const std::string stem = slash == std::string::npos ? typed : typed.substr(slash + 1);
    std::vector<std::string> out;
    std::error_code ec;
    fs::directory_iterator it(dir.empty() ? "/" : dir, fs::directory_options::skip_permission_denied, ec);
    if (ec) return out;
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        if (name.compare(0, stem.size(), stem) != 0) continue;
        if (stem.empty() && !name.empty() && name[0] == '.') continue;  // hidden unless asked for
        std::error_code e2;
        if (it->is_directory(e2)) {
            out.push_back(head + name + "/");
            continue;
        }
        if (opens_as_model(name)) out.push_back(head + name);
    }
    std::sort(out.begin(), out.end());
    if (out.size() > max) out.resize(max);
    return out;
}

std::string OpenPanel::complete(const std::string& typed) {
    // All of them, not the first 32: a common prefix of a truncated list could run past an entry.
    const auto all = completions(typed, static_cast<size_t>(-1));
    if (all.empty()) return typed;
    std::string prefix = all.front();
    for (const auto& c : all) {
        size_t i = 0;
        while (i < prefix.size() && i < c.size() && prefix[i] == c[i]) ++i;
        prefix.resize(i);
    }
    return prefix.size() > typed.size() ? prefix : typed;
}

const std::vector<std::string>& OpenPanel::cached_completions(const std::string& typed) {
    if (typed != completed_for_) {
        completed_for_ = typed;
        completion_cache_ = completions(typed);
    }
    return completion_cache_;
}

void OpenPanel::settle(const std::string& on_screen) {
    if (asked.empty()) return;
    std::snprintf(path, sizeof path, "%s", on_screen.c_str());
    asked.clear();
}

}  // namespace sv::ui
