// Test helper: the asset builder's arm (anim::build_arm_asset: a cylinder skinned to Shoulder,
// Elbow and Wrist, clip "bend") written as a GLB with EXT_mesh_gpu_instancing on its skinned node,
// the instances' TRANSLATION / ROTATION / SCALE appended to the BIN chunk as float accessors.
// Shared by the reader's test (tests/unit/gltf_reader) and the drawn one (tests/gl/scene).
#pragma once

#include <cstring>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"

namespace sv::test {

struct InstanceTrs {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // w, x, y, z
    glm::vec3 scale{1.0f};
};

// Three instances apart on X, each turned and scaled differently, so a copy drawn at the wrong
// place, turn or size misses its expected pixels.
inline std::vector<InstanceTrs> three_arm_instances() {
    return {
        {{-2.5f, 0.0f, 0.0f}, glm::angleAxis(glm::radians(20.0f), glm::vec3(0, 0, 1)), {1.0f, 1.0f, 1.0f}},
        {{0.0f, 0.3f, 0.0f}, glm::quat(1, 0, 0, 0), {0.6f, 0.6f, 0.6f}},
        {{2.5f, -0.5f, 0.0f}, glm::angleAxis(glm::radians(-35.0f), glm::vec3(0, 0, 1)), {1.2f, 0.8f, 1.0f}}};
}

// The GLB bytes; the index of the skinned node in `skinned_node`. Without `with_extension`, the
// same file without it (the negative control: one arm, at the node).
inline std::vector<std::uint8_t> instanced_arm_glb(const std::vector<InstanceTrs>& instances,
                                                   bool with_extension, int* skinned_node = nullptr) {
    auto bytes = anim::write_glb(anim::build_arm_asset());
    if (!bytes) return {};
    Glb g = Glb::parse(*bytes);
    int node = -1;
    for (size_t i = 0; i < g.json["nodes"].size(); ++i)
        if (g.json["nodes"][i].contains("skin")) node = static_cast<int>(i);
    if (skinned_node) *skinned_node = node;
    if (!with_extension || node < 0) return g.pack();
    const auto add = [&](const std::vector<float>& values, const char* type) {
        while (g.bin.size() % 4) g.bin.push_back(0);
        const size_t at = g.bin.size();
        g.bin.resize(at + values.size() * 4);
        std::memcpy(g.bin.data() + at, values.data(), values.size() * 4);
        g.json["bufferViews"].push_back(
            {{"buffer", 0}, {"byteOffset", at}, {"byteLength", values.size() * 4}});
        const size_t comps = std::string(type) == "VEC4" ? 4 : 3;
        g.json["accessors"].push_back({{"bufferView", g.json["bufferViews"].size() - 1},
                                       {"componentType", 5126},
                                       {"count", values.size() / comps},
                                       {"type", type}});
        return static_cast<int>(g.json["accessors"].size() - 1);
    };
    std::vector<float> t, r, s;
    for (const InstanceTrs& i : instances) {
        t.insert(t.end(), {i.translation.x, i.translation.y, i.translation.z});
        r.insert(r.end(), {i.rotation.x, i.rotation.y, i.rotation.z, i.rotation.w});  // glTF: XYZW
        s.insert(s.end(), {i.scale.x, i.scale.y, i.scale.z});
    }
    const int ta = add(t, "VEC3"), ra = add(r, "VEC4"), sa = add(s, "VEC3");
    g.json["buffers"][0]["byteLength"] = g.bin.size();
    g.json["nodes"][static_cast<size_t>(node)]["extensions"]["EXT_mesh_gpu_instancing"]["attributes"] = {
        {"TRANSLATION", ta}, {"ROTATION", ra}, {"SCALE", sa}};
    g.json["extensionsUsed"].push_back("EXT_mesh_gpu_instancing");
    return g.pack();
}

}  // namespace sv::test
