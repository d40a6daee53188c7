// The hostile-input fixture: the project's arm as GLB bytes (or .gltf text), changed in one place by
// a test (glb_edit.h), loaded, and read back as the importer's message or its notes. One copy for
// every file of tests/unit/hostile_input and the reader's bad-input tests, so a change in how a
// refusal is read (a new load path, a renamed field) is made once.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

namespace sv::test {

// The builder's arm (nodes: 0 'Arm' the skinned mesh, 1 'Shoulder' -> 2 'Elbow' -> 3 'Wrist'; skin
// 'ArmSkin' of joints 1 2 3; clip 'bend') as GLB bytes and parsed into an editable Glb.
inline std::vector<std::uint8_t> arm_bytes() { return anim::write_glb(anim::build_arm_asset()).value(); }
inline Glb arm() { return Glb::parse(arm_bytes()); }

// The importer's refusal, or "(loaded)" when the file loads: a test compares the whole message.
inline std::string load_error(const std::vector<std::uint8_t>& bytes, bool binary,
                              const std::string& dir = "") {
    const auto a = anim::load_gltf_from_memory(bytes, dir, binary);
    return a.ok() ? "(loaded)" : a.error().message;
}
inline std::string load_error(const Glb& g) { return load_error(g.pack(), true); }
inline std::string load_error(const nlohmann::json& text, const std::string& dir = "") {
    const std::string s = text.dump();
    return load_error({s.begin(), s.end()}, false, dir);
}

// An image that cannot be drawn does not refuse the file: it loads, the image stays as a 0x0 entry
// (indices hold), and Asset::image_failures names it. The first failure line, or what happened
// instead ("(refused) ...", "(no failure)").
inline std::string image_failure(const std::vector<std::uint8_t>& bytes, bool binary,
                                 const std::string& dir = "") {
    const auto a = anim::load_gltf_from_memory(bytes, dir, binary);
    if (!a.ok()) return "(refused) " + a.error().message;
    if (a->image_failures.empty()) return "(no failure)";
    EXPECT_FALSE(a->images.empty());
    if (!a->images.empty()) {
        EXPECT_TRUE(a->images[0].rgba.empty()) << "a failed image kept pixels";
    }
    return a->image_failures.front();
}
inline std::string image_failure(const Glb& g) { return image_failure(g.pack(), true); }

// The loaded asset (a failed load fails the calling test and gives an empty asset).
inline anim::Asset load_asset(const Glb& g) {
    auto a = anim::load_gltf_from_memory(g.pack(), "", true);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? std::move(*a) : anim::Asset{};
}
// The notes of a file that must load.
inline std::vector<std::string> report_of(const Glb& g) {
    const auto a = anim::load_gltf_from_memory(g.pack(), "", true);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? a->report : std::vector<std::string>{};
}
inline bool has_line(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// A folder of the test's own under the test output (ctest runs tests as parallel processes).
inline std::filesystem::path fresh_test_dir(const std::string& prefix) {
    const auto d = std::filesystem::path(SKINVIEW_TEST_OUTPUT_DIR) /
                   (prefix + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

}  // namespace sv::test
