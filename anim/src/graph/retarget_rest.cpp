#include "anim/graph/retarget_rest.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

#include "anim/graph/humanoid_names.h"

namespace sv::anim {

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

// Indices of the humanoid landmarks the character frame is built from: hips, head (else neck),
// left and right upper leg; -1 where a rig has none. `bones`: per joint, the humanoid bone the map
// read (a VRM avatar's own map); empty: each name through the tables.
void find_landmarks(const std::vector<std::string>& names, const std::vector<std::string>& bones,
                    int out[4]) {
    int neck = -1;
    for (int i = 0; i < 4; ++i) out[i] = -1;
    for (size_t j = 0; j < names.size(); ++j) {
        const std::string b = bones.size() == names.size() ? bones[j] : anim::humanoid_bone(names[j]);
        const int i = static_cast<int>(j);
        if (b == "hips" && out[0] < 0) out[0] = i;
        if (b == "head" && out[1] < 0) out[1] = i;
        if (b == "neck" && neck < 0) neck = i;
        if (b == "leftUpperLeg" && out[2] < 0) out[2] = i;
        if (b == "rightUpperLeg" && out[3] < 0) out[3] = i;
    }
    if (out[1] < 0) out[1] = neck;
}

bool frame_of(const std::vector<float>& world, const int lm[4], glm::dquat& out) {
    for (int i = 0; i < 4; ++i)
        if (lm[i] < 0) return false;
    const auto at = [&](int j) { return glm::dvec3(world_of(world, j)[3]); };
    return character_frame(at(lm[0]), at(lm[1]), at(lm[2]), at(lm[3]), out);
}

// The rotation taking unit `from` onto unit `to` by the shortest turn (a half turn about any
// perpendicular when they are opposite).
glm::dquat shortest_turn(const glm::dvec3& from, const glm::dvec3& to) {
    const double d = glm::dot(from, to);
    if (d < -1.0 + 1e-12) {
        glm::dvec3 axis = glm::cross(glm::dvec3(1.0, 0.0, 0.0), from);
        if (glm::length(axis) < 1e-6) axis = glm::cross(glm::dvec3(0.0, 1.0, 0.0), from);
        return glm::angleAxis(glm::pi<double>(), glm::normalize(axis));
    }
    const glm::dvec3 c = glm::cross(from, to);
    return glm::normalize(glm::dquat(1.0 + d, c.x, c.y, c.z));
}

// The rotation taking the frame of (a1, a2) onto that of (b1, b2): a1 onto b1 exactly, a2 into
// b1 and b2's plane. False when either pair is (nearly) parallel.
bool two_vector_turn(const glm::dvec3& a1, const glm::dvec3& a2, const glm::dvec3& b1, const glm::dvec3& b2,
                     glm::dquat& out) {
    const glm::dvec3 an = glm::cross(a1, a2), bn = glm::cross(b1, b2);
    // sin 0.6 degrees: two children along one line give no plane to align.
    if (glm::length(an) < 0.01 || glm::length(bn) < 0.01) return false;
    const glm::dmat3 fa(a1, glm::normalize(an), glm::cross(a1, glm::normalize(an)));
    const glm::dmat3 fb(b1, glm::normalize(bn), glm::cross(b1, glm::normalize(bn)));
    out = glm::normalize(glm::quat_cast(fb * glm::transpose(fa)));
    return true;
}

bool is_descendant(const std::vector<int>& parents, int j, int ancestor) {
    for (int p = parents[static_cast<size_t>(j)]; p >= 0; p = parents[static_cast<size_t>(p)])
        if (p == ancestor) return true;
    return false;
}

// C and each A_j, from the target at rest (its world matrices now) and the source's rest.
void measure_rests(RetargetRest& r, const anim::Skeleton& target) {
    r.measured = true;
    const int n = target.joint_count();
    for (int j = 0; j < n; ++j) r.rest_turn[static_cast<size_t>(j)] = glm::dquat(1.0, 0.0, 0.0, 0.0);
    r.common = glm::dquat(1.0, 0.0, 0.0, 0.0);
    if (r.align == RestAlign::RestRelative) return;
    int lm[4];
    find_landmarks(target.names(), r.target_bones, lm);
    glm::dquat ft, fs;
    bool have_s = true;
    for (int i = 0; i < 4; ++i) have_s = have_s && r.source_landmarks[i] >= 0;
    if (have_s && frame_of(target.world(), lm, ft)) {
        const auto& sp = r.source_rest_position;
        const int* sl = r.source_landmarks;
        if (character_frame(sp[size_t(sl[0])], sp[size_t(sl[1])], sp[size_t(sl[2])], sp[size_t(sl[3])], fs))
            r.common = glm::normalize(ft * glm::inverse(fs));
    }
    const auto& parents = target.parents();
    const auto pos_t = [&](int j) { return glm::dvec3(world_of(target.world(), j)[3]); };
    for (int j = 0; j < n; ++j) {
        const int s = r.source_of_target[static_cast<size_t>(j)];
        const int p = parents[static_cast<size_t>(j)];
        glm::dquat turn = p >= 0 ? r.rest_turn[static_cast<size_t>(p)] : glm::dquat(1.0, 0.0, 0.0, 0.0);
        if (s >= 0) {
            glm::dvec3 dt[2], ds[2];
            int found = 0;
            for (int c = j + 1; c < n && found < 2; ++c) {
                if (parents[static_cast<size_t>(c)] != j) continue;
                const int sc = r.source_of_target[static_cast<size_t>(c)];
                if (sc < 0 || !is_descendant(r.source_parents, sc, s)) continue;
                const glm::dvec3 a = pos_t(c) - pos_t(j);
                const glm::dvec3 b =
                    r.common * (r.source_rest_position[size_t(sc)] - r.source_rest_position[size_t(s)]);
                // 1e-9 m: a child on its parent has no direction.
                if (glm::length(a) < 1e-9 || glm::length(b) < 1e-9) continue;
                dt[found] = glm::normalize(a);
                ds[found] = glm::normalize(b);
                ++found;
            }
            glm::dquat two;
            if (found == 2 && two_vector_turn(dt[0], dt[1], ds[0], ds[1], two))
                turn = two;
            else if (found >= 1)
                turn = shortest_turn(dt[0], ds[0]);
        }
        r.rest_turn[static_cast<size_t>(j)] = turn;
    }
}

}  // namespace

bool character_frame(const glm::dvec3& hips, const glm::dvec3& head, const glm::dvec3& left_leg,
                     const glm::dvec3& right_leg, glm::dquat& out) {
    const glm::dvec3 up_raw = head - hips;
    const glm::dvec3 across_raw = right_leg - left_leg;
    if (glm::length(up_raw) < 1e-9 || glm::length(across_raw) < 1e-9) return false;
    const glm::dvec3 up = glm::normalize(up_raw);
    glm::dvec3 across = across_raw - up * glm::dot(across_raw, up);
    // The legs nearly along the spine: no left and right to tell the facing by.
    if (glm::length(across) < 0.05 * glm::length(across_raw)) return false;
    across = glm::normalize(across);
    out = glm::normalize(glm::quat_cast(glm::dmat3(across, up, glm::cross(across, up))));
    return true;
}

Status prepare_rest_retarget(const anim::Skeleton& source, const anim::RetargetMap& map, int target_joints,
                             RetargetRest& out, RestAlign align) {
    const anim::Skeleton& sk = source;
    RetargetRest r;
    r.align = align;
    r.source_parents = sk.parents();
    find_landmarks(sk.names(), map.source_bones, r.source_landmarks);
    r.target_bones = map.target_bones;
    r.rest_turn.resize(static_cast<size_t>(target_joints));
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
    r.source_rest_position.resize(static_cast<size_t>(sk.joint_count()));
    for (int j = 0; j < sk.joint_count(); ++j) {
        r.source_rest_world[static_cast<size_t>(j)] = rotation_of(world_of(sk.world(), j));
        r.source_rest_position[static_cast<size_t>(j)] = glm::dvec3(world_of(sk.world(), j)[3]);
    }
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
    if (!r.measured) measure_rests(r, target);
    const glm::dquat c = r.common, ci = glm::inverse(r.common);
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
            world = c * q_s * glm::inverse(r.source_rest_world[static_cast<size_t>(s)]) * ci *
                    r.rest_turn[static_cast<size_t>(j)] * g_t;
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
                    c * (glm::dvec3(world_of(source_world, s)[3]) - r.source_root_rest) * ratio;
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

}  // namespace sv::anim
