// Clips for the blend tree and state machine tests, built in code. Two joints: 0 (node 10) and
// 1 (node 11); rest has joint 1 one unit above joint 0. Linear keys, so values by hand are exact.
#pragma once

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/pose/clip_sampling.h"
#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::test {

inline const std::vector<int>& graph_joint_nodes() {
    static const std::vector<int> nodes = {10, 11};
    return nodes;
}

inline anim::Pose graph_rest() {
    anim::Pose p(2);
    p.translation[4] = 1.0f;
    return p;
}

// Joint 0's x goes 0 -> 1 over the clip (so x is the normalised phase); y is held at `y`.
inline anim::Clip phase_clip(const char* name, float duration, float y = 0.0f) {
    anim::Clip c;
    c.name = name;
    c.duration = duration;
    anim::Channel t;
    t.node = 10;
    t.path = anim::TargetPath::Translation;
    t.times = {0.0f, duration};
    t.values = {0.0f, y, 0.0f, 1.0f, y, 0.0f};
    c.channels.push_back(t);
    return c;
}

// Joint 1 held at a yaw of `degrees` about +y for `duration`.
inline anim::Clip yaw_clip(const char* name, float duration, double degrees) {
    anim::Clip c;
    c.name = name;
    c.duration = duration;
    anim::Channel r;
    r.node = 11;
    r.path = anim::TargetPath::Rotation;
    r.times = {0.0f, duration};
    const glm::dquat q = glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 1, 0));
    const float v[4] = {static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z),
                        static_cast<float>(q.w)};
    r.values = {v[0], v[1], v[2], v[3], v[0], v[1], v[2], v[3]};
    c.channels.push_back(r);
    return c;
}

inline double yaw_degrees(const anim::Pose& p, int j) {
    const float* q = &p.rotation[static_cast<size_t>(j) * 4];
    return glm::degrees(2.0 * std::atan2(static_cast<double>(q[1]), static_cast<double>(q[3])));
}

}  // namespace sv::test
