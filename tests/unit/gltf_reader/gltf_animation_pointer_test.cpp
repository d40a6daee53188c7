// KHR_animation_pointer: a pointer to a node's translation, rotation, scale or weights plays exactly
// as the core channel it stands for (the arm's own clip rewritten channel by channel into pointers
// loads to the same keys); a pointer to a material, light or camera property loads as a property
// track of the target its spelling names (the expected targets are written out here from the
// extension's list, not taken from the reader's table); and a pointer that is malformed, names an
// element the file lacks, or a property skinview does not animate, is one note naming the pointer
// and why, never a refusal. The rewrite is the test's own JSON edit, so the expected clip is the
// core file's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/pointer_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

using namespace sv::anim;
using sv::test::Glb;

namespace {

nlohmann::json as_pointer(const nlohmann::json& channel) {
    nlohmann::json c = channel;
    const std::string ptr = "/nodes/" + std::to_string(channel["target"]["node"].get<int>()) + "/" +
                            channel["target"]["path"].get<std::string>();
    c["target"] = {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", ptr}}}}}};
    return c;
}

}  // namespace

TEST(GltfAnimationPointer, NodePointersPlayAsTheirCoreChannels) {
    const Glb core = Glb::parse(write_glb(build_arm_asset()).value());
    ASSERT_TRUE(core.json.contains("animations"));
    Glb ptr = core;
    size_t rewritten = 0;
    for (auto& anim : ptr.json["animations"])
        for (auto& ch : anim["channels"]) {
            ch = as_pointer(ch);
            ++rewritten;
        }
    ASSERT_GT(rewritten, 0u);
    ptr.json["extensionsUsed"] = {"KHR_animation_pointer"};
    const auto a = load_gltf_from_memory(core.pack(), "", true);
    const auto b = load_gltf_from_memory(ptr.pack(), "", true);
    ASSERT_TRUE(a.ok() && b.ok()) << (b.ok() ? "" : b.error().message);
    ASSERT_EQ(a->clips.size(), b->clips.size());
    for (size_t c = 0; c < a->clips.size(); ++c) {
        ASSERT_EQ(a->clips[c].channels.size(), b->clips[c].channels.size()) << "clip " << c;
        for (size_t k = 0; k < a->clips[c].channels.size(); ++k) {
            const Channel& x = a->clips[c].channels[k];
            const Channel& y = b->clips[c].channels[k];
            EXPECT_EQ(x.node, y.node);
            EXPECT_EQ(x.path, y.path);
            EXPECT_EQ(x.times, y.times);
            EXPECT_EQ(x.values, y.values);
        }
    }
    EXPECT_TRUE(std::none_of(b->report.begin(), b->report.end(), [](const std::string& l) {
        return l.find("KHR_animation_pointer") != std::string::npos;
    })) << "a node pointer was noted as not played";
}

namespace {

// Appends `values` as a float accessor of `comps` components (SCALAR..VEC4; 16 is MAT4) to the
// GLB's buffer, and returns its index.
int add_accessor(Glb& g, const std::vector<float>& values, int comps) {
    static const char* types[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
    while (g.bin.size() % 4) g.bin.push_back(0);
    const size_t at = g.bin.size();
    g.bin.resize(at + values.size() * 4);
    std::memcpy(g.bin.data() + at, values.data(), values.size() * 4);
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", at}, {"byteLength", values.size() * 4}});
    nlohmann::json acc = {{"bufferView", g.json["bufferViews"].size() - 1},
                          {"componentType", 5126},
                          {"count", values.size() / static_cast<size_t>(comps)},
                          {"type", comps == 16 ? "MAT4" : types[comps]}};
    if (comps == 1) acc["min"] = {values.front()}, acc["max"] = {values.back()};
    g.json["accessors"].push_back(acc);
    return static_cast<int>(g.json["accessors"].size()) - 1;
}

// The arm with one more channel on sampler 0's times, animating `pointer` through a new sampler
// whose output has `comps` floats a key (two keys, LINEAR), plus a material of every extension
// factor, a spot light, a point light, a perspective and an orthographic camera to point into.
Glb arm_with_pointer(const std::string& pointer, int comps) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    auto& anim = g.json["animations"][0];
    std::vector<float> values;
    for (int k = 0; k < 2; ++k)
        for (int c = 0; c < comps; ++c)
            values.push_back(0.1f * static_cast<float>(k + 1) + 0.01f * static_cast<float>(c));
    const int out = add_accessor(g, values, comps);
    const int in = add_accessor(g, {0.0f, 1.0f}, 1);
    anim["samplers"].push_back({{"input", in}, {"output", out}, {"interpolation", "LINEAR"}});
    anim["channels"].push_back(
        {{"sampler", anim["samplers"].size() - 1},
         {"target",
          {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}}}});
    g.json["extensionsUsed"] = {"KHR_animation_pointer", "KHR_lights_punctual"};
    g.json["extensions"]["KHR_lights_punctual"]["lights"] = {
        {{"type", "spot"}, {"spot", {{"innerConeAngle", 0.1}, {"outerConeAngle", 0.5}}}},
        {{"type", "point"}}};
    g.json["cameras"] = {{{"type", "perspective"}, {"perspective", {{"yfov", 0.7}, {"znear", 0.1}}}},
                         {{"type", "orthographic"},
                          {"orthographic", {{"xmag", 1.0}, {"ymag", 1.0}, {"znear", 0.1}, {"zfar", 10.0}}}}};
    return g;
}

bool has_note(const Asset& a, const std::string& text) {
    return std::any_of(a.picture_notes.begin(), a.picture_notes.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

}  // namespace

TEST(GltfAnimationPointer, MaterialLightAndCameraPointersLoadAsPropertyTracksOfTheirTarget) {
    using P = AnimatedProperty;
    using S = TextureSlot;
    const struct {
        const char* pointer;
        P property;
        int index;
        S slot;
        int comps;
    } cases[] = {
        {"/materials/0/pbrMetallicRoughness/baseColorFactor", P::BaseColorFactor, 0, S::None, 4},
        {"/materials/0/pbrMetallicRoughness/metallicFactor", P::MetallicFactor, 0, S::None, 1},
        {"/materials/0/pbrMetallicRoughness/roughnessFactor", P::RoughnessFactor, 0, S::None, 1},
        {"/materials/0/emissiveFactor", P::EmissiveFactor, 0, S::None, 3},
        {"/materials/0/alphaCutoff", P::AlphaCutoff, 0, S::None, 1},
        {"/materials/0/normalTexture/scale", P::NormalTextureScale, 0, S::None, 1},
        {"/materials/0/occlusionTexture/strength", P::OcclusionTextureStrength, 0, S::None, 1},
        {"/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset",
         P::TextureOffset, 0, S::BaseColor, 2},
        {"/materials/0/normalTexture/extensions/KHR_texture_transform/rotation", P::TextureRotation, 0,
         S::Normal, 1},
        {"/materials/0/emissiveTexture/extensions/KHR_texture_transform/scale", P::TextureScale, 0,
         S::Emissive, 2},
        {"/materials/0/extensions/KHR_materials_clearcoat/clearcoatNormalTexture/extensions/"
         "KHR_texture_transform/"
         "offset",
         P::TextureOffset, 0, S::ClearcoatNormal, 2},
        {"/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength", P::EmissiveStrength, 0,
         S::None, 1},
        {"/materials/0/extensions/KHR_materials_ior/ior", P::Ior, 0, S::None, 1},
        {"/materials/0/extensions/KHR_materials_specular/specularColorFactor", P::SpecularColorFactor, 0,
         S::None, 3},
        {"/materials/0/extensions/KHR_materials_clearcoat/clearcoatFactor", P::ClearcoatFactor, 0, S::None,
         1},
        {"/materials/0/extensions/KHR_materials_sheen/sheenColorFactor", P::SheenColorFactor, 0, S::None, 3},
        {"/materials/0/extensions/KHR_materials_transmission/transmissionFactor", P::TransmissionFactor, 0,
         S::None, 1},
        {"/materials/0/extensions/KHR_materials_volume/attenuationColor", P::AttenuationColor, 0, S::None, 3},
        {"/materials/0/extensions/KHR_materials_iridescence/iridescenceThicknessMaximum",
         P::IridescenceThicknessMaximum, 0, S::None, 1},
        {"/materials/0/extensions/KHR_materials_anisotropy/anisotropyRotation", P::AnisotropyRotation, 0,
         S::None, 1},
        {"/materials/0/extensions/KHR_materials_dispersion/dispersion", P::Dispersion, 0, S::None, 1},
        {"/extensions/KHR_lights_punctual/lights/1/color", P::LightColor, 1, S::None, 3},
        {"/extensions/KHR_lights_punctual/lights/1/intensity", P::LightIntensity, 1, S::None, 1},
        {"/extensions/KHR_lights_punctual/lights/0/range", P::LightRange, 0, S::None, 1},
        {"/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle", P::LightOuterConeAngle, 0, S::None,
         1},
        {"/cameras/0/perspective/yfov", P::CameraYfov, 0, S::None, 1},
        {"/cameras/0/perspective/zfar", P::CameraZfar, 0, S::None, 1},
        {"/cameras/1/orthographic/ymag", P::CameraYmag, 1, S::None, 1},
        {"/cameras/1/orthographic/znear", P::CameraZnear, 1, S::None, 1},
    };
    for (const auto& c : cases) {
        const auto a = load_gltf_from_memory(arm_with_pointer(c.pointer, c.comps).pack(), "", true);
        ASSERT_TRUE(a.ok()) << c.pointer << ": " << a.error().message;
        ASSERT_EQ(a->clips.size(), 1u);
        ASSERT_EQ(a->clips[0].properties.size(), 1u) << c.pointer << " was not loaded as a property track";
        const PropertyChannel& p = a->clips[0].properties[0];
        EXPECT_EQ(p.target.property, c.property) << c.pointer;
        EXPECT_EQ(p.target.index, c.index) << c.pointer;
        EXPECT_EQ(p.target.slot, c.slot) << c.pointer;
        EXPECT_EQ(p.times, (std::vector<float>{0.0f, 1.0f})) << c.pointer;
        ASSERT_EQ(p.values.size(), static_cast<size_t>(2 * c.comps)) << c.pointer;
        EXPECT_FLOAT_EQ(p.values[static_cast<size_t>(c.comps)], 0.2f) << c.pointer;
        EXPECT_FALSE(has_note(*a, c.pointer)) << c.pointer << " was noted as skipped";
    }
}

TEST(GltfAnimationPointer, ABadOrUnsupportedPointerIsOneNoteNamingItAndWhy) {
    const struct {
        const char* pointer;
        int comps;
        const char* why;
    } cases[] = {
        // Malformed.
        {"materials/0/pbrMetallicRoughness/baseColorFactor", 4,
         "not a JSON pointer (it must start with '/')"},
        {"/materials/x/alphaCutoff", 1, "'x' is not a material index"},
        {"/materials/01/alphaCutoff", 1, "'01' is not a material index"},
        {"/materials/0", 1, "names a whole material"},
        {"", 1, "the channel gives no pointer"},
        // Out of range.
        {"/materials/3/alphaCutoff", 1, "material 3 does not exist (the file has 1)"},
        {"/extensions/KHR_lights_punctual/lights/2/intensity", 1, "light 2 does not exist (the file has 2)"},
        {"/cameras/7/perspective/yfov", 1, "camera 7 does not exist (the file has 2)"},
        {"/nodes/99/translation", 3, "node 99 does not exist"},
        // Exists, but not as this property.
        {"/extensions/KHR_lights_punctual/lights/1/spot/innerConeAngle", 1, "light 1 is not a spot light"},
        {"/cameras/1/perspective/yfov", 1, "camera 1 is not a perspective camera"},
        {"/cameras/0/orthographic/xmag", 1, "camera 0 is not an orthographic camera"},
        // A property skinview does not animate.
        {"/materials/0/extensions/KHR_materials_diffuse_transmission/diffuseTransmissionFactor", 1,
         "not a property skinview animates"},
        {"/nodes/0/matrix", 16, "not a property skinview animates"},
        {"/nodes/0/extensions/KHR_node_visibility/visible", 1, "not a property skinview animates"},
        {"/meshes/0/weights", 1, "not a property skinview animates"},
        // A valid pointer whose output is not the property's type: skipped, not refused.
        {"/materials/0/pbrMetallicRoughness/baseColorFactor", 3, "output"},
    };
    for (const auto& c : cases) {
        const Glb g = arm_with_pointer(c.pointer, c.comps);
        const size_t arm_channels = g.json["animations"][0]["channels"].size() - 1;  // the pointer is last
        const auto a = load_gltf_from_memory(g.pack(), "", true);
        ASSERT_TRUE(a.ok()) << c.pointer << ": refused: " << a.error().message;
        ASSERT_EQ(a->clips.size(), 1u);
        EXPECT_TRUE(a->clips[0].properties.empty()) << c.pointer;
        const std::string start = "animation 0 ('bend') channel " + std::to_string(arm_channels) +
                                  ": KHR_animation_pointer '" + std::string(c.pointer) + "': ";
        const auto n =
            std::count_if(a->picture_notes.begin(), a->picture_notes.end(), [&](const std::string& l) {
                return l.rfind(start, 0) == 0 && l.find(c.why) != std::string::npos &&
                       l.find("; skipped") != std::string::npos;
            });
        EXPECT_EQ(n, 1) << c.pointer << " (" << c.why << "); notes:\n"
                        << [&] {
                               std::string all;
                               for (const auto& l : a->picture_notes) all += l + "\n";
                               return all;
                           }();
        // The arm's own channels still play.
        EXPECT_EQ(a->clips[0].channels.size(), arm_channels) << c.pointer;
    }
}

TEST(GltfAnimationPointer, TheBuildersFixtureRoundTripsThroughTheWriter) {
    const Asset src = build_pointer_asset();
    WriteOptions o;
    o.node_pointers = true;
    const auto bytes = write_glb(src, o);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const Glb g = Glb::parse(*bytes);
    // Every channel of the file is a pointer (the node's translation too).
    for (const auto& ch : g.json["animations"][0]["channels"]) EXPECT_EQ(ch["target"]["path"], "pointer");
    const auto a = load_gltf_from_memory(*bytes, "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    ASSERT_EQ(a->clips.size(), 1u);
    const Clip& got = a->clips[0];
    const Clip& want = src.clips[0];
    EXPECT_EQ(got.duration, 2.0f);
    ASSERT_EQ(got.properties.size(), want.properties.size());
    for (size_t k = 0; k < want.properties.size(); ++k) {
        EXPECT_TRUE(got.properties[k].target == want.properties[k].target) << k;
        EXPECT_EQ(got.properties[k].interpolation, want.properties[k].interpolation) << k;
        EXPECT_EQ(got.properties[k].times, want.properties[k].times) << k;
        EXPECT_EQ(got.properties[k].values, want.properties[k].values) << k;
    }
    ASSERT_EQ(got.channels.size(), 1u);
    EXPECT_EQ(got.channels[0].node, 3);
    EXPECT_EQ(got.channels[0].path, TargetPath::Translation);
    EXPECT_EQ(got.channels[0].values, want.channels[0].values);
    ASSERT_EQ(a->lights.size(), 1u);
    EXPECT_EQ(a->lights[0].intensity, 4.0f);
    ASSERT_EQ(a->materials.size(), 3u);
    EXPECT_EQ(a->materials[1].base_color_texture.image, 0);
    EXPECT_TRUE(a->picture_notes.empty()) << a->picture_notes.front();
    // A clip of pointers only is still a clip.
    Glb only = g;
    auto& chans = only.json["animations"][0]["channels"];
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& ch : chans)
        if (ch["target"]["extensions"]["KHR_animation_pointer"]["pointer"].get<std::string>().rfind("/nodes/",
                                                                                                    0) != 0)
            kept.push_back(ch);
    chans = kept;
    const auto b = load_gltf_from_memory(only.pack(), "", true);
    ASSERT_TRUE(b.ok()) << b.error().message;
    ASSERT_EQ(b->clips.size(), 1u);
    EXPECT_TRUE(b->clips[0].channels.empty());
    EXPECT_EQ(b->clips[0].properties.size(), 3u);
}

// Every pointer the writer writes resolves to an object the file holds, as readers that walk the
// document by the pointer need (the Khronos Sample Renderer 1.1.0 fails on a pointer whose parent
// is absent): the fixture's texture offset is 0 at rest, which alone writes no
// KHR_texture_transform, so the writer writes the transform (identity) because a clip animates it.
TEST(GltfAnimationPointer, EveryWrittenPointerNamesAnObjectTheFileHolds) {
    WriteOptions o;
    o.node_pointers = true;
    const auto bytes = write_glb(build_pointer_asset(), o);
    ASSERT_TRUE(bytes.ok()) << bytes.error().message;
    const Glb g = Glb::parse(*bytes);
    int resolved = 0;
    for (const auto& ch : g.json["animations"][0]["channels"]) {
        std::string pointer = ch["target"]["extensions"]["KHR_animation_pointer"]["pointer"];
        // The parent object of the animated property (the property itself may be a default).
        const std::string parent = pointer.substr(0, pointer.rfind('/'));
        EXPECT_TRUE(g.json.contains(nlohmann::json::json_pointer(parent))) << pointer;
        resolved += g.json.contains(nlohmann::json::json_pointer(parent)) ? 1 : 0;
    }
    EXPECT_EQ(resolved, 4);
    const auto& t = g.json["materials"][1]["pbrMetallicRoughness"]["baseColorTexture"];
    ASSERT_TRUE(t.contains("extensions")) << t.dump();
    EXPECT_EQ(t["extensions"]["KHR_texture_transform"]["offset"], nlohmann::json::array({0.0, 0.0}));
    // Control: without the clip nothing animates the offset, and no transform is written.
    Asset still = build_pointer_asset();
    still.clips.clear();
    const Glb h = Glb::parse(write_glb(still).value());
    EXPECT_FALSE(h.json["materials"][1]["pbrMetallicRoughness"]["baseColorTexture"].contains("extensions"));
}
