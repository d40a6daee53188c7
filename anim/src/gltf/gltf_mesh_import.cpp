// Meshes of an imported glTF: each primitive's attributes (positions, normals, texture sets,
// tangents, colours, every set of joints and weights, checked against the skin that draws it and
// renormalised), its indices as a triangle list, its morph targets, and a mesh drawn with
// two skins imported once per skin. The largest section, and apart from the skins and images
// because it is where accessors are read in bulk: every per-vertex refusal is here.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "gltf_importer.h"

namespace sv::anim::gltf {

// Every (file mesh, skin) pair a node draws: joint indices are checked and remapped against the
// skin, so a mesh drawn with two skins is imported once per skin. The first pair keeps the
// file's mesh index; further pairs are appended and their nodes pointed at them.
Status Importer::meshes() {
    std::vector<std::vector<int>> skins_of_mesh(m.meshes.size());
    for (size_t i = 0; i < m.nodes.size(); ++i) {
        const tg::Node& n = m.nodes[i];
        if (n.mesh < 0 || n.skin < 0) continue;
        auto& list = skins_of_mesh[static_cast<size_t>(n.mesh)];
        if (std::find(list.begin(), list.end(), n.skin) == list.end()) list.push_back(n.skin);
    }
    for (size_t mi = 0; mi < m.meshes.size(); ++mi) {
        const auto& list = skins_of_mesh[mi];
        Mesh d;
        if (auto st = import_mesh(mi, list.empty() ? -1 : list[0], d); !st) return st;
        out.meshes.push_back(std::move(d));
    }
    for (size_t mi = 0; mi < m.meshes.size(); ++mi) {
        const auto& list = skins_of_mesh[mi];
        for (size_t k = 1; k < list.size(); ++k) {
            Mesh d;
            if (auto st = import_mesh(mi, list[k], d); !st) return st;
            const int copy = static_cast<int>(out.meshes.size());
            out.meshes.push_back(std::move(d));
            for (size_t i = 0; i < m.nodes.size(); ++i)
                if (m.nodes[i].mesh == static_cast<int>(mi) && m.nodes[i].skin == list[k])
                    out.scene.nodes[i].mesh = copy;
            out.report.push_back(named("mesh", mi, m.meshes[mi].name) + ": drawn with skins " + str(list[0]) +
                                 " and " + str(list[k]) + "; imported once per skin, each with " +
                                 "its own joint remap");
        }
    }
    // glTF 2.0 3.7.2.1: node.weights, when given, has one entry per morph target of its mesh.
    for (size_t i = 0; i < m.nodes.size(); ++i) {
        Node& nd = out.scene.nodes[i];
        if (nd.weights.empty()) continue;
        const size_t targets =
            nd.mesh >= 0 ? out.meshes[static_cast<size_t>(nd.mesh)].weights.size() : size_t(0);
        if (nd.weights.size() != targets)
            return make_error(named("node", i, nd.name) + ": weights has " + str(nd.weights.size()) +
                              " entries, its mesh has " + str(targets) + " morph targets");
    }
    if (renormalised > 0) {
        // The count first: the Palette panel reads it back (ui::count_from_report).
        const std::string sets = renormalised_sets_min == renormalised_sets_max
                                     ? str(renormalised_sets_max)
                                     : str(renormalised_sets_min) + " to " + str(renormalised_sets_max);
        out.report.push_back(
            std::to_string(renormalised) + " vertices had weights not summing to 1 over their " + sets +
            " influence set" + (renormalised_sets_max == 1 ? "" : "s") + " (JOINTS_n/WEIGHTS_n, " +
            str(4 * renormalised_sets_min) +
            (renormalised_sets_min == renormalised_sets_max ? "" : " to " + str(4 * renormalised_sets_max)) +
            " influences a vertex); renormalised");
    }
    if (zero_weight > 0)
        out.report.push_back(std::to_string(zero_weight) +
                             " vertices had all weights zero; bound to their first joint with weight 1");
    return ok_status();
}

// Reads the morph targets of primitive `p` (POSITION, NORMAL and TANGENT displacements, each
// optional) for `nv` vertices.
Status Importer::morph_targets(const tg::Primitive& p, const std::string& name, size_t nv,
                               Primitive& q) const {
    for (size_t t = 0; t < p.targets.size(); ++t) {
        MorphTarget mt;
        for (const auto& [key, acc] : p.targets[t]) {
            std::vector<glm::vec3>* dst = key == "POSITION"  ? &mt.positions
                                          : key == "NORMAL"  ? &mt.normals
                                          : key == "TANGENT" ? &mt.tangents
                                                             : nullptr;
            if (!dst) continue;  // TEXCOORD_n and COLOR_n targets move nothing skinview draws
            const std::string what = name + " target " + str(t) + " " + key;
            auto v = view(acc, what, 3, key == "POSITION" ? kMorphPositionRule : kMorphNormalRule);
            if (!v) return v.error();
            if (v->count != nv)
                return make_error(what + ": has " + str(v->count) + " elements, POSITION has " + str(nv));
            dst->reserve(nv);
            for (size_t i = 0; i < nv; ++i) {
                dst->emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2));
                if (!std::isfinite(dst->back().x + dst->back().y + dst->back().z))
                    return make_error(what + ": element " + str(i) + " is not finite");
            }
        }
        q.targets.push_back(std::move(mt));
    }
    return ok_status();
}

// TEXCOORD_1, TANGENT and COLOR_0: what materials read beyond TEXCOORD_0 (glTF 2.0 3.7.2.1's
// accessor types; normalized integers arrive in 0..1 through View::get).
Status Importer::material_attributes(const tg::Primitive& p, const std::string& name, size_t nv,
                                     Primitive& q) const {
    const auto find = [&](const char* key) {
        auto it = p.attributes.find(key);
        return it == p.attributes.end() ? -1 : it->second;
    };
    const auto count_is = [&](const View& v, const char* what) -> Status {
        if (v.count != nv)
            return make_error(name + ": " + what + " has " + str(v.count) + " elements, POSITION has " +
                              str(nv));
        return ok_status();
    };
    if (int a = find("TEXCOORD_1"); a >= 0) {
        auto v = view(a, name + " TEXCOORD_1", 2, kTexcoordRule);
        if (!v) return v.error();
        if (auto st = count_is(*v, "TEXCOORD_1"); !st) return st;
        for (size_t i = 0; i < nv; ++i) q.uvs1.emplace_back(v->get(i, 0), v->get(i, 1));
    }
    if (int a = find("TANGENT"); a >= 0) {
        auto v = view(a, name + " TANGENT", 4, kNormalRule);
        if (!v) return v.error();
        if (auto st = count_is(*v, "TANGENT"); !st) return st;
        for (size_t i = 0; i < nv; ++i) {
            glm::vec4 t(v->get(i, 0), v->get(i, 1), v->get(i, 2), v->get(i, 3));
            if (!std::isfinite(t.x + t.y + t.z + t.w))
                return make_error(name + ": TANGENT " + str(i) + " is not finite");
            // w must be +-1; anything else is read by its sign, as viewers do.
            t.w = t.w < 0.0f ? -1.0f : 1.0f;
            q.tangents.push_back(t);
        }
    }
    if (int a = find("COLOR_0"); a >= 0) {
        const bool vec3 = a < static_cast<int>(m.accessors.size()) &&
                          m.accessors[static_cast<size_t>(a)].type == TINYGLTF_TYPE_VEC3;
        auto v = view(a, name + " COLOR_0", vec3 ? 3 : 4, kColorRule);
        if (!v) return v.error();
        if (auto st = count_is(*v, "COLOR_0"); !st) return st;
        if (v->ctype != TINYGLTF_COMPONENT_TYPE_FLOAT && !v->normalized)
            return make_error(name + ": COLOR_0 integer components must be normalized");
        for (size_t i = 0; i < nv; ++i)
            q.colors.emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2), vec3 ? 1.0 : v->get(i, 3));
    }
    return ok_status();
}

// KHR_materials_variants' mappings of one primitive, each material and variant index checked
// (Asset::variants is filled before the meshes). "Across the entire mappings array, each variant
// index must be used no more than one time" (the extension; the Khronos validator's
// KHR_MATERIALS_VARIANTS_NON_UNIQUE_VARIANT error): a variant mapped twice is refused, since which
// of its materials was meant is not said.
Status Importer::import_variant_mappings(const tg::Primitive& p, const std::string& name, Primitive& q) {
    const auto x = p.extensions.find("KHR_materials_variants");
    if (x == p.extensions.end() || !x->second.Has("mappings")) return ok_status();
    const tg::Value& mappings = x->second.Get("mappings");
    const std::string what = name + " KHR_materials_variants";
    std::vector<int> mapped_by(out.variants.size(), -1);  // the mapping that names each variant
    for (size_t i = 0; i < mappings.ArrayLen(); ++i) {
        const tg::Value& e = mappings.Get(static_cast<int>(i));
        if (!e.Has("material") || !e.Get("material").IsInt() || !e.Has("variants"))
            return make_error(what + " mapping " + str(i) + ": needs an integer material and variants");
        const int material = e.Get("material").GetNumberAsInt();
        if (material < 0 || static_cast<size_t>(material) >= m.materials.size())
            return make_error(what + " mapping " + str(i) + ": material " + str(material) +
                              " is out of range");
        const tg::Value& vs = e.Get("variants");
        for (size_t k = 0; k < vs.ArrayLen(); ++k) {
            const tg::Value& v = vs.Get(static_cast<int>(k));
            const int variant = v.IsInt() ? v.GetNumberAsInt() : -1;
            if (variant < 0 || static_cast<size_t>(variant) >= out.variants.size())
                return make_error(what + " mapping " + str(i) + ": variant " + str(variant) +
                                  " is out of range (" + str(out.variants.size()) + " variants)");
            int& first = mapped_by[static_cast<size_t>(variant)];
            if (first >= 0)
                return make_error(what + " mapping " + str(i) + ": variant " + str(variant) + " ('" +
                                  out.variants[static_cast<size_t>(variant)] +
                                  "') is already mapped by mapping " + str(first) +
                                  " (each variant at most once a primitive)");
            first = static_cast<int>(i);
            q.variant_materials.push_back({variant, material});
        }
    }
    return ok_status();
}

Status Importer::import_mesh(size_t mi, int skin, Mesh& d) {
    const tg::Mesh& src = m.meshes[mi];
    d.name = src.name;
    d.source_mesh = static_cast<int>(mi);
    {
        for (size_t pi = 0; pi < src.primitives.size(); ++pi) {
            const tg::Primitive& p = src.primitives[pi];
            const std::string name = named("mesh", mi, src.name) + " primitive " + str(pi);
            const int mode = p.mode < 0 ? TINYGLTF_MODE_TRIANGLES : p.mode;
            if (mode > TINYGLTF_MODE_TRIANGLE_FAN)
                return make_error(name + ": mode " + str(p.mode) + " is not a glTF primitive mode (0..6)");
            if (!src.primitives.empty() && p.targets.size() != src.primitives[0].targets.size())
                return make_error(name + ": has " + str(p.targets.size()) +
                                  " morph targets, primitive 0 has " + str(src.primitives[0].targets.size()) +
                                  " (glTF: every primitive the same)");
            auto attr = [&](const char* key) {
                auto it = p.attributes.find(key);
                return it == p.attributes.end() ? -1 : it->second;
            };
            Primitive q;
            q.material = p.material;
            q.mode = mode;
            if (p.material >= 0 && static_cast<size_t>(p.material) >= m.materials.size())
                return make_error(name + ": material " + str(p.material) + " is out of range");
            if (auto st = import_variant_mappings(p, name, q); !st) return st;
            const int pos = attr("POSITION");
            if (pos < 0) return make_error(name + ": has no POSITION");
            auto pv = view(pos, name + " POSITION", 3, kPositionRule);
            if (!pv) return pv.error();
            const size_t nv = pv->count;
            auto same_count = [&](const View& v, const char* what) -> Status {
                if (v.count != nv)
                    return make_error(name + ": " + what + " has " + str(v.count) +
                                      " elements, POSITION has " + str(nv));
                return ok_status();
            };
            for (size_t i = 0; i < nv; ++i) {
                q.positions.emplace_back(pv->get(i, 0), pv->get(i, 1), pv->get(i, 2));
                if (!std::isfinite(q.positions.back().x + q.positions.back().y + q.positions.back().z))
                    return make_error(name + ": POSITION " + str(i) + " is not finite");
            }
            if (int a = attr("NORMAL"); a >= 0) {
                auto v = view(a, name + " NORMAL", 3, kNormalRule);
                if (!v) return v.error();
                if (auto st = same_count(*v, "NORMAL"); !st) return st;
                for (size_t i = 0; i < nv; ++i)
                    q.normals.emplace_back(v->get(i, 0), v->get(i, 1), v->get(i, 2));
            }
            // TEXCOORD_0 as stored: each texture slot picks its set and applies its own
            // KHR_texture_transform when it is sampled (render/material_binding.h), so one set
            // serves slots with different transforms.
            if (int a = attr("TEXCOORD_0"); a >= 0) {
                auto v = view(a, name + " TEXCOORD_0", 2, kTexcoordRule);
                if (!v) return v.error();
                if (auto st = same_count(*v, "TEXCOORD_0"); !st) return st;
                for (size_t i = 0; i < nv; ++i) q.uvs.emplace_back(v->get(i, 0), v->get(i, 1));
            }
            if (auto st = material_attributes(p, name, nv, q); !st) return st;
            if (auto st = skin_attributes(p, name, nv, skin, q); !st) return st;
            if (p.indices >= 0) {
                auto iv = view(p.indices, name + " indices", 1, kIndexRule);
                if (!iv) return iv.error();
                q.indices.resize(iv->count);
                for (size_t i = 0; i < iv->count; ++i) {
                    const double x = iv->get(i, 0);
                    if (x >= static_cast<double>(nv))
                        return make_error(name + " indices: index " + str(i) + " is " + str(size_t(x)) +
                                          ", past the " + str(nv) + " vertices");
                    q.indices[i] = static_cast<std::uint32_t>(x);
                }
            } else {
                q.indices.resize(nv);
                for (size_t i = 0; i < nv; ++i) q.indices[i] = static_cast<std::uint32_t>(i);
            }
            if (auto st = to_triangle_list(q, name); !st) return st;
            if (auto st = morph_targets(p, name, nv, q); !st) return st;
            d.primitives.push_back(std::move(q));
        }
    }
    const size_t targets = src.primitives.empty() ? 0 : src.primitives[0].targets.size();
    if (!src.weights.empty() && src.weights.size() != targets)
        return make_error(named("mesh", mi, src.name) + ": weights has " + str(src.weights.size()) +
                          " entries for " + str(targets) + " morph targets");
    d.weights.assign(targets, 0.0f);
    for (size_t t = 0; t < src.weights.size(); ++t) {
        if (!std::isfinite(src.weights[t]))
            return make_error(named("mesh", mi, src.name) + ": weight " + str(t) + " is not finite");
        d.weights[t] = static_cast<float>(src.weights[t]);
    }
    return ok_status();
}

// Strips and fans become lists, so everything downstream reads one layout (glTF 2.0 3.7.2.1's
// vertex order for each). Points and lines keep their indices as given: they are posed and
// exported like any primitive but not shaded.
Status Importer::to_triangle_list(Primitive& q, const std::string& name) {
    const auto& in = q.indices;
    std::vector<std::uint32_t> list;
    if (q.mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
        for (size_t i = 0; i + 2 < in.size(); ++i) {
            const bool even = i % 2 == 0;
            list.insert(list.end(), {in[i + (even ? 0 : 1)], in[i + (even ? 1 : 0)], in[i + 2]});
        }
    } else if (q.mode == TINYGLTF_MODE_TRIANGLE_FAN) {
        for (size_t i = 1; i + 1 < in.size(); ++i) list.insert(list.end(), {in[0], in[i], in[i + 1]});
    } else {
        if (q.mode == TINYGLTF_MODE_TRIANGLES && in.size() % 3 != 0)
            return make_error(name + ": " + str(in.size()) + " indices is not a whole number of triangles");
        return ok_status();
    }
    q.indices = std::move(list);
    q.mode = TINYGLTF_MODE_TRIANGLES;
    return ok_status();
}

}  // namespace sv::anim::gltf
