// Shared by the animation-graph tests: rigs built in code, an independent double-precision
// forward-kinematics pass (the second method the IK and root motion checks compare against), and
// the allocation counter (operator new is replaced in alloc_counter.cpp, this executable only).
#pragma once

#include <cstring>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/pose/pose.h"
#include "anim/pose/skeleton.h"

namespace sv::test {

long allocation_count();

struct RigJoint {
    std::string name;
    int parent;
    glm::dvec3 t{0.0};
    glm::dquat r{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 s{1.0};
};

inline anim::Pose pose_of(const std::vector<RigJoint>& joints) {
    anim::Pose p(static_cast<int>(joints.size()));
    for (size_t j = 0; j < joints.size(); ++j) {
        const glm::dquat q = glm::normalize(joints[j].r);
        for (int i = 0; i < 3; ++i) {
            p.translation[j * 3 + static_cast<size_t>(i)] = static_cast<float>(joints[j].t[i]);
            p.scale[j * 3 + static_cast<size_t>(i)] = static_cast<float>(joints[j].s[i]);
        }
        p.rotation[j * 4 + 0] = static_cast<float>(q.x);
        p.rotation[j * 4 + 1] = static_cast<float>(q.y);
        p.rotation[j * 4 + 2] = static_cast<float>(q.z);
        p.rotation[j * 4 + 3] = static_cast<float>(q.w);
    }
    return p;
}

inline anim::Skeleton skeleton_of(const std::vector<RigJoint>& joints) {
    anim::SkeletonDesc d;
    for (const RigJoint& j : joints) {
        d.names.push_back(j.name);
        d.parents.push_back(j.parent);
        d.inverse_bind.push_back(glm::mat4(1.0f));
    }
    d.rest = pose_of(joints);
    auto s = anim::Skeleton::create(std::move(d));
    return std::move(s).value();
}

inline glm::dquat rot(const anim::Pose& p, int j) {
    const float* q = &p.rotation[static_cast<size_t>(j) * 4];
    return glm::dquat(q[3], q[0], q[1], q[2]);
}

// World matrices of every joint, in double, from the pose alone (TRS composed as glTF does).
inline std::vector<glm::dmat4> fk(const std::vector<int>& parents, const anim::Pose& p) {
    std::vector<glm::dmat4> w(parents.size());
    for (size_t j = 0; j < parents.size(); ++j) {
        glm::dmat4 l = glm::mat4_cast(glm::normalize(rot(p, static_cast<int>(j))));
        for (int c = 0; c < 3; ++c) l[c] *= static_cast<double>(p.scale[j * 3 + static_cast<size_t>(c)]);
        l[3] = glm::dvec4(p.translation[j * 3], p.translation[j * 3 + 1], p.translation[j * 3 + 2], 1.0);
        w[j] = parents[j] >= 0 ? w[static_cast<size_t>(parents[j])] * l : l;
    }
    return w;
}
inline glm::dvec3 at(const std::vector<glm::dmat4>& w, int j) {
    return glm::dvec3(w[static_cast<size_t>(j)][3]);
}

inline bool bit_equal(const anim::Pose& a, const anim::Pose& b) {
    return a.translation.size() == b.translation.size() && a.rotation.size() == b.rotation.size() &&
           a.scale.size() == b.scale.size() &&
           std::memcmp(a.translation.data(), b.translation.data(), a.translation.size() * sizeof(float)) ==
               0 &&
           std::memcmp(a.rotation.data(), b.rotation.data(), a.rotation.size() * sizeof(float)) == 0 &&
           std::memcmp(a.scale.data(), b.scale.data(), a.scale.size() * sizeof(float)) == 0;
}

inline bool all_finite(const anim::Pose& p) {
    for (float v : p.translation)
        if (!std::isfinite(v)) return false;
    for (float v : p.rotation)
        if (!std::isfinite(v)) return false;
    for (float v : p.scale)
        if (!std::isfinite(v)) return false;
    return true;
}

inline double angle_between(const glm::dvec3& a, const glm::dvec3& b) {
    return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
}

}  // namespace sv::test
