// Where tests find things: the shared third-party assets beside the project, the source tree, and
// a scratch folder in the build tree for images a failing test leaves behind.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace sv::test {

// SKINVIEW_SHARED_ASSETS in the environment overrides the folder the build found (../shared/assets
// beside the source tree): it lets a run prove what happens when the folder is absent without
// removing a folder other worktrees share.
inline std::filesystem::path shared_assets() {
    const char* e = std::getenv("SKINVIEW_SHARED_ASSETS");
    return e && *e ? std::filesystem::path(e) : std::filesystem::path(SKINVIEW_SHARED_ASSETS);
}
inline std::filesystem::path source_dir() { return SKINVIEW_SOURCE_DIR; }
inline std::filesystem::path output_dir() { return SKINVIEW_TEST_OUTPUT_DIR; }

// The running test as "Suite.Name", fit for a file name. ctest runs every test in a process of its
// own, in parallel, so a counter kept by a helper restarts in each process: two tests calling the
// same helper would write (and read back) the same scratch file. Name scratch files with this.
inline std::string current_test_stem() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    if (!info) return "no_test";
    std::string s = std::string(info->test_suite_name()) + "." + info->name();
    for (char& c : s)
        if (c == '/') c = '_';
    return s;
}

// The path of a shared asset, or empty when it is not there.
inline std::string shared_asset(const std::string& name) {
    const auto p = shared_assets() / name;
    return std::filesystem::exists(p) ? p.string() : std::string();
}

// CI always has ../shared; there a missing asset is a failure, never a quiet skip.
inline bool in_ci() {
    const char* ci = std::getenv("CI");
    return ci && *ci && std::string(ci) != "0" && std::string(ci) != "false";
}

// Why a shared asset is missing and how to get it, for the skip (or, under CI, the failure).
inline std::string shared_missing_message(const std::string& name) {
    return "../shared asset '" + name + "' is missing (looked in " + shared_assets().string() +
           "). Get it: symlink the team's third-party test material beside the checkout "
           "(ln -s /path/to/shared " +
           (source_dir().parent_path() / "shared").string() +
           "; it holds assets/*.glb and khronos/), see docs/testing.md." +
           (in_ci() ? " CI is set: CI always has ../shared, so this is a failure." : "");
}

}  // namespace sv::test

// Sets `var` (a std::string) to the shared asset's path, or ends the test: a skip locally, a
// failure when CI is set. Only in a function returning void (a TEST body or helper).
#define SKINVIEW_SHARED_ASSET_OR_SKIP(var, name)                                               \
    const std::string var = ::sv::test::shared_asset(name);                                    \
    do {                                                                                       \
        if (var.empty()) {                                                                     \
            if (::sv::test::in_ci()) GTEST_FAIL() << ::sv::test::shared_missing_message(name); \
            GTEST_SKIP() << ::sv::test::shared_missing_message(name);                          \
        }                                                                                      \
    } while (0)
