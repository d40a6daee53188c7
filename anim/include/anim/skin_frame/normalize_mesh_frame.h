// The skinning frame correction: make a skinned mesh node's global transform the skin's bind
// transform, so that M_j = mesh.global^-1 x A_j is the identity at rest and, posed, the joint's
// displacement from bind.
//
// C = mesh.global^-1 x A_bind, then mesh.local = mesh.local x C, then the mesh subtree is re-walked.
// C is constant under anything placed above both the mesh node and the joints (it multiplies both
// halves on the left and cancels), idempotent (after it, mesh.global == A_bind and a second C is the
// identity), and skipped on a mesh node already on its skin frame, which is then untouched element
// for element. It is written as a matrix local (Node::set_local_matrix) so that a correction with
// shear survives exactly; the residual max|mesh.global - A_bind| is then measured after applying,
// which catches a lost correction, a skeleton that moved under us and a bad C in one number.
//
// What it cannot do: absorb anything that is not one constant matrix. Joints that disagree at rest
// by more than rigid motions, or a reflection between joints, leave no frame in which every fold is
// rigid; such a skin is reported CannotFix and left alone.
#pragma once

#include <glm/glm.hpp>
#include <limits>
#include <string>
#include <vector>

#include "anim/scene/asset.h"
#include "anim/scene/scene.h"

namespace sv::anim {

// Gates the dimensionless defect on the skin frame. Float storage of a file's matrices and its
// rest-pose TRS leaves folds rigid to about 1e-6 (Xbot: ~1e-6), and the smallest real violation in
// the assets this was measured on is 38 (Fox, inches to metres); 1e-4 sits well between the two.
inline constexpr double kFrameDefectTolerance = 1e-4;
// A correction within this of the identity (max element distance) is not applied: the file's own
// matrices are floats (relative precision 6e-8), so a C that close is the file already on its skin
// frame and applying it would only rewrite a TRS local as a matrix for no gain.
inline constexpr double kIdentityCorrectionTolerance = 1e-6;

enum class FrameVerdict { Ok, Corrected, CannotFix };
const char* to_string(FrameVerdict v);

struct MeshFrameReport {
    static constexpr double kNotMeasured = std::numeric_limits<double>::quiet_NaN();

    int mesh_node = -1;
    std::string mesh_name;
    std::string skin_name;
    double defect_as_given = kNotMeasured;           // skin_frame_defect(mesh.global) before
    double defect_on_skin_frame = kNotMeasured;      // skin_frame_defect(A_bind)
    glm::dmat4 correction{1.0};                      // C; identity when not computed
    double correction_from_identity = kNotMeasured;  // max |C - I|
    double non_rigidity_absorbed = kNotMeasured;     // rigidity_defect(C): 99 for a 100x fold
    double folded_scale_as_given = kNotMeasured;     // mean column length of mesh.global^-1 x A_j
    double residual = kNotMeasured;                  // max |mesh.global - A_bind| after
    FrameVerdict verdict = FrameVerdict::CannotFix;
    std::string reason;
    std::vector<std::string> children;  // names of the mesh node's children, which inherit C
};

// Never throws and never half-applies: on CannotFix the scene is as it was given. Numbers that
// were not measured (a refusal before measuring: unwalked skeleton, singular frame, bad index) are
// NaN, so nothing in a refused report looks like a measurement.
MeshFrameReport normalize_mesh_frame(Scene& scene, const Skin& skin, int mesh_node);

}  // namespace sv::anim
