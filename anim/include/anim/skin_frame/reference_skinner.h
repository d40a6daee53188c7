// Skinning on the CPU: the double-precision oracle for all three rungs, and the GPU's pipeline
// emulated in float so a table can show what the shader would draw.
//
// The oracle skins with the joint matrices A_j themselves, in the skin's bind frame, and never reads
// the file's mesh node: it must be right on exactly the files whose mesh node is wrong. Rigid DQS
// and DQS-with-scale are computed on bind_frame^-1 x A_j (the displacement from bind, rigid on a
// well-formed skin) and carried back out by bind_frame, so a 0.01-scaled character skins correctly
// in double even though its A_j are not rigid in the world.
//
// The emulation does what the shader does: palette and frame inverse in float, M_j = frame^-1 x A_j
// in float, dual quaternion from M_j in float, blend, transform; the answer is in the frame's local
// space, as the vertex shader's output before the model matrix.
//
// Both apply the shader's one exception to the dual-quaternion rungs: a vertex with an influence no
// dual quaternion carries (dual_quat_cannot_carry: collapsed or mirrored) is linear blended.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/skin_frame/skinning_rung.h"

namespace sv::anim {

// A joint matrix no dual quaternion can carry: its 3x3 collapsed (a scale of 0 on some axis, so no
// rotation is left to extract) or mirrored (a negative determinant, which no rotation has). The
// test is det(M) <= eps x L^3, with L the longest column: scale-free (a 100 x rotation, the mesh
// frame as many files give it, passes exactly as a rotation does) and one comparison, with NaN
// failing it too. eps = 1e-4: a column under 1e-4 of the longest is invisible (kScaleFlatTolerance's
// 0.2 mm over 2 m), and an exactly singular matrix rounded to float shows det / L^3 ~ 1e-7, 1000 x
// under it. A uniform small scale is not caught (det / L^3 = 1): that is a rung question
// (kScaleCollapseThreshold), not a per-vertex one. render/src/joint_dq_texture.cpp applies the
// same test for the shader, once per joint.
inline constexpr double kDegenerateJointEpsilon = 1e-4;

template <class T>
bool dual_quat_cannot_carry(const glm::mat<3, 3, T>& m) {
    const T l = glm::max(glm::length(m[0]), glm::max(glm::length(m[1]), glm::length(m[2])));
    return !(glm::determinant(m) > T(kDegenerateJointEpsilon) * l * l * l);
}

// What the dual-quaternion rungs do with a vertex one of whose influences fails
// dual_quat_cannot_carry. LinearBlend skins that vertex by linear blending, as the shader does;
// AsDualQuaternion is the behaviour before that rule, kept for negative controls only.
enum class DegenerateJoints { LinearBlend, AsDualQuaternion };

// World-space positions, one per vertex of `prim`. Refuses a vertex naming a joint beyond
// `joint_matrices`, or a primitive without skinning attributes, naming the vertex.
Expected<std::vector<glm::dvec3>> reference_skin_positions(
    const Primitive& prim, const std::vector<glm::dmat4>& joint_matrices, const glm::dmat4& bind_frame,
    SkinningRung rung, DegenerateJoints degenerate = DegenerateJoints::LinearBlend);

// Frame-local positions as the GPU would compute them in float.
Expected<std::vector<glm::vec3>> emulate_gpu_skin_positions(
    const Primitive& prim, const std::vector<glm::dmat4>& joint_matrices, const glm::dmat4& frame,
    SkinningRung rung, DegenerateJoints degenerate = DegenerateJoints::LinearBlend);

}  // namespace sv::anim
