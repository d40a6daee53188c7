#include "fix_joint_order.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "gltf_names.h"

namespace sv::anim {

using ojson = nlohmann::ordered_json;

namespace {

using gltf::named;
using gltf::str;

// A member by reference, or an empty value when absent. Not ojson::value(key, default): that returns
// a copy, and a range-for over a temporary's items() reads a destroyed object.
const ojson& field(const ojson& o, const char* key) {
    static const ojson empty;
    auto it = o.find(key);
    return it != o.end() ? *it : empty;
}

// Where each accessor is used, so a rewrite in place never changes an element someone else reads.
std::map<int, int> accessor_use_counts(const ojson& doc) {
    std::map<int, int> uses;
    if (doc.contains("meshes"))
        for (const auto& mesh : doc["meshes"])
            for (const auto& prim : field(mesh, "primitives")) {
                for (const auto& kv : field(prim, "attributes").items()) ++uses[kv.value().get<int>()];
                if (prim.contains("indices")) ++uses[prim["indices"].get<int>()];
                for (const auto& t : field(prim, "targets"))
                    for (const auto& kv : t.items()) ++uses[kv.value().get<int>()];
            }
    if (doc.contains("skins"))
        for (const auto& s : doc["skins"])
            if (s.contains("inverseBindMatrices")) ++uses[s["inverseBindMatrices"].get<int>()];
    if (doc.contains("animations"))
        for (const auto& a : doc["animations"])
            for (const auto& sm : field(a, "samplers")) {
                ++uses[sm.value("input", -1)];
                ++uses[sm.value("output", -1)];
            }
    return uses;
}

}  // namespace

Status sort_joints_parents_first(GltfContainer& c, std::vector<std::string>& changes) {
    ojson& doc = c.doc;
    if (!doc.contains("skins")) return ok_status();
    const size_t node_count = doc.contains("nodes") ? doc["nodes"].size() : 0;
    std::vector<int> parent(node_count, -1);
    for (size_t i = 0; i < node_count; ++i)
        for (const auto& ch : field(doc["nodes"][i], "children"))
            parent[ch.get<size_t>()] = static_cast<int>(i);
    const std::map<int, int> uses = accessor_use_counts(doc);
    // mesh -> the remap already applied to its JOINTS accessors (by skin), to catch a mesh two skins draw.
    std::map<int, std::vector<int>> mesh_remap;
    std::set<int> remapped_accessors;

    for (size_t s = 0; s < doc["skins"].size(); ++s) {
        ojson& skin = doc["skins"][s];
        const std::string name = gltf::named("skin", s, skin.value("name", std::string()));
        std::vector<int> joints = skin["joints"].get<std::vector<int>>();
        const size_t n = joints.size();
        std::map<int, size_t> index_of;
        for (size_t j = 0; j < n; ++j) index_of[joints[j]] = j;
        std::vector<int> depth(n, 0);
        bool parents_first = true;
        for (size_t j = 0; j < n; ++j) {
            bool nearest = true;
            for (int p = parent[static_cast<size_t>(joints[j])]; p >= 0; p = parent[static_cast<size_t>(p)]) {
                auto it = index_of.find(p);
                if (it == index_of.end()) continue;
                ++depth[j];
                if (nearest && it->second > j) parents_first = false;
                nearest = false;
            }
        }
        if (parents_first) continue;
        std::vector<size_t> order(n);  // new position -> old index
        for (size_t j = 0; j < n; ++j) order[j] = j;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return depth[a] < depth[b]; });
        std::vector<int> remap(n);  // old index -> new index
        std::vector<int> sorted(n);
        for (size_t k = 0; k < n; ++k) {
            remap[order[k]] = static_cast<int>(k);
            sorted[k] = joints[order[k]];
        }

        std::string what = name + ": joints sorted parents-first";
        if (skin.contains("inverseBindMatrices")) {
            const int ibm = skin["inverseBindMatrices"].get<int>();
            if (uses.at(ibm) > 1)
                return make_error(name + ": its inverse-bind accessor " + str(static_cast<size_t>(ibm)) +
                                  " is shared, so it cannot be reordered in place");
            auto a = accessor_bytes(c, ibm, 16);
            if (!a) return make_error(name + ": " + a.error().message);
            if (a->count < n)
                return make_error(name + ": accessor " + str(static_cast<size_t>(ibm)) +
                                  " holds fewer matrices than joints");
            std::vector<std::uint8_t> old(n * 64);
            for (size_t j = 0; j < n; ++j) std::memcpy(old.data() + j * 64, a->at(j, 0), 64);
            for (size_t k = 0; k < n; ++k) std::memcpy(a->at(k, 0), old.data() + order[k] * 64, 64);
            c.edited[static_cast<size_t>(a->buffer)] = true;
            what += "; inverse binds (accessor " + str(static_cast<size_t>(ibm)) + ") reordered";
        }
        skin["joints"] = sorted;

        std::set<int> meshes;
        for (size_t i = 0; i < node_count; ++i)
            if (doc["nodes"][i].value("skin", -1) == static_cast<int>(s) && doc["nodes"][i].contains("mesh"))
                meshes.insert(doc["nodes"][i]["mesh"].get<int>());
        const auto uses_in = [&](const std::set<int>& ms, int acc) {
            int k = 0;
            for (int m : ms)
                for (const auto& prim : field(doc["meshes"][static_cast<size_t>(m)], "primitives"))
                    for (const auto& kv : field(prim, "attributes").items())
                        k += kv.value().get<int>() == acc;
            return k;
        };
        std::string remapped;
        for (int m : meshes) {
            auto prior = mesh_remap.find(m);
            if (prior != mesh_remap.end()) {
                if (prior->second != remap)
                    return make_error(name + ": mesh " + str(static_cast<size_t>(m)) +
                                      " is also drawn by another skin with a different joint order; its "
                                      "JOINTS cannot serve both");
                continue;
            }
            mesh_remap[m] = remap;
            for (const auto& prim : field(doc["meshes"][static_cast<size_t>(m)], "primitives"))
                for (const auto& kv : field(prim, "attributes").items()) {
                    if (kv.key().rfind("JOINTS_", 0) != 0) continue;
                    const int acc = kv.value().get<int>();
                    if (!remapped_accessors.insert(acc).second) continue;
                    auto a = accessor_bytes(c, acc, 4);
                    if (!a) return make_error(name + ": " + a.error().message);
                    const ojson& adoc = doc["accessors"][static_cast<size_t>(acc)];
                    const int ctype = adoc.value("componentType", 0);
                    if (ctype != 5121 && ctype != 5123)
                        return make_error(name + ": accessor " + str(static_cast<size_t>(acc)) + " (" +
                                          kv.key() + ") is not unsigned byte or short");
                    if (uses.at(acc) > uses_in(meshes, acc))
                        return make_error(name + ": accessor " + str(static_cast<size_t>(acc)) + " (" +
                                          kv.key() +
                                          ") is shared with meshes this skin does not draw, so it cannot be "
                                          "remapped in place");
                    for (size_t i = 0; i < a->count; ++i)
                        for (size_t k = 0; k < 4; ++k) {
                            std::uint8_t* p = a->at(i, k);
                            std::uint16_t v = 0;
                            if (ctype == 5121)
                                v = *p;
                            else
                                std::memcpy(&v, p, 2);
                            if (v >= n)
                                return make_error(name + ": accessor " + str(static_cast<size_t>(acc)) +
                                                  " element " + str(i) + " names joint " + str(v) + " of " +
                                                  str(n));
                            const std::uint16_t w = static_cast<std::uint16_t>(remap[v]);
                            if (ctype == 5121)
                                *p = static_cast<std::uint8_t>(w);
                            else
                                std::memcpy(p, &w, 2);
                        }
                    c.edited[static_cast<size_t>(a->buffer)] = true;
                    // min and max are per component; recompute them when the file gave them.
                    if (adoc.contains("min") || adoc.contains("max")) {
                        std::vector<int> mn(4, 1 << 30), mx(4, -1);
                        for (size_t i = 0; i < a->count; ++i)
                            for (size_t k = 0; k < 4; ++k) {
                                std::uint16_t v = 0;
                                if (ctype == 5121)
                                    v = *a->at(i, k);
                                else
                                    std::memcpy(&v, a->at(i, k), 2);
                                mn[k] = std::min(mn[k], static_cast<int>(v));
                                mx[k] = std::max(mx[k], static_cast<int>(v));
                            }
                        ojson& w = doc["accessors"][static_cast<size_t>(acc)];
                        if (w.contains("min")) w["min"] = mn;
                        if (w.contains("max")) w["max"] = mx;
                    }
                    remapped += (remapped.empty() ? "" : ", ") + str(static_cast<size_t>(acc));
                }
        }
        if (!remapped.empty()) what += "; JOINTS accessors " + remapped + " remapped";
        changes.push_back(what);
    }
    return ok_status();
}

}  // namespace sv::anim
