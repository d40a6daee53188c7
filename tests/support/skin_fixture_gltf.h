// A tiny skinned .gltf (plus its .bin) written from parameters, for tests of `skinview fix` that need
// what no shipped character has: joints listed child-first, a reflected or disagreeing inverse bind,
// an animated mesh node, a child under the skinned mesh node, extensions known and unknown.
//
// Scene: node 0 "Root" (uniform scale `root_scale`, the 0.01-armature defect), its children node 1
// "Body" (mesh 0, skin 0) and node 2 "Hip" (joint), node 3 "Knee" (joint, child of Hip, 1 up). The
// mesh is two triangles, the lower pair of vertices on Hip, the upper on Knee. Inverse binds are the
// joints' rest globals inverted (bind = rest), then `ibm_knee_extra` multiplied on Knee's, so a
// test can break the skin on purpose. One clip turns Knee about x (and moves Body when asked).
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sv::test {

struct SkinFixture {
    double root_scale = 0.01;
    bool child_first = false;        // skin.joints = [Knee, Hip] instead of [Hip, Knee]
    glm::dmat4 ibm_knee_extra{1.0};  // multiplied onto Knee's inverse bind (on the right)
    glm::dmat4 bind_extra{1.0};      // multiplied onto every inverse bind: every A_j (so A_bind) becomes it
    bool animate_body = false;       // the clip also moves Body's translation
    bool prop_child = false;         // node 4 "Prop" (no mesh) under Body, 2 along x
    nlohmann::json extensions_used = nlohmann::json::array();
    nlohmann::json extensions_required = nlohmann::json::array();
    nlohmann::json node_extensions;  // put on Body when not null
};

// Writes `<dir>/<stem>.gltf` and `<dir>/<stem>.bin`; returns the .gltf path.
inline std::string write_skin_fixture(const std::string& dir, const std::string& stem, const SkinFixture& f) {
    using json = nlohmann::json;
    std::vector<std::uint8_t> bin;
    json views = json::array(), accessors = json::array();
    auto add = [&](const void* data, size_t bytes, size_t count, int ctype, const char* type,
                   json extra = json::object()) {
        while (bin.size() % 4) bin.push_back(0);
        const size_t off = bin.size();
        bin.resize(off + bytes);
        std::memcpy(bin.data() + off, data, bytes);
        views.push_back({{"buffer", 0}, {"byteOffset", off}, {"byteLength", bytes}});
        json a = {
            {"bufferView", views.size() - 1}, {"componentType", ctype}, {"count", count}, {"type", type}};
        a.update(extra);
        accessors.push_back(a);
        return static_cast<int>(accessors.size()) - 1;
    };
    const float pos[] = {-0.2f, 0, 0, 0.2f, 0, 0, -0.2f, 2, 0, 0.2f, 2, 0};
    const int position = add(pos, sizeof pos, 4, 5126, "VEC3", {{"min", {-0.2, 0, 0}}, {"max", {0.2, 2, 0}}});
    // File joint indices: Hip is file index 0 normally, 1 when listed child-first.
    const std::uint8_t hip = f.child_first ? 1 : 0, knee = f.child_first ? 0 : 1;
    const std::uint8_t joints[] = {hip, 0, 0, 0, hip, 0, 0, 0, knee, 0, 0, 0, knee, 0, 0, 0};
    const int joint_acc = add(joints, sizeof joints, 4, 5121, "VEC4");
    const float weights[] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    const int weight_acc = add(weights, sizeof weights, 4, 5126, "VEC4");
    const std::uint16_t idx[] = {0, 1, 2, 1, 3, 2};
    const int index_acc = add(idx, sizeof idx, 6, 5123, "SCALAR");
    const glm::dmat4 root = glm::scale(glm::dmat4(1.0), glm::dvec3(f.root_scale));
    const glm::dmat4 hip_global = root,
                     knee_global = root * glm::translate(glm::dmat4(1.0), glm::dvec3(0, 1, 0));
    glm::dmat4 ibm[2];
    ibm[hip] = glm::inverse(hip_global) * f.bind_extra;
    ibm[knee] = glm::inverse(knee_global) * f.bind_extra * f.ibm_knee_extra;
    float ibm_f[32];
    for (int j = 0; j < 2; ++j)
        for (int k = 0; k < 16; ++k) ibm_f[j * 16 + k] = static_cast<float>(ibm[j][k / 4][k % 4]);
    const int ibm_acc = add(ibm_f, sizeof ibm_f, 2, 5126, "MAT4");
    const float times[] = {0, 1};
    const int time_acc = add(times, sizeof times, 2, 5126, "SCALAR", {{"min", {0}}, {"max", {1}}});
    const float rot[] = {0, 0, 0, 1, 0.7071068f, 0, 0, 0.7071068f};
    const int rot_acc = add(rot, sizeof rot, 2, 5126, "VEC4");
    const float move[] = {0, 0, 0, 0, 0, 1};
    const int move_acc = add(move, sizeof move, 2, 5126, "VEC3");

    json body = {{"name", "Body"}, {"mesh", 0}, {"skin", 0}};
    if (f.prop_child) body["children"] = {4};
    if (!f.node_extensions.is_null()) body["extensions"] = f.node_extensions;
    json nodes = {
        {{"name", "Root"}, {"scale", {f.root_scale, f.root_scale, f.root_scale}}, {"children", {1, 2}}},
        body,
        {{"name", "Hip"}, {"children", {3}}},
        {{"name", "Knee"}, {"translation", {0, 1, 0}}}};
    if (f.prop_child) nodes.push_back({{"name", "Prop"}, {"translation", {2, 0, 0}}});
    json channels = {{{"sampler", 0}, {"target", {{"node", 3}, {"path", "rotation"}}}}};
    json samplers = {{{"input", time_acc}, {"output", rot_acc}}};
    if (f.animate_body) {
        channels.push_back({{"sampler", 1}, {"target", {{"node", 1}, {"path", "translation"}}}});
        samplers.push_back({{"input", time_acc}, {"output", move_acc}});
    } else {
        samplers.push_back({{"input", time_acc}, {"output", move_acc}});
        channels.push_back({{"sampler", 1}, {"target", {{"node", 0}, {"path", "translation"}}}});
    }
    json doc = json::object();
    doc["asset"] = {{"version", "2.0"}, {"generator", "skin_fixture_gltf.h"}};
    doc["scene"] = 0;
    doc["scenes"] = json::array({json{{"nodes", {0}}}});
    doc["nodes"] = nodes;
    json attributes = {{"POSITION", position}, {"JOINTS_0", joint_acc}, {"WEIGHTS_0", weight_acc}};
    json primitive = {{"attributes", attributes}, {"indices", index_acc}};
    doc["meshes"] = json::array({json{{"name", "Legs"}, {"primitives", json::array({primitive})}}});
    json skin = {{"name", "LegSkin"},
                 {"joints", f.child_first ? json{3, 2} : json{2, 3}},
                 {"inverseBindMatrices", ibm_acc}};
    doc["skins"] = json::array({skin});
    doc["animations"] = json::array({json{{"name", "kick"}, {"channels", channels}, {"samplers", samplers}}});
    doc["accessors"] = accessors;
    doc["bufferViews"] = views;
    doc["buffers"] = json::array({json{{"uri", stem + ".bin"}, {"byteLength", bin.size()}}});
    doc["extras"] = {{"studio", "keep me"}};
    if (!f.extensions_used.empty()) doc["extensionsUsed"] = f.extensions_used;
    if (!f.extensions_required.empty()) doc["extensionsRequired"] = f.extensions_required;
    std::ofstream(dir + "/" + stem + ".bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(bin.data()), static_cast<std::streamsize>(bin.size()));
    std::ofstream(dir + "/" + stem + ".gltf") << doc.dump(1);
    return dir + "/" + stem + ".gltf";
}

}  // namespace sv::test
