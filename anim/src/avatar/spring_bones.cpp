// The update follows VRMC_springBone-1.0's "Spring bone algorithm" section and three-vrm's
// VRMSpringBoneJoint in its choices where the text is loose: the tails live in the center's space,
// the stiffness pull is along the rest direction carried by the parent's current world matrix, the
// collision pushes the tail out of each sphere or capsule and restores the bone length, and the
// joint's new local rotation is its rest rotation times the shortest arc from the rest axis to the
// new tail seen from the rest frame. In double precision, like the scene.
#include "anim/avatar/spring_bones.h"

#include <cmath>
#include <string>

namespace sv::anim {

namespace {

glm::dvec3 point(const glm::dmat4& m, const glm::dvec3& p) { return glm::dvec3(m * glm::dvec4(p, 1.0)); }

// Shortest-arc rotation taking unit a to unit b; the antiparallel case turns about any axis
// perpendicular to a (the tail went straight through the joint: any choice is as good).
glm::dquat from_to(const glm::dvec3& a, const glm::dvec3& b) {
    const double d = glm::dot(a, b);
    if (d < -1.0 + 1e-12) {
        glm::dvec3 axis = glm::cross(glm::dvec3(1, 0, 0), a);
        if (glm::dot(axis, axis) < 1e-12) axis = glm::cross(glm::dvec3(0, 1, 0), a);
        return glm::angleAxis(glm::pi<double>(), glm::normalize(axis));
    }
    const glm::dvec3 c = glm::cross(a, b);
    return glm::normalize(glm::dquat(1.0 + d, c.x, c.y, c.z));
}

glm::dmat4 trs(const Node& n) {
    if (n.use_matrix) return n.matrix;
    return n.local();
}

}  // namespace

Expected<SpringBones> SpringBones::create(const Vrm& vrm, const Scene& scene) {
    SpringBones sb;
    sb.colliders_ = vrm.colliders;
    const int n = static_cast<int>(scene.nodes.size());
    for (const auto& c : sb.colliders_)
        if (c.node < 0 || c.node >= n)
            return make_error("spring bones: collider node " + std::to_string(c.node) + " is out of range");
    for (const VrmSpring& s : vrm.springs) {
        for (const VrmSpringJoint& p : s.joints) {
            const std::string what = "spring '" + s.name + "' joint node " + std::to_string(p.node);
            if (p.node < 0 || p.node >= n || p.tail_node >= n)
                return make_error(what + ": node or tail out of range");
            const Node& node = scene.nodes[static_cast<size_t>(p.node)];
            if (node.use_matrix)
                return make_error(what + " ('" + node.name +
                                  "'): its transform is a matrix; the spec requires TRS for spring joints");
            Joint j;
            j.p = p;
            j.parent = node.parent;
            j.center = s.center;
            j.colliders = s.colliders;
            j.initial_local = trs(node);
            j.initial_rotation = node.rotation;
            j.local_tail = p.tail_node >= 0 ? scene.nodes[static_cast<size_t>(p.tail_node)].translation
                           : glm::length(node.translation) > 0.0 ? glm::normalize(node.translation) * 0.07
                                                                 : glm::dvec3(0.0);
            if (glm::length(j.local_tail) <= 1e-9)
                return make_error(what + " ('" + node.name +
                                  "'): its tail sits on the joint; nothing to swing");
            j.bone_axis = glm::normalize(j.local_tail);
            sb.joints_.push_back(j);
        }
    }
    Scene copy = scene;
    sb.reset(copy);
    return sb;
}

glm::dmat4 SpringBones::world_to_center(const Scene& scene, int center) const {
    return center < 0 ? glm::dmat4(1.0) : glm::inverse(scene.nodes[static_cast<size_t>(center)].global);
}

void SpringBones::reset(Scene& scene) {
    for (Joint& j : joints_) {
        Node& node = scene.nodes[static_cast<size_t>(j.p.node)];
        node.rotation = j.initial_rotation;
        scene.update_matrices(j.p.node);
        const glm::dmat4 to_c = world_to_center(scene, j.center) * node.global;
        j.current = j.prev = point(to_c, j.local_tail);
        j.length = glm::length(j.current - point(to_c, glm::dvec3(0.0)));
    }
    carry_ = 0.0;
}

int SpringBones::advance(Scene& scene, double elapsed) {
    if (!(elapsed > 0.0)) return 0;
    carry_ += elapsed;
    int steps = 0;
    // A long stall (a breakpoint, a dragged window) would otherwise run seconds of steps in one
    // frame; past a quarter second the swing restarts from the pose instead.
    if (carry_ > 0.25) {
        reset(scene);
        return 0;
    }
    while (carry_ >= kStep) {
        step(scene, kStep);
        carry_ -= kStep;
        ++steps;
    }
    return steps;
}

void SpringBones::step(Scene& scene, double dt) {
    for (Joint& j : joints_) {
        Node& node = scene.nodes[static_cast<size_t>(j.p.node)];
        const glm::dmat4 w2c = world_to_center(scene, j.center);
        const glm::dmat4 parent_c =
            w2c * (j.parent >= 0 ? scene.nodes[static_cast<size_t>(j.parent)].global : glm::dmat4(1.0));
        // The joint's position follows the animated pose (its local translation is not the spring's).
        const glm::dmat4 rest_c = parent_c * j.initial_local;
        const glm::dvec3 pos = point(rest_c, glm::dvec3(0.0));

        const glm::dvec3 inertia = (j.current - j.prev) * (1.0 - j.p.drag_force);
        const glm::dvec3 pull = glm::normalize(point(rest_c, j.bone_axis) - pos) * (j.p.stiffness * dt);
        const glm::dvec3 external =
            glm::dvec3(w2c * glm::dvec4(j.p.gravity_dir, 0.0)) * (j.p.gravity_power * dt);
        glm::dvec3 next = j.current + inertia + pull + external;
        next = pos + glm::normalize(next - pos) * j.length;

        for (int ci : j.colliders) {
            const VrmCollider& c = colliders_[static_cast<size_t>(ci)];
            const glm::dmat4 cm = w2c * scene.nodes[static_cast<size_t>(c.node)].global;
            const glm::dvec3 a = point(cm, c.offset);
            glm::dvec3 nearest = a;
            if (c.capsule) {
                const glm::dvec3 b = point(cm, c.tail);
                const glm::dvec3 ab = b - a;
                const double len2 = glm::dot(ab, ab);
                const double t = len2 > 0.0 ? glm::clamp(glm::dot(next - a, ab) / len2, 0.0, 1.0) : 0.0;
                nearest = a + ab * t;
            }
            const double reach = c.radius + j.p.hit_radius;
            const glm::dvec3 d = next - nearest;
            const double dist = glm::length(d);
            if (dist < reach && dist > 0.0) {
                next = nearest + d / dist * reach;
                next = pos + glm::normalize(next - pos) * j.length;
            }
        }
        j.prev = j.current;
        j.current = next;

        const glm::dvec3 seen = glm::dvec3(glm::inverse(rest_c) * glm::dvec4(next, 1.0));
        node.rotation = j.initial_rotation * from_to(j.bone_axis, glm::normalize(seen));
        scene.update_matrices(j.p.node);
    }
}

void SpringBones::apply(Scene& scene) const {
    for (const Joint& j : joints_) {
        const glm::dmat4 parent_c =
            world_to_center(scene, j.center) *
            (j.parent >= 0 ? scene.nodes[static_cast<size_t>(j.parent)].global : glm::dmat4(1.0));
        const glm::dmat4 rest_c = parent_c * j.initial_local;
        const glm::dvec3 seen = glm::dvec3(glm::inverse(rest_c) * glm::dvec4(j.current, 1.0));
        scene.nodes[static_cast<size_t>(j.p.node)].rotation =
            j.initial_rotation * from_to(j.bone_axis, glm::normalize(seen));
        scene.update_matrices(j.p.node);
    }
}

std::vector<int> SpringBones::nodes() const {
    std::vector<int> out;
    for (const Joint& j : joints_) out.push_back(j.p.node);
    return out;
}

glm::dvec3 SpringBones::tail_world(const Scene& scene, size_t i) const {
    const Joint& j = joints_[i];
    const glm::dmat4 c2w = j.center < 0 ? glm::dmat4(1.0) : scene.nodes[static_cast<size_t>(j.center)].global;
    return point(c2w, j.current);
}

}  // namespace sv::anim
