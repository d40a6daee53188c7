// Where tests find things: the shared third-party assets beside the project, the source tree, and
// a scratch folder in the build tree for images a failing test leaves behind.
#pragma once

#include <filesystem>
#include <string>

namespace sv::test {

inline std::filesystem::path shared_assets() { return SKINVIEW_SHARED_ASSETS; }
inline std::filesystem::path source_dir() { return SKINVIEW_SOURCE_DIR; }
inline std::filesystem::path output_dir() { return SKINVIEW_TEST_OUTPUT_DIR; }

// The path of a shared asset, or empty when ../shared/assets is not beside the project (tests
// that need one skip with that reason rather than fail).
inline std::string shared_asset(const std::string& name) {
    const auto p = shared_assets() / name;
    return std::filesystem::exists(p) ? p.string() : std::string();
}

}  // namespace sv::test
