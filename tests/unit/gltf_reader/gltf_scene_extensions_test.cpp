// What the importer reads of the scene-level extensions and core scene objects: EXT_mesh_gpu_instancing
// (SimpleInstancing's 125 cubes, each instance's TRS as the file's own bytes say) and the file's
// cameras (the Cameras sample: one perspective, one orthographic, each placed by its node). The
// expected values are read from the GLB/JSON by the test's own parser (glb_edit.h), not the importer's
// accessor code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "instanced_arm.h"
#include "test_paths.h"

namespace fs = std::filesystem;
using namespace sv::anim;
using sv::test::Glb;

namespace {

fs::path khronos(const std::string& rel) { return sv::test::shared_assets().parent_path() / "khronos" / rel; }

float f32(const Glb& g, size_t at) {
    float v;
    std::memcpy(&v, g.bin.data() + at, 4);
    return v;
}

}  // namespace

TEST(GltfSceneExtensions, SimpleInstancingHasEveryInstanceAsTheBytesSay) {
    const fs::path path = khronos("SimpleInstancing/glTF-Binary/SimpleInstancing.glb");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    const Glb g = Glb::parse(sv::test::read_bytes(path.string()));
    const auto& attrs = g.json["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
    const int t = attrs["TRANSLATION"], r = attrs["ROTATION"], s = attrs["SCALE"];
    auto a = load_gltf(path.string());
    ASSERT_TRUE(a.ok()) << a.error().message;
    const Node& node = a->scene.nodes.at(0);
    ASSERT_EQ(node.instances.size(), 125u);
    double worst = 0.0;
    for (size_t k = 0; k < 125; ++k) {
        const glm::dvec3 tr(f32(g, g.element_offset(t, k, 12)), f32(g, g.element_offset(t, k, 12) + 4),
                            f32(g, g.element_offset(t, k, 12) + 8));
        const size_t ro = g.element_offset(r, k, 16);
        const glm::dquat q(f32(g, ro + 12), f32(g, ro), f32(g, ro + 4), f32(g, ro + 8));
        const size_t so = g.element_offset(s, k, 12);
        const glm::dvec3 sc(f32(g, so), f32(g, so + 4), f32(g, so + 8));
        // T * R * S applied to a point, by hand: scale, rotate (q v q*), translate.
        const glm::dvec3 p(0.3, -0.2, 0.7);
        const glm::dvec3 expected = tr + glm::normalize(q) * (sc * p);
        const glm::dvec3 got(node.instances[k] * glm::dvec4(p, 1.0));
        worst = std::max(worst, glm::length(got - expected));
    }
    // Float inputs widened to double: the only error is the quaternion's renormalisation (~1e-7).
    EXPECT_LT(worst, 1e-6);
    EXPECT_TRUE(std::none_of(a->report.begin(), a->report.end(), [](const std::string& l) {
        return l.find("EXT_mesh_gpu_instancing") != std::string::npos;
    })) << "the extension is implemented: no 'not applied' note";
}

// A skinned node's instances are read as a static node's are (they used to be dropped with a note):
// each matrix T * R * S of the bytes written, checked on a point by hand.
TEST(GltfSceneExtensions, ASkinnedNodesInstancesAreRead) {
    const auto want = sv::test::three_arm_instances();
    int node = -1;
    auto a = load_gltf_from_memory(sv::test::instanced_arm_glb(want, true, &node), "", true);
    ASSERT_TRUE(a) << a.error().message;
    ASSERT_GE(node, 0);
    const auto& got = a->scene.nodes[static_cast<size_t>(node)];
    ASSERT_GE(got.skin, 0);
    ASSERT_EQ(got.instances.size(), want.size());
    const glm::dvec3 p(0.1, 1.7, -0.05);
    for (size_t k = 0; k < want.size(); ++k) {
        const glm::dvec3 expected =
            glm::dvec3(want[k].translation) + glm::dquat(want[k].rotation) * (glm::dvec3(want[k].scale) * p);
        EXPECT_LT(glm::length(glm::dvec3(got.instances[k] * glm::dvec4(p, 1.0)) - expected), 1e-6) << k;
    }
    EXPECT_TRUE(std::none_of(a->report.begin(), a->report.end(), [](const std::string& l) {
        return l.find("EXT_mesh_gpu_instancing") != std::string::npos;
    })) << "a note still says the instances are not drawn";
    // Negative control: the file without the extension has no instances.
    auto plain = load_gltf_from_memory(sv::test::instanced_arm_glb(want, false), "", true);
    ASSERT_TRUE(plain);
    EXPECT_TRUE(plain->scene.nodes[static_cast<size_t>(node)].instances.empty());
}

TEST(GltfSceneExtensions, InstancesWithAMismatchedCountAreRefusedByName) {
    const fs::path path = khronos("SimpleInstancing/glTF-Binary/SimpleInstancing.glb");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    Glb g = Glb::parse(sv::test::read_bytes(path.string()));
    auto& attrs = g.json["nodes"][0]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"];
    attrs["SCALE"] = 1;  // the cube's 24 positions: a VEC3 float accessor of another count
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message, "node 0 EXT_mesh_gpu_instancing: SCALE has 24 instances, the others 125");
}

TEST(GltfSceneExtensions, TheCamerasSampleHasBothCamerasOnTheirNodes) {
    const fs::path path = khronos("Cameras/glTF/Cameras.gltf");
    if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
    std::ifstream f(path);
    const nlohmann::json j = nlohmann::json::parse(f);
    auto a = load_gltf(path.string());
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->cameras.size(), j["cameras"].size());
    for (size_t c = 0; c < a->cameras.size(); ++c) {
        const auto& src = j["cameras"][c];
        const Camera& got = a->cameras[c];
        EXPECT_EQ(got.orthographic, src["type"] == "orthographic");
        int node = -1;
        for (size_t n = 0; n < j["nodes"].size() && node < 0; ++n)
            if (j["nodes"][n].value("camera", -1) == static_cast<int>(c)) node = static_cast<int>(n);
        EXPECT_EQ(got.node, node) << "camera " << c;
        if (got.orthographic) {
            EXPECT_FLOAT_EQ(got.ymag, src["orthographic"]["ymag"].get<float>());
            EXPECT_FLOAT_EQ(got.zfar, src["orthographic"]["zfar"].get<float>());
        } else {
            EXPECT_FLOAT_EQ(got.yfov, src["perspective"]["yfov"].get<float>());
            EXPECT_FLOAT_EQ(got.znear, src["perspective"]["znear"].get<float>());
        }
    }
}

// A broken camera moves no vertex: a note, the camera unusable (node -1), the file loaded.
TEST(GltfSceneExtensions, ABrokenCameraIsANoteNotARefusal) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    g.json["cameras"] = {{{"type", "perspective"}, {"perspective", {{"yfov", 0.0}, {"znear", 0.1}}}}};
    g.json["nodes"][0]["camera"] = 0;
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->cameras.size(), 1u);
    EXPECT_EQ(a->cameras[0].node, -1);
    EXPECT_TRUE(std::any_of(a->report.begin(), a->report.end(), [](const std::string& l) {
        return l == "camera 0: yfov must lie between 0 and pi; it cannot be used";
    }));
}
