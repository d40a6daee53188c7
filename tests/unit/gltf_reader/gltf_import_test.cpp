// glTF import: what loads and how (validity cases). Bad input is in gltf_bad_input_test.cpp.
#include "anim/gltf/gltf_import.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/skeleton.h"
#include "glb_edit.h"
#include "test_paths.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

std::vector<std::uint8_t> arm_glb() { return write_glb(build_arm_asset()).value(); }
std::vector<std::uint8_t> humanoid_glb() {
    return write_glb(build_humanoid_asset(HumanoidShape::MixamoExport)).value();
}

Asset load(const Glb& g) {
    auto a = load_gltf_from_memory(g.pack(), "", true);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? std::move(a).value() : Asset{};
}

bool has_line(const Asset& a, const std::string& needle) {
    return std::any_of(a.report.begin(), a.report.end(),
                       [&](const std::string& s) { return s.find(needle) != std::string::npos; });
}

// Counts declared by a GLB's own JSON, read with nlohmann rather than through the importer.
struct Declared {
    size_t skins = 0, meshes = 0, clips = 0, vertices = 0;
    std::vector<size_t> joints;
};
Declared declared(const std::string& path) {
    const Glb g = Glb::parse(sv::test::read_bytes(path));
    Declared d;
    d.skins = g.json.value("skins", nlohmann::json::array()).size();
    for (const auto& s : g.json.value("skins", nlohmann::json::array()))
        d.joints.push_back(s["joints"].size());
    d.meshes = g.json["meshes"].size();
    d.clips = g.json.value("animations", nlohmann::json::array()).size();
    for (const auto& m : g.json["meshes"])
        for (const auto& p : m["primitives"])
            d.vertices +=
                g.json["accessors"][p["attributes"]["POSITION"].get<size_t>()]["count"].get<size_t>();
    return d;
}
size_t loaded_vertices(const Asset& a) {
    size_t n = 0;
    for (const auto& m : a.meshes)
        for (const auto& p : m.primitives) n += p.positions.size();
    return n;
}

void expect_shared_asset_matches_its_file(const std::string& file) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, file);
    const Declared d = declared(path);
    auto a = load_gltf(path);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->skins.size(), d.skins);
    for (size_t s = 0; s < d.skins; ++s) {
        EXPECT_EQ(a->skins[s].joints.size(), d.joints[s]);
        auto sk = Skeleton::from_asset(*a, static_cast<int>(s));
        EXPECT_TRUE(sk.ok()) << sk.error().message;
    }
    EXPECT_EQ(a->meshes.size(), d.meshes);
    EXPECT_EQ(a->clips.size(), d.clips);
    EXPECT_EQ(loaded_vertices(*a), d.vertices);
    for (const Node& n : a->scene.nodes) EXPECT_GT(n.version, 0u) << "globals walked after loading";
}

}  // namespace

TEST(SharedAssets, XbotMatchesSourcesMd) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "Xbot.glb");
    auto a = load_gltf(path);
    ASSERT_TRUE(a.ok()) << a.error().message;
    // SOURCES.md: 1 skin, 65 joints, two meshes sharing it, 28 374 vertices, 1 clip.
    ASSERT_EQ(a->skins.size(), 1u);
    EXPECT_EQ(a->skins[0].joints.size(), 65u);
    EXPECT_EQ(a->meshes.size(), 2u);
    EXPECT_EQ(loaded_vertices(*a), 28374u);
    EXPECT_EQ(a->clips.size(), 1u);
    int skinned_nodes = 0;
    for (const Node& n : a->scene.nodes) skinned_nodes += n.skin == 0 && n.mesh >= 0;
    EXPECT_EQ(skinned_nodes, 2);
}
TEST(SharedAssets, XbotCountsMatchItsJson) { expect_shared_asset_matches_its_file("Xbot.glb"); }
TEST(SharedAssets, RobotExpressiveCountsMatchItsJson) {
    expect_shared_asset_matches_its_file("RobotExpressive.glb");
}
TEST(SharedAssets, FoxCountsMatchItsJson) { expect_shared_asset_matches_its_file("Fox.glb"); }

TEST(GltfImport, GlbRoundTripsTheArmExactly) {
    const Asset src = build_arm_asset();
    auto a = load_gltf_from_memory(write_glb(src).value(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->scene.nodes.size(), src.scene.nodes.size());
    ASSERT_EQ(a->meshes.size(), 1u);
    const Primitive& p = a->meshes[0].primitives[0];
    const Primitive& q = src.meshes[0].primitives[0];
    EXPECT_EQ(p.positions, q.positions);
    EXPECT_EQ(p.indices, q.indices);
    EXPECT_EQ(p.joints, q.joints);
    EXPECT_EQ(p.weights, q.weights);  // already summing to 1 within float, so untouched
    ASSERT_EQ(a->clips.size(), 1u);
    EXPECT_EQ(a->clips[0].channels[0].values, src.clips[0].channels[0].values);
    EXPECT_FLOAT_EQ(a->clips[0].duration, 2.0f);
    EXPECT_EQ(a->materials[0].base_color, src.materials[0].base_color);
    EXPECT_FALSE(has_line(*a, "renormalised"));
}

TEST(GltfImport, GltfWithDataUriAndWithExternalBufferLoadLikeTheGlb) {
    namespace fs = std::filesystem;
    const fs::path dir = sv::test::output_dir() / "gltf_import";
    fs::create_directories(dir);
    const Asset src = build_arm_asset();
    ASSERT_TRUE(write_gltf_file(src, (dir / "arm_datauri.gltf").string()).ok());
    auto a = load_gltf((dir / "arm_datauri.gltf").string());
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_EQ(a->meshes[0].primitives[0].positions, src.meshes[0].primitives[0].positions);

    Glb g = Glb::parse(arm_glb());
    {
        std::ofstream f(dir / "arm_ext.bin", std::ios::binary);
        f.write(reinterpret_cast<const char*>(g.bin.data()), static_cast<std::streamsize>(g.bin.size()));
    }
    g.json["buffers"][0]["uri"] = "arm_ext.bin";
    const std::string text = g.json.dump();
    auto b = load_gltf_from_memory(std::vector<std::uint8_t>(text.begin(), text.end()), dir.string(), false);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(b->meshes[0].primitives[0].weights, src.meshes[0].primitives[0].weights);
}

TEST(GltfImport, SortsSkinJointsParentsFirstAndRemapsVertexJoints) {
    Glb g = Glb::parse(humanoid_glb());
    const Asset straight = load(g);
    auto& joints = g.json["skins"][0]["joints"];
    std::reverse(joints.begin(), joints.end());  // children first: the worst order
    // Reverse the inverse binds to keep each with its joint: rewrite the accessor's floats.
    const int ibm = g.json["skins"][0]["inverseBindMatrices"];
    const size_t n = joints.size();
    std::vector<std::uint8_t> copy = g.bin;
    for (size_t j = 0; j < n; ++j)
        std::memcpy(&g.bin[g.element_offset(ibm, j, 64)], &copy[g.element_offset(ibm, n - 1 - j, 64)], 64);
    // And the vertex joint indices, which index the file's list: old j is now n-1-j.
    const int ja = g.json["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"];
    const size_t nv = g.json["accessors"][static_cast<size_t>(ja)]["count"];
    for (size_t v = 0; v < nv * 4; ++v) {
        std::uint16_t x;
        std::memcpy(&x, &g.bin[g.element_offset(ja, v, 2)], 2);
        x = static_cast<std::uint16_t>(n - 1 - x);
        std::memcpy(&g.bin[g.element_offset(ja, v, 2)], &x, 2);
    }
    const Asset reordered = load(g);
    const Skin& s = reordered.skins[0];
    // Parents-first, checked on the node graph: each joint's nearest joint ancestor comes earlier.
    for (size_t j = 0; j < s.joints.size(); ++j)
        for (int p = reordered.scene.nodes[static_cast<size_t>(s.joints[j])].parent; p >= 0;
             p = reordered.scene.nodes[static_cast<size_t>(p)].parent) {
            const auto it = std::find(s.joints.begin(), s.joints.end(), p);
            if (it == s.joints.end()) continue;
            EXPECT_LT(static_cast<size_t>(it - s.joints.begin()), j);
            break;
        }
    EXPECT_TRUE(has_line(reordered, "parents-first"));
    // Every vertex influence names the same node, with the same inverse bind, as in the file
    // loaded straight.
    const Primitive& p0 = straight.meshes[0].primitives[0];
    const Primitive& p1 = reordered.meshes[0].primitives[0];
    ASSERT_EQ(p0.joints.size(), p1.joints.size());
    for (size_t v = 0; v < p0.joints.size(); ++v)
        for (int k = 0; k < 4; ++k) {
            if (p0.weights[v][static_cast<size_t>(k)] == 0.0f) continue;
            const int j0 = p0.joints[v][static_cast<size_t>(k)], j1 = p1.joints[v][static_cast<size_t>(k)];
            ASSERT_EQ(straight.skins[0].joints[static_cast<size_t>(j0)], s.joints[static_cast<size_t>(j1)])
                << v;
            ASSERT_EQ(straight.skins[0].inverse_bind[static_cast<size_t>(j0)],
                      s.inverse_bind[static_cast<size_t>(j1)]);
        }
    EXPECT_TRUE(Skeleton::from_asset(reordered, 0).ok());
}

// The control: a list that is parents-first but not in depth order (each chain walked to its end
// before the next, as many exporters write it) is kept as the file lists it, with no note. The
// importer used to sort every skin by depth and report any difference from depth order, a false
// "not parents-first" note on a third of the skins of public files.
TEST(GltfImport, KeepsAParentsFirstListThatIsNotInDepthOrderAndSaysNothing) {
    Glb g = Glb::parse(humanoid_glb());
    auto& joints = g.json["skins"][0]["joints"];
    const size_t n = joints.size();
    std::vector<int> file(n);
    for (size_t j = 0; j < n; ++j) file[j] = joints[j].get<int>();
    // Depth-first from the skin's roots, children in the reverse of the order the nodes list them
    // (the builder writes the forward walk): parents-first, not depth order, not the file's.
    std::vector<int> dfs;
    std::function<void(int)> walk = [&](int node) {
        if (std::find(file.begin(), file.end(), node) != file.end()) dfs.push_back(node);
        const auto& nd = g.json["nodes"][static_cast<size_t>(node)];
        if (nd.contains("children"))
            for (auto c = nd["children"].rbegin(); c != nd["children"].rend(); ++c) walk(c->get<int>());
    };
    for (const auto& root : g.json["scenes"][0]["nodes"]) walk(root.get<int>());
    ASSERT_EQ(dfs.size(), n);
    ASSERT_NE(dfs, file) << "the control needs an order other than the file's";
    std::vector<int> parent(g.json["nodes"].size(), -1);
    for (size_t i = 0; i < g.json["nodes"].size(); ++i)
        if (g.json["nodes"][i].contains("children"))
            for (const auto& c : g.json["nodes"][i]["children"])
                parent[c.get<size_t>()] = static_cast<int>(i);
    const auto joint_depth = [&](int n) {
        int d = 0;
        for (int p = parent[static_cast<size_t>(n)]; p >= 0; p = parent[static_cast<size_t>(p)])
            d += std::find(file.begin(), file.end(), p) != file.end();
        return d;
    };
    std::vector<int> depth_order = file;  // the old importer's sort, which reported every list not so
    std::stable_sort(depth_order.begin(), depth_order.end(),
                     [&](int a, int b) { return joint_depth(a) < joint_depth(b); });
    ASSERT_NE(dfs, depth_order) << "the control must not be in depth order, which the old importer passed";
    // old index (in the file's list) -> new index (in the depth-first list)
    std::vector<size_t> new_of_old(n);
    for (size_t k = 0; k < n; ++k)
        new_of_old[static_cast<size_t>(std::find(file.begin(), file.end(), dfs[k]) - file.begin())] = k;
    for (size_t k = 0; k < n; ++k) joints[k] = dfs[k];
    const int ibm = g.json["skins"][0]["inverseBindMatrices"];
    std::vector<std::uint8_t> copy = g.bin;
    for (size_t j = 0; j < n; ++j)
        std::memcpy(&g.bin[g.element_offset(ibm, new_of_old[j], 64)], &copy[g.element_offset(ibm, j, 64)],
                    64);
    const int ja = g.json["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"];
    const size_t nv = g.json["accessors"][static_cast<size_t>(ja)]["count"];
    for (size_t v = 0; v < nv * 4; ++v) {
        std::uint16_t x;
        std::memcpy(&x, &g.bin[g.element_offset(ja, v, 2)], 2);
        x = static_cast<std::uint16_t>(new_of_old[x]);
        std::memcpy(&g.bin[g.element_offset(ja, v, 2)], &x, 2);
    }
    const Asset a = load(g);
    EXPECT_EQ(a.skins[0].joints, dfs);
    EXPECT_FALSE(has_line(a, "parents-first"));
    EXPECT_TRUE(Skeleton::from_asset(a, 0).ok());
}

TEST(GltfImport, MissingInverseBindMatricesMeanIdentity) {
    Glb g = Glb::parse(arm_glb());
    g.json["skins"][0].erase("inverseBindMatrices");
    const Asset a = load(g);
    for (const auto& m : a.skins[0].inverse_bind) EXPECT_EQ(m, glm::dmat4(1.0));
}

TEST(GltfImport, SeveralMeshesShareASkinAndSeveralSkinsLoad) {
    Glb g = Glb::parse(arm_glb());
    g.json["meshes"].push_back(g.json["meshes"][0]);  // a second mesh on the same skin
    g.json["skins"].push_back(g.json["skins"][0]);    // and a second skin over the same joints
    g.json["nodes"].push_back({{"name", "Arm2"}, {"mesh", 1}, {"skin", 0}});
    g.json["nodes"].push_back({{"name", "Arm3"}, {"mesh", 0}, {"skin", 1}});
    const Asset a = load(g);
    // Mesh 0 is drawn with skins 0 and 1: imported once per skin, the copy appended.
    ASSERT_EQ(a.meshes.size(), 3u);
    EXPECT_EQ(a.skins.size(), 2u);
    EXPECT_EQ(a.meshes[2].source_mesh, 0);
    EXPECT_EQ(a.scene.nodes.back().mesh, 2);
    EXPECT_EQ(a.meshes[1].primitives[0].joints, a.meshes[0].primitives[0].joints);
    EXPECT_TRUE(Skeleton::from_asset(a, 1).ok());
    EXPECT_TRUE(has_line(a, "imported once per skin"));
}

// The joint remap belongs to the (mesh, skin) pair: the same vertex joint index means a different
// node under a skin that lists its joints in another order. Expected nodes come from the file's
// JSON lists, not from the importer's remap.
TEST(GltfImport, AMeshDrawnWithTwoSkinsGetsEachSkinsJointRemap) {
    Glb g = Glb::parse(arm_glb());
    auto skin1 = g.json["skins"][0];
    std::vector<int> file0 = skin1["joints"].get<std::vector<int>>(), file1(file0.rbegin(), file0.rend());
    skin1["joints"] = file1;  // children first: the importer must sort this skin differently
    g.json["skins"].push_back(skin1);
    g.json["nodes"].push_back({{"name", "Arm3"}, {"mesh", 0}, {"skin", 1}});
    const Asset a = load(g);
    ASSERT_EQ(a.meshes.size(), 2u);
    const Primitive& p0 = a.meshes[0].primitives[0];  // drawn with skin 0
    const Primitive& p1 = a.meshes[1].primitives[0];  // the copy drawn with skin 1
    ASSERT_EQ(p0.joints.size(), p1.joints.size());
    size_t checked = 0;
    for (size_t v = 0; v < p0.joints.size(); ++v)
        for (size_t k = 0; k < 4; ++k) {
            if (p0.weights[v][k] == 0.0f) continue;
            const int node0 = a.skins[0].joints[p0.joints[v][k]];
            const auto file_j =
                static_cast<size_t>(std::find(file0.begin(), file0.end(), node0) - file0.begin());
            ASSERT_LT(file_j, file1.size());
            EXPECT_EQ(a.skins[1].joints[p1.joints[v][k]], file1[file_j]) << "vertex " << v << " slot " << k;
            ++checked;
        }
    EXPECT_GT(checked, 0u);
}

TEST(GltfImport, MorphWeightChannelOnANodeWithoutTargetsIsRefusedByName) {
    Glb g = Glb::parse(arm_glb());
    auto ch = g.json["animations"][0]["channels"][0];
    ch["target"]["path"] = "weights";
    g.json["animations"][0]["channels"].push_back(ch);
    const int node = ch["target"]["node"];
    auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message, "animation 0 ('bend') channel 1: animates the morph weights of node " +
                                     std::to_string(node) + ", which has no mesh with morph targets");
}

TEST(GltfImport, ReportsValidatorSkinWarnings) {
    // The Mixamo shape's mesh node sits under Armature: not a root.
    const Asset mixamo = load(Glb::parse(humanoid_glb()));
    EXPECT_TRUE(has_line(mixamo, "not a root"));
    EXPECT_FALSE(has_line(mixamo, "local transform"));
    Glb g = Glb::parse(arm_glb());
    EXPECT_FALSE(has_line(load(g), "not a root"));
    g.json["nodes"][0]["translation"] = {0, 1, 0};
    EXPECT_TRUE(has_line(load(g), "local transform"));
}

TEST(GltfImport, RenormalisesWeightsAndCountsThem) {
    Glb g = Glb::parse(arm_glb());
    const int wa = g.json["meshes"][0]["primitives"][0]["attributes"]["WEIGHTS_0"];
    const float w[4] = {0.3f, 0.1f, 0.0f, 0.0f};  // sums to 0.4
    std::memcpy(&g.bin[g.element_offset(wa, 5, 16)], w, 16);
    std::memcpy(&g.bin[g.element_offset(wa, 7, 16)], w, 16);
    const Asset a = load(g);
    EXPECT_TRUE(has_line(a, "2 vertices had weights not summing to 1"))
        << (a.report.empty() ? "" : a.report[0]);
    const auto& ws = a.meshes[0].primitives[0].weights[5];
    // 1e-6: one float division of values of order 1.
    EXPECT_NEAR(ws[0], 0.75f, 1e-6);
    EXPECT_NEAR(ws[1], 0.25f, 1e-6);
}

TEST(GltfImport, ReportsZeroWeightVertices) {
    Glb g = Glb::parse(arm_glb());
    const int wa = g.json["meshes"][0]["primitives"][0]["attributes"]["WEIGHTS_0"];
    const float w[4] = {0, 0, 0, 0};
    std::memcpy(&g.bin[g.element_offset(wa, 3, 16)], w, 16);
    const Asset a = load(g);
    EXPECT_TRUE(has_line(a, "1 vertices had all weights zero"));
}

namespace {
// A hand-made one-triangle glTF in the small encodings: u8 joints in two sets (eight influences),
// u8-normalised weights, u8 indices, and a base colour texture from a data-URI PNG (2x1: opaque
// red, then blue at alpha 128).
std::string small_encodings_gltf(bool with_indices) {
    std::vector<std::uint8_t> bin;
    auto put_f = [&](float f) {
        std::uint8_t b[4];
        std::memcpy(b, &f, 4);
        bin.insert(bin.end(), b, b + 4);
    };
    for (float f : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f}) put_f(f);  // 36 bytes positions
    // JOINTS_0 (12 bytes), JOINTS_1 (12), WEIGHTS_0 (12), WEIGHTS_1 (12), indices (3, +1 pad).
    const std::uint8_t j0[12] = {0, 1, 2, 3, 0, 0, 0, 0, 1, 0, 0, 0},
                       j1[12] = {4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0};
    const std::uint8_t w0[12] = {32, 32, 32, 32, 255, 0, 0, 0, 255, 0, 0, 0},
                       w1[12] = {32, 32, 32, 31, 0, 0, 0, 0, 0, 0, 0, 0};
    for (auto* a : {j0, j1, w0, w1}) bin.insert(bin.end(), a, a + 12);
    bin.insert(bin.end(), {2, 1, 0});
    static const char* b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string s;
    for (size_t i = 0; i < bin.size(); i += 3) {  // bin.size() is a multiple of 3 here (87)
        const unsigned v = unsigned(bin[i]) << 16 | unsigned(bin[i + 1]) << 8 | bin[i + 2];
        s += {b64[v >> 18], b64[(v >> 12) & 63], b64[(v >> 6) & 63], b64[v & 63]};
    }
    nlohmann::json j = {
        {"asset", {{"version", "2.0"}}},
        {"buffers", {{{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + s}}}},
        {"bufferViews",
         {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
          {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 12}},
          {{"buffer", 0}, {"byteOffset", 48}, {"byteLength", 12}},
          {{"buffer", 0}, {"byteOffset", 60}, {"byteLength", 12}},
          {{"buffer", 0}, {"byteOffset", 72}, {"byteLength", 12}},
          {{"buffer", 0}, {"byteOffset", 84}, {"byteLength", 3}}}},
        {"accessors",
         {{{"bufferView", 0},
           {"componentType", 5126},
           {"count", 3},
           {"type", "VEC3"},
           {"min", {0, 0, 0}},
           {"max", {1, 1, 0}}},
          {{"bufferView", 1}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}},
          {{"bufferView", 2}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}},
          {{"bufferView", 3}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}, {"normalized", true}},
          {{"bufferView", 4}, {"componentType", 5121}, {"count", 3}, {"type", "VEC4"}, {"normalized", true}},
          {{"bufferView", 5}, {"componentType", 5121}, {"count", 3}, {"type", "SCALAR"}}}},
        {"images",
         {{{"uri",
            "data:image/"
            "png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+"
            "KAAAADklEQVR4nGP4z8AAQg0AD3oDfnfpf5cAAAAASUVORK5CYII="}}}},
        {"textures", {{{"source", 0}}}},
        {"materials",
         {{{"pbrMetallicRoughness",
            {{"baseColorFactor", {0.5, 0.25, 1.0, 1.0}}, {"baseColorTexture", {{"index", 0}}}}}}}},
        {"meshes",
         {{{"primitives",
            {{{"attributes",
               {{"POSITION", 0}, {"JOINTS_0", 1}, {"JOINTS_1", 2}, {"WEIGHTS_0", 3}, {"WEIGHTS_1", 4}}},
              {"material", 0}}}}}}},
        {"nodes", {{{"mesh", 0}, {"skin", 0}}}},
        {"skins", {{{"joints", {1, 2, 3, 4, 5, 6, 7, 8}}}}}};
    for (int n = 1; n <= 8; ++n) j["nodes"].push_back({{"name", "j" + std::to_string(n)}});
    if (with_indices) j["meshes"][0]["primitives"][0]["indices"] = 5;
    return j.dump();
}
Asset load_text(const std::string& t) {
    auto a = load_gltf_from_memory(std::vector<std::uint8_t>(t.begin(), t.end()), "", false);
    EXPECT_TRUE(a.ok()) << a.error().message;
    return a.ok() ? std::move(a).value() : Asset{};
}
}  // namespace

TEST(GltfImport, SmallEncodingsEightInfluencesAndATexture) {
    const Asset a = load_text(small_encodings_gltf(true));
    const Primitive& p = a.meshes.at(0).primitives.at(0);
    EXPECT_EQ(p.indices, (std::vector<std::uint32_t>{2, 1, 0}));
    // Vertex 0: eight influences of 32/255 (one 31/255); sum 255/255 exactly, so no report.
    EXPECT_EQ(p.joints[0], (std::array<std::uint16_t, 8>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_NEAR(p.weights[0][7], 31.0f / 255.0f, 1e-6);
    EXPECT_NEAR(p.weights[1][0], 1.0f, 1e-6);
    EXPECT_EQ(a.materials[0].base_color, glm::vec4(0.5f, 0.25f, 1.0f, 1.0f));
    ASSERT_EQ(a.materials[0].base_color_image, 0);
    ASSERT_EQ(a.images.size(), 1u);
    EXPECT_EQ(a.images[0].width, 2);
    EXPECT_EQ(a.images[0].rgba, (std::vector<std::uint8_t>{255, 0, 0, 255, 0, 0, 255, 128}));
}

TEST(GltfImport, MissingIndicesAreGenerated) {
    const Asset a = load_text(small_encodings_gltf(false));
    EXPECT_EQ(a.meshes.at(0).primitives.at(0).indices, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(GltfImport, AnimationChannelsTargetJointsAndPlainNodesAlike) {
    Glb g = Glb::parse(arm_glb());
    auto ch = g.json["animations"][0]["channels"][0];
    ch["target"]["node"] = 0;  // the mesh node: not a joint
    g.json["animations"][0]["channels"].push_back(ch);
    const Asset a = load(g);
    ASSERT_EQ(a.clips[0].channels.size(), 2u);
    EXPECT_EQ(a.clips[0].channels[1].node, 0);
    const ClipBinding b = bind_clip(a.clips[0], a.skins[0].joints);
    EXPECT_EQ(b.joint_of_channel, (std::vector<int>{1, -1}));
}
