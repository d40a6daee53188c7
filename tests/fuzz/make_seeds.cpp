// Writes the fuzzer's seed corpus into a folder: the project's own characters as GLB and .gltf,
// and small variants that reach the paths a plain character does not (CUBICSPLINE and STEP clips,
// a scale channel on one joint, matrix locals, a second skin in a tree of its own, a static mesh
// on a joint, an embedded PNG, a node cycle, minimal JSON), and one seed per decoder and document
// check the importer has: the committed meshopt, Draco and quantized variants of the arm
// (tests/data/variants), sparse accessors, a WebP texture (when libwebp is found), a texture
// transform on TEXCOORD_1, VRM's emissive multiplier, skipped channels, and refused versions and
// extensions. Deterministic,
// so the corpus is the same on every build; generated rather than committed because the
// characters are.
//   make_seeds OUT_DIR
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#ifdef SKINVIEW_SEEDS_HAVE_WEBP
#include <webp/encode.h>
#endif

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/pointer_builder.h"
#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;

namespace {

std::filesystem::path out_dir;

void write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(out_dir / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}
void write_text(const std::string& name, const std::string& text) { write(name, {text.begin(), text.end()}); }
void write_asset(const std::string& name, const Asset& a) { write(name, write_glb(a).value()); }

// A 1x1 RGBA PNG.
const char* kPixelPng =
    "data:image/"
    "png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+"
    "M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_seeds OUT_DIR\n");
        return 2;
    }
    out_dir = argv[1];
    std::filesystem::create_directories(out_dir);

    const Asset arm = build_arm_asset();
    write_asset("arm.glb", arm);
    write_asset("humanoid_mixamo.glb", build_humanoid_asset(HumanoidShape::MixamoExport));
    write_asset("humanoid_prescale.glb", build_humanoid_asset(HumanoidShape::PreScale));
    {  // MToon: 1.0's VRMC_materials_mtoon and 0.x's VRM/MToon materialProperties, outline on.
        VrmAvatarOptions o;
        o.mtoon = true;
        write_asset("avatar_vrm1_mtoon.glb", build_vrm_avatar(VrmVersion::V1, o));
        write_asset("avatar_vrm0_mtoon.glb", build_vrm_avatar(VrmVersion::V0, o));
    }
    // A VRM Animation: the fuzzer mutates its VRMC_vrm_animation map and the skin made from it.
    write_asset("walk.vrma", build_vrm_animation());
    if (!write_gltf_file(arm, (out_dir / "arm.gltf").string()).ok()) return 1;

    {  // CUBICSPLINE: each key's value with zero tangents either side.
        Asset a = arm;
        for (Channel& ch : a.clips[0].channels) {
            const size_t nc = static_cast<size_t>(ch.components());
            std::vector<float> v;
            for (size_t k = 0; k < ch.times.size(); ++k) {
                v.insert(v.end(), nc, 0.0f);
                v.insert(v.end(), ch.values.begin() + static_cast<long>(k * nc),
                         ch.values.begin() + static_cast<long>((k + 1) * nc));
                v.insert(v.end(), nc, 0.0f);
            }
            ch.values = v;
            ch.interpolation = Interpolation::CubicSpline;
        }
        write_asset("arm_cubic.glb", a);
    }
    {  // STEP, plus a non-uniform scale channel on the elbow (a scale conflict).
        Asset a = arm;
        for (Channel& ch : a.clips[0].channels) ch.interpolation = Interpolation::Step;
        Channel s;
        s.node = a.clips[0].channels[0].node;
        s.path = TargetPath::Scale;
        s.times = {0.0f, 1.0f};
        s.values = {1, 1, 1, 2, 1, 0.5f};
        a.clips[0].channels.push_back(s);
        write_asset("arm_step_scale.glb", a);
    }
    {  // Matrix locals, and a static mesh hanging on the wrist.
        Asset a = arm;
        for (Node& n : a.scene.nodes)
            if (n.mesh < 0) n.set_local_matrix(n.local());
        Node prop;
        prop.name = "Prop";
        prop.mesh = 0;
        prop.parent = a.scene.find("Wrist");
        a.scene.nodes.push_back(prop);
        a.scene.nodes[static_cast<size_t>(prop.parent)].children.push_back(
            static_cast<int>(a.scene.nodes.size() - 1));
        write_asset("arm_matrix_prop.glb", a);
    }

    const sv::test::Glb g = sv::test::Glb::parse(write_glb(arm).value());
    {  // A second skin whose joints sit in a tree of their own.
        sv::test::Glb t = g;
        t.json["nodes"].push_back({{"name", "Loose"}});
        t.json["skins"].push_back({{"joints", {1, t.json["nodes"].size() - 1}}});
        write("arm_two_skins.glb", t.pack());
    }
    {  // An embedded PNG as the base colour texture (.gltf, data URIs).
        nlohmann::json j = nlohmann::json::parse(sv::test::read_bytes((out_dir / "arm.gltf").string()));
        j["images"] = {{{"uri", kPixelPng}, {"name", "pixel"}}};
        j["textures"] = {{{"source", 0}}};
        j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
        write_text("arm_texture.gltf", j.dump());
    }
    {  // A node cycle: refused, and a seed for the graph checks.
        sv::test::Glb t = g;
        t.json["nodes"][3]["children"] = {1};
        write("arm_cycle.glb", t.pack());
    }
    for (const char* v : {"arm_meshopt.glb", "arm_draco.glb", "arm_quantized.glb"})
        write(v, sv::test::read_bytes(std::string(SKINVIEW_SOURCE_DIR) + "/tests/data/variants/" + v));
    {  // Sparse: POSITION over its own view (two elements replaced), NORMAL over zeros.
        sv::test::Glb t = g;
        const std::vector<std::uint16_t> idx = {3, 10};
        const std::vector<float> val = {0, 1, 0, 0, 0, 1};
        const size_t at = t.bin.size();
        t.bin.resize(at + 4 + val.size() * 4);
        std::memcpy(t.bin.data() + at, idx.data(), 4);
        std::memcpy(t.bin.data() + at + 4, val.data(), val.size() * 4);
        t.json["buffers"][0]["byteLength"] = t.bin.size();
        t.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", 4}});
        t.json["bufferViews"].push_back(
            {{"buffer", 0}, {"byteOffset", at + 4}, {"byteLength", val.size() * 4}});
        const size_t iv = t.json["bufferViews"].size() - 2, vv = iv + 1;
        const nlohmann::json sparse = {{"count", 2},
                                       {"indices", {{"bufferView", iv}, {"componentType", 5123}}},
                                       {"values", {{"bufferView", vv}}}};
        t.json["accessors"][0]["sparse"] = sparse;
        t.json["accessors"][1]["sparse"] = sparse;
        t.json["accessors"][1].erase("bufferView");
        write("arm_sparse.glb", t.pack());
    }
#ifdef SKINVIEW_SEEDS_HAVE_WEBP
    {  // A 2x2 lossless WebP as the base colour texture, through EXT_texture_webp.
        const std::uint8_t rgba[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
        std::uint8_t* webp = nullptr;
        const size_t n = WebPEncodeLosslessRGBA(rgba, 2, 2, 8, &webp);
        sv::test::Glb t = g;
        const size_t at = t.bin.size();
        t.bin.insert(t.bin.end(), webp, webp + n);
        WebPFree(webp);
        t.json["buffers"][0]["byteLength"] = t.bin.size();
        t.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", n}});
        t.json["images"] = {{{"bufferView", t.json["bufferViews"].size() - 1}, {"mimeType", "image/webp"}}};
        t.json["textures"] = {{{"extensions", {{"EXT_texture_webp", {{"source", 0}}}}}}};
        t.json["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};
        t.json["extensionsUsed"] = t.json["extensionsRequired"] = {"EXT_texture_webp"};
        write("arm_webp.glb", t.pack());
    }
#endif
    {  // KHR_texture_transform on the base colour, reading TEXCOORD_1 (TEXCOORD_0's accessor again).
        nlohmann::json j =
            nlohmann::json::parse(sv::test::read_bytes((out_dir / "arm_texture.gltf").string()));
        j["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_1"] =
            j["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"];
        j["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["extensions"] = {
            {"KHR_texture_transform",
             {{"offset", {0.5, 0}}, {"rotation", 0.39}, {"scale", {1.5, 1.5}}, {"texCoord", 1}}}};
        j["extensionsUsed"] = {"KHR_texture_transform"};
        write_text("arm_texture_transform.gltf", j.dump());
    }
    {  // Channels the importer rewrites or skips: one without a target node (skipped), one through
       // KHR_animation_pointer on a node's rotation (played as a node channel).
        sv::test::Glb t = g;
        nlohmann::json& ch = t.json["animations"][0]["channels"];
        ch.push_back({{"sampler", 0}, {"target", {{"path", "rotation"}}}});
        ch.push_back({{"sampler", 0},
                      {"target",
                       {{"path", "pointer"},
                        {"extensions", {{"KHR_animation_pointer", {{"pointer", "/nodes/2/rotation"}}}}}}}});
        write("arm_skipped_channels.glb", t.pack());
    }
    {  // The KHR_animation_pointer fixture: material, texture transform and light properties and a
       // node's translation, every channel a pointer.
        sv::anim::WriteOptions o;
        o.node_pointers = true;
        write("pointer_properties.glb", sv::anim::write_glb(sv::anim::build_pointer_asset(), o).value());
    }
    {  // VRMC_materials_hdr_emissiveMultiplier, required, beside KHR_materials_emissive_strength: the
       // material reader's multiplier, and (mutated) its refusals of a missing or negative one.
        sv::test::Glb t = g;
        nlohmann::json& m = t.json["materials"][0];
        m["emissiveFactor"] = {0.25, 0.5, 0.125};
        m["extensions"]["VRMC_materials_hdr_emissiveMultiplier"] = {{"emissiveMultiplier", 3.5}};
        m["extensions"]["KHR_materials_emissive_strength"] = {{"emissiveStrength", 2.0}};
        t.json["extensionsUsed"] = {"VRMC_materials_hdr_emissiveMultiplier",
                                    "KHR_materials_emissive_strength"};
        t.json["extensionsRequired"] = {"VRMC_materials_hdr_emissiveMultiplier"};
        write("arm_emissive_multiplier.glb", t.pack());
    }
    {  // Refusals at the document level: the version, a required extension skinview lacks.
        sv::test::Glb t = g;
        t.json["asset"]["version"] = "1.0";
        write("arm_version_one.glb", t.pack());
        t.json["asset"]["version"] = "2.0";
        t.json["asset"]["minVersion"] = "2.0";
        t.json["extensionsUsed"] = t.json["extensionsRequired"] = {"KHR_texture_basisu"};
        write("arm_requires_basisu.glb", t.pack());
    }
    write_text("minimal.gltf", R"({"asset":{"version":"2.0"}})");
    write_text(
        "one_node.gltf",
        R"({"asset":{"version":"2.0"},"nodes":[{"name":"n","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}],"scenes":[{"nodes":[0]}]})");
    return 0;
}
