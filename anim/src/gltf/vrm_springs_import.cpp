// VRM spring bones (0.x secondaryAnimation, 1.0 VRMC_springBone) and VRMC_node_constraint, read
// into anim::Vrm (vrm_json.h). 0.x collider offsets have z mirrored; 0.x spring groups name chain
// roots whose whole subtree swings (each node with its first child as tail, a leaf with a virtual
// 7 cm tail); 1.0 springs list their joints with the last one a tail only (the VRM specifications
// and three-vrm's loader).
#include "vrm_json.h"

namespace sv::anim::gltf::vrm {

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

}  // namespace sv::anim::gltf::vrm
