// glTF import, bad input: every refusal names the element and the reason, and nothing crashes.
// Each bad file is a good one (the builder's arm or humanoid) with one thing broken.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "hostile_fixture.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {
using sv::test::arm;

// Loads `g` and expects an Error whose message holds every one of `needles`.
void expect_error(const Glb& g, std::initializer_list<const char*> needles) {
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_FALSE(a.ok()) << "loaded a broken file";
    for (const char* n : needles)
        EXPECT_NE(a.error().message.find(n), std::string::npos) << a.error().message;
}
int position_accessor(const Glb& g) { return g.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"]; }
}  // namespace

TEST(GltfBadInput, TheUnbrokenFileLoads) { EXPECT_TRUE(load_gltf_from_memory(arm().pack(), "", true).ok()); }

TEST(GltfBadInput, AccessorPastItsBufferView) {
    Glb g = arm();
    const int a = position_accessor(g);
    g.json["accessors"][static_cast<size_t>(a)]["count"] =
        g.json["accessors"][static_cast<size_t>(a)]["count"].get<int>() + 1;
    expect_error(g, {"accessor ", "out of bounds"});
}

TEST(GltfBadInput, AccessorOffsetPastItsBufferView) {
    Glb g = arm();
    g.json["accessors"][static_cast<size_t>(position_accessor(g))]["byteOffset"] = 1u << 30;
    expect_error(g, {"out of bounds"});
}

TEST(GltfBadInput, AccessorIndexOutOfRange) {
    Glb g = arm();
    g.json["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = 999;
    expect_error(g, {"NORMAL", "999"});
}

TEST(GltfBadInput, BufferViewPastAShortBuffer) {
    Glb g = arm();
    g.bin.resize(g.bin.size() / 2);
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    expect_error(g, {"short"});
}

TEST(GltfBadInput, MissingBuffer) {
    Glb g = arm();
    g.json["bufferViews"][0]["buffer"] = 3;
    expect_error(g, {"buffer 3", "missing"});
}

TEST(GltfBadInput, MissingExternalBufferFile) {
    Glb g = arm();
    g.json["buffers"][0]["uri"] = "no_such_file.bin";
    const std::string text = g.json.dump();
    const auto a =
        load_gltf_from_memory(std::vector<std::uint8_t>(text.begin(), text.end()), "/nonexistent", false);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("no_such_file.bin"), std::string::npos) << a.error().message;
}

TEST(GltfBadInput, JointIndexPastTheSkinsJointCount) {
    Glb g = arm();
    const int ja = g.json["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"];
    const std::uint16_t bad = 3;  // the arm has joints 0..2; slot 0 carries weight everywhere
    std::memcpy(&g.bin[g.element_offset(ja, 0, 2)], &bad, 2);
    expect_error(g, {"JOINTS_0", "vertex 0", "joint 3", "joint count 3"});
}

TEST(GltfBadInput, NodeWithTwoParents) {
    Glb g = arm();
    g.json["nodes"][0]["children"] = {2};  // Elbow is already Shoulder's child
    expect_error(g, {"two parents", "forest"});
}

TEST(GltfBadInput, NodeCycle) {
    Glb g = arm();
    g.json["nodes"][3]["children"] = {1};  // Wrist -> Shoulder closes the chain
    expect_error(g, {"own ancestor"});
}

TEST(GltfBadInput, ChildIndexOutOfRange) {
    Glb g = arm();
    g.json["nodes"][3]["children"] = {40};
    expect_error(g, {"node 3", "child 40"});
}

TEST(GltfBadInput, MoreJointsThanAVertexCanName) {
    Glb g = arm();
    auto& nodes = g.json["nodes"];
    nlohmann::json joints = nlohmann::json::array();
    for (int i = 0; i < 65537; ++i) {
        joints.push_back(nodes.size());
        nodes.push_back({{"name", "extra" + std::to_string(i)}});
    }
    g.json["skins"].push_back({{"joints", joints}});
    expect_error(g, {"skin 1", "65537", "65536", "JOINTS_n"});
}

TEST(GltfBadInput, NaNInKeyTimes) {
    Glb g = arm();
    const int in = g.json["animations"][0]["samplers"][0]["input"];
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(&g.bin[g.element_offset(in, 1, 4)], &nan, 4);
    expect_error(g, {"animation 0", "channel 0", "NaN"});
}

TEST(GltfBadInput, NaNInKeyValues) {
    Glb g = arm();
    const int out = g.json["animations"][0]["samplers"][0]["output"];
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(&g.bin[g.element_offset(out, 1, 16) + 8], &nan, 4);
    expect_error(g, {"output value 1", "NaN"});
}

TEST(GltfBadInput, NonIncreasingKeyTimes) {
    Glb g = arm();
    const int in = g.json["animations"][0]["samplers"][0]["input"];
    const float t = 0.0f;  // key 1 at the same time as key 0
    std::memcpy(&g.bin[g.element_offset(in, 1, 4)], &t, 4);
    expect_error(g, {"not increasing", "key 1"});
}

TEST(GltfBadInput, CubicSplineOutputNotThreeTimesInput) {
    Glb g = arm();
    g.json["animations"][0]["samplers"][0]["interpolation"] = "CUBICSPLINE";
    expect_error(g, {"CUBICSPLINE", "3x"});
}

TEST(GltfBadInput, IndexPastTheVertices) {
    Glb g = arm();
    const int ia = g.json["meshes"][0]["primitives"][0]["indices"];
    const std::uint32_t bad = 100000;
    std::memcpy(&g.bin[g.element_offset(ia, 4, 4)], &bad, 4);
    expect_error(g, {"indices", "index 4", "past"});
}

TEST(GltfBadInput, WrongComponentType) {
    Glb g = arm();
    g.json["accessors"][static_cast<size_t>(position_accessor(g))]["componentType"] = 5125;
    expect_error(g, {"POSITION", "component type"});
}

// Every prefix of a good file fails, and says the file is truncated: the GLB header states the
// total length, so no prefix can pass for a whole file. (The old loop only asked that some prefix
// fail, which a loader accepting half a file passed.)
TEST(GltfBadInput, EveryTruncatedPrefixFailsSayingSo) {
    const std::vector<std::uint8_t> good = arm().pack();
    ASSERT_TRUE(load_gltf_from_memory(good, "", true).ok());
    for (size_t len = 0; len < good.size(); ++len) {
        const std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<long>(len));
        const auto a = load_gltf_from_memory(cut, "", true);
        ASSERT_FALSE(a.ok()) << "a " << len << "-byte prefix of " << good.size() << " loaded";
        ASSERT_NE(a.error().message.find("truncated"), std::string::npos) << len << ": " << a.error().message;
        ASSERT_EQ(a.error().message.rfind("GLB: ", 0), 0u) << len << ": " << a.error().message;
    }
}

// A good file with one byte flipped, at every 7th byte past the header: each load either succeeds
// (a flip in a float's low bits, padding, a name) or fails with a message that names where (it
// starts with the container, "GLB: ", or the part of the file, "glTF"/a field name, and says why
// after a colon). Never nothing: an empty or colon-less message is a failure.
TEST(GltfBadInput, EveryByteFlipLoadsOrNamesItsError) {
    const std::vector<std::uint8_t> good = arm().pack();
    int loaded = 0, failed = 0;
    for (size_t at = 12; at < good.size(); at += 7) {
        std::vector<std::uint8_t> bad = good;
        bad[at] ^= 0xA5;
        const auto a = load_gltf_from_memory(bad, "", true);
        if (a.ok()) {
            ++loaded;
            EXPECT_FALSE(a->meshes.empty() || a->skins.empty())
                << "byte " << at << ": loaded, but lost the mesh or the skin";
            continue;
        }
        ++failed;
        const std::string& m = a.error().message;
        EXPECT_GT(m.size(), 10u) << "byte " << at << ": '" << m << "'";
        EXPECT_NE(m.find(": "), std::string::npos) << "byte " << at << ": no element named: '" << m << "'";
    }
    // Both outcomes occur: flips in the JSON break it, flips in vertex data mostly load.
    EXPECT_GT(loaded, 0);
    EXPECT_GT(failed, 0);
}

TEST(GltfBadInput, UnreadableFileNamesThePath) {
    const auto a = load_gltf("/nonexistent/character.glb");
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("/nonexistent/character.glb"), std::string::npos);
}
