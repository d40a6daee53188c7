#include "anim/pose/skeleton.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>

#include "anim/scene/asset.h"

namespace sv::anim {

namespace {

// Column-major affine product, out = a * b, for matrices whose bottom row is (0 0 0 1): TRS
// locals always are, and create() refuses inverse binds and root parent worlds that are not. It
// is 36 multiply-adds against a general product's 64, on the frame path's hottest loop. `a` is
// copied to locals first so the compiler need not assume `out` aliases it.
[[maybe_unused]] inline void mul(const float* __restrict a, const float* __restrict b,
                                 float* __restrict out) {
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
[[maybe_unused]] inline void trs_to_matrix(const float* t, const float* q, const float* s, float* m) {
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

#if defined(__SSE2__)
namespace {

// The SSE2 frame path. Every product below is the scalar `mul` above reordered into columns, with
// each element's operations in the same order, so the two paths agree bit for bit (tests pin
// apply_pose against apply_local_matrices and against double-precision glm). It would stop agreeing
// if the compiler were allowed to contract a*b + c into an FMA on one path and not the other.
template <int I>
inline __m128 lane(__m128 v) {
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(I, I, I, I));
}

// out = a * b for affine column-major matrices held as four columns. b's bottom row is never read
// (it is 0 0 0 1 by contract), and the result's bottom row is made exactly 0 0 0 1: the masked
// lanes would otherwise hold 0 * x sums that can come out as -0.
inline void mul_affine(const __m128 a[4], const __m128 b[4], __m128 out[4]) {
    const __m128 xyz = _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1));
    for (int c = 0; c < 4; ++c) {
        __m128 r = _mm_add_ps(_mm_add_ps(_mm_mul_ps(a[0], lane<0>(b[c])), _mm_mul_ps(a[1], lane<1>(b[c]))),
                              _mm_mul_ps(a[2], lane<2>(b[c])));
        out[c] = c == 3 ? _mm_add_ps(r, a[3]) : _mm_and_ps(r, xyz);
    }
}

inline void load4(const float* m, __m128 out[4]) {
    for (int c = 0; c < 4; ++c) out[c] = _mm_loadu_ps(m + c * 4);
}
inline void store4(const __m128 m[4], float* out) {
    for (int c = 0; c < 4; ++c) _mm_storeu_ps(out + c * 4, m[c]);
}

// Four joints' T * R * S at once, one joint a lane (the scalar trs_to_matrix's arithmetic, lane by
// lane), then transposed into four matrices of columns. Five 4x4 transposes a group of four cost less
// than the scalar form's 40 scalar products a joint and its stores into a matrix the next
// product must reload.
inline void trs_to_matrix4(const float* t, const float* q, const float* s, __m128 out[4][4]) {
    __m128 x = _mm_loadu_ps(q), y = _mm_loadu_ps(q + 4), z = _mm_loadu_ps(q + 8), w = _mm_loadu_ps(q + 12);
    _MM_TRANSPOSE4_PS(x, y, z, w);
    const __m128 sx = _mm_setr_ps(s[0], s[3], s[6], s[9]);
    const __m128 sy = _mm_setr_ps(s[1], s[4], s[7], s[10]);
    const __m128 sz = _mm_setr_ps(s[2], s[5], s[8], s[11]);
    const __m128 one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f);
    const __m128 xx = _mm_mul_ps(x, x), yy = _mm_mul_ps(y, y), zz = _mm_mul_ps(z, z);
    const __m128 xy = _mm_mul_ps(x, y), xz = _mm_mul_ps(x, z), yz = _mm_mul_ps(y, z);
    const __m128 wx = _mm_mul_ps(w, x), wy = _mm_mul_ps(w, y), wz = _mm_mul_ps(w, z);
    auto one_minus = [&](__m128 a, __m128 b) { return _mm_sub_ps(one, _mm_mul_ps(two, _mm_add_ps(a, b))); };
    __m128 c0[4] = {_mm_mul_ps(one_minus(yy, zz), sx), _mm_mul_ps(_mm_mul_ps(two, _mm_add_ps(xy, wz)), sx),
                    _mm_mul_ps(_mm_mul_ps(two, _mm_sub_ps(xz, wy)), sx), _mm_setzero_ps()};
    __m128 c1[4] = {_mm_mul_ps(_mm_mul_ps(two, _mm_sub_ps(xy, wz)), sy), _mm_mul_ps(one_minus(xx, zz), sy),
                    _mm_mul_ps(_mm_mul_ps(two, _mm_add_ps(yz, wx)), sy), _mm_setzero_ps()};
    __m128 c2[4] = {_mm_mul_ps(_mm_mul_ps(two, _mm_add_ps(xz, wy)), sz),
                    _mm_mul_ps(_mm_mul_ps(two, _mm_sub_ps(yz, wx)), sz), _mm_mul_ps(one_minus(xx, yy), sz),
                    _mm_setzero_ps()};
    __m128 c3[4] = {_mm_setr_ps(t[0], t[3], t[6], t[9]), _mm_setr_ps(t[1], t[4], t[7], t[10]),
                    _mm_setr_ps(t[2], t[5], t[8], t[11]), one};
    _MM_TRANSPOSE4_PS(c0[0], c0[1], c0[2], c0[3]);
    _MM_TRANSPOSE4_PS(c1[0], c1[1], c1[2], c1[3]);
    _MM_TRANSPOSE4_PS(c2[0], c2[1], c2[2], c2[3]);
    _MM_TRANSPOSE4_PS(c3[0], c3[1], c3[2], c3[3]);
    for (int i = 0; i < 4; ++i) {
        out[i][0] = c0[i];
        out[i][1] = c1[i];
        out[i][2] = c2[i];
        out[i][3] = c3[i];
    }
}

}  // namespace

void Skeleton::apply_pose(const Pose& pose) {
    assert(pose.joint_count() == joint_count());
    const size_t n = parents_.size();
    const float* T = pose.translation.data();
    const float* R = pose.rotation.data();
    const float* S = pose.scale.data();
    const int* parents = parents_.data();
    const float* root_parent = root_parent_world_.data();
    const float* inverse_bind = inverse_bind_.data();
    float* world = world_.data();
    float* palette = palette_.data();
    for (size_t j0 = 0; j0 < n; j0 += 4) {
        const size_t count = std::min<size_t>(4, n - j0);
        __m128 local[4][4];
        if (count == 4) {
            trs_to_matrix4(T + j0 * 3, R + j0 * 4, S + j0 * 3, local);
        } else {
            // The last, short group: pad with rest joints so the lanes past the end compute
            // something finite and are then ignored.
            float t[12] = {}, q[16] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
            float s[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
            std::copy(T + j0 * 3, T + (j0 + count) * 3, t);
            std::copy(R + j0 * 4, R + (j0 + count) * 4, q);
            std::copy(S + j0 * 3, S + (j0 + count) * 3, s);
            trs_to_matrix4(t, q, s, local);
        }
        for (size_t i = 0; i < count; ++i) {
            const size_t j = j0 + i;
            const int p = parents[j];
            __m128 parent[4], w[4], ib[4], pal[4];
            load4(p >= 0 ? world + static_cast<size_t>(p) * 16 : root_parent + j * 16, parent);
            mul_affine(parent, local[i], w);
            store4(w, world + j * 16);
            load4(inverse_bind + j * 16, ib);
            mul_affine(w, ib, pal);
            store4(pal, palette + j * 16);
        }
    }
}

void Skeleton::apply_local_matrices(const float* locals) {
    const size_t n = parents_.size();
    for (size_t j = 0; j < n; ++j) {
        const int p = parents_[j];
        __m128 parent[4], local[4], w[4], ib[4], pal[4];
        load4(p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[j * 16], parent);
        load4(locals + j * 16, local);
        mul_affine(parent, local, w);
        store4(w, &world_[j * 16]);
        load4(&inverse_bind_[j * 16], ib);
        mul_affine(w, ib, pal);
        store4(pal, &palette_[j * 16]);
    }
}

#else  // the portable path; the SSE2 one above must agree with it bit for bit

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
        const float* parent =
            p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, local, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
}

void Skeleton::apply_local_matrices(const float* locals) {
    const int n = joint_count();
    for (int j = 0; j < n; ++j) {
        const int p = parents_[static_cast<size_t>(j)];
        const float* parent =
            p >= 0 ? &world_[static_cast<size_t>(p) * 16] : &root_parent_world_[static_cast<size_t>(j) * 16];
        float* w = &world_[static_cast<size_t>(j) * 16];
        mul(parent, locals + static_cast<size_t>(j) * 16, w);
        mul(w, &inverse_bind_[static_cast<size_t>(j) * 16], &palette_[static_cast<size_t>(j) * 16]);
    }
}
#endif

void Skeleton::set_root_parent_world(int joint, const glm::mat4& m) {
    assert(joint >= 0 && joint < joint_count());
    glm::mat4 a = m;
    const bool affine = snap_affine(a);
    assert(affine && "root parent world must be affine");
    (void)affine;
    std::memcpy(&root_parent_world_[static_cast<size_t>(joint) * 16], glm::value_ptr(a), 16 * sizeof(float));
}

}  // namespace sv::anim
