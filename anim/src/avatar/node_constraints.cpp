#include "anim/avatar/node_constraints.h"

#include <glm/gtc/constants.hpp>
#include <string>

namespace sv::anim {

namespace {

const glm::dvec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

// The shortest rotation taking unit `from` onto unit `to`; half a turn about a perpendicular when
// they are opposite (the specification leaves that case open; any such turn aims the axis).
glm::dquat from_to(const glm::dvec3& from, const glm::dvec3& to) {
    const double d = glm::dot(from, to);
    if (d < -1.0 + 1e-12) {
        glm::dvec3 axis = glm::cross(glm::dvec3(1, 0, 0), from);
        if (glm::length(axis) < 1e-6) axis = glm::cross(glm::dvec3(0, 1, 0), from);
        return glm::angleAxis(glm::pi<double>(), glm::normalize(axis));
    }
    const glm::dvec3 c = glm::cross(from, to);
    return glm::normalize(glm::dquat(1.0 + d, c.x, c.y, c.z));
}

// A global's rotation (columns normalised: VRM requires positive uniform scales on these nodes).
glm::dquat rotation_of(const glm::dmat4& m) {
    glm::dmat3 r(m);
    for (int c = 0; c < 3; ++c)
        if (const double len = glm::length(r[c]); len > 0.0) r[c] /= len;
    return glm::normalize(glm::quat_cast(r));
}

std::string who(const Scene& s, int n) {
    return "node " + std::to_string(n) + " ('" + s.nodes[static_cast<size_t>(n)].name + "')";
}

}  // namespace

Expected<NodeConstraints> NodeConstraints::create(const Vrm& vrm, const Scene& scene) {
    const int n = static_cast<int>(scene.nodes.size());
    std::vector<int> constraint_of(scene.nodes.size(), -1);
    for (size_t i = 0; i < vrm.constraints.size(); ++i) {
        const VrmNodeConstraint& c = vrm.constraints[i];
        if (c.node < 0 || c.node >= n || c.source < 0 || c.source >= n)
            return make_error("VRMC_node_constraint " + std::to_string(i) + ": node " +
                              std::to_string(c.node) + " or source " + std::to_string(c.source) +
                              " is out of range (" + std::to_string(n) + " nodes)");
        if (scene.nodes[static_cast<size_t>(c.node)].use_matrix)
            return make_error("VRMC_node_constraint on " + who(scene, c.node) +
                              ": the node is given as a matrix, so there is no rotation to constrain");
        if (constraint_of[static_cast<size_t>(c.node)] >= 0)
            return make_error("VRMC_node_constraint: " + who(scene, c.node) + " has two constraints");
        constraint_of[static_cast<size_t>(c.node)] = static_cast<int>(i);
    }
    // What constraint i reads: its source's local rotation (roll, rotation) or world position (aim),
    // and its own parent's world rotation. Any constraint on the source, or on a node above the
    // source or above the destination, changes those, so it must run first.
    const auto depends = [&](size_t i, std::vector<int>& out) {
        const VrmNodeConstraint& c = vrm.constraints[i];
        out.clear();
        for (int m = c.source; m >= 0; m = scene.nodes[static_cast<size_t>(m)].parent)
            if (constraint_of[static_cast<size_t>(m)] >= 0)
                out.push_back(constraint_of[static_cast<size_t>(m)]);
        for (int m = scene.nodes[static_cast<size_t>(c.node)].parent; m >= 0;
             m = scene.nodes[static_cast<size_t>(m)].parent)
            if (constraint_of[static_cast<size_t>(m)] >= 0)
                out.push_back(constraint_of[static_cast<size_t>(m)]);
    };
    NodeConstraints out;
    std::vector<char> state(vrm.constraints.size(), 0);  // 0 new, 1 pending, 2 done
    std::vector<int> deps;
    // The specification's depth-first resolution (its implementation notes), iterative.
    for (size_t start = 0; start < vrm.constraints.size(); ++start) {
        if (state[start] == 2) continue;
        std::vector<std::pair<size_t, size_t>> stack = {{start, 0}};
        state[start] = 1;
        while (!stack.empty()) {
            auto& [i, next] = stack.back();
            depends(i, deps);
            if (next < deps.size()) {
                const size_t d = static_cast<size_t>(deps[next++]);
                if (state[d] == 1)
                    return make_error("VRMC_node_constraint: circular dependency through " +
                                      who(scene, vrm.constraints[d].node) + " and " +
                                      who(scene, vrm.constraints[i].node));
                if (state[d] == 0) {
                    state[d] = 1;
                    stack.push_back({d, 0});
                }
                continue;
            }
            const VrmNodeConstraint& c = vrm.constraints[i];
            Entry e;
            e.c = c;
            e.source_rest = glm::normalize(scene.nodes[static_cast<size_t>(c.source)].rotation);
            e.dest_rest = glm::normalize(scene.nodes[static_cast<size_t>(c.node)].rotation);
            out.order_.push_back(e);
            state[i] = 2;
            stack.pop_back();
        }
    }
    return out;
}

void NodeConstraints::apply(Scene& scene) const {
    for (const Entry& e : order_) {
        const Node& src = scene.nodes[static_cast<size_t>(e.c.source)];
        Node& dst = scene.nodes[static_cast<size_t>(e.c.node)];
        // The source's local rotation from the globals, not from its TRS: a caller may hand over
        // a scene whose globals are the posed character's and whose locals are still the rest.
        const glm::dmat4 src_parent =
            src.parent >= 0 ? scene.nodes[static_cast<size_t>(src.parent)].global : glm::dmat4(1.0);
        const glm::dquat src_q = rotation_of(glm::inverse(src_parent) * src.global);
        glm::dquat target = e.dest_rest;
        switch (e.c.type) {
            case VrmConstraintType::Rotation:
                target = e.dest_rest * (glm::inverse(e.source_rest) * src_q);
                break;
            case VrmConstraintType::Roll: {
                const glm::dquat delta = glm::inverse(e.source_rest) * src_q;
                const glm::dquat in_parent = e.source_rest * delta * glm::inverse(e.source_rest);
                const glm::dquat in_dst = glm::inverse(e.dest_rest) * in_parent * e.dest_rest;
                const glm::dvec3 axis = kAxes[2 * (e.c.axis % 3)];
                target = e.dest_rest * glm::inverse(from_to(axis, glm::normalize(in_dst * axis))) * in_dst;
                break;
            }
            case VrmConstraintType::Aim: {
                const glm::dquat parent =
                    dst.parent >= 0 ? rotation_of(scene.nodes[static_cast<size_t>(dst.parent)].global)
                                    : glm::dquat(1, 0, 0, 0);
                const glm::dvec3 from = (parent * e.dest_rest) * kAxes[e.c.axis % 6];
                const glm::dvec3 to_raw = glm::dvec3(src.global[3]) - glm::dvec3(dst.global[3]);
                // A source on the destination gives no direction: the rest is kept.
                if (glm::length(to_raw) < 1e-12) break;
                target = glm::inverse(parent) * from_to(from, glm::normalize(to_raw)) * parent * e.dest_rest;
                break;
            }
        }
        // glm's slerp takes the short way, as three-vrm's and UniVRM's do.
        dst.rotation = glm::normalize(glm::slerp(e.dest_rest, glm::normalize(target), e.c.weight));
        scene.update_matrices(e.c.node);
    }
}

std::vector<int> NodeConstraints::nodes() const {
    std::vector<int> v;
    for (const Entry& e : order_) v.push_back(e.c.node);
    return v;
}

}  // namespace sv::anim
