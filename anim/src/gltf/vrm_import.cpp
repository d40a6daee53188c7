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

size_t count(const json& e, const char* key) {
    const json* v = member(e, key);
    return v && v->is_array() ? v->size() : 0;
}

Status read_v1_expressions(const json* ex, const Ctx& ctx, Vrm& out) {
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
            e.other_binds = static_cast<int>(count(it.value(), "materialColorBinds") +
                                             count(it.value(), "textureTransformBinds"));
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
Status read_v0_expressions(const json* master, const Ctx& ctx, Vrm& out) {
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
        e.other_binds = static_cast<int>(count(group, "materialValues"));
        const json* bin = member(group, "isBinary");
        e.is_binary = bin && bin->is_boolean() && bin->get<bool>();
        out.expressions.push_back(e);
    }
    return ok_status();
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

    // A file carrying both is a 1.0 file with its 0.x data kept for old readers (UniVRM's
    // migration does this); 1.0 wins, as in three-vrm.
    if (v1) {
        out.version = VrmVersion::V1;
        if (const json* sv = member(*v1, "specVersion")) out.spec_version = text(*sv);
        read_meta(member(*v1, "meta"), out);
        if (auto st = read_humanoid_v1(member(*v1, "humanoid"), ctx, out); !st) return st;
        if (auto st = read_v1_expressions(member(*v1, "expressions"), ctx, out); !st) return st;
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
        if (auto st = read_v0_expressions(member(*v0, "blendShapeMaster"), ctx, out); !st) return st;
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
        notes.push_back("VRM expressions: " + names + " (morph binds applied: --expression NAME=W)" +
                        (others ? "; " + str(static_cast<size_t>(others)) +
                                      " material colour / texture-transform binds not applied"
                                : ""));
    }
    if (!out.constraints.empty())
        notes.push_back("VRMC_node_constraint: " + str(out.constraints.size()) +
                        " constraints applied after the pose, before the springs");
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
    if (exts && member(*exts, "VRMC_vrm_animation"))
        notes.push_back("VRMC_vrm_animation: not read; the file's glTF animations play as they are");
    return ok_status();
}

}  // namespace sv::anim::gltf
