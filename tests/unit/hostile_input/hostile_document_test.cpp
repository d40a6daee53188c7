// Hostile input, the document: what the glTF's JSON says about itself (its version, the extensions
// it requires, its scene, its buffers and their data) and the animation channels skinview skips.
// Each refusal is pinned by its whole message, in the project's words; each thing that is not a
// refusal (a used extension, a channel without a node) is pinned by its note and by the file
// loading. Bad files are made from the project's own arm by changing one thing (glb_edit.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
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
using namespace sv::test;

namespace {

// The arm as .gltf text, its buffer a data URI (the project's own writer).
json arm_text() {
    const std::string path = std::string(SKINVIEW_TEST_OUTPUT_DIR) + "/document_arm_" +
                             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".gltf";
    EXPECT_TRUE(write_gltf_file(build_arm_asset(), path).ok());
    return json::parse(sv::test::read_bytes(path));
}

std::filesystem::path fresh_dir() { return sv::test::fresh_test_dir("document_"); }
void write_file(const std::filesystem::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

}  // namespace

TEST(HostileDocument, GltfOneAndOtherVersionsAreRefusedByName) {
    Glb one = arm();
    one.json["asset"]["version"] = "1.0";
    EXPECT_EQ(load_error(one), "glTF 1.0 is not supported (asset.version '1.0')");
    // A glTF 1.0 skinned file's shape (objects keyed by id, not arrays): refused for its version
    // before anything reads the shape, where it was once accepted as an empty scene.
    const json v1 = {{"asset", {{"version", "1.0"}}},
                     {"meshes", {{"body", {{"primitives", json::array()}}}}},
                     {"skins", {{"skin", {{"jointNames", {"root"}}}}}}};
    EXPECT_EQ(load_error(v1), "glTF 1.0 is not supported (asset.version '1.0')");
    Glb three = arm();
    three.json["asset"]["version"] = "3.0";
    EXPECT_EQ(load_error(three), "glTF 3.0 is not supported (asset.version '3.0')");
    Glb bare = arm();
    bare.json["asset"]["version"] = "2";
    EXPECT_EQ(load_error(bare), "glTF: asset.version '2' is not a version (MAJOR.MINOR)");
    Glb none = arm();
    none.json.erase("asset");
    EXPECT_EQ(load_error(none),
              "glTF: the document has no 'asset' object; glTF 2.0 requires one with a version");
    // Negative control: 2.1 is a 2.x version a 2.0 reader reads.
    Glb later = arm();
    later.json["asset"]["version"] = "2.1";
    EXPECT_EQ(load_error(later), "(loaded)");
}

TEST(HostileDocument, MinVersionAboveTwoZeroIsRefused) {
    Glb g = arm();
    g.json["asset"]["minVersion"] = "2.1";
    EXPECT_EQ(load_error(g), "glTF 2.1 is not supported (asset.minVersion '2.1')");
    g.json["asset"]["minVersion"] = "2.0";
    EXPECT_EQ(load_error(g), "(loaded)");
}

TEST(HostileDocument, RequiredExtensionsSkinviewLacksAreNamed) {
    Glb unknown = arm();
    unknown.json["extensionsUsed"] = {"EXT_made_up"};
    unknown.json["extensionsRequired"] = {"EXT_made_up"};
    EXPECT_EQ(load_error(unknown),
              "glTF: extensionsRequired names 'EXT_made_up', which skinview does not implement");
    Glb basisu = arm();
    basisu.json["extensionsUsed"] = {"KHR_texture_basisu"};
    basisu.json["extensionsRequired"] = {"KHR_texture_basisu"};
    EXPECT_EQ(load_error(basisu),
              "glTF: KHR_texture_basisu is required but KTX2/Basis textures are not decoded");
}

TEST(HostileDocument, UsedExtensionsAreANoteNotAnError) {
    Glb g = arm();
    // Used, not required: an unknown one, one skinview does not apply, and two it implements.
    g.json["extensionsUsed"] = {"EXT_made_up", "VRMC_springBone_extended_collider", "KHR_mesh_quantization",
                                "VRMC_materials_hdr_emissiveMultiplier"};
    const auto report = report_of(g);
    EXPECT_TRUE(has_line(
        report, "glTF: extension 'EXT_made_up' is used by the file and unknown to skinview; ignored"));
    EXPECT_TRUE(has_line(report,
                         "glTF: extension 'VRMC_springBone_extended_collider' is used by the file and not "
                         "applied: the extended colliders are not simulated (only used: the spec's fallback "
                         "colliders stand in)"));
    EXPECT_EQ(std::count_if(report.begin(), report.end(),
                            [](const std::string& l) {
                                return l.find("VRMC_materials_hdr_emissiveMultiplier") != std::string::npos;
                            }),
              0);
    // Implemented extensions are not noted.
    EXPECT_EQ(std::count_if(
                  report.begin(), report.end(),
                  [](const std::string& l) { return l.find("KHR_mesh_quantization") != std::string::npos; }),
              0);
}

// VRMC_materials_hdr_emissiveMultiplier, required: its one property is required by its schema and is
// a multiplier of light, so a missing, textual or negative one refuses the file naming the material
// and the value; a good one beside KHR_materials_emissive_strength loads (both multiply).
TEST(HostileDocument, AnEmissiveMultiplierThatIsMissingOrNegativeIsRefusedNamingTheMaterial) {
    const auto with = [](const json& extension) {
        Glb g = arm();
        g.json["materials"][0]["emissiveFactor"] = {1.0, 0.5, 0.25};
        g.json["materials"][0]["extensions"]["VRMC_materials_hdr_emissiveMultiplier"] = extension;
        g.json["extensionsUsed"] = g.json["extensionsRequired"] = {"VRMC_materials_hdr_emissiveMultiplier"};
        return g;
    };
    const std::string head = "material 0 ('ArmMaterial') VRMC_materials_hdr_emissiveMultiplier: ";
    EXPECT_EQ(load_error(with(json::object())),
              head + "emissiveMultiplier (required) is missing or not a number");
    EXPECT_EQ(load_error(with({{"emissiveMultiplier", "bright"}})),
              head + "emissiveMultiplier (required) is missing or not a number");
    EXPECT_EQ(load_error(with({{"emissiveMultiplier", -0.5}})),
              head + "emissiveMultiplier -0.500000 is not a finite number at least 0");
    // The control: the same file with a multiplier of 0 (no emission, allowed) loads.
    EXPECT_EQ(load_error(with({{"emissiveMultiplier", 0.0}})), "(loaded)");
}

TEST(HostileDocument, SceneAndSceneNodesMustResolve) {
    Glb scene = arm();
    scene.json["scene"] = 3;
    EXPECT_EQ(load_error(scene), "glTF: scene 3 is out of range (1 scenes)");
    Glb node = arm();
    node.json["scenes"][0]["nodes"] = {0, 7};
    EXPECT_EQ(load_error(node), "scene 0: node 7 is out of range (4 nodes)");
    node.json["scenes"][0]["name"] = "Main";
    EXPECT_EQ(load_error(node), "scene 0 ('Main'): node 7 is out of range (4 nodes)");
    Glb child = arm();
    child.json["nodes"][0]["children"] = {9};
    EXPECT_EQ(load_error(child), "node 0 ('" + child.json["nodes"][0].value("name", std::string()) +
                                     "'): child 9 is out of range (4 nodes)");
}

TEST(HostileDocument, ABufferWithoutUriOutsideTheGlbBinChunk) {
    json text = arm_text();
    text["buffers"][0].erase("uri");
    EXPECT_EQ(load_error(text),
              "buffer 0: has no uri; in a .gltf every buffer names its data (only a .glb's first "
              "buffer may be its BIN chunk)");
    Glb second = arm();
    second.json["buffers"].push_back({{"byteLength", 4}});
    EXPECT_EQ(load_error(second), "buffer 1: has no uri; only a .glb's first buffer may be its BIN chunk");
    Glb short_length = arm();
    const size_t bin = short_length.bin.size();
    short_length.json["buffers"][0]["byteLength"] = bin - 8;
    EXPECT_EQ(load_error(short_length), "buffer 0: byteLength " + std::to_string(bin - 8) +
                                            " disagrees with the GLB's BIN chunk of " + std::to_string(bin) +
                                            " bytes");
}

TEST(HostileDocument, DataUrisThatDoNotDecodeOrDisagreeWithByteLength) {
    json text = arm_text();
    const std::string uri = text["buffers"][0]["uri"];
    const size_t comma = uri.find(',');
    const size_t bytes = text["buffers"][0]["byteLength"];

    json bad = text;
    bad["buffers"][0]["uri"] = uri.substr(0, comma + 1) + "@@@@" + uri.substr(comma + 5);
    EXPECT_EQ(load_error(bad), "buffer 0: its data URI does not decode: character " +
                                   std::to_string(comma + 1) + " ('@') is not base64");
    json plain = text;
    plain["buffers"][0]["uri"] = "data:application/octet-stream,abcd";
    EXPECT_EQ(load_error(plain),
              "buffer 0: its data URI is not base64 ('data:...;base64,...'); only base64 data URIs are read");
    json longer = text;
    longer["buffers"][0]["byteLength"] = bytes + 4;
    EXPECT_EQ(load_error(longer), "buffer 0: byteLength " + std::to_string(bytes + 4) +
                                      " disagrees with the " + std::to_string(bytes) +
                                      " bytes of its data URI");
    // A media type tinygltf does not list was read as a file name ("File not found : data:...");
    // any base64 data URI is data.
    json media = text;
    media["buffers"][0]["uri"] = "data:;base64," + uri.substr(comma + 1);
    EXPECT_EQ(load_error(media), "(loaded)");
    json image = text;
    image["images"] = {{{"uri", "data:image/png;base64,%%%%"}, {"name", "skin"}}};
    EXPECT_EQ(load_error(image),
              "image 0 ('skin'): its data URI does not decode: character 22 ('%') is not base64");
}

TEST(HostileDocument, ExternalBufferByteLengthMustMatchItsFile) {
    const auto dir = fresh_dir();
    Glb g = arm();
    write_file(dir / "arm data.bin", std::string(g.bin.begin(), g.bin.end()));
    json text = g.json;
    text["buffers"][0]["uri"] = "arm%20data.bin";  // a relative URI with a percent-escape
    EXPECT_EQ(load_error(text, dir.string()), "(loaded)");
    text["buffers"][0]["byteLength"] = g.bin.size() + 4;
    EXPECT_EQ(load_error(text, dir.string()),
              "glTF: buffer 0 uri 'arm%20data.bin': byteLength " + std::to_string(g.bin.size() + 4) +
                  " disagrees with the file's " + std::to_string(g.bin.size()) + " bytes");
}

TEST(HostileDocument, MissingRequiredPropertiesAreNamed) {
    Glb count = arm();
    count.json["accessors"][0].erase("count");
    EXPECT_EQ(load_error(count), "accessor 0: 'count' is missing or not a non-negative integer (required)");
    Glb view = arm();
    view.json["bufferViews"][2]["buffer"] = "zero";
    EXPECT_EQ(load_error(view),
              "buffer view 2: 'buffer' is missing or not a non-negative integer (required)");
    Glb input = arm();
    input.json["animations"][0]["samplers"][0].erase("input");
    EXPECT_EQ(load_error(input),
              "animation 0 ('bend') sampler 0: 'input' is missing or not a non-negative integer (required)");
}

TEST(HostileDocument, ChannelsWithoutATargetNodeOrThroughAPointerAreSkippedWithANote) {
    Glb g = arm();
    json& channels = g.json["animations"][0]["channels"];
    const json good = channels[0];
    json no_node = good;
    no_node["target"].erase("node");
    json pointer = {
        {"sampler", 0},
        {"target",
         {{"path", "pointer"},
          {"extensions", {{"KHR_animation_pointer", {{"pointer", "/materials/0/doubleSided"}}}}}}}};
    channels = {no_node, pointer, good};
    g.json["extensionsUsed"] = {"KHR_animation_pointer"};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    EXPECT_TRUE(has_line(
        a->report,
        "animation 0 ('bend') channel 0: has no target node; skipped (glTF: such a channel is ignored)"));
    // A pointer skinview does not animate (node TRS and weights, material, light and camera
    // properties it does: gltf_animation_pointer_test).
    EXPECT_TRUE(has_line(a->report,
                         "animation 0 ('bend') channel 1: KHR_animation_pointer '/materials/0/doubleSided': "
                         "not a property skinview animates; skipped"));
    ASSERT_EQ(a->clips.size(), 1u);
    EXPECT_EQ(a->clips[0].channels.size(), 1u);
    // Messages about a later channel still use the file's index.
    channels[2]["sampler"] = 5;
    EXPECT_EQ(load_error(g), "animation 0 ('bend') channel 2: sampler 5 is out of range");
    // Every channel skipped: the animation is noted, not a clip, and not a refusal.
    channels = json::array({no_node});  // not {no_node}: clang reads that as a copy of the object
    const auto b = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_TRUE(b->clips.empty());
    EXPECT_TRUE(has_line(b->report, "animation 0 ('bend'): every channel was skipped; not listed as a clip"));
    // Negative control: a file that gives no channels at all is still refused.
    channels = json::array();
    EXPECT_EQ(load_error(g), "animation 0 ('bend'): has no channels");
}

TEST(HostileDocument, TheFilePathAppearsOnceAndABrokenGlbIsRefusedAsAGlb) {
    const auto dir = fresh_dir();
    const std::string gltf = (dir / "old.gltf").string();
    write_file(gltf, R"({"asset": {"version": "1.0"}, "meshes": {"m": {}}})");
    const auto a = load_gltf(gltf);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().message, gltf + ": glTF 1.0 is not supported (asset.version '1.0')");
    const std::string missing = (dir / "missing.gltf").string();
    json text = arm_text();
    text["buffers"][0]["uri"] = "gone.bin";
    write_file(missing, text.dump());
    const auto m = load_gltf(missing);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().message,
              missing + ": glTF: buffer 0 uri 'gone.bin': no file 'gone.bin' in the glTF's folder");
    const std::string glb = (dir / "broken.glb").string();
    write_file(glb, std::string("not a glb at all, and not JSON either"));
    const auto g = load_gltf(glb);
    ASSERT_FALSE(g.ok());
    EXPECT_EQ(g.error().message, glb + ": GLB: the file does not start with 'glTF'");
}

TEST(HostileDocument, SchemaBreachesTinygltfWouldNameInItsOwnWordsAreNamedHere) {
    // Each was tinygltf's raw text ("Unsupported `type` for accessor object", "accessor[5] invalid
    // bufferView", "`materials' does not contain an JSON object.") or, for the last four, loaded
    // silently as something the file did not say.
    const std::vector<std::pair<std::function<void(json&)>, std::string>> cases = {
        // json::array: a braced list of one json is a copy of it under clang and an array under GCC.
        {[](json& j) { j["images"] = json::array({json::object()}); },
         "image 0: has neither uri nor bufferView (one is required)"},
        {[](json& j) { j["accessors"][0]["type"] = "VEC5"; },
         "accessor 0: type 'VEC5' is not a glTF accessor type"},
        {[](json& j) { j["accessors"][0]["componentType"] = 5124; },
         "accessor 0: componentType 5124 is not a glTF component type"},
        {[](json& j) { j["bufferViews"][0]["byteStride"] = 2; },
         "buffer view 0: byteStride 2 is not a multiple of 4 in 4..252"},
        {[](json& j) {
             j["accessors"][0]["sparse"] = {{"count", 1}, {"values", {{"bufferView", 0}}}};
         },
         "accessor 0: sparse: 'indices' is missing or not an object (required)"},
        {[](json& j) { j["materials"][0] = 3; }, "material 0: is not a JSON object"},
        {[](json& j) { j["meshes"][0]["primitives"][0]["indices"] = 99; },
         "mesh 0 ('ArmMesh') primitive 0: indices 99 is out of range (9 accessors)"},
        {[](json& j) { j["accessors"][5].erase("bufferView"); },
         "mesh 0 ('ArmMesh') primitive 0: indices accessor 5 has no buffer view (all-zero indices draw "
         "nothing)"},
        {[](json& j) {
             j["cameras"] = {{{"type", "perspective"}}};
         },
         "camera 0: 'perspective' is missing or not an object (required)"},
        {[](json& j) { j["meshes"][0]["primitives"][0].erase("attributes"); },
         "mesh 0 ('ArmMesh') primitive 0: 'attributes' is missing or not an object (required)"},
        {[](json& j) { j["animations"][0]["channels"][0]["target"] = 5; },
         "animation 0 ('bend') channel 0: 'target' is missing or not an object (required)"},
        {[](json& j) { j["nodes"][0]["mesh"] = "x"; },
         "node 0 ('Arm'): 'mesh' is not a non-negative integer"},
        {[](json& j) { j["extensionsRequired"] = "x"; },
         "glTF: 'extensionsRequired' is not an array of extension names"},
    };
    for (const auto& [edit, message] : cases) {
        Glb g = arm();
        edit(g.json);
        EXPECT_EQ(load_error(g), message);
    }
}

// VRMC_vrm_animation on a file whose map is the wrong shape: refused naming the element, never
// read past (the arm has four nodes).
TEST(HostileDocument, AMalformedVrmAnimationIsRefusedNamingTheElement) {
    const auto with = [](const nlohmann::json& ext) {
        Glb g = arm();
        g.json["extensionsUsed"] = {"VRMC_vrm_animation"};
        g.json["extensions"]["VRMC_vrm_animation"] = ext;
        return load_error(g);
    };
    EXPECT_EQ(with(7), "VRMC_vrm_animation: is not an object");
    EXPECT_EQ(with({{"specVersion", "1.0"}, {"humanoid", {{"humanBones", {1, 2}}}}}),
              "VRMC_vrm_animation: has no humanoid.humanBones object");
    EXPECT_EQ(with({{"specVersion", "1.0"}, {"humanoid", {{"humanBones", {{"hips", {{"node", "1"}}}}}}}}),
              "VRMC_vrm_animation humanoid.humanBones.hips: has no node index");
    EXPECT_EQ(with({{"specVersion", "1.0"}, {"humanoid", {{"humanBones", {{"hips", {{"node", 4}}}}}}}}),
              "VRMC_vrm_animation humanoid.humanBones.hips: node 4 is out of range (4 nodes)");
    EXPECT_EQ(with({{"specVersion", "1.0"},
                    {"humanoid", {{"humanBones", {{"hips", {{"node", 1}}}}}}},
                    {"expressions", {{"custom", {{"smile", {{"node", 1.5}}}}}}}}),
              "VRMC_vrm_animation expressions.custom.smile: has no node index");
}
