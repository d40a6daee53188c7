// The model library the data-driven tiers walk: every .gltf/.glb under ../shared/khronos/ (any
// depth), and the .glb files directly in the project's assets/ and in ../shared/assets/. One list,
// so the CPU bake, the GPU bake and the dense-time tests cannot drift apart in what they cover.
#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "test_paths.h"

namespace sv::test {

inline std::filesystem::path khronos_models() { return shared_assets().parent_path() / "khronos"; }

struct ModelFile {
    std::string path;
    std::string label;  // a test name: the root's prefix and the path below it, non-alphanumerics as '_'
};

// gtest prints a parameter in failure messages and test listings: the path, not its bytes.
inline void PrintTo(const ModelFile& f, std::ostream* os) { *os << f.path; }

inline std::string model_label(const std::string& prefix, const std::filesystem::path& rel) {
    std::string s = prefix + "_" + rel.string();
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

enum class DracoFolders { include, leave_out };

// Sorted by label, so test names are stable whatever order the file system lists. The Draco
// folders can be left out for consumers that decode no Draco (the specification evaluator).
inline std::vector<ModelFile> model_files(DracoFolders draco) {
    namespace fs = std::filesystem;
    std::vector<ModelFile> files;
    std::error_code ec;
    const fs::path khronos = khronos_models();
    if (fs::is_directory(khronos, ec))
        for (const auto& e : fs::recursive_directory_iterator(khronos, ec)) {
            const auto ext = e.path().extension();
            if (!e.is_regular_file() || (ext != ".gltf" && ext != ".glb")) continue;
            if (draco == DracoFolders::leave_out &&
                e.path().string().find("/glTF-Draco/") != std::string::npos)
                continue;
            files.push_back({e.path().string(), model_label("khronos", fs::relative(e.path(), khronos))});
        }
    for (const auto& [root, prefix] :
         {std::pair{source_dir() / "assets", "assets"}, {shared_assets(), "shared"}})
        if (fs::is_directory(root, ec))
            for (const auto& e : fs::directory_iterator(root, ec))
                if (e.is_regular_file() && e.path().extension() == ".glb")
                    files.push_back({e.path().string(), model_label(prefix, e.path().filename())});
    std::sort(files.begin(), files.end(),
              [](const ModelFile& a, const ModelFile& b) { return a.label < b.label; });
    return files;
}

}  // namespace sv::test
