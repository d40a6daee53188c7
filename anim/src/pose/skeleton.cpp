#include "anim/pose/skeleton.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

#include "anim/scene/asset.h"

namespace sv::anim {

namespace {

// Whether `m`'s bottom row is (0 0 0 1) to within float noise, and if so the matrix with it made
// exact. 1e-5 is above the rounding a file's float matrices carry and below anything projective.
bool snap_affine(glm::mat4& m) {
    for (int c = 0; c < 4; ++c)
        if (std::abs(m[c][3] - (c == 3 ? 1.0f : 0.0f)) > 1e-5f) return false;
    for (int c = 0; c < 4; ++c) m[c][3] = c == 3 ? 1.0f : 0.0f;
    return true;
}

std::string joint_label(const std::vector<std::string>& names, int j) {
    std::string s = "joint " + std::to_string(j);
    if (static_cast<size_t>(j) < names.size()) s += " ('" + names[static_cast<size_t>(j)] + "')";
    return s;
}

}  // namespace

Expected<Skeleton> Skeleton::create(SkeletonDesc desc) {
    const size_t n = desc.parents.size();
    if (n == 0) return make_error("skeleton: no joints; a skin needs at least one");
    if (n > static_cast<size_t>(kMaxSkinJoints))
        return make_error("skeleton: " + std::to_string(n) + " joints is more than " +
                          std::to_string(kMaxSkinJoints) +
                          ", the most a vertex's joint index (unsigned short) can address");
    if (!desc.names.empty() && desc.names.size() != n)
        return make_error("skeleton: " + std::to_string(desc.names.size()) + " names for " +
                          std::to_string(n) + " joints");
    if (desc.names.empty())
        for (size_t j = 0; j < n; ++j) desc.names.push_back("joint" + std::to_string(j));
    if (desc.inverse_bind.size() != n)
        return make_error("skeleton: " + std::to_string(desc.inverse_bind.size()) +
                          " inverse bind matrices for " + std::to_string(n) +
                          " joints; there must be one per joint");
    if (!desc.root_parent_world.empty() && desc.root_parent_world.size() != n)
        return make_error("skeleton: " + std::to_string(desc.root_parent_world.size()) +
                          " root parent world matrices for " + std::to_string(n) + " joints");
    if (desc.rest.joint_count() != static_cast<int>(n) || desc.rest.rotation.size() != n * 4 ||
        desc.rest.scale.size() != n * 3)
        return make_error("skeleton: rest pose has " + std::to_string(desc.rest.joint_count()) +
                          " joints, expected " + std::to_string(n));
    for (size_t j = 0; j < n; ++j) {
        const int p = desc.parents[j];
        if (p < -1 || p >= static_cast<int>(n))
            return make_error("skeleton: " + joint_label(desc.names, static_cast<int>(j)) +
                              " has parent index " + std::to_string(p) + ", out of range");
        if (p >= static_cast<int>(j))
            return make_error(
                "skeleton: " + joint_label(desc.names, static_cast<int>(j)) + " comes before its parent " +
                joint_label(desc.names, p) +
                "; joints must be sorted parents-first so one pass in index order resolves them");
    }

    Skeleton s;
    s.names_ = std::move(desc.names);
    s.parents_ = std::move(desc.parents);
    s.rest_ = std::move(desc.rest);
    s.inverse_bind_.resize(n * 16);
    s.root_parent_world_.resize(n * 16);
    for (size_t j = 0; j < n; ++j) {
        glm::mat4 rp = desc.root_parent_world.empty() ? glm::mat4(1.0f) : desc.root_parent_world[j];
        if (!snap_affine(desc.inverse_bind[j]) || !snap_affine(rp))
            return make_error(
                "skeleton: " + joint_label(s.names_, static_cast<int>(j)) +
                ": inverse bind or root parent world matrix is not affine (bottom row not 0 0 0 1)");
        std::memcpy(&s.inverse_bind_[j * 16], glm::value_ptr(desc.inverse_bind[j]), 16 * sizeof(float));
        std::memcpy(&s.root_parent_world_[j * 16], glm::value_ptr(rp), 16 * sizeof(float));
    }
    s.world_.assign(n * 16, 0.0f);
    s.palette_.assign(n * 16, 0.0f);
    s.build_frame_tables();
    s.apply_pose(s.rest_);
    // Every input is finite, but float products of large ones are not: a chain of big scales, or
    // a huge world times a huge inverse bind, overflows to infinity and then to NaN, a palette the
    // double-precision frame checks would have called fine. Refused here, naming the first joint.
    for (size_t j = 0; j < n; ++j)
        for (size_t k = 0; k < 16; ++k)
            if (!std::isfinite(s.world_[j * 16 + k]) || !std::isfinite(s.palette_[j * 16 + k]))
                return make_error("skeleton: " + joint_label(s.names_, static_cast<int>(j)) +
                                  ": its world or palette matrix at rest overflows float");
    return s;
}

Expected<Skeleton> Skeleton::from_asset(const Asset& asset, int skin_index) {
    if (skin_index < 0 || static_cast<size_t>(skin_index) >= asset.skins.size())
        return make_error("skeleton: skin " + std::to_string(skin_index) + " does not exist (" +
                          std::to_string(asset.skins.size()) + " skins)");
    const Skin& skin = asset.skins[static_cast<size_t>(skin_index)];
    const std::string where = "skin " + std::to_string(skin_index) + " ('" + skin.name + "')";
    const auto& nodes = asset.scene.nodes;
    const size_t n = skin.joints.size();
    if (skin.inverse_bind.size() != n)
        return make_error(where + ": " + std::to_string(skin.inverse_bind.size()) + " inverse binds for " +
                          std::to_string(n) + " joints");
    std::vector<int> joint_of_node(nodes.size(), -1);
    for (size_t j = 0; j < n; ++j) {
        const int node = skin.joints[j];
        if (node < 0 || static_cast<size_t>(node) >= nodes.size())
            return make_error(where + ": joint " + std::to_string(j) + " names node " + std::to_string(node) +
                              ", out of range");
        joint_of_node[static_cast<size_t>(node)] = static_cast<int>(j);
    }

    SkeletonDesc d;
    d.rest.resize(static_cast<int>(n));
    d.root_parent_world.assign(n, glm::mat4(1.0f));
    for (size_t j = 0; j < n; ++j) {
        const Node& node = nodes[static_cast<size_t>(skin.joints[j])];
        d.names.push_back(node.name);
        d.inverse_bind.emplace_back(skin.inverse_bind[j]);
        const int p = node.parent;
        const int pj = p >= 0 ? joint_of_node[static_cast<size_t>(p)] : -1;
        if (p >= 0 && pj < 0) {
            // The parent is not a joint: this joint is a root of the skeleton, placed by its parent
            // node's world matrix. That may be static scene state, an animated "Armature", or a
            // non-joint node hanging from another joint (a twist helper, a nested rig): the value
            // here is the rest placement, and whoever animates the scene (Character::apply_poses)
            // sets it again every frame from the animated globals, so nothing goes stale.
            const Node& parent = nodes[static_cast<size_t>(p)];
            if (parent.version == 0)
                return make_error(where + ": node " + std::to_string(p) + " ('" + parent.name +
                                  "') above root joint '" + node.name +
                                  "' was never walked (version 0); call Scene::update_matrices first");
            d.root_parent_world[j] = glm::mat4(parent.global);
        }
        d.parents.push_back(pj);
        glm::dvec3 t = node.translation, s = node.scale;
        glm::dquat r = node.rotation;
        if (node.use_matrix) {
            glm::dvec3 skew;
            glm::dvec4 persp;
            // A singular matrix (a zero scale) decomposes into a NaN rotation, which would make a
            // NaN palette under a frame the double-precision checks call fine; refused by name.
            const bool ok = glm::decompose(node.matrix, s, r, t, skew, persp);
            const bool finite = std::isfinite(t.x + t.y + t.z) && std::isfinite(s.x + s.y + s.z) &&
                                std::isfinite(r.x + r.y + r.z + r.w);
            if (!ok || !finite)
                return make_error(where + ": joint " + std::to_string(j) + " ('" + node.name +
                                  "'): its matrix does not decompose into translation, rotation and scale");
        }
        const glm::dquat rn = glm::normalize(r);
        float* T = &d.rest.translation[j * 3];
        float* R = &d.rest.rotation[j * 4];
        float* S = &d.rest.scale[j * 3];
        T[0] = float(t.x), T[1] = float(t.y), T[2] = float(t.z);
        R[0] = float(rn.x), R[1] = float(rn.y), R[2] = float(rn.z), R[3] = float(rn.w);
        S[0] = float(s.x), S[1] = float(s.y), S[2] = float(s.z);
    }
    auto sk = create(std::move(d));
    if (!sk) return make_error(where + ": " + sk.error().message);
    return sk;
}

int Skeleton::find(const std::string& name) const {
    for (size_t i = 0; i < names_.size(); ++i)
        if (names_[i] == name) return static_cast<int>(i);
    return -1;
}

void Skeleton::set_root_parent_world(int joint, const glm::mat4& m) {
    assert(joint >= 0 && joint < joint_count());
    glm::mat4 a = m;
    const bool affine = snap_affine(a);
    assert(affine && "root parent world must be affine");
    (void)affine;
    std::memcpy(&root_parent_world_[static_cast<size_t>(joint) * 16], glm::value_ptr(a), 16 * sizeof(float));
}

}  // namespace sv::anim
