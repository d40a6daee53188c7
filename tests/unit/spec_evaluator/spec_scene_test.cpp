// The specification evaluator on hierarchy, skinning, morph targets and refusals, with inline files
// whose answers are worked out by hand beside each test.
#include <gtest/gtest.h>

#include "gltf_spec_evaluator.h"
#include "inline_gltf.h"

namespace sv::test {
namespace {

using spec::evaluate;
using spec::Evaluation;

constexpr double kExact = 1e-12;  // double arithmetic on dyadic inputs: only rounding in the last bits

void expect_at(const Evaluation& e, size_t object, size_t vertex, glm::dvec3 want, double tol = kExact) {
    ASSERT_TRUE(e.ok()) << e.error;
    ASSERT_LT(object, e.primitives.size());
    ASSERT_LT(vertex, e.primitives[object].positions.size());
    const glm::dvec3 got = e.primitives[object].positions[vertex];
    EXPECT_NEAR(got.x, want.x, tol) << "object " << object << " vertex " << vertex;
    EXPECT_NEAR(got.y, want.y, tol) << "object " << object << " vertex " << vertex;
    EXPECT_NEAR(got.z, want.z, tol) << "object " << object << " vertex " << vertex;
}

// Two joints: "root" (node 1) and "tip" (node 2, child of root) at T(0,2,0) R(180 about z); tip's
// inverse bind is T(0,-2,0) (bound there unrotated), root's the identity. The mesh node sits at
// x=100, which skinning ignores.
//   v0 = (1,2,0), weights uint8 64 and 192 (sum 256/255, divided by it: 0.25 and 0.75):
//     root: (1,2,0); tip: T(0,2,0) R180 (1,0,0) = (-1,2,0); 0.25 (1,2,0) + 0.75 (-1,2,0) = (-0.5,2,0).
//     Without the division by the sum it would be (-128/255, 512/255, 0).
//   v1 = (0,0,0), all of set 0 zero, weight 255 on tip in JOINTS_1/WEIGHTS_1:
//     T(0,2,0) R180 (0,-2,0) = (0,4,0).
// The clip moves root to z=10 over one second: at t=0.5 every vertex gains z=5.
TEST(SpecEvaluator, SkinningSumsWeightedJointMatricesIgnoringTheMeshNode) {
    Bytes b;
    const size_t pos = b.f32({1, 2, 0, 0, 0, 0});
    const size_t j0 = b.u8({0, 1, 0, 0, 0, 0, 0, 0});
    const size_t w0 = b.u8({64, 192, 0, 0, 0, 0, 0, 0});
    const size_t j1 = b.u8({0, 0, 0, 0, 1, 0, 0, 0});
    const size_t w1 = b.u8({0, 0, 0, 0, 255, 0, 0, 0});
    const size_t ibm = b.f32({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,  0, 1,    // root
                              1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -2, 0, 1});  // tip
    const size_t t = b.f32({0, 1});
    const size_t out = b.f32({0, 0, 0, 0, 0, 10});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 24},
                        {"buffer": 0, "byteOffset": $j0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $w0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $j1, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $w1, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $ibm, "byteLength": 128},
                        {"buffer": 0, "byteOffset": $t, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $out, "byteLength": 24}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5121, "count": 2, "type": "VEC4"},
                      {"bufferView": 2, "componentType": 5121, "normalized": true, "count": 2, "type": "VEC4"},
                      {"bufferView": 3, "componentType": 5121, "count": 2, "type": "VEC4"},
                      {"bufferView": 4, "componentType": 5121, "normalized": true, "count": 2, "type": "VEC4"},
                      {"bufferView": 5, "componentType": 5126, "count": 2, "type": "MAT4"},
                      {"bufferView": 6, "componentType": 5126, "count": 2, "type": "SCALAR"},
                      {"bufferView": 7, "componentType": 5126, "count": 2, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2,
                                                   "JOINTS_1": 3, "WEIGHTS_1": 4}}]}],
        "skins": [{"joints": [1, 2], "inverseBindMatrices": 5}],
        "nodes": [{"name": "body", "mesh": 0, "skin": 0, "translation": [100, 0, 0]},
                  {"name": "root", "children": [2]},
                  {"name": "tip", "translation": [0, 2, 0], "rotation": [0, 0, 1, 0]}],
        "scenes": [{"nodes": [0, 1]}],
        "animations": [{"samplers": [{"input": 6, "output": 7}],
                        "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}]}]})",
                          b,
                          {{"pos", pos},
                           {"j0", j0},
                           {"w0", w0},
                           {"j1", j1},
                           {"w1", w1},
                           {"ibm", ibm},
                           {"t", t},
                           {"out", out}},
                          &m),
              "");
    const Evaluation bind = evaluate(m, -1, 0);
    ASSERT_TRUE(bind.ok()) << bind.error;
    ASSERT_EQ(bind.primitives.size(), 1u);
    EXPECT_EQ(bind.primitives[0].node, 0);
    EXPECT_EQ(bind.primitives[0].node_name, "body");
    expect_at(bind, 0, 0, {-0.5, 2, 0});
    expect_at(bind, 0, 1, {0, 4, 0});
    const Evaluation posed = evaluate(m, 0, 0.5);
    expect_at(posed, 0, 0, {-0.5, 2, 5});
    expect_at(posed, 0, 1, {0, 4, 5});

    // A vertex naming a joint the skin does not have is refused, not read past the palette.
    m.buffers[0].data[j1 + 4] = 2;
    const Evaluation bad = evaluate(m, -1, 0);
    EXPECT_FALSE(bad.ok());
    EXPECT_NE(bad.error.find("joint"), std::string::npos) << bad.error;
}

// One mesh, one morph target (POSITION delta (0,4,0) over base (1,0,0)), mesh.weights [0.5], used
// by three nodes: node 0 has weights [0.25] -> (1,1,0); node 1 has none, so the mesh's 0.5 -> (1,2,3)
// (z from its translation); node 2 has [0.75] -> (1,3,6) at bind, and its weights are animated 0 -> 1
// over a second, so at t=0.25 the animated 0.25 wins -> (1,1,6).
TEST(SpecEvaluator, MorphWeightsComeFromTheClipThenTheNodeThenTheMesh) {
    Bytes b;
    const size_t pos = b.f32({1, 0, 0});
    const size_t delta = b.f32({0, 4, 0});
    const size_t t = b.f32({0, 1});
    const size_t out = b.f32({0, 1});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $delta, "byteLength": 12},
                        {"buffer": 0, "byteOffset": $t, "byteLength": 8},
                        {"buffer": 0, "byteOffset": $out, "byteLength": 8}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5126, "count": 1, "type": "VEC3"},
                      {"bufferView": 2, "componentType": 5126, "count": 2, "type": "SCALAR"},
                      {"bufferView": 3, "componentType": 5126, "count": 2, "type": "SCALAR"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "targets": [{"POSITION": 1}], "mode": 0}],
                    "weights": [0.5]}],
        "nodes": [{"name": "a", "mesh": 0, "weights": [0.25]},
                  {"name": "b", "mesh": 0, "translation": [0, 0, 3]},
                  {"name": "c", "mesh": 0, "translation": [0, 0, 6], "weights": [0.75]}],
        "scenes": [{"nodes": [0, 1, 2]}],
        "animations": [{"samplers": [{"input": 2, "output": 3}],
                        "channels": [{"sampler": 0, "target": {"node": 2, "path": "weights"}}]}]})",
                          b, {{"pos", pos}, {"delta", delta}, {"t", t}, {"out", out}}, &m),
              "");
    const Evaluation bind = evaluate(m, -1, 0);
    ASSERT_TRUE(bind.ok()) << bind.error;
    ASSERT_EQ(bind.primitives.size(), 3u);  // one object per node using the mesh
    expect_at(bind, 0, 0, {1, 1, 0});
    expect_at(bind, 1, 0, {1, 2, 3});
    expect_at(bind, 2, 0, {1, 3, 6});
    const Evaluation posed = evaluate(m, 0, 0.25);
    expect_at(posed, 0, 0, {1, 1, 0});
    expect_at(posed, 1, 0, {1, 2, 3});
    expect_at(posed, 2, 0, {1, 1, 6});
}

// Node 0: matrix = T(1,0,0) x uniform scale 2, child node 1 with T(0,1,0) R(90 about z) S(2,1,1).
// Point (1,0,0): S -> (2,0,0), R -> (0,2,0), T -> (0,3,0), parent -> 2 (0,3,0) + (1,0,0) = (1,6,0).
// (Any other order of T, R, S, or of parent and child, lands elsewhere.)
// Node 2 is a root in scene 0 only. "scene": 1 draws node 1 alone; without "scene", scene 0 (node 2
// alone, at (1,0,0)); without scenes, every root (nodes 1 and 2).
TEST(SpecEvaluator, HierarchyComposesTrsAndMatricesAndTheDefaultSceneChoosesWhatIsDrawn) {
    Bytes b;
    const size_t pos = b.f32({1, 0, 0});
    tinygltf::Model m;
    ASSERT_EQ(load_inline(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}],
        "nodes": [{"matrix": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 0, 0, 1], "children": [1]},
                  {"mesh": 0, "translation": [0, 1, 0], "rotation": [0, 0, 0.70710678118654752, 0.70710678118654752],
                   "scale": [2, 1, 1]},
                  {"mesh": 0}],
        "scenes": [{"nodes": [2]}, {"nodes": [0]}], "scene": 1})",
                          b, {{"pos", pos}}, &m),
              "");
    constexpr double kRot = 1e-6;  // a 90-degree quaternion is stored in float: ~1e-7 off
    Evaluation e = evaluate(m, -1, 0);
    ASSERT_TRUE(e.ok()) << e.error;
    ASSERT_EQ(e.primitives.size(), 1u);
    EXPECT_EQ(e.primitives[0].node, 1);
    expect_at(e, 0, 0, {1, 6, 0}, kRot);
    EXPECT_NEAR(spec::body_size(e), 0.0, kExact);

    m.defaultScene = -1;
    e = evaluate(m, -1, 0);
    ASSERT_EQ(e.primitives.size(), 1u);
    EXPECT_EQ(e.primitives[0].node, 2);
    expect_at(e, 0, 0, {1, 0, 0});

    m.scenes.clear();
    e = evaluate(m, -1, 0);
    ASSERT_EQ(e.primitives.size(), 2u);
    EXPECT_EQ(e.primitives[0].node, 1);
    EXPECT_EQ(e.primitives[1].node, 2);
    // Body size: the box from (1,0,0) to (1,6,0).
    EXPECT_NEAR(spec::body_size(e), 6.0, kRot);
}

// What the evaluator cannot evaluate comes back as an error naming it, never a crash or zeros.
TEST(SpecEvaluator, RefusesWhatItCannotEvaluateWithAMessage) {
    Bytes b;
    const size_t pos = b.f32({1, 0, 0});
    const std::string body = R"("bufferViews": [{"buffer": 0, "byteOffset": $pos, "byteLength": 12}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": COUNT, "type": "VEC3"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 0}]}],
        "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}]})";
    auto load = [&](std::string head, const std::string& count) {
        std::string json = head + body;
        json.replace(json.find("COUNT"), 5, count);
        tinygltf::Model m;
        EXPECT_EQ(load_inline(json, b, {{"pos", pos}}, &m), "");
        return m;
    };
    const std::string plain = R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER], )";
    EXPECT_TRUE(evaluate(load(plain, "1"), -1, 0).ok());

    Evaluation e = evaluate(load(R"({"asset": {"version": "2.0"}, "buffers": [$BUFFER],
        "extensionsUsed": ["KHR_draco_mesh_compression"], "extensionsRequired": ["KHR_draco_mesh_compression"], )",
                                 "1"),
                            -1, 0);
    EXPECT_NE(e.error.find("KHR_draco_mesh_compression"), std::string::npos) << e.error;

    e = evaluate(load(plain, "2"), -1, 0);  // 2 x 12 bytes from a 12-byte view
    EXPECT_NE(e.error.find("accessor 0"), std::string::npos) << e.error;
    EXPECT_TRUE(e.primitives.empty());
}

}  // namespace
}  // namespace sv::test
