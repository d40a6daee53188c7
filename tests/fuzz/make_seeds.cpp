// Writes the fuzzer's seed corpus into a folder: the project's own characters as GLB and .gltf,
// and small variants that reach the paths a plain character does not (CUBICSPLINE and STEP clips,
// a scale channel on one joint, matrix locals, a second skin in a tree of its own, a static mesh
// on a joint, an embedded PNG, a node cycle, minimal JSON). Deterministic, so the corpus is the
// same on every build; generated rather than committed because the characters are.
//   make_seeds OUT_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "glb_edit.h"
#include "anim/asset_builder.h"

using namespace sv::anim;

namespace {

std::filesystem::path out_dir;

void write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(out_dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                          static_cast<std::streamsize>(bytes.size()));
}
void write_text(const std::string& name, const std::string& text) { write(name, {text.begin(), text.end()}); }
void write_asset(const std::string& name, const Asset& a) { write(name, write_glb(a).value()); }

// A 1x1 RGBA PNG.
const char* kPixelPng =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

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
    if (!write_gltf_file(arm, (out_dir / "arm.gltf").string()).ok()) return 1;

    {  // CUBICSPLINE: each key's value with zero tangents either side.
        Asset a = arm;
        for (Channel& ch : a.clips[0].channels) {
            const size_t nc = static_cast<size_t>(ch.components());
            std::vector<float> v;
            for (size_t k = 0; k < ch.times.size(); ++k) {
                v.insert(v.end(), nc, 0.0f);
                v.insert(v.end(), ch.values.begin() + static_cast<long>(k * nc), ch.values.begin() + static_cast<long>((k + 1) * nc));
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
        a.scene.nodes[static_cast<size_t>(prop.parent)].children.push_back(static_cast<int>(a.scene.nodes.size() - 1));
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
    write_text("minimal.gltf", R"({"asset":{"version":"2.0"}})");
    write_text("one_node.gltf", R"({"asset":{"version":"2.0"},"nodes":[{"name":"n","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}],"scenes":[{"nodes":[0]}]})");
    return 0;
}
