// Every valid Khronos sample model in ../shared/khronos loads: the importer and the character
// built on it accept each .gltf and .glb there (the same files `skinview audit` must pass with
// exit 0; tests/gl/cli holds the command to it). A variant whose decoder this build lacks must
// be refused by the message that names the extension and the missing library, nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "test_paths.h"

namespace fs = std::filesystem;

TEST(GltfKhronosFolder, EveryValidSampleModelLoads) {
    const fs::path root = sv::test::shared_assets().parent_path() / "khronos";
    if (!fs::is_directory(root)) GTEST_SKIP() << "no " << root;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && (e.path().extension() == ".gltf" || e.path().extension() == ".glb"))
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 40u) << "the sample set is smaller than the one this test was written for";
    size_t loaded = 0;
    for (const auto& f : files) {
        auto asset = sv::anim::load_gltf(f.string());
        const std::string folder = f.parent_path().filename().string();
        if (!asset.ok() && folder == "glTF-Draco") {
            EXPECT_EQ(asset.error().message,
                      f.string() +
                          ": glTF: KHR_draco_mesh_compression is required but needs libdraco, which this "
                          "build lacks");
            continue;
        }
        ASSERT_TRUE(asset.ok()) << asset.error().message;
        auto character = sv::anim::Character::create(std::move(*asset));
        EXPECT_TRUE(character.ok()) << f << ": " << (character.ok() ? "" : character.error().message);
        ++loaded;
    }
    std::printf("%zu of %zu sample files loaded\n", loaded, files.size());
}

// A Draco stream cut short is refused by name, with the decoder's reason; an attribute naming a
// Draco id the stream lacks likewise. Made from RiggedSimple's Draco variant, edited in memory.
TEST(GltfKhronosFolder, ABrokenDracoStreamIsRefusedByName) {
    const fs::path dir = sv::test::shared_assets().parent_path() / "khronos" / "RiggedSimple" / "glTF-Draco";
    if (!fs::is_directory(dir)) GTEST_SKIP() << "no " << dir;
    std::ifstream f(dir / "RiggedSimple.gltf");
    const nlohmann::json doc = nlohmann::json::parse(f);
    auto error = [&](const nlohmann::json& j) {
        const std::string s = j.dump();
        const auto a = sv::anim::load_gltf_from_memory({s.begin(), s.end()}, dir.string(), false);
        return a.ok() ? std::string("(loaded)") : a.error().message;
    };
    EXPECT_EQ(error(doc), "(loaded)");
    const auto& ext = doc["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"];
    nlohmann::json cut = doc;
    cut["bufferViews"][ext["bufferView"].get<size_t>()]["byteLength"] = 16u;
    EXPECT_EQ(error(cut).rfind(
                  "mesh 0 primitive 0 (KHR_draco_mesh_compression): the Draco stream does not decode (", 0),
              0u)
        << error(cut);
    nlohmann::json id = doc;
    id["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"]["attributes"]["POSITION"] =
        200u;
    EXPECT_EQ(error(id),
              "mesh 0 primitive 0 (KHR_draco_mesh_compression): POSITION names Draco attribute 200, which "
              "the stream lacks");
}
