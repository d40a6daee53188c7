#include "ui/retarget_rest.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

namespace sv::ui {

namespace {

glm::dmat4 world_of(const std::vector<float>& w, int j) {
    glm::dmat4 m(1.0);
    const size_t o = static_cast<size_t>(j) * 16;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m[c][r] = static_cast<double>(w[o + static_cast<size_t>(c * 4 + r)]);
    return m;
}

// The rotation of a world matrix with (positive) scale: its columns normalised. A reflected rig
// (negative determinant) would need a sign this drops; glTF rigs in practice have none.
glm::dquat rotation_of(const glm::dmat4& m) {
    glm::dmat3 r(m);
    for (int c = 0; c < 3; ++c) {
        const double len = glm::length(r[c]);
        if (len > 0.0) r[c] /= len;
    }
    return glm::normalize(glm::quat_cast(r));
}

double hip_height(const std::vector<float>& world, int joints, int root) {
    double lowest = std::numeric_limits<double>::infinity();
    for (int j = 0; j < joints; ++j) lowest = std::min(lowest, world_of(world, j)[3][1]);
    return world_of(world, root)[3][1] - lowest;
}

glm::dquat rest_local_rotation(const anim::Pose& p, int j) {
    const size_t o = static_cast<size_t>(j) * 4;
    return glm::dquat(p.rotation[o + 3], p.rotation[o], p.rotation[o + 1], p.rotation[o + 2]);
}

glm::dmat4 rest_local_matrix(const anim::Pose& p, int j) {
    const size_t t = static_cast<size_t>(j) * 3;
    const glm::dvec3 tr(p.translation[t], p.translation[t + 1], p.translation[t + 2]);
    const glm::dvec3 sc(p.scale[t], p.scale[t + 1], p.scale[t + 2]);
    return glm::translate(glm::dmat4(1.0), tr) * glm::mat4_cast(rest_local_rotation(p, j)) *
           glm::scale(glm::dmat4(1.0), sc);
}

}  // namespace

Status prepare_rest_retarget(const anim::Character& source, const anim::RetargetMap& map, int target_joints,
                             RetargetRest& out) {
    if (source.skins().empty()) return make_error("retarget: the source has no skin");
    const anim::Skeleton& sk = source.skins()[0].skeleton;
    RetargetRest r;
    r.source_of_target.assign(static_cast<size_t>(target_joints), -1);
    int matched = 0;
    for (size_t s = 0; s < map.target_of_source.size(); ++s) {
        const int t = map.target_of_source[s];
        if (t < 0 || t >= target_joints) continue;
        r.source_of_target[static_cast<size_t>(t)] = static_cast<int>(s);
        ++matched;
    }
    if (matched == 0) return make_error("retarget: no joint names in common, so nothing would move");
    r.source_rest_world.resize(static_cast<size_t>(sk.joint_count()));
    for (int j = 0; j < sk.joint_count(); ++j)
        r.source_rest_world[static_cast<size_t>(j)] = rotation_of(world_of(sk.world(), j));
    // The source joint that drives the first target root (the hips, in every rig seen so far).
    int root = -1;
    for (int t = 0; t < target_joints && root < 0; ++t)
        if (map.target_parents[static_cast<size_t>(t)] < 0) root = r.source_of_target[static_cast<size_t>(t)];
    if (root >= 0) {
        r.source_root_rest = glm::dvec3(world_of(sk.world(), root)[3]);
        r.source_hip_height = hip_height(sk.world(), sk.joint_count(), root);
        // 1e-6 of a metre: a root level with the feet has no height to scale travel by.
        if (!(r.source_hip_height > 1e-6))
            return make_error(
                "retarget: the source's root '" + sk.names()[static_cast<size_t>(root)] +
                "' is level with its lowest joint at rest, so there is no hip height to scale its travel by");
    }
    r.scratch.resize(static_cast<size_t>(target_joints));
    out = std::move(r);
    return ok_status();
}

void retarget_rest_relative(RetargetRest& r, const std::vector<float>& source_world,
                            const anim::Skeleton& target, anim::Pose& out) {
    const int n = target.joint_count();
    const auto& parents = target.parents();
    const anim::Pose& rest = target.rest_pose();
    for (int j = 0; j < n; ++j) {
        const glm::dmat4 w_rest = world_of(target.world(), j);
        const glm::dquat g_t = rotation_of(w_rest);
        const glm::dquat local_rest = rest_local_rotation(rest, j);
        const int p = parents[static_cast<size_t>(j)];
        // The parent's world rotation this frame; above a root, the placement the rest pose sits in.
        const glm::dquat parent = p >= 0 ? r.scratch[static_cast<size_t>(p)] : g_t * glm::inverse(local_rest);
        const int s = r.source_of_target[static_cast<size_t>(j)];
        glm::dquat world = parent * local_rest;
        if (s >= 0) {
            const glm::dquat q_s = rotation_of(world_of(source_world, s));
            world = q_s * glm::inverse(r.source_rest_world[static_cast<size_t>(s)]) * g_t;
            const glm::dquat local = glm::normalize(glm::inverse(parent) * world);
            const size_t o = static_cast<size_t>(j) * 4;
            out.rotation[o] = static_cast<float>(local.x);
            out.rotation[o + 1] = static_cast<float>(local.y);
            out.rotation[o + 2] = static_cast<float>(local.z);
            out.rotation[o + 3] = static_cast<float>(local.w);
            if (p < 0 && r.source_hip_height > 0.0) {
                // Travel in the world, scaled by hip height, brought into the root's parent frame.
                const double ratio = hip_height(target.world(), n, j) / r.source_hip_height;
                const glm::dvec3 travel =
                    (glm::dvec3(world_of(source_world, s)[3]) - r.source_root_rest) * ratio;
                const glm::dmat4 parent_world = w_rest * glm::inverse(rest_local_matrix(rest, j));
                const glm::dvec3 local_travel = glm::inverse(glm::dmat3(parent_world)) * travel;
                const size_t t = static_cast<size_t>(j) * 3;
                for (int c = 0; c < 3; ++c)
                    out.translation[t + static_cast<size_t>(c)] =
                        rest.translation[t + static_cast<size_t>(c)] + static_cast<float>(local_travel[c]);
            }
        }
        r.scratch[static_cast<size_t>(j)] = world;
    }
}

}  // namespace sv::ui
