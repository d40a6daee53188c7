// The helpers every part of the VRM reader shares (private to anim/src/gltf): members of the
// document's JSON read without throwing, and the context a part checks node, mesh and material
// indices against. The parts: vrm_import.cpp (meta, humanoid, the order and the notes),
// vrm_springs_import.cpp (spring bones and node constraints), vrm_expressions_import.cpp
// (expressions, their material binds, the look-at).
#pragma once

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/vrm.h"
#include "gltf_importer.h"

namespace sv::anim::gltf::vrm {

using json = nlohmann::json;

inline const json* member(const json& j, const char* key) {
    if (!j.is_object()) return nullptr;
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}

inline double number(const json& j, const char* key, double fallback) {
    const json* v = member(j, key);
    return v && v->is_number() ? v->get<double>() : fallback;
}

// Three finite numbers, or a refusal naming the property: a spring fed NaN would swing every joint
// below it to NaN, which draws nothing.
inline Status vec3(const json* v, const std::string& what, glm::dvec3& out) {
    if (!v) return ok_status();
    if (!v->is_array() || v->size() != 3 || !std::all_of(v->begin(), v->end(), [](const json& e) {
            return e.is_number() && std::isfinite(e.get<double>());
        }))
        return make_error(what + ": is not three finite numbers");
    out = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>()};
    return ok_status();
}

// A node index within the document's `node_count` nodes, or a refusal naming `what` and the reason
// (missing, not an integer, out of range): the avatar and the .vrma readers check alike.
inline Status node_index(const json* v, const std::string& what, size_t node_count, int& out) {
    if (!v || !v->is_number_integer()) return make_error(what + ": has no node index");
    const auto i = v->get<long long>();
    if (i < 0 || static_cast<size_t>(i) >= node_count)
        return make_error(what + ": node " + std::to_string(i) + " is out of range (" + str(node_count) +
                          " nodes)");
    out = static_cast<int>(i);
    return ok_status();
}

inline std::string text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

struct Ctx {
    size_t node_count = 0;
    std::vector<int> parent;              // from the document's children lists
    std::vector<int> mesh_of;             // per node: its mesh or -1
    std::vector<size_t> targets_of_mesh;  // per mesh: morph targets of its first primitive
    std::vector<std::string> material_names;
    Status bind(const json& b, const std::string& what, int node, VrmMorphBind& out) const {
        const json* index = member(b, "index");
        if (!index || !index->is_number_integer() || index->get<long long>() < 0)
            return make_error(what + ": has no morph target index");
        const int mesh = mesh_of[static_cast<size_t>(node)];
        const size_t targets = mesh >= 0 ? targets_of_mesh[static_cast<size_t>(mesh)] : 0;
        if (static_cast<size_t>(index->get<long long>()) >= targets)
            return make_error(what + ": morph target " + text(*index) + " of node " + str(node) +
                              ", whose mesh has " + str(targets) + " targets");
        out.node = node;
        out.index = static_cast<int>(index->get<long long>());
        return ok_status();
    }
    Status node(const json* v, const std::string& what, int& out) const {
        return node_index(v, what, node_count, out);
    }
};

// The parts read_vrm calls, each refusing what it cannot read naming the element, or noting what
// it leaves out.
Status read_v0_springs(const json& sec, const Ctx& ctx, const json& nodes, Vrm& out);
Status read_v1_springs(const json& ext, const Ctx& ctx, Vrm& out);
Status read_constraint(const json& ext, const Ctx& ctx, int node, Vrm& out);
Status read_v1_expressions(const json* ex, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes);
Status read_v0_expressions(const json* master, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes);
void read_v1_look_at(const json* la, Vrm& out, std::vector<std::string>& notes);
void read_v0_look_at(const json* fp, Vrm& out, std::vector<std::string>& notes);

}  // namespace sv::anim::gltf::vrm
