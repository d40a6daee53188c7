#include "anim/avatar/look_at.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>

#include "anim/avatar/vrm_facing.h"

namespace sv::anim {

namespace {

glm::dquat rotation_of(const glm::dmat4& m) {
    glm::dmat3 r(m);
    for (int c = 0; c < 3; ++c)
        if (const double len = glm::length(r[c]); len > 0.0) r[c] /= len;
    return glm::normalize(glm::quat_cast(r));
}

int bone(const Vrm& vrm, const char* name) {
    for (const auto& b : vrm.humanoid)
        if (b.bone == name) return b.node;
    return -1;
}

bool usable(const VrmRangeMap& m) {
    return std::isfinite(m.input_max) && m.input_max > 0.0 && std::isfinite(m.output_scale);
}

}  // namespace

double map_look_range(const VrmRangeMap& map, double degrees) {
    return std::min(std::abs(degrees), map.input_max) / map.input_max * map.output_scale;
}

Expected<LookAt> LookAt::create(const Vrm& vrm, const Scene& scene) {
    if (!vrm.look_at.present) return make_error("VRM lookAt: the avatar has none");
    LookAt l;
    l.look_ = vrm.look_at;
    const std::pair<const char*, const VrmRangeMap*> maps[] = {
        {"rangeMapHorizontalInner", &l.look_.horizontal_inner},
        {"rangeMapHorizontalOuter", &l.look_.horizontal_outer},
        {"rangeMapVerticalDown", &l.look_.vertical_down},
        {"rangeMapVerticalUp", &l.look_.vertical_up}};
    for (const auto& [name, m] : maps)
        if (!usable(*m))
            return make_error(std::string("VRM lookAt ") + name + ": inputMaxValue " +
                              std::to_string(m->input_max) + " / outputScale " +
                              std::to_string(m->output_scale) + " (inputMaxValue must be a positive number)");
    const int n = static_cast<int>(scene.nodes.size());
    l.head_ = bone(vrm, "head");
    if (l.head_ < 0 || l.head_ >= n) return make_error("VRM lookAt: the humanoid maps no head bone");
    l.head_rest_ = rotation_of(scene.nodes[static_cast<size_t>(l.head_)].global);
    // A 0.x avatar the viewer turned (vrm_facing) faces +Z in the world its head's rest rotation
    // carries; one shown as stored faces -Z, which the look-at space must turn to.
    if (vrm.version == VrmVersion::V0 && scene.find(kVrmFacingNode) < 0)
        l.face_ = glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0));
    if (l.look_.type == VrmLookAtType::Bone) {
        for (const auto& [name, left] : {std::pair{"leftEye", true}, std::pair{"rightEye", false}}) {
            const int e = bone(vrm, name);
            if (e < 0 || e >= n) continue;
            const Node& node = scene.nodes[static_cast<size_t>(e)];
            if (node.use_matrix)
                return make_error(std::string("VRM lookAt: the ") + name + " bone (node " +
                                  std::to_string(e) + " '" + node.name +
                                  "') is given as a matrix, so there is no rotation to turn");
            Eye eye;
            eye.node = e;
            eye.left = left;
            eye.rest = node.rotation;
            eye.parent_rest = node.parent >= 0
                                  ? rotation_of(scene.nodes[static_cast<size_t>(node.parent)].global)
                                  : glm::dquat(1, 0, 0, 0);
            l.eyes_.push_back(eye);
        }
        if (l.eyes_.empty())
            return make_error("VRM lookAt: type bone, but the humanoid maps neither leftEye nor rightEye");
    } else {
        const bool v0 = vrm.version == VrmVersion::V0;
        const char* want[4][2] = {{"lookLeft", "lookleft"},
                                  {"lookRight", "lookright"},
                                  {"lookUp", "lookup"},
                                  {"lookDown", "lookdown"}};
        for (const auto& w : want) {
            const std::string name = w[v0 ? 1 : 0];
            const bool has = std::any_of(vrm.expressions.begin(), vrm.expressions.end(),
                                         [&](const VrmExpression& e) { return e.name == name; });
            l.names_.push_back(has ? name : "");
        }
    }
    return l;
}

LookAtAngles LookAt::angles(const Scene& scene, const glm::dvec3& target) const {
    const glm::dmat4& head = scene.nodes[static_cast<size_t>(head_)].global;
    const glm::dvec3 origin = glm::dvec3(head * glm::dvec4(look_.offset, 1.0));
    const glm::dquat space = rotation_of(head) * glm::inverse(head_rest_) * face_;
    const glm::dvec3 d = glm::inverse(space) * (target - origin);
    LookAtAngles a;
    a.yaw = glm::degrees(std::atan2(d.x, d.z));
    a.pitch = glm::degrees(std::atan2(-d.y, std::sqrt(d.x * d.x + d.z * d.z)));
    return a;
}

std::vector<std::pair<int, glm::dquat>> LookAt::eye_rotations(const LookAtAngles& a) const {
    std::vector<std::pair<int, glm::dquat>> out;
    for (const Eye& e : eyes_) {
        // Left: yaw to the left is outward, to the right inward; the right eye mirrors it.
        const VrmRangeMap& pos = e.left ? look_.horizontal_outer : look_.horizontal_inner;
        const VrmRangeMap& neg = e.left ? look_.horizontal_inner : look_.horizontal_outer;
        const double yaw = a.yaw > 0.0 ? map_look_range(pos, a.yaw) : -map_look_range(neg, a.yaw);
        const double pitch = a.pitch > 0.0 ? map_look_range(look_.vertical_down, a.pitch)
                                           : -map_look_range(look_.vertical_up, a.pitch);
        // The YXZ Euler (yaw about Y, then pitch about the turned X) in the look-at space, which at
        // rest is the parent's world turned by face_; carried into the eye's parent and put on top
        // of the eye's own rest, so an eye with a rest rotation keeps it when looking ahead.
        const glm::dquat q = glm::angleAxis(glm::radians(yaw), glm::dvec3(0, 1, 0)) *
                             glm::angleAxis(glm::radians(pitch), glm::dvec3(1, 0, 0));
        const glm::dquat world = face_ * q * glm::inverse(face_);
        out.emplace_back(e.node,
                         glm::normalize(glm::inverse(e.parent_rest) * world * e.parent_rest * e.rest));
    }
    return out;
}

void LookAt::apply_bones(Scene& scene, const LookAtAngles& a) const {
    for (const auto& [node, q] : eye_rotations(a)) {
        Node& n = scene.nodes[static_cast<size_t>(node)];
        // The eye's translation and scale from its current global (a caller may hand over posed
        // globals over rest locals), its rotation the new one.
        const glm::dmat4 parent =
            n.parent >= 0 ? scene.nodes[static_cast<size_t>(n.parent)].global : glm::dmat4(1.0);
        const glm::dmat4 local = glm::inverse(parent) * n.global;
        n.translation = glm::dvec3(local[3]);
        n.rotation = q;
        // What this costs: nodes below an eye are re-derived from their own locals, so a posed
        // child of an eye (rare: eyes are leaves in VRoid and UniVRM rigs) shows its rest.
        scene.update_matrices(node);
    }
}

std::vector<std::pair<std::string, double>> LookAt::expression_values(const LookAtAngles& a) const {
    std::vector<std::pair<std::string, double>> out;
    if (look_.type != VrmLookAtType::Expression) return out;
    const double h = map_look_range(look_.horizontal_outer, a.yaw);
    const double left = a.yaw > 0.0 ? h : 0.0, right = a.yaw > 0.0 ? 0.0 : h;
    const double down = a.pitch > 0.0 ? map_look_range(look_.vertical_down, a.pitch) : 0.0;
    const double up = a.pitch > 0.0 ? 0.0 : map_look_range(look_.vertical_up, a.pitch);
    const double v[4] = {left, right, up, down};
    for (size_t i = 0; i < 4; ++i)
        if (!names_[i].empty()) out.emplace_back(names_[i], v[i]);
    return out;
}

std::vector<int> LookAt::eye_nodes() const {
    std::vector<int> out;
    for (const Eye& e : eyes_) out.push_back(e.node);
    return out;
}

}  // namespace sv::anim
