// KHR_animation_pointer: a pointer to a node's translation, rotation, scale or weights plays exactly
// as the core channel it stands for (the arm's own clip rewritten channel by channel into pointers
// loads to the same keys), and a pointer skinview does not animate is a note naming it, never a
// refusal. The rewrite is the test's own JSON edit, so the expected clip is the core file's.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "anim/asset_tools/asset_builder.h"
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

TEST(GltfAnimationPointer, APointerSkinviewDoesNotAnimateIsNamedInANote) {
    Glb g = Glb::parse(write_glb(build_arm_asset()).value());
    auto& channels = g.json["animations"][0]["channels"];
    nlohmann::json light = channels[0];
    light["target"] = {
        {"path", "pointer"},
        {"extensions",
         {{"KHR_animation_pointer", {{"pointer", "/extensions/KHR_lights_punctual/lights/0/intensity"}}}}}};
    // Negative control in the same file: a node path that is not TRS or weights is not a node pointer.
    nlohmann::json odd = channels[0];
    odd["target"] = {{"path", "pointer"},
                     {"extensions", {{"KHR_animation_pointer", {{"pointer", "/nodes/0/matrix"}}}}}};
    channels.push_back(light);
    channels.push_back(odd);
    g.json["extensionsUsed"] = {"KHR_animation_pointer"};
    g.json["extensionsRequired"] = {"KHR_animation_pointer"};
    const auto a = load_gltf_from_memory(g.pack(), "", true);
    ASSERT_TRUE(a.ok()) << a.error().message;
    const auto noted = [&](const std::string& ptr) {
        return std::any_of(a->picture_notes.begin(), a->picture_notes.end(), [&](const std::string& l) {
            return l.find("'" + ptr + "' is not animated") != std::string::npos;
        });
    };
    EXPECT_TRUE(noted("/extensions/KHR_lights_punctual/lights/0/intensity"));
    EXPECT_TRUE(noted("/nodes/0/matrix"));
}
