#include "anim/skeleton.h"

#include <cmath>
#include <cstring>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

#include "anim/asset.h"

namespace sv::anim {

namespace {

// Column-major affine product, out = a * b, for matrices whose bottom row is (0 0 0 1): TRS
// locals always are, and create() refuses inverse binds and root parent worlds that are not. It
// is 36 multiply-adds against a general product's 64, on the frame path's hottest loop. `a` is
// copied to locals first so the compiler need not assume `out` aliases it.
inline void mul(const float* __restrict a, const float* __restrict b, float* __restrict out) {
    float m[12];
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 3; ++r) m[c * 3 + r] = a[c * 4 + r];
    for (int c = 0; c < 4; ++c) {
        const float b0 = b[c * 4 + 0], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2];
        for (int r = 0; r < 3; ++r) out[c * 4 + r] = m[r] * b0 + m[3 + r] * b1 + m[6 + r] * b2;
        out[c * 4 + 3] = 0.0f;
    }
    for (int r = 0; r < 3; ++r) out[12 + r] += m[9 + r];
    out[15] = 1.0f;
}

// Whether `m`'s bottom row is (0 0 0 1) to within float noise, and if so the matrix with it made
// exact. 1e-5 is above the rounding a file's float matrices carry and below anything projective.
bool snap_affine(glm::mat4& m) {
    for (int c = 0; c < 4; ++c)
        if (std::abs(m[c][3] - (c == 3 ? 1.0f : 0.0f)) > 1e-5f) return false;
    for (int c = 0; c < 4; ++c) m[c][3] = c == 3 ? 1.0f : 0.0f;
    return true;
}

// T * R * S as glTF composes a node's local transform.
inline void trs_to_matrix(const float* t, const float* q, const float* s, float* m) {
    const float x = q[0], y = q[1], z = q[2], w = q[3];
    const float xx = x * x, yy = y * y, zz = z * z;
    const float xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
    m[0] = (1.0f - 2.0f * (yy + zz)) * s[0];
    m[1] = (2.0f * (xy + wz)) * s[0];
    m[2] = (2.0f * (xz - wy)) * s[0];
    m[3] = 0.0f;
    m[4] = (2.0f * (xy - wz)) * s[1];
    m[5] = (1.0f - 2.0f * (xx + zz)) * s[1];
    m[6] = (2.0f * (yz + wx)) * s[1];
    m[7] = 0.0f;
    m[8] = (2.0f * (xz + wy)) * s[2];
    m[9] = (2.0f * (yz - wx)) * s[2];
    m[10] = (1.0f - 2.0f * (xx + yy)) * s[2];
    m[11] = 0.0f;
    m[12] = t[0];
    m[13] = t[1];
    m[14] = t[2];
    m[15] = 1.0f;
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
    if (n > static_cast<size_t>(MAX_JOINTS))
        return make_error("skeleton: " + std::to_string(n) + " joints is more than MAX_JOINTS = " +
                          std::to_string(MAX_JOINTS) + ": one palette texture row of " +
                          std::to_string(kPaletteTextureWidth) + " texels holds " + std::to_string(MAX_JOINTS) +
                          " matrices at " + std::to_string(kTexelsPerMatrix) + " texels each");
    if (!desc.names.empty() && desc.names.size() != n)
        return make_error("skeleton: " + std::to_string(desc.names.size()) + " names for " + std::to_string(n) +
                          " joints");
    if (desc.names.empty())
        for (size_t j = 0; j < n; ++j) desc.names.push_back("joint" + std::to_string(j));
    if (desc.inverse_bind.size() != n)
        return make_error("skeleton: " + std::to_string(desc.inverse_bind.size()) + " inverse bind matrices for " +
                          std::to_string(n) + " joints; there must be one per joint");
    if (!desc.root_parent_world.empty() && desc.root_parent_world.size() != n)
        return make_error("skeleton: " + std::to_string(desc.root_parent_world.size()) +
                          " root parent world matrices for " + std::to_string(n) + " joints");
    if (desc.rest.joint_count() != static_cast<int>(n) || desc.rest.rotation.size() != n * 4 ||
        desc.rest.scale.size() != n * 3)
        return make_error("skeleton: rest pose has " + std::to_string(desc.rest.joint_count()) + " joints, expected " +
                          std::to_string(n));
    for (size_t j = 0; j < n; ++j) {
        const int p = desc.parents[j];
        if (p < -1 || p >= static_cast<int>(n))
            return make_error("skeleton: " + joint_label(desc.names, static_cast<int>(j)) + " has parent index " +
                              std::to_string(p) + ", out of range");
        if (p >= static_cast<int>(j))
            return make_error("skeleton: " + joint_label(desc.names, static_cast<int>(j)) + " comes before its parent " +
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
            return make_error("skeleton: " + joint_label(s.names_, static_cast<int>(j)) +
                              ": inverse bind or root parent world matrix is not affine (bottom row not 0 0 0 1)");
        std::memcpy(&s.inverse_bind_[j * 16], glm::value_ptr(desc.inverse_bind[j]), 16 * sizeof(float));
        std::memcpy(&s.root_parent_world_[j * 16], glm::value_ptr(rp), 16 * sizeof(float));
    }
    s.world_.assign(n * 16, 0.0f);
    s.palette_.assign(n * 16, 0.0f);
    s.apply_pose(s.rest_);
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
            // The parent is not a joint: this joint is a root of the skeleton, and everything above
            // it is static scene state folded in once. A non-joint node *between* two joints would
            // be folded the same way and then go stale when the joint above it moves, so refuse.
            for (int a = nodes[static_cast<size_t>(p)].parent; a >= 0; a = nodes[static_cast<size_t>(a)].parent)
                if (joint_of_node[static_cast<size_t>(a)] >= 0)
                    return make_error(where + ": joint " + std::to_string(j) + " ('" + node.name +
                                      "') hangs from joint node " + std::to_string(a) + " through non-joint node " +
                                      std::to_string(p) + "; a skeleton cannot animate through it");
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
            glm::decompose(node.matrix, s, r, t, skew, persp);
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

void Skeleton::apply_pose(const Pose& pose) {
    assert(pose.joint_count() == joint_count());
    const int n = joint_count();
    const float* T = pose.translation.data();
    const float* R = pose.rotation.data();
    const float* S = pose.scale.data();
    float local[16];
    for (int j = 0; j < n; ++j) {
        trs_to_matrix(T + j * 3, R + j * 4, S + j * 3, local);
        const int p = parents_[static_cast<size_t>(j)];
        const float* parent = p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, local, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
}

void Skeleton::apply_local_matrices(const float* locals) {
    const int n = joint_count();
    for (int j = 0; j < n; ++j) {
        const int p = parents_[static_cast<size_t>(j)];
        const float* parent = p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, locals + static_cast<size_t>(j) * 16, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
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
