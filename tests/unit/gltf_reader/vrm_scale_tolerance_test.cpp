// A VRM humanoid bone's scale is held to "positive and uniform" with a stated tolerance
// (kVrmUniformScaleTolerance, 1e-6 of its size): float32 rounding (VRM's Example.vrm writes
// 0.99999994, 1 - 2^-24) is no defect, a real squash still is. Before, the exact comparison gave
// Example.vrm twelve notes for rounding.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "anim/gltf/gltf_import.h"
#include "glb_edit.h"
#include "test_paths.h"

namespace vrm_scale_tolerance {

using namespace sv;

// The project's VRM 1.0 avatar with `scale` on its first humanoid bone's node; the load's notes
// about that scale.
std::vector<std::string> scale_notes(const nlohmann::json& scale) {
    std::ifstream in((test::source_dir() / "assets" / "avatar_vrm1.glb").string(), std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    test::Glb g = test::Glb::parse(bytes);
    const auto& bones = g.json["extensions"]["VRMC_vrm"]["humanoid"]["humanBones"];
    EXPECT_FALSE(bones.empty());
    const int node = bones.begin().value()["node"].get<int>();
    auto& n = g.json["nodes"][static_cast<size_t>(node)];
    n.erase("matrix");
    n["scale"] = scale;
    auto a = anim::load_gltf_from_memory(g.pack(), "", true);
    EXPECT_TRUE(a) << (a ? "" : a.error().message);
    std::vector<std::string> out;
    if (a)
        for (const auto& line : a->report)
            if (line.find("is not positive and uniform") != std::string::npos) out.push_back(line);
    return out;
}

TEST(VrmScaleTolerance, Float32RoundingIsNoDefectARealSquashIs) {
    EXPECT_TRUE(scale_notes({0.99999994, 1.0, 1.0}).empty());
    EXPECT_TRUE(scale_notes({1.0, 1.0, 1.0}).empty());
    // The controls: a squash of a thousandth, a mirror, and a zero are each noted, with the tolerance.
    for (const nlohmann::json& bad :
         {nlohmann::json{1.0, 1.001, 1.0}, nlohmann::json{-1.0, -1.0, -1.0}, nlohmann::json{0.0, 0.0, 0.0}}) {
        const auto notes = scale_notes(bad);
        ASSERT_EQ(notes.size(), 1u) << bad.dump();
        EXPECT_NE(notes[0].find("is not positive and uniform (to 1e-6 of its size), as VRM requires"),
                  std::string::npos)
            << notes[0];
    }
}

}  // namespace vrm_scale_tolerance
