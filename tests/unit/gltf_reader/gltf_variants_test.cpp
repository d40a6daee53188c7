// Accessors beyond plain floats: sparse accessors (over a buffer view and over zeros) and
// KHR_mesh_quantization (integer positions, normals, texture coordinates and morph deltas, and
// normalized-integer animation outputs). Made from the project's own arm by changing one accessor,
// with the expected values computed here from the bytes written; and the Khronos quantized sample
// models held against their float twins in world space.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "hostile_fixture.h"
#include "test_paths.h"

using namespace sv::anim;
using nlohmann::json;
using sv::test::Glb;

namespace {

using sv::test::arm;

// Appends `bytes` to the BIN chunk as a new buffer view; returns its index.
size_t add_view(Glb& g, const std::vector<std::uint8_t>& bytes) {
    while (g.bin.size() % 4) g.bin.push_back(0);
    const size_t at = g.bin.size();
    g.bin.insert(g.bin.end(), bytes.begin(), bytes.end());
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", bytes.size()}});
    return g.json["bufferViews"].size() - 1;
}
template <class T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v) {
    std::vector<std::uint8_t> b(v.size() * sizeof(T));
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}

sv::Expected<Asset> load(const Glb& g) { return load_gltf_from_memory(g.pack(), "", true); }

// POSITION (accessor 0) made sparse: elements 3 and 10 replaced by the given values.
Glb sparse_positions(bool over_zeros, std::vector<std::uint16_t> indices = {3, 10}) {
    Glb g = arm();
    const size_t iv = add_view(g, bytes_of(indices));
    const size_t vv = add_view(g, bytes_of(std::vector<float>{1, 2, 3, -4, -5, -6}));
    json& acc = g.json["accessors"][0];
    if (over_zeros) acc.erase("bufferView");
    acc["sparse"] = {{"count", indices.size()},
                     {"indices", {{"bufferView", iv}, {"componentType", 5123}}},
                     {"values", {{"bufferView", vv}}}};
    return g;
}

}  // namespace

TEST(GltfSparse, OverABufferViewSubstitutesOnlyItsIndices) {
    const auto plain = load(arm());
    const auto sparse = load(sparse_positions(false));
    ASSERT_TRUE(plain.ok() && sparse.ok()) << (sparse.ok() ? "" : sparse.error().message);
    const auto& want = plain->meshes[0].primitives[0].positions;
    const auto& got = sparse->meshes[0].primitives[0].positions;
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        const glm::vec3 expect = i == 3 ? glm::vec3(1, 2, 3) : i == 10 ? glm::vec3(-4, -5, -6) : want[i];
        EXPECT_EQ(got[i], expect) << "vertex " << i;
    }
}

TEST(GltfSparse, OverZerosIsZeroOutsideItsIndices) {
    const auto a = load(sparse_positions(true));
    ASSERT_TRUE(a.ok()) << a.error().message;
    const auto& got = a->meshes[0].primitives[0].positions;
    for (size_t i = 0; i < got.size(); ++i) {
        const glm::vec3 expect = i == 3 ? glm::vec3(1, 2, 3) : i == 10 ? glm::vec3(-4, -5, -6) : glm::vec3(0);
        EXPECT_EQ(got[i], expect) << "vertex " << i;
    }
}

TEST(GltfSparse, IndicesMustIncreaseAndStayInsideTheAccessor) {
    const std::string acc = "mesh 0 ('ArmMesh') primitive 0 POSITION: accessor 0: sparse";
    auto error = [](const Glb& g) {
        auto a = load(g);
        return a.ok() ? std::string("(loaded)") : a.error().message;
    };
    EXPECT_EQ(error(sparse_positions(false, {10, 3})),
              acc + " index 1 is 3, not above the previous 10 (glTF: strictly increasing)");
    EXPECT_EQ(error(sparse_positions(false, {3, 3})),
              acc + " index 1 is 3, not above the previous 3 (glTF: strictly increasing)");
    EXPECT_EQ(error(sparse_positions(true, {3, 132})),
              acc + " index 1 is 132, past the accessor's 132 elements");
    Glb zero = sparse_positions(false);
    zero.json["accessors"][0]["sparse"]["count"] = 0;
    EXPECT_EQ(error(zero), acc + " count 0 is not in 1..132 (the accessor's count)");
    Glb past = sparse_positions(false);
    past.json["accessors"][0]["sparse"]["values"]["byteOffset"] = 4;  // 24 bytes of values from byte 4 of 24
    EXPECT_EQ(error(past), acc + " values: 24 bytes at offset 4 run past the end of buffer view " +
                               std::to_string(past.json["bufferViews"].size() - 1) +
                               " (24 bytes): accessor out of bounds");
}

TEST(GltfQuantized, NormalizedShortPositionsDecodeAsGltfSays) {
    Glb g = arm();
    const auto plain = load(g);
    ASSERT_TRUE(plain.ok());
    const auto& want = plain->meshes[0].primitives[0].positions;
    float extent = 0;
    for (const auto& p : want) extent = std::max({extent, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    std::vector<std::int16_t> q;
    for (const auto& p : want)
        for (int c = 0; c < 3; ++c)
            q.push_back(static_cast<std::int16_t>(std::lround(p[c] / extent * 32767.0)));
    const size_t v = add_view(g, bytes_of(q));
    g.json["accessors"][0].update({{"bufferView", v}, {"componentType", 5122}, {"normalized", true}});
    g.json["accessors"][0].erase("min");
    g.json["accessors"][0].erase("max");
    auto a = load(g);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message,
              "mesh 0 ('ArmMesh') primitive 0 POSITION: accessor 0: component type 5122 needs "
              "KHR_mesh_quantization, which the file does not declare in extensionsUsed");
    g.json["extensionsUsed"] = {"KHR_mesh_quantization"};
    a = load(g);
    ASSERT_TRUE(a.ok()) << a.error().message;
    const auto& got = a->meshes[0].primitives[0].positions;
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        for (int c = 0; c < 3;
             ++c)  // the short decoded as max(s / 32767, -1); a node scale would undo `extent`
            EXPECT_FLOAT_EQ(got[i][c], q[i * 3 + static_cast<size_t>(c)] / 32767.0f) << i;
    // An integer NORMAL must be normalized.
    g.json["accessors"][1].update({{"bufferView", v}, {"componentType", 5122}});
    a = load(g);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message,
              "mesh 0 ('ArmMesh') primitive 0 NORMAL: accessor 1: integer component type 5122 must be "
              "normalized here");
}

namespace {

std::filesystem::path khronos() { return sv::test::shared_assets().parent_path() / "khronos"; }

// Every drawn vertex in world space (node global x position, each morph target applied alone
// at weight 1 as well as none), so two variants are compared as drawn.
std::vector<glm::dvec3> world_vertices(const Asset& a) {
    std::vector<glm::dvec3> out;
    for (const Node& n : a.scene.nodes) {
        if (n.mesh < 0) continue;
        for (const Primitive& p : a.meshes[static_cast<size_t>(n.mesh)].primitives)
            for (size_t t = 0; t <= p.targets.size(); ++t)
                for (size_t i = 0; i < p.positions.size(); ++i) {
                    glm::dvec3 v(p.positions[i]);
                    if (t > 0 && !p.targets[t - 1].positions.empty())
                        v += glm::dvec3(p.targets[t - 1].positions[i]);
                    out.push_back(glm::dvec3(n.global * glm::dvec4(v, 1.0)));
                }
    }
    return out;
}

double diagonal(const std::vector<glm::dvec3>& v) {
    glm::dvec3 lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
    for (const auto& p : v) lo = glm::min(lo, p), hi = glm::max(hi, p);
    return glm::length(hi - lo);
}

// The largest distance from a vertex of `b` to its nearest vertex of `a`: quantizers may reorder.
double worst_nearest(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b) {
    double worst = 0;
    for (const auto& p : b) {
        double best = std::numeric_limits<double>::max();
        for (const auto& q : a) best = std::min(best, glm::length(p - q));
        worst = std::max(worst, best);
    }
    return worst;
}

}  // namespace

TEST(GltfQuantized, KhronosQuantizedModelsDrawAsTheirFloatTwins) {
    if (!std::filesystem::is_directory(khronos())) GTEST_SKIP() << "no " << khronos();
    for (const char* model : {"Duck", "AnimatedMorphCube"}) {
        const auto fl = load_gltf((khronos() / model / "glTF" / (std::string(model) + ".gltf")).string());
        const auto qu =
            load_gltf((khronos() / model / "glTF-Quantized" / (std::string(model) + ".gltf")).string());
        ASSERT_TRUE(fl.ok()) << fl.error().message;
        ASSERT_TRUE(qu.ok()) << qu.error().message;
        const auto want = world_vertices(*fl), got = world_vertices(*qu);
        const double body = diagonal(want);
        // gltfpack's default 14-bit positions and 16-bit deltas: one step is at most 1/8191 of an
        // axis's extent, ~1.2e-4 of the diagonal; 1e-3 leaves margin for two steps and the float
        // node scales, while a dropped dequantizing node transform (scale 3.6e-6 in the cube) or a
        // wrong normalization (/127 for /255) moves vertices by a large part of the body.
        const double worst = std::max(worst_nearest(want, got), worst_nearest(got, want));
        EXPECT_LE(worst, 1e-3 * body) << model;
        std::printf("%s: quantized against float, worst nearest vertex %.3g of the body diagonal\n", model,
                    worst / body);
        ASSERT_EQ(fl->clips.size(), qu->clips.size()) << model;
        for (size_t c = 0; c < fl->clips.size(); ++c) {
            const auto &a = fl->clips[c], &b = qu->clips[c];
            ASSERT_EQ(a.channels.size(), b.channels.size()) << model;
            for (size_t k = 0; k < a.channels.size(); ++k) {
                ASSERT_EQ(a.channels[k].values.size(), b.channels[k].values.size()) << model;
                // The cube's weights are unsigned bytes, normalized: one step is 1/255.
                for (size_t i = 0; i < a.channels[k].values.size(); ++i)
                    EXPECT_NEAR(a.channels[k].values[i], b.channels[k].values[i], 1.0 / 255.0)
                        << model << " value " << i;
            }
        }
    }
}
