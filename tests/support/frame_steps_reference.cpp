#include "frame_steps_reference.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <iterator>
#include <map>

namespace sv::test::spec {

namespace {

using nlohmann::json;

glm::dquat quat_of(const NodePose& p) { return glm::normalize(glm::dquat(p.r.w, p.r.x, p.r.y, p.r.z)); }
glm::dvec4 stored(const glm::dquat& q) { return {q.x, q.y, q.z, q.w}; }
glm::dvec3 origin(const glm::dmat4& m) { return glm::dvec3(m[3]); }
glm::dvec3 point(const glm::dmat4& m, const glm::dvec3& p) { return glm::dvec3(m * glm::dvec4(p, 1.0)); }

std::vector<int> parents_of(const tinygltf::Model& m) {
    std::vector<int> parent(m.nodes.size(), -1);
    for (size_t n = 0; n < m.nodes.size(); ++n)
        for (int c : m.nodes[n].children)
            if (c >= 0 && static_cast<size_t>(c) < parent.size())
                parent[static_cast<size_t>(c)] = static_cast<int>(n);
    return parent;
}

// The rotation of a frame whose columns all have one length (a uniform scale); false otherwise.
bool rotation_of(const glm::dmat4& m, glm::dmat3* r) {
    glm::dmat3 l(m);
    const double s0 = glm::length(l[0]), s1 = glm::length(l[1]), s2 = glm::length(l[2]);
    if (!(s0 > 0.0) || std::fabs(s1 - s0) > 1e-9 * s0 || std::fabs(s2 - s0) > 1e-9 * s0) return false;
    *r = l / s0;
    return true;
}

// Turns node `j` by the world rotation `w` about its own origin: its world linear part becomes
// w x (its old one). With the parent's frame s x Rp, the local rotation that does it is
// Rp^T w Rp x (the old local rotation).
std::string turn_in_world(const tinygltf::Model& m, const std::vector<int>& parent,
                          std::vector<NodePose>& nodes, int j, const glm::dmat3& w) {
    NodePose& p = nodes[static_cast<size_t>(j)];
    if (p.has_matrix) return "node " + std::to_string(j) + " is given as a matrix: it takes no rotation";
    glm::dmat3 rp(1.0);
    if (const int pj = parent[static_cast<size_t>(j)]; pj >= 0) {
        const std::vector<glm::dmat4> g = node_globals(m, nodes);
        if (!rotation_of(g[static_cast<size_t>(pj)], &rp))
            return "node " + std::to_string(pj) + ": a parent scaled unevenly has no rotation to turn in";
    }
    const glm::dmat3 local = glm::transpose(rp) * w * rp * glm::mat3_cast(quat_of(p));
    p.r = stored(glm::normalize(glm::quat_cast(local)));
    return "";
}

glm::dmat3 rotation_about(const glm::dvec3& axis, double radians) {
    return glm::dmat3(glm::rotate(glm::dmat4(1.0), radians, glm::normalize(axis)));
}

// The shortest arc from direction a to direction b (both unit), as a matrix; identity when they
// coincide (antiparallel does not arise in the cases this file asks).
glm::dmat3 arc(const glm::dvec3& a, const glm::dvec3& b) {
    const glm::dvec3 c = glm::cross(a, b);
    const double s = glm::length(c);
    if (s < 1e-15) return glm::dmat3(1.0);
    return rotation_about(c, std::atan2(s, glm::dot(a, b)));
}

glm::dvec3 vec3_of(const json& j, const glm::dvec3& fallback) {
    if (!j.is_array() || j.size() != 3) return fallback;
    return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

// The file's top-level extension `name`, or null when it has none.
const json* extension(const json& gltf, const char* name) {
    return gltf.contains("extensions") && gltf["extensions"].contains(name) ? &gltf["extensions"][name]
                                                                            : nullptr;
}

double number_of(const json& obj, const char* key, double fallback) {
    return obj.contains(key) && obj[key].is_number() ? obj[key].get<double>() : fallback;
}

}  // namespace

json read_gltf_json(const std::string& path, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (b.empty()) {
        *error = path + ": cannot be read";
        return json();
    }
    if (b.size() >= 20 && std::memcmp(b.data(), "glTF", 4) == 0) {
        std::uint32_t len = 0;
        std::memcpy(&len, b.data() + 12, 4);
        if (20 + static_cast<size_t>(len) > b.size()) {
            *error = path + ": the JSON chunk runs past the file";
            return json();
        }
        const json j = json::parse(b.begin() + 20, b.begin() + 20 + len, nullptr, false);
        if (j.is_discarded()) *error = path + ": the JSON chunk does not parse";
        return j.is_discarded() ? json() : j;
    }
    const json j = json::parse(b.begin(), b.end(), nullptr, false);
    if (j.is_discarded()) *error = path + ": does not parse as JSON";
    return j.is_discarded() ? json() : j;
}

glm::dmat4 local_matrix(const NodePose& p) {
    if (p.has_matrix) return p.matrix;
    return glm::translate(glm::dmat4(1.0), p.t) * glm::dmat4(glm::mat3_cast(quat_of(p))) *
           glm::scale(glm::dmat4(1.0), p.s);
}

std::vector<glm::dmat4> node_globals(const tinygltf::Model& m, const std::vector<NodePose>& nodes) {
    const std::vector<int> parent = parents_of(m);
    std::vector<glm::dmat4> g(nodes.size(), glm::dmat4(1.0));
    std::vector<char> done(nodes.size(), 0);
    // Parents first, by walking up; the depth bound keeps a cyclic file from looping.
    for (size_t n = 0; n < nodes.size(); ++n) {
        std::vector<int> chain;
        for (int k = static_cast<int>(n);
             k >= 0 && !done[static_cast<size_t>(k)] && chain.size() <= nodes.size();
             k = parent[static_cast<size_t>(k)])
            chain.push_back(k);
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            const int k = *it, pk = parent[static_cast<size_t>(k)];
            g[static_cast<size_t>(k)] = (pk >= 0 ? g[static_cast<size_t>(pk)] : glm::dmat4(1.0)) *
                                        local_matrix(nodes[static_cast<size_t>(k)]);
            done[static_cast<size_t>(k)] = 1;
        }
    }
    return g;
}

std::string solve_two_bone_ik(const tinygltf::Model& m, const TwoBoneChain& c, std::vector<NodePose>* nodes) {
    const std::vector<int> parent = parents_of(m);
    const int n = static_cast<int>(nodes->size());
    if (c.root < 0 || c.mid < 0 || c.tip < 0 || c.root >= n || c.mid >= n || c.tip >= n)
        return "IK: a chain node is out of range";
    std::vector<glm::dmat4> g = node_globals(m, *nodes);
    const auto at = [&](int j) { return origin(g[static_cast<size_t>(j)]); };
    const glm::dvec3 r = at(c.root), mid = at(c.mid), t = at(c.tip);
    const double upper = glm::length(mid - r), lower = glm::length(t - mid);
    const double d = std::clamp(glm::length(c.target - r), std::fabs(upper - lower), upper + lower);

    // 1. The bend: the interior angle at the mid joint from the law of cosines, turned about the
    // normal of the chain's own plane (the pole's plane when the chain is straight).
    const glm::dvec3 to_root = r - mid, to_tip = t - mid;
    const double now = std::atan2(glm::length(glm::cross(to_root, to_tip)), glm::dot(to_root, to_tip));
    const double wanted =
        std::acos(std::clamp((upper * upper + lower * lower - d * d) / (2.0 * upper * lower), -1.0, 1.0));
    glm::dvec3 normal = glm::cross(to_root, to_tip);
    if (glm::length(normal) < 1e-9 * upper * lower) normal = glm::cross(to_tip, c.pole - mid);
    if (glm::length(normal) < 1e-12) return "IK: a straight chain pointing at its pole has no plane";
    if (auto e = turn_in_world(m, parent, *nodes, c.mid, rotation_about(normal, wanted - now)); !e.empty())
        return "IK mid: " + e;
    g = node_globals(m, *nodes);
    {
        const glm::dvec3 a = at(c.root) - at(c.mid), b = at(c.tip) - at(c.mid);
        const double got = std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
        if (std::fabs(got - wanted) > 1e-9)
            return "IK: the bend turned the wrong way (the interior angle is off)";
    }

    // 2. The aim: the shortest arc from where the chain now points to the target.
    const glm::dvec3 line = glm::normalize(c.target - r);
    if (auto e = turn_in_world(m, parent, *nodes, c.root, arc(glm::normalize(at(c.tip) - r), line));
        !e.empty())
        return "IK root: " + e;
    g = node_globals(m, *nodes);

    // 3. The roll about the root-target line that brings the mid joint to the pole's side.
    {
        const auto across = [&](const glm::dvec3& v) { return v - glm::dot(v, line) * line; };
        const glm::dvec3 knee = glm::normalize(across(at(c.mid) - r)),
                         pole = glm::normalize(across(c.pole - r));
        const double roll = std::atan2(glm::dot(glm::cross(knee, pole), line), glm::dot(knee, pole));
        if (auto e = turn_in_world(m, parent, *nodes, c.root, rotation_about(line, roll)); !e.empty())
            return "IK roll: " + e;
        g = node_globals(m, *nodes);
        if (glm::dot(glm::normalize(across(at(c.mid) - r)), pole) < 1.0 - 1e-9)
            return "IK: after the roll the mid joint does not face the pole";
    }
    if (glm::length(c.target - r) <= upper + lower &&
        glm::length(at(c.tip) - c.target) > 1e-9 * (upper + lower))
        return "IK: the tip missed a reachable target";
    return "";
}

std::string apply_vrm_expressions(const json& gltf, const std::vector<std::pair<std::string, double>>& set,
                                  std::vector<NodePose>* nodes) {
    const json* vrm = extension(gltf, "VRMC_vrm");
    if (!vrm || !vrm->contains("expressions")) return "expressions: the file has no VRMC_vrm expressions";
    const json& ex = (*vrm)["expressions"];
    const auto find = [&](const std::string& name) -> const json* {
        for (const char* group : {"preset", "custom"})
            if (ex.contains(group) && ex[group].contains(name)) return &ex[group][name];
        return nullptr;
    };
    // Each expression's effective weight: isBinary rounds at 0.5 (expressions.md).
    std::map<std::string, double> weight;
    for (const auto& [name, w] : set) {
        const json* e = find(name);
        if (!e) return "expressions: no expression named '" + name + "'";
        weight[name] = e->value("isBinary", false) ? (w > 0.5 ? 1.0 : 0.0) : w;
    }
    // The override rule: an expression at weight w with override "block" sets every expression of
    // that group to 0 while w > 0, "blend" multiplies them by 1 - w; the largest override wins.
    const std::map<std::string, std::vector<std::string>> groups = {
        {"overrideBlink", {"blink", "blinkLeft", "blinkRight"}},
        {"overrideLookAt", {"lookUp", "lookDown", "lookLeft", "lookRight"}},
        {"overrideMouth", {"aa", "ih", "ou", "ee", "oh"}}};
    std::map<std::string, double> keep;  // per expression, the factor the overrides leave
    for (const auto& [name, w] : weight) {
        const json& e = *find(name);
        for (const auto& [key, members] : groups) {
            const std::string mode = e.value(key, std::string("none"));
            if (mode == "none" || w <= 0.0) continue;
            const double factor = mode == "block" ? 0.0 : 1.0 - w;
            for (const std::string& g : members) keep[g] = std::min(keep.count(g) ? keep[g] : 1.0, factor);
        }
    }
    for (const auto& [name, w0] : weight) {
        const double w = w0 * (keep.count(name) ? keep[name] : 1.0);
        const json& e = *find(name);
        if (!e.contains("morphTargetBinds")) continue;
        for (const json& b : e["morphTargetBinds"]) {
            const int node = b.value("node", -1), index = b.value("index", -1);
            if (node < 0 || static_cast<size_t>(node) >= nodes->size() || index < 0)
                return "expressions: '" + name + "' binds a node or target out of range";
            auto& ws = (*nodes)[static_cast<size_t>(node)].weights;
            if (static_cast<size_t>(index) >= ws.size())
                return "expressions: '" + name + "' binds target " + std::to_string(index) + " of node " +
                       std::to_string(node) + ", which has " + std::to_string(ws.size());
            ws[static_cast<size_t>(index)] += w * b.value("weight", 0.0);
        }
    }
    return "";
}

std::string apply_vrm_look_at(const tinygltf::Model& m, const json& gltf, const glm::dvec3& target,
                              std::vector<NodePose>* nodes) {
    const json* vrm = extension(gltf, "VRMC_vrm");
    if (!vrm || !vrm->contains("lookAt")) return "look-at: the file has no VRMC_vrm lookAt";
    const json& look = (*vrm)["lookAt"];
    if (look.value("type", std::string("bone")) != "bone")
        return "look-at: only type bone is written out here";
    const json& bones = (*vrm)["humanoid"]["humanBones"];
    const auto bone = [&](const char* name) {
        return bones.contains(name) ? bones[name].value("node", -1) : -1;
    };
    const int head = bone("head"), left = bone("leftEye"), right = bone("rightEye");
    if (head < 0 || (left < 0 && right < 0)) return "look-at: no head, or neither eye, in the humanoid";

    // The look-at space: the head's frame now, moved by the offset, turned back by its rest.
    std::vector<NodePose> rest;
    if (auto e = sample_nodes(m, -1, 0.0, &rest); !e.empty()) return "look-at: " + e;
    glm::dmat3 head_rest(1.0), head_now(1.0);
    const std::vector<glm::dmat4> g = node_globals(m, *nodes);
    if (!rotation_of(node_globals(m, rest)[static_cast<size_t>(head)], &head_rest) ||
        !rotation_of(g[static_cast<size_t>(head)], &head_now))
        return "look-at: the head is scaled unevenly";
    const glm::dvec3 at =
        point(g[static_cast<size_t>(head)], vec3_of(look["offsetFromHeadBone"], glm::dvec3(0.0)));
    const glm::dvec3 local = glm::transpose(head_now * glm::transpose(head_rest)) * (target - at);
    const double yaw = glm::degrees(std::atan2(local.x, local.z));
    const double pitch = glm::degrees(std::atan2(-local.y, std::sqrt(local.x * local.x + local.z * local.z)));

    const auto mapped = [&](const char* key, double degrees) {
        const json& r = look.contains(key) ? look[key] : json::object();
        const double in = number_of(r, "inputMaxValue", 90.0), out = number_of(r, "outputScale", 10.0);
        return std::min(std::fabs(degrees), in) / in * out;
    };
    for (const auto& [eye, is_left] : {std::pair{left, true}, std::pair{right, false}}) {
        if (eye < 0) continue;
        NodePose& p = (*nodes)[static_cast<size_t>(eye)];
        const NodePose& r = rest[static_cast<size_t>(eye)];
        if (r.has_matrix || glm::length(r.r - glm::dvec4(0, 0, 0, 1)) > 1e-12)
            return "look-at: eye node " + std::to_string(eye) +
                   " has a rest rotation (not a normalised VRM 1.0 rig)";
        // Positive yaw is the avatar's left: outward for the left eye, inward for the right.
        const bool outward = (yaw > 0.0) == is_left;
        const double y = (yaw > 0.0 ? 1.0 : -1.0) *
                         mapped(outward ? "rangeMapHorizontalOuter" : "rangeMapHorizontalInner", yaw);
        const double x =
            pitch > 0.0 ? mapped("rangeMapVerticalDown", pitch) : -mapped("rangeMapVerticalUp", pitch);
        const glm::dmat3 euler_yxz =
            rotation_about({0, 1, 0}, glm::radians(y)) * rotation_about({1, 0, 0}, glm::radians(x));
        p.r = stored(glm::normalize(glm::quat_cast(euler_yxz)));
    }
    return "";
}

std::string simulate_vrm_springs(const tinygltf::Model& m, const json& gltf, int clip, double time,
                                 std::vector<NodePose>* out) {
    if (gltf.contains("extensionsUsed"))
        for (const json& e : gltf["extensionsUsed"])
            if (e == "VRMC_node_constraint") return "springs: node constraints are not written out here";
    const json* sb = extension(gltf, "VRMC_springBone");
    if (!sb) return "springs: the file has no VRMC_springBone";
    struct Collider {
        int node = -1;
        bool capsule = false;
        glm::dvec3 offset{0.0}, tail{0.0};
        double radius = 0.0;
    };
    struct Joint {
        int node = -1, tail = -1, parent = -1;
        double hit = 0.0, stiffness = 1.0, gravity = 0.0, drag = 0.5;
        glm::dvec3 gravity_dir{0, -1, 0};
        glm::dmat4 initial_local{1.0};
        glm::dquat initial_rotation{1, 0, 0, 0};
        glm::dvec3 axis{0.0};
        double length = 0.0;
        std::vector<Collider> colliders;
        glm::dvec3 current{0.0}, prev{0.0};
    };
    const std::vector<int> parent = parents_of(m);
    std::vector<NodePose> rest;
    if (auto e = sample_nodes(m, -1, 0.0, &rest); !e.empty()) return "springs: " + e;
    const std::vector<glm::dmat4> rest_g = node_globals(m, rest);

    std::vector<Collider> colliders;
    for (const json& c : sb->value("colliders", json::array())) {
        Collider k;
        k.node = c.value("node", -1);
        const json& shape = c["shape"];
        k.capsule = shape.contains("capsule");
        const json& s = k.capsule ? shape["capsule"] : shape["sphere"];
        k.offset = vec3_of(s.value("offset", json()), glm::dvec3(0.0));
        k.tail = vec3_of(s.value("tail", json()), k.offset);
        k.radius = s.value("radius", 0.0);
        colliders.push_back(k);
    }
    const json groups = sb->value("colliderGroups", json::array());
    std::vector<Joint> joints;  // root to tip, spring by spring: a parent's joint comes before its child's
    for (const json& s : sb->value("springs", json::array())) {
        if (s.contains("center")) return "springs: a spring with a center is not written out here";
        std::vector<Collider> mine;
        for (const json& gi : s.value("colliderGroups", json::array()))
            for (const json& ci : groups[gi.get<size_t>()]["colliders"])
                mine.push_back(colliders[ci.get<size_t>()]);
        const json& js = s["joints"];
        for (size_t i = 0; i + 1 < js.size(); ++i) {
            Joint j;
            j.node = js[i]["node"].get<int>();
            j.tail = js[i + 1]["node"].get<int>();
            j.parent = parent[static_cast<size_t>(j.node)];
            j.hit = number_of(js[i], "hitRadius", 0.0);
            j.stiffness = number_of(js[i], "stiffness", 1.0);
            j.gravity = number_of(js[i], "gravityPower", 0.0);
            j.gravity_dir = vec3_of(js[i].value("gravityDir", json()), glm::dvec3(0, -1, 0));
            j.drag = number_of(js[i], "dragForce", 0.5);
            j.initial_local = local_matrix(rest[static_cast<size_t>(j.node)]);
            j.initial_rotation = quat_of(rest[static_cast<size_t>(j.node)]);
            const glm::dvec3 tail_local = point(glm::inverse(rest_g[static_cast<size_t>(j.node)]),
                                                origin(rest_g[static_cast<size_t>(j.tail)]));
            j.axis = glm::normalize(tail_local);
            j.length = glm::length(origin(rest_g[static_cast<size_t>(j.tail)]) -
                                   origin(rest_g[static_cast<size_t>(j.node)]));
            j.colliders = mine;
            joints.push_back(j);
        }
    }

    // The replay's schedule: steps of 1/60 s up to floor(time / step), from a start on a grid of
    // 60 steps at least 120 before it; each step's pose is the clip at that step's float time.
    constexpr double dt = 1.0 / 60.0;
    const long last =
        std::max(0L, static_cast<long>(std::floor(static_cast<double>(static_cast<float>(time)) / dt)));
    const long start = last - 120 < 0 ? 0L : (last - 120) / 60 * 60;
    const auto posed = [&](double t, std::vector<NodePose>* nodes) {
        return sample_nodes(m, clip, static_cast<double>(static_cast<float>(t)), nodes);
    };
    std::vector<NodePose> nodes;
    if (auto e = posed(static_cast<double>(start) * dt, &nodes); !e.empty()) return "springs: " + e;
    {
        const std::vector<glm::dmat4> g = node_globals(m, nodes);
        for (Joint& j : joints) j.current = j.prev = origin(g[static_cast<size_t>(j.tail)]);
    }
    // Where the tail sits, seen from the joint's rest frame under its parent as posed now, turned
    // into the joint's rotation: initial x the arc from the rest axis to that direction.
    const auto rotate_to_tail = [&](Joint& j, std::vector<NodePose>& ns) {
        const glm::dmat4 pg =
            j.parent >= 0 ? node_globals(m, ns)[static_cast<size_t>(j.parent)] : glm::dmat4(1.0);
        const glm::dvec3 to = glm::normalize(point(glm::inverse(pg * j.initial_local), j.current));
        ns[static_cast<size_t>(j.node)].r =
            stored(glm::normalize(j.initial_rotation * glm::quat_cast(arc(j.axis, to))));
    };
    for (long k = start + 1; k <= last; ++k) {
        if (auto e = posed(static_cast<double>(k) * dt, &nodes); !e.empty()) return "springs: " + e;
        for (Joint& j : joints) {
            const std::vector<glm::dmat4> g = node_globals(m, nodes);
            const glm::dmat4 pg = j.parent >= 0 ? g[static_cast<size_t>(j.parent)] : glm::dmat4(1.0);
            const glm::dvec3 pos = origin(g[static_cast<size_t>(j.node)]);
            glm::dmat3 pr(1.0);
            if (!rotation_of(pg * j.initial_local, &pr)) return "springs: a joint's frame is scaled unevenly";
            const glm::dvec3 inertia = (j.current - j.prev) * (1.0 - j.drag);
            const glm::dvec3 stiffness = dt * (pr * j.axis) * j.stiffness;
            const glm::dvec3 external = dt * j.gravity_dir * j.gravity;
            glm::dvec3 next = j.current + inertia + stiffness + external;
            next = pos + glm::normalize(next - pos) * j.length;
            for (const Collider& c : j.colliders) {
                const glm::dmat4& cg = g[static_cast<size_t>(c.node)];
                const glm::dvec3 a = point(cg, c.offset), b = point(cg, c.tail);
                glm::dvec3 nearest = a;
                if (c.capsule && glm::length(b - a) > 0.0)
                    nearest = a + (b - a) * std::clamp(glm::dot(next - a, b - a) / glm::dot(b - a, b - a),
                                                       0.0, 1.0);
                const double dist = glm::length(next - nearest) - (c.radius + j.hit);
                if (dist < 0.0) {
                    next -= glm::normalize(next - nearest) * dist;
                    next = pos + glm::normalize(next - pos) * j.length;
                }
            }
            j.prev = j.current;
            j.current = next;
            rotate_to_tail(j, nodes);
        }
    }
    // The frame's own time: the clip's pose there, each joint turned to its last tail.
    if (auto e = posed(time, &nodes); !e.empty()) return "springs: " + e;
    for (Joint& j : joints) rotate_to_tail(j, nodes);
    *out = std::move(nodes);
    return "";
}

}  // namespace sv::test::spec
