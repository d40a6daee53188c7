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
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "anim/asset.h"
#include "anim/expected.h"
#include "anim/skinning_rung.h"

namespace sv::anim {

// World-space positions, one per vertex of `prim`. Refuses a vertex naming a joint beyond
// `joint_matrices`, or a primitive without skinning attributes, naming the vertex.
Expected<std::vector<glm::dvec3>> reference_skin_positions(const Primitive& prim,
                                                           const std::vector<glm::dmat4>& joint_matrices,
                                                           const glm::dmat4& bind_frame, SkinningRung rung);

// Frame-local positions as the GPU would compute them in float.
Expected<std::vector<glm::vec3>> emulate_gpu_skin_positions(const Primitive& prim,
                                                            const std::vector<glm::dmat4>& joint_matrices,
                                                            const glm::dmat4& frame, SkinningRung rung);

}  // namespace sv::anim
