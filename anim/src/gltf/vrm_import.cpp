// VRM 0.x and 1.0 read into one form (anim/scene/vrm.h). Where the versions differ in meaning, not
// only in spelling, the difference is resolved here once: 0.x collider offsets have z mirrored,
// 0.x spring groups name chain roots whose whole subtree swings (each node with its first child
// as tail, a leaf with a virtual 7 cm tail), 1.0 springs list their joints with the last one a
// tail only. These follow the VRM specifications and three-vrm's loader.
#include "vrm_import.h"

#include <algorithm>
#include <cmath>

#include "gltf_importer.h"

namespace sv::anim::gltf {

namespace {

using json = nlohmann::json;

const json* member(const json& j, const char* key) {
    if (!j.is_object()) return nullptr;
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}

double number(const json& j, const char* key, double fallback) {
    const json* v = member(j, key);
    return v && v->is_number() ? v->get<double>() : fallback;
}

// Three finite numbers, or a refusal naming the property: a spring fed NaN would swing every joint
// below it to NaN, which draws nothing.
Status vec3(const json* v, const std::string& what, glm::dvec3& out) {
    if (!v) return ok_status();
    if (!v->is_array() || v->size() != 3 || !std::all_of(v->begin(), v->end(), [](const json& e) {
            return e.is_number() && std::isfinite(e.get<double>());
        }))
        return make_error(what + ": is not three finite numbers");
    out = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>()};
    return ok_status();
}

std::string text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

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
        if (!v || !v->is_number_integer()) return make_error(what + ": has no node index");
        const auto i = v->get<long long>();
        if (i < 0 || static_cast<size_t>(i) >= node_count)
            return make_error(what + ": node " + std::to_string(i) + " is out of range (" + str(node_count) +
                              " nodes)");
        out = static_cast<int>(i);
        return ok_status();
    }
};

void read_meta(const json* meta, Vrm& out) {
    if (!meta || !meta->is_object()) return;
    for (auto it = meta->begin(); it != meta->end(); ++it) {
        // Thumbnails are image indices, not text anyone reads in the notes.
        if (it.key() == "texture" || it.key() == "thumbnailImage") continue;
        out.meta.push_back({it.key(), text(it.value())});
    }
}

Status read_v0_springs(const json& sec, const Ctx& ctx, const json& nodes, Vrm& out) {
    std::vector<std::vector<int>> groups;  // collider group -> indices into out.colliders
    if (const json* cg = member(sec, "colliderGroups"); cg && cg->is_array())
        for (size_t g = 0; g < cg->size(); ++g) {
            const std::string what = "VRM secondaryAnimation.colliderGroups[" + str(g) + "]";
            int node = -1;
            if (auto st = ctx.node(member((*cg)[g], "node"), what, node); !st) return st;
            groups.emplace_back();
            if (const json* cs = member((*cg)[g], "colliders"); cs && cs->is_array())
                for (const json& c : *cs) {
                    VrmCollider col;
                    col.node = node;
                    if (const json* o = member(c, "offset"))
                        col.offset = {number(*o, "x", 0), number(*o, "y", 0), -number(*o, "z", 0)};
                    col.tail = col.offset;
                    col.radius = number(c, "radius", 0.0);
                    groups.back().push_back(static_cast<int>(out.colliders.size()));
                    out.colliders.push_back(col);
                }
        }
    const json* bg = member(sec, "boneGroups");
    if (!bg || !bg->is_array()) return ok_status();
    for (size_t g = 0; g < bg->size(); ++g) {
        const json& group = (*bg)[g];
        const std::string what = "VRM secondaryAnimation.boneGroups[" + str(g) + "]";
        VrmSpringJoint params;
        params.stiffness = number(group, "stiffiness", 1.0);  // sic: the 0.x schema's spelling
        params.gravity_power = number(group, "gravityPower", 0.0);
        if (const json* d = member(group, "gravityDir"))
            params.gravity_dir = {number(*d, "x", 0), number(*d, "y", -1), number(*d, "z", 0)};
        params.drag_force = number(group, "dragForce", 0.4);
        params.hit_radius = number(group, "hitRadius", 0.0);
        VrmSpring spring;
        spring.name = member(group, "comment") ? text(*member(group, "comment")) : "boneGroup " + str(g);
        if (const json* c = member(group, "center"); c && c->is_number_integer() && c->get<long long>() >= 0)
            if (auto st = ctx.node(c, what + ".center", spring.center); !st) return st;
        if (const json* cgs = member(group, "colliderGroups"); cgs && cgs->is_array())
            for (const json& i : *cgs) {
                if (!i.is_number_integer() || i.get<long long>() < 0 ||
                    static_cast<size_t>(i.get<long long>()) >= groups.size())
                    return make_error(what + ": collider group " + text(i) + " is out of range (" +
                                      str(groups.size()) + " groups)");
                const auto& cols = groups[static_cast<size_t>(i.get<long long>())];
                spring.colliders.insert(spring.colliders.end(), cols.begin(), cols.end());
            }
        const json* bones = member(group, "bones");
        if (!bones || !bones->is_array()) continue;
        for (size_t b = 0; b < bones->size(); ++b) {
            int root = -1;
            if (auto st = ctx.node(&(*bones)[b], what + ".bones[" + str(b) + "]", root); !st) return st;
            // The subtree, parents first; each node's tail its first child (the loader's rule).
            // Guarded by `seen`: the graph is only checked for cycles later, at conversion.
            std::vector<int> stack{root};
            std::vector<bool> seen(ctx.node_count, false);
            while (!stack.empty()) {
                const int n = stack.back();
                stack.pop_back();
                if (seen[static_cast<size_t>(n)])
                    return make_error(what + ": node " + str(n) + " is reached twice below bones[" + str(b) +
                                      "] (the node graph has a cycle)");
                seen[static_cast<size_t>(n)] = true;
                VrmSpringJoint j = params;
                j.node = n;
                const json* kids = member(nodes[static_cast<size_t>(n)], "children");
                if (kids && kids->is_array() && !kids->empty()) {
                    std::vector<int> ks;
                    for (size_t k = 0; k < kids->size(); ++k) {
                        int c = -1;
                        if (auto st =
                                ctx.node(&(*kids)[k], "node " + str(n) + " children[" + str(k) + "]", c);
                            !st)
                            return st;
                        ks.push_back(c);
                    }
                    j.tail_node = ks.front();
                    for (auto k = ks.rbegin(); k != ks.rend(); ++k) stack.push_back(*k);
                }
                spring.joints.push_back(j);
            }
        }
        out.springs.push_back(std::move(spring));
    }
    return ok_status();
}

Status read_v1_springs(const json& ext, const Ctx& ctx, Vrm& out) {
    std::vector<int> collider_index;  // file collider -> out.colliders
    if (const json* cs = member(ext, "colliders"); cs && cs->is_array())
        for (size_t c = 0; c < cs->size(); ++c) {
            const std::string what = "VRMC_springBone.colliders[" + str(c) + "]";
            VrmCollider col;
            if (auto st = ctx.node(member((*cs)[c], "node"), what, col.node); !st) return st;
            const json* shape = member((*cs)[c], "shape");
            const json* sphere = shape ? member(*shape, "sphere") : nullptr;
            const json* capsule = shape ? member(*shape, "capsule") : nullptr;
            const json* s = sphere ? sphere : capsule;
            if (!s) return make_error(what + ": shape is neither sphere nor capsule");
            if (auto st = vec3(member(*s, "offset"), what + " offset", col.offset); !st) return st;
            col.radius = number(*s, "radius", 0.0);
            col.capsule = capsule != nullptr;
            col.tail = col.offset;
            if (col.capsule)
                if (auto st = vec3(member(*s, "tail"), what + " tail", col.tail); !st) return st;
            collider_index.push_back(static_cast<int>(out.colliders.size()));
            out.colliders.push_back(col);
        }
    std::vector<std::vector<int>> groups;
    if (const json* gs = member(ext, "colliderGroups"); gs && gs->is_array())
        for (size_t g = 0; g < gs->size(); ++g) {
            groups.emplace_back();
            if (const json* cl = member((*gs)[g], "colliders"); cl && cl->is_array())
                for (const json& i : *cl) {
                    if (!i.is_number_integer() || i.get<long long>() < 0 ||
                        static_cast<size_t>(i.get<long long>()) >= collider_index.size())
                        return make_error("VRMC_springBone.colliderGroups[" + str(g) + "]: collider " +
                                          text(i) + " is out of range");
                    groups.back().push_back(collider_index[static_cast<size_t>(i.get<long long>())]);
                }
        }
    const json* springs = member(ext, "springs");
    if (!springs || !springs->is_array()) return ok_status();
    for (size_t s = 0; s < springs->size(); ++s) {
        const json& sp = (*springs)[s];
        const std::string what = "VRMC_springBone.springs[" + str(s) + "]";
        VrmSpring spring;
        spring.name = member(sp, "name") ? text(*member(sp, "name")) : "spring " + str(s);
        if (const json* c = member(sp, "center"))
            if (auto st = ctx.node(c, what + ".center", spring.center); !st) return st;
        if (const json* cgs = member(sp, "colliderGroups"); cgs && cgs->is_array())
            for (const json& i : *cgs) {
                if (!i.is_number_integer() || i.get<long long>() < 0 ||
                    static_cast<size_t>(i.get<long long>()) >= groups.size())
                    return make_error(what + ": collider group " + text(i) + " is out of range");
                const auto& cols = groups[static_cast<size_t>(i.get<long long>())];
                spring.colliders.insert(spring.colliders.end(), cols.begin(), cols.end());
            }
        const json* joints = member(sp, "joints");
        if (!joints || !joints->is_array()) continue;
        std::vector<int> nodes;
        for (size_t j = 0; j < joints->size(); ++j) {
            int n = -1;
            if (auto st = ctx.node(member((*joints)[j], "node"), what + ".joints[" + str(j) + "]", n); !st)
                return st;
            if (j > 0 && ctx.parent[static_cast<size_t>(n)] != nodes.back())
                return make_error(what + ".joints[" + str(j) + "]: node " + str(n) +
                                  " is not a child of the joint before it (node " + str(nodes.back()) +
                                  "); the spec requires a parent-to-child chain");
            nodes.push_back(n);
        }
        // The last joint is the tail of the one before it and is not simulated itself.
        for (size_t j = 0; j + 1 < nodes.size(); ++j) {
            const json& js = (*joints)[j];
            VrmSpringJoint sj;
            sj.node = nodes[j];
            sj.tail_node = nodes[j + 1];
            sj.hit_radius = number(js, "hitRadius", 0.0);
            sj.stiffness = number(js, "stiffness", 1.0);
            sj.gravity_power = number(js, "gravityPower", 0.0);
            if (auto st = vec3(member(js, "gravityDir"), what + ".joints[" + str(j) + "].gravityDir",
                               sj.gravity_dir);
                !st)
                return st;
            sj.drag_force = number(js, "dragForce", 0.5);
            spring.joints.push_back(sj);
        }
        out.springs.push_back(std::move(spring));
    }
    return ok_status();
}

Status read_humanoid_v0(const json* humanoid, const Ctx& ctx, Vrm& out) {
    const json* list = humanoid ? member(*humanoid, "humanBones") : nullptr;
    if (!list || !list->is_array()) return ok_status();
    for (size_t i = 0; i < list->size(); ++i) {
        const json& b = (*list)[i];
        VrmHumanBone hb;
        hb.bone = member(b, "bone") ? text(*member(b, "bone")) : "";
        if (auto st = ctx.node(member(b, "node"),
                               "VRM humanoid.humanBones[" + str(i) + "] ('" + hb.bone + "')", hb.node);
            !st)
            return st;
        out.humanoid.push_back(hb);
    }
    return ok_status();
}

Status read_humanoid_v1(const json* humanoid, const Ctx& ctx, Vrm& out) {
    const json* bones = humanoid ? member(*humanoid, "humanBones") : nullptr;
    if (!bones || !bones->is_object()) return ok_status();
    for (auto it = bones->begin(); it != bones->end(); ++it) {
        VrmHumanBone hb;
        hb.bone = it.key();
        if (auto st =
                ctx.node(member(it.value(), "node"), "VRMC_vrm humanoid.humanBones." + hb.bone, hb.node);
            !st)
            return st;
        out.humanoid.push_back(hb);
    }
    return ok_status();
}

// One node's VRMC_node_constraint. Anything the specification requires that is missing or out of
// its set refuses the file naming the node: a constraint applied half-read would turn the wrong
// bone, and one dropped silently would leave a twist bone that never twists.
Status read_constraint(const json& ext, const Ctx& ctx, int node, Vrm& out) {
    const std::string where = "node " + str(node) + " VRMC_node_constraint";
    const json* c = member(ext, "constraint");
    if (!c || !c->is_object()) return make_error(where + ": has no constraint object");
    const char* kinds[] = {"roll", "aim", "rotation"};
    const json* body = nullptr;
    VrmNodeConstraint k;
    k.node = node;
    int found = 0;
    for (int i = 0; i < 3; ++i)
        if (const json* b = member(*c, kinds[i])) {
            body = b;
            k.type = static_cast<VrmConstraintType>(i);
            ++found;
        }
    if (found != 1) return make_error(where + ": expected exactly one of roll, aim, rotation");
    const std::string what = where + "." + kinds[static_cast<int>(k.type)];
    if (!body->is_object()) return make_error(what + ": is not an object");
    if (auto st = ctx.node(member(*body, "source"), what + " source", k.source); !st) return st;
    if (k.source == node) return make_error(what + ": the source is the node itself");
    if (const json* w = member(*body, "weight")) {
        if (!w->is_number() || !(w->get<double>() >= 0.0 && w->get<double>() <= 1.0))
            return make_error(what + ": weight " + w->dump() + " is not a number from 0 to 1");
        k.weight = w->get<double>();
    }
    if (k.type != VrmConstraintType::Rotation) {
        const char* key = k.type == VrmConstraintType::Roll ? "rollAxis" : "aimAxis";
        const std::vector<std::string> set =
            k.type == VrmConstraintType::Roll
                ? std::vector<std::string>{"X", "Y", "Z"}
                : std::vector<std::string>{"PositiveX", "NegativeX", "PositiveY",
                                           "NegativeY", "PositiveZ", "NegativeZ"};
        const json* a = member(*body, key);
        const std::string s = a && a->is_string() ? a->get<std::string>() : "";
        const auto it = std::find(set.begin(), set.end(), s);
        if (it == set.end())
            return make_error(what + ": " + key + " " + (a ? a->dump() : "missing") + " is not one of " +
                              (k.type == VrmConstraintType::Roll ? "X, Y, Z" : "PositiveX .. NegativeZ"));
        k.axis = static_cast<int>(it - set.begin());
    }
    out.constraints.push_back(k);
    return ok_status();
}

VrmOverride override_of(const json& e, const char* key) {
    const json* o = member(e, key);
    if (!o || !o->is_string()) return VrmOverride::None;
    return *o == "block" ? VrmOverride::Block : *o == "blend" ? VrmOverride::Blend : VrmOverride::None;
}

// Material binds change no vertex: one that cannot be used (a material out of range, a type or value
// outside the schema) is a note naming it and is left out; the expression's other binds apply.
bool four_numbers(const json* v, size_t n) {
    return v && v->is_array() && v->size() == n && std::all_of(v->begin(), v->end(), [](const json& e) {
               return e.is_number() && std::isfinite(e.get<double>());
           });
}

bool material_of(const json* m, const Ctx& ctx, int& out) {
    if (!m || !m->is_number_integer() || m->get<long long>() < 0 ||
        static_cast<size_t>(m->get<long long>()) >= ctx.material_names.size())
        return false;
    out = static_cast<int>(m->get<long long>());
    return true;
}

void read_v1_material_binds(const json& e, const std::string& what, const Ctx& ctx, VrmExpression& out,
                            std::vector<std::string>& notes) {
    static const std::pair<const char*, VrmColorTarget> kTypes[] = {
        {"color", VrmColorTarget::Color},           {"emissionColor", VrmColorTarget::EmissionColor},
        {"shadeColor", VrmColorTarget::ShadeColor}, {"matcapColor", VrmColorTarget::MatcapColor},
        {"rimColor", VrmColorTarget::RimColor},     {"outlineColor", VrmColorTarget::OutlineColor}};
    if (const json* list = member(e, "materialColorBinds"); list && list->is_array())
        for (size_t k = 0; k < list->size(); ++k) {
            const json& b = (*list)[k];
            const std::string w = what + ".materialColorBinds[" + str(k) + "]";
            VrmColorBind c;
            const json* type = member(b, "type");
            const auto t = std::find_if(std::begin(kTypes), std::end(kTypes), [&](const auto& p) {
                return type && type->is_string() && *type == p.first;
            });
            const json* v = member(b, "targetValue");
            if (!material_of(member(b, "material"), ctx, c.material))
                notes.push_back(w + ": not applied: material " +
                                (member(b, "material") ? member(b, "material")->dump() : "(none)") +
                                " is out of range (" + str(ctx.material_names.size()) + " materials)");
            else if (t == std::end(kTypes))
                notes.push_back(
                    w + ": not applied: type " + (type ? type->dump() : "(none)") +
                    " is none of color, emissionColor, shadeColor, matcapColor, rimColor, outlineColor");
            else if (!four_numbers(v, 4))
                notes.push_back(w + ": not applied: targetValue is not four finite numbers");
            else {
                c.target = t->second;
                c.value = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>(),
                           (*v)[3].get<double>()};
                if (c.target != VrmColorTarget::Color && c.target != VrmColorTarget::EmissionColor)
                    ++out.other_binds;
                out.color_binds.push_back(c);
            }
        }
    if (const json* list = member(e, "textureTransformBinds"); list && list->is_array())
        for (size_t k = 0; k < list->size(); ++k) {
            const json& b = (*list)[k];
            const std::string w = what + ".textureTransformBinds[" + str(k) + "]";
            VrmTextureBind t;
            // "scaling" is 1.0-beta's name for "scale" (three-vrm still reads it).
            const json* sc = member(b, "scale") ? member(b, "scale") : member(b, "scaling");
            const json* of = member(b, "offset");
            if (!material_of(member(b, "material"), ctx, t.material))
                notes.push_back(w + ": not applied: material " +
                                (member(b, "material") ? member(b, "material")->dump() : "(none)") +
                                " is out of range (" + str(ctx.material_names.size()) + " materials)");
            else if ((sc && !four_numbers(sc, 2)) || (of && !four_numbers(of, 2)))
                notes.push_back(w + ": not applied: scale or offset is not two finite numbers");
            else {
                if (sc) t.scale = {(*sc)[0].get<double>(), (*sc)[1].get<double>()};
                if (of) t.offset = {(*of)[0].get<double>(), (*of)[1].get<double>()};
                out.texture_binds.push_back(t);
            }
        }
}

// 0.x materialValues name the material by name and the property by UniVRM's MToon name. Colours are
// taken as stored (no colour-space conversion). `_MainTex_ST` (Unity's tiling xy, offset zw) is a
// texture transform; Unity's v runs bottom-up and glTF's top-down (v_gltf = 1 - v_unity), so
// v' = v sy + oy in Unity is v' = v sy + (1 - sy - oy) in glTF: the offset's y is 1 - sy - oy.
void read_v0_material_values(const json& group, const std::string& what, const Ctx& ctx, VrmExpression& out,
                             std::vector<std::string>& notes) {
    static const std::pair<const char*, VrmColorTarget> kProps[] = {
        {"_Color", VrmColorTarget::Color},
        {"_EmissionColor", VrmColorTarget::EmissionColor},
        {"_ShadeColor", VrmColorTarget::ShadeColor},
        {"_RimColor", VrmColorTarget::RimColor},
        {"_OutlineColor", VrmColorTarget::OutlineColor}};
    const json* list = member(group, "materialValues");
    if (!list || !list->is_array()) return;
    for (size_t k = 0; k < list->size(); ++k) {
        const json& b = (*list)[k];
        const std::string w = what + ".materialValues[" + str(k) + "]";
        const json* name = member(b, "materialName");
        const json* prop = member(b, "propertyName");
        const json* v = member(b, "targetValue");
        const auto m =
            name && name->is_string()
                ? std::find(ctx.material_names.begin(), ctx.material_names.end(), name->get<std::string>())
                : ctx.material_names.end();
        const std::string p = prop && prop->is_string() ? prop->get<std::string>() : "";
        const auto c =
            std::find_if(std::begin(kProps), std::end(kProps), [&](const auto& q) { return p == q.first; });
        if (m == ctx.material_names.end()) {
            notes.push_back(w + ": not applied: no material is named " + (name ? name->dump() : "(none)"));
        } else if (!four_numbers(v, 4)) {
            notes.push_back(w + ": not applied: targetValue is not four finite numbers");
        } else if (p == "_MainTex_ST") {
            VrmTextureBind t;
            t.material = static_cast<int>(m - ctx.material_names.begin());
            t.scale = {(*v)[0].get<double>(), (*v)[1].get<double>()};
            t.offset = {(*v)[2].get<double>(), 1.0 - (*v)[1].get<double>() - (*v)[3].get<double>()};
            out.texture_binds.push_back(t);
        } else if (c == std::end(kProps)) {
            notes.push_back(
                w + ": not applied: property " + (prop ? prop->dump() : "(none)") +
                " is none of _Color, _EmissionColor, _ShadeColor, _RimColor, _OutlineColor, _MainTex_ST");
        } else {
            VrmColorBind cb;
            cb.material = static_cast<int>(m - ctx.material_names.begin());
            cb.target = c->second;
            cb.value = {(*v)[0].get<double>(), (*v)[1].get<double>(), (*v)[2].get<double>(),
                        (*v)[3].get<double>()};
            if (cb.target != VrmColorTarget::Color && cb.target != VrmColorTarget::EmissionColor)
                ++out.other_binds;
            out.color_binds.push_back(cb);
        }
    }
}

Status read_v1_expressions(const json* ex, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes) {
    if (!ex) return ok_status();
    for (const char* kind : {"preset", "custom"}) {
        const json* list = member(*ex, kind);
        if (!list || !list->is_object()) continue;
        for (auto it = list->begin(); it != list->end(); ++it) {
            const std::string what = std::string("VRMC_vrm expressions.") + kind + "." + it.key();
            VrmExpression e;
            e.name = it.key();
            if (const json* mb = member(it.value(), "morphTargetBinds"); mb && mb->is_array())
                for (size_t k = 0; k < mb->size(); ++k) {
                    const std::string w = what + ".morphTargetBinds[" + str(k) + "]";
                    VrmMorphBind b;
                    int node = -1;
                    if (auto st = ctx.node(member((*mb)[k], "node"), w, node); !st) return st;
                    if (auto st = ctx.bind((*mb)[k], w, node, b); !st) return st;
                    b.weight = std::clamp(number((*mb)[k], "weight", 1.0), 0.0, 1.0);
                    e.binds.push_back(b);
                }
            read_v1_material_binds(it.value(), what, ctx, e, notes);
            const json* bin = member(it.value(), "isBinary");
            e.is_binary = bin && bin->is_boolean() && bin->get<bool>();
            e.override_blink = override_of(it.value(), "overrideBlink");
            e.override_look_at = override_of(it.value(), "overrideLookAt");
            e.override_mouth = override_of(it.value(), "overrideMouth");
            out.expressions.push_back(e);
        }
    }
    return ok_status();
}

// 0.x binds name a mesh, not a node: every node drawing that mesh takes the bind; weights 0..100.
Status read_v0_expressions(const json* master, const Ctx& ctx, Vrm& out, std::vector<std::string>& notes) {
    const json* groups = master ? member(*master, "blendShapeGroups") : nullptr;
    if (!groups || !groups->is_array()) return ok_status();
    for (size_t g = 0; g < groups->size(); ++g) {
        const json& group = (*groups)[g];
        const std::string what = "VRM blendShapeMaster.blendShapeGroups[" + str(g) + "]";
        VrmExpression e;
        const json* preset = member(group, "presetName");
        const bool has_preset = preset && preset->is_string() && preset->get<std::string>() != "unknown";
        e.name = has_preset              ? preset->get<std::string>()
                 : member(group, "name") ? text(*member(group, "name"))
                                         : "";
        if (const json* binds = member(group, "binds"); binds && binds->is_array())
            for (size_t k = 0; k < binds->size(); ++k) {
                const std::string w = what + ".binds[" + str(k) + "]";
                const json* mesh = member((*binds)[k], "mesh");
                if (!mesh || !mesh->is_number_integer() || mesh->get<long long>() < 0 ||
                    static_cast<size_t>(mesh->get<long long>()) >= ctx.targets_of_mesh.size())
                    return make_error(w + ": mesh " + (mesh ? text(*mesh) : "(none)") + " is out of range");
                for (size_t n = 0; n < ctx.mesh_of.size(); ++n) {
                    if (ctx.mesh_of[n] != mesh->get<long long>()) continue;
                    VrmMorphBind b;
                    if (auto st = ctx.bind((*binds)[k], w, static_cast<int>(n), b); !st) return st;
                    b.weight = std::clamp(number((*binds)[k], "weight", 100.0) / 100.0, 0.0, 1.0);
                    e.binds.push_back(b);
                }
            }
        read_v0_material_values(group, what, ctx, e, notes);
        const json* bin = member(group, "isBinary");
        e.is_binary = bin && bin->is_boolean() && bin->get<bool>();
        out.expressions.push_back(e);
    }
    return ok_status();
}

// A look-at that cannot be read is a note and no look-at: the eyes are then left as posed, which
// touches no vertex the file did not already place.
bool finite_number(const json* v) { return v && v->is_number() && std::isfinite(v->get<double>()); }

void read_range_map(const json* m, const char* in_key, const char* out_key, double default_out,
                    VrmRangeMap& out, const std::string& what, std::vector<std::string>& bad) {
    out = {90.0, default_out};  // three-vrm's defaults for a missing map or member
    if (!m) return;
    if (const json* v = member(*m, in_key)) {
        if (finite_number(v))
            out.input_max = v->get<double>();
        else
            bad.push_back(what + "." + in_key + " " + v->dump() + " is not a number");
    }
    if (const json* v = member(*m, out_key)) {
        if (finite_number(v))
            out.output_scale = v->get<double>();
        else
            bad.push_back(what + "." + out_key + " " + v->dump() + " is not a number");
    }
}

void read_v1_look_at(const json* la, Vrm& out, std::vector<std::string>& notes) {
    if (!la || !la->is_object()) return;
    VrmLookAt l;
    std::vector<std::string> bad;
    const json* type = member(*la, "type");
    const std::string t = type && type->is_string() ? type->get<std::string>() : "bone";
    if (t != "bone" && t != "expression")
        bad.push_back("type " + type->dump() + " is neither bone nor expression");
    l.type = t == "expression" ? VrmLookAtType::Expression : VrmLookAtType::Bone;
    if (auto st = vec3(member(*la, "offsetFromHeadBone"), "offsetFromHeadBone", l.offset); !st)
        bad.push_back(st.error().message);
    const double scale = l.type == VrmLookAtType::Expression ? 1.0 : 10.0;
    read_range_map(member(*la, "rangeMapHorizontalInner"), "inputMaxValue", "outputScale", scale,
                   l.horizontal_inner, "rangeMapHorizontalInner", bad);
    read_range_map(member(*la, "rangeMapHorizontalOuter"), "inputMaxValue", "outputScale", scale,
                   l.horizontal_outer, "rangeMapHorizontalOuter", bad);
    read_range_map(member(*la, "rangeMapVerticalDown"), "inputMaxValue", "outputScale", scale,
                   l.vertical_down, "rangeMapVerticalDown", bad);
    read_range_map(member(*la, "rangeMapVerticalUp"), "inputMaxValue", "outputScale", scale, l.vertical_up,
                   "rangeMapVerticalUp", bad);
    if (!bad.empty()) {
        notes.push_back("VRMC_vrm lookAt: not applied: " + bad.front());
        return;
    }
    l.present = true;
    out.look_at = l;
}

// 0.x: firstPerson's lookAtTypeName, firstPersonBoneOffset (z mirrored, as three-vrm reads it) and
// the four degree maps. A map's `curve` is read as the straight line three-vrm uses; 0.x's
// default curve [0,0,0,1, 1,1,1,0] is a Hermite segment with unit tangents at both ends, which is
// that line exactly, so only a file with its own curve is drawn differently from UniVRM (a note).
void read_v0_look_at(const json* fp, Vrm& out, std::vector<std::string>& notes) {
    if (!fp || !fp->is_object()) return;
    VrmLookAt l;
    std::vector<std::string> bad;
    const json* type = member(*fp, "lookAtTypeName");
    const std::string t = type && type->is_string() ? type->get<std::string>() : "Bone";
    if (t != "Bone" && t != "BlendShape")
        bad.push_back("lookAtTypeName " + type->dump() + " is neither Bone nor BlendShape");
    l.type = t == "BlendShape" ? VrmLookAtType::Expression : VrmLookAtType::Bone;
    if (const json* o = member(*fp, "firstPersonBoneOffset"); o && o->is_object())
        l.offset = {number(*o, "x", 0.0), number(*o, "y", 0.06), -number(*o, "z", 0.0)};
    if (!std::isfinite(l.offset.x) || !std::isfinite(l.offset.y) || !std::isfinite(l.offset.z))
        bad.push_back("firstPersonBoneOffset is not three finite numbers");
    const double scale = l.type == VrmLookAtType::Expression ? 1.0 : 10.0;
    const std::pair<const char*, VrmRangeMap*> maps[] = {{"lookAtHorizontalInner", &l.horizontal_inner},
                                                         {"lookAtHorizontalOuter", &l.horizontal_outer},
                                                         {"lookAtVerticalDown", &l.vertical_down},
                                                         {"lookAtVerticalUp", &l.vertical_up}};
    int curves = 0;
    for (const auto& [key, map] : maps) {
        const json* m = member(*fp, key);
        read_range_map(m, "xRange", "yRange", scale, *map, key, bad);
        if (const json* c = m ? member(*m, "curve") : nullptr; c && *c != json({0, 0, 0, 1, 1, 1, 1, 0}))
            ++curves;
    }
    if (!bad.empty()) {
        notes.push_back("VRM firstPerson look-at: not applied: " + bad.front());
        return;
    }
    if (curves)
        notes.push_back("VRM firstPerson look-at: a curve of its own on " + str(static_cast<size_t>(curves)) +
                        " of the 4 degree maps; applied as the straight line from 0 to xRange (three-vrm's "
                        "reading), not UniVRM's curve");
    l.present = true;
    out.look_at = l;
}

}  // namespace

Status read_vrm(const json& doc, Vrm& out, std::vector<std::string>& notes) {
    const json* exts = member(doc, "extensions");
    const json* v0 = exts ? member(*exts, "VRM") : nullptr;
    const json* v1 = exts ? member(*exts, "VRMC_vrm") : nullptr;
    if (!v0 && !v1) return ok_status();
    static const json empty = json::array();
    const json* nodes_p = member(doc, "nodes");
    const json& nodes = nodes_p && nodes_p->is_array() ? *nodes_p : empty;
    Ctx ctx;
    ctx.node_count = nodes.size();
    ctx.parent.assign(nodes.size(), -1);
    ctx.mesh_of.assign(nodes.size(), -1);
    if (const json* meshes = member(doc, "meshes"); meshes && meshes->is_array())
        for (const json& m : *meshes) {
            const json* prims = member(m, "primitives");
            const json* t =
                prims && prims->is_array() && !prims->empty() ? member((*prims)[0], "targets") : nullptr;
            ctx.targets_of_mesh.push_back(t && t->is_array() ? t->size() : 0);
        }
    if (const json* mats = member(doc, "materials"); mats && mats->is_array())
        for (const json& m : *mats)
            ctx.material_names.push_back(member(m, "name") ? text(*member(m, "name")) : "");
    for (size_t i = 0; i < nodes.size(); ++i)
        if (const json* m = member(nodes[i], "mesh");
            m && m->is_number_integer() && m->get<long long>() >= 0 &&
            static_cast<size_t>(m->get<long long>()) < ctx.targets_of_mesh.size())
            ctx.mesh_of[i] = static_cast<int>(m->get<long long>());
    for (size_t i = 0; i < nodes.size(); ++i)
        if (const json* kids = member(nodes[i], "children"); kids && kids->is_array())
            for (const json& k : *kids)
                if (k.is_number_integer() && k.get<long long>() >= 0 &&
                    static_cast<size_t>(k.get<long long>()) < nodes.size())
                    ctx.parent[static_cast<size_t>(k.get<long long>())] = static_cast<int>(i);

    std::vector<std::string> late_notes;  // binds and look-at notes: after the version line, which opens them
    // A file carrying both is a 1.0 file with its 0.x data kept for old readers (UniVRM's
    // migration does this); 1.0 wins, as in three-vrm.
    if (v1) {
        out.version = VrmVersion::V1;
        if (const json* sv = member(*v1, "specVersion")) out.spec_version = text(*sv);
        read_meta(member(*v1, "meta"), out);
        if (auto st = read_humanoid_v1(member(*v1, "humanoid"), ctx, out); !st) return st;
        if (auto st = read_v1_expressions(member(*v1, "expressions"), ctx, out, late_notes); !st) return st;
        read_v1_look_at(member(*v1, "lookAt"), out, late_notes);
        if (const json* sb = member(*exts, "VRMC_springBone"))
            if (auto st = read_v1_springs(*sb, ctx, out); !st) return st;
        for (size_t i = 0; i < nodes.size(); ++i)
            if (const json* ne = member(nodes[i], "extensions"))
                if (const json* c = member(*ne, "VRMC_node_constraint"))
                    if (auto st = read_constraint(*c, ctx, static_cast<int>(i), out); !st) return st;
    } else {
        out.version = VrmVersion::V0;
        if (const json* sv = member(*v0, "specVersion")) out.spec_version = text(*sv);
        read_meta(member(*v0, "meta"), out);
        if (auto st = read_humanoid_v0(member(*v0, "humanoid"), ctx, out); !st) return st;
        if (auto st = read_v0_expressions(member(*v0, "blendShapeMaster"), ctx, out, late_notes); !st)
            return st;
        read_v0_look_at(member(*v0, "firstPerson"), out, late_notes);
        if (const json* sec = member(*v0, "secondaryAnimation"))
            if (auto st = read_v0_springs(*sec, ctx, nodes, out); !st) return st;
    }

    // The audit's and Notes tab's lines: which VRM, the meta as stated, what is done with each part.
    const bool one = out.version == VrmVersion::V1;
    notes.push_back(std::string("VRM: ") + (one ? "VRM 1.0 (VRMC_vrm" : "VRM 0.x (VRM") +
                    (out.spec_version.empty() ? "" : " specVersion " + out.spec_version) + ")");
    for (const auto& f : out.meta) notes.push_back("VRM meta: " + f.key + " = " + f.value);
    notes.push_back("VRM humanoid: " + str(out.humanoid.size()) +
                    " bones mapped (the Humanoid tab; retargeting and picking read it)");
    size_t joints = 0;
    for (const auto& s : out.springs) joints += s.joints.size();
    notes.push_back("VRM spring bones: " + str(out.springs.size()) + " springs, " + str(joints) +
                    " joints, " + str(out.colliders.size()) +
                    " colliders, simulated at a fixed 60 Hz step (--springs off)");
    if (!out.expressions.empty()) {
        std::string names;
        int others = 0;
        for (const auto& e : out.expressions)
            names += (names.empty() ? "" : ", ") + e.name, others += e.other_binds;
        size_t drawn = 0;
        for (const auto& e : out.expressions) drawn += e.color_binds.size() + e.texture_binds.size();
        drawn -= static_cast<size_t>(others);
        notes.push_back(
            "VRM expressions: " + names + " (morph binds applied: --expression NAME=W)" +
            (drawn ? "; " + str(drawn) + " material colour / texture-transform binds applied" : "") +
            (others ? "; " + str(static_cast<size_t>(others)) +
                          " MToon colour binds (shade, matcap, rim, outline) not drawn"
                    : ""));
    }
    if (!out.constraints.empty())
        notes.push_back("VRMC_node_constraint: " + str(out.constraints.size()) +
                        " constraints applied after the pose, before the springs");
    if (out.look_at.present)
        notes.push_back(std::string("VRM look-at: type ") +
                        (out.look_at.type == VrmLookAtType::Bone
                             ? "bone (the eye bones turn)"
                             : "expression (the look expressions' weights)") +
                        ", applied after the pose with --look-at POINT|camera");
    notes.insert(notes.end(), late_notes.begin(), late_notes.end());
    // The spec's skinning-frame rule for humanoid bones: TRS with positive uniform scale. A break
    // is a note here; the frame checks (folded scale, defects) then say what it does to the skin.
    for (const auto& b : out.humanoid) {
        const json& n = nodes[static_cast<size_t>(b.node)];
        const std::string who = "VRM humanoid bone '" + b.bone + "' (node " + str(b.node) + ")";
        if (member(n, "matrix"))
            notes.push_back(who + ": has a matrix; VRM requires TRS with positive uniform scale");
        const json* sc = member(n, "scale");
        glm::dvec3 k(1.0);
        if (sc && vec3(sc, who, k).ok()) {  // a malformed scale is the schema checks' to refuse
            if (!(k.x > 0 && k.x == k.y && k.y == k.z))
                notes.push_back(who + ": scale " + sc->dump() +
                                " is not positive and uniform, as VRM requires");
        }
    }
    return ok_status();
}

}  // namespace sv::anim::gltf
