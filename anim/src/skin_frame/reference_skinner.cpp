#include "anim/skin_frame/reference_skinner.h"

#include <cmath>
#include <string>

#include "anim/skin_frame/dual_quat.h"

namespace sv::anim {

namespace {

Status check(const Primitive& prim, size_t joints) {
    if (!prim.influences_consistent())
        return make_error("primitive has " + std::to_string(prim.positions.size()) + " vertices but " +
                          std::to_string(prim.joints.size()) + " joint and " +
                          std::to_string(prim.weights.size()) + " weight sets (" +
                          std::to_string(prim.extra_joints.size()) + " and " +
                          std::to_string(prim.extra_weights.size()) + " extra influences for " +
                          std::to_string(prim.extra_influences) + " a vertex); it is not skinned");
    for (size_t v = 0; v < prim.positions.size(); ++v)
        for (int k = 0; k < prim.influence_count(); ++k)
            if (prim.influence_weight(v, k) > 0.0f && prim.influence_joint(v, k) >= joints)
                return make_error("vertex " + std::to_string(v) + " names joint " +
                                  std::to_string(prim.influence_joint(v, k)) + " of " +
                                  std::to_string(joints) + " (influence " + std::to_string(k) + ")");
    return ok_status();
}

// The per-joint half of a dual-quaternion rung: the dual quaternions (and uniform scales for the
// scale rung) of M_j, and which joints no dual quaternion carries.
template <class T>
struct Prepared {
    std::vector<DualQuat<T>> dq;
    std::vector<T> scale;
    std::vector<char> degenerate;
};

// Every influence of the vertex, inline and extra, in the file's order: the dual-quaternion rungs
// take the first non-zero one as the hemisphere pivot, as the shader does.
template <class T>
glm::vec<3, T> linear_blend(const std::vector<glm::mat<4, 4, T>>& m, const glm::vec<3, T>& p,
                            const Primitive& prim, size_t v) {
    glm::vec<4, T> acc(T(0));
    prim.for_each_influence(v, [&](std::uint16_t j, float weight) {
        const T w = T(weight);
        if (w > T(0)) acc += w * (m[j] * glm::vec<4, T>(p, T(1)));
    });
    return glm::vec<3, T>(acc);
}

// One vertex through one rung, in T, given M_j in the frame the answer is wanted in.
template <class T>
glm::vec<3, T> skin_vertex(const std::vector<glm::mat<4, 4, T>>& m, const Prepared<T>& prep,
                           const glm::vec<3, T>& p, const Primitive& prim, size_t v, SkinningRung rung) {
    if (rung == SkinningRung::LinearBlend) return linear_blend(m, p, prim, v);
    // A vertex any of whose influences is collapsed or mirrored is drawn as linear blending draws
    // it (the shader's rule, see dual_quat_cannot_carry): right for that vertex, where a dual
    // quaternion would put it anywhere. `degenerate` is all zero under AsDualQuaternion.
    bool degenerate = false;
    prim.for_each_influence(
        v, [&](std::uint16_t j, float w) { degenerate |= T(w) > T(0) && prep.degenerate[j]; });
    if (degenerate) return linear_blend(m, p, prim, v);
    DualQuat<T> acc;
    acc.real = glm::qua<T>(T(0), T(0), T(0), T(0));
    T s = T(0);
    bool first = true;
    glm::qua<T> pivot(T(1), T(0), T(0), T(0));
    prim.for_each_influence(v, [&](std::uint16_t j, float weight) {
        const T w = T(weight);
        if (!(w > T(0))) return;
        if (first) pivot = prep.dq[j].real, first = false;
        dual_quat_accumulate(acc, prep.dq[j], w, pivot);
        s += w * prep.scale[j];
    });
    const glm::vec<3, T> r = dual_quat_transform_point(dual_quat_normalize(acc), p);
    return rung == SkinningRung::DqsUniformScale ? r * s : r;
}

template <class T>
Prepared<T> prepare(const std::vector<glm::mat<4, 4, T>>& m, SkinningRung rung, DegenerateJoints policy) {
    Prepared<T> out;
    out.dq.resize(m.size());
    out.scale.assign(m.size(), T(1));
    out.degenerate.assign(m.size(), 0);
    if (rung == SkinningRung::LinearBlend) return out;
    for (size_t j = 0; j < m.size(); ++j) {
        if (policy == DegenerateJoints::LinearBlend && dual_quat_cannot_carry(glm::mat<3, 3, T>(m[j]))) {
            out.degenerate[j] = 1;  // no dual quaternion, and no cube root of a determinant <= 0
            continue;
        }
        glm::mat<4, 4, T> r = m[j];
        if (rung == SkinningRung::DqsUniformScale) {
            // M = s (R | t / s): factor the cube root of the determinant out of the whole matrix,
            // so the point is s x (R p + t / s) = M p.
            const T s = std::cbrt(glm::determinant(glm::mat<3, 3, T>(m[j])));
            out.scale[j] = s;
            for (int c = 0; c < 3; ++c) r[c] = m[j][c] / s;
            r[3] = glm::vec<4, T>(glm::vec<3, T>(m[j][3]) / s, T(1));
        }
        out.dq[j] = dual_quat_from_m4(r);
    }
    return out;
}

}  // namespace

Expected<std::vector<glm::dvec3>> reference_skin_positions(const Primitive& prim,
                                                           const std::vector<glm::dmat4>& joint_matrices,
                                                           const glm::dmat4& bind_frame, SkinningRung rung,
                                                           DegenerateJoints degenerate) {
    if (Status s = check(prim, joint_matrices.size()); !s) return s.error();
    const glm::dmat4 inv = glm::inverse(bind_frame);
    std::vector<glm::dmat4> m(joint_matrices.size());
    for (size_t j = 0; j < m.size(); ++j) m[j] = inv * joint_matrices[j];
    const Prepared<double> prep = prepare(m, rung, degenerate);
    // M_j maps bind-pose geometry into the bind frame's local space (the identity at rest), and
    // bind_frame carries the answer out to the world: bind_frame x M_j x v = A_j x v.
    std::vector<glm::dvec3> out(prim.positions.size());
    for (size_t v = 0; v < out.size(); ++v) {
        const glm::dvec3 local(prim.positions[v]);
        const glm::dvec3 r = skin_vertex(m, prep, local, prim, v, rung);
        out[v] = glm::dvec3(bind_frame * glm::dvec4(r, 1.0));
    }
    return out;
}

Expected<std::vector<glm::vec3>> emulate_gpu_skin_positions(const Primitive& prim,
                                                            const std::vector<glm::dmat4>& joint_matrices,
                                                            const glm::dmat4& frame, SkinningRung rung,
                                                            DegenerateJoints degenerate) {
    if (Status s = check(prim, joint_matrices.size()); !s) return s.error();
    const glm::mat4 inv = glm::inverse(glm::mat4(frame));
    std::vector<glm::mat4> m(joint_matrices.size());
    for (size_t j = 0; j < m.size(); ++j) m[j] = inv * glm::mat4(joint_matrices[j]);
    const Prepared<float> prep = prepare(m, rung, degenerate);
    std::vector<glm::vec3> out(prim.positions.size());
    for (size_t v = 0; v < out.size(); ++v) out[v] = skin_vertex(m, prep, prim.positions[v], prim, v, rung);
    return out;
}

}  // namespace sv::anim
