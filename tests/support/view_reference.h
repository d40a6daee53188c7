// A settings file's pose written out from the documents, for tests that hold `bake --settings VIEW`
// against an independent evaluator: the base pose (a clip, the Graph tab's blend tree of the first two
// clips, a state machine entered in a state), root motion, pose edits, two-bone IK and VRM expressions,
// in anim/frame/evaluate_frame.h's documented order, over the specification evaluator's node poses
// (gltf_spec_evaluator.h) and frame_steps_reference.h. The view is read from its JSON here, with
// nlohmann, not through skinview's settings parser: a test holding bake against it would prove nothing
// if both read the view with one parser.
//
// What it leaves out, and says so (ViewPose::not_held) rather than guessing: the Graph tab's spring
// chain (skinview's own, with no specification to write it from), VRM spring bones together with pose
// edits (frame_steps_reference.h replays the springs over the clip alone), look-at, retarget.
#pragma once

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gltf_spec_evaluator.h"

namespace sv::test::spec {

// A pose edit as anim/character/pose_edits.h documents it: Euler XYZ degrees, R = Rz Ry Rx, built
// axis by axis; as (x, y, z, w).
glm::dvec4 euler_xyz(const glm::dvec3& degrees);

// The Graph tab's blend tree (ui/graph_panel.cpp: a 1D blend of clips 0 and 1 at weight `w`), from
// anim/graph/blend_tree.h's and anim/pose/blend_poses.h's documents: both clips at one phase of the
// blended cycle (time / ((1 - w) da + w db), wrapped), each sampled at phase x its own length;
// translation and scale linear, the rotation on a's hemisphere interpolated and renormalised. It
// poses skin 0's joints; every other node keeps the file's rest (graph modes pose skin 0 alone).
std::string blend_first_two_clips(const tinygltf::Model& model, double w, double time,
                                  std::vector<NodePose>* nodes);

// The view's chain for IK: node indices of the limb the IK tab picks first on this file.
struct IkLimb {
    int root = -1, mid = -1, tip = -1;
};

struct ViewPose {
    Evaluation evaluation;
    // Non-empty: what of the view this reference does not write out (the evaluation is empty then).
    std::string not_held;
    // What the view turned on beyond the clip, for the test's controls: "edits", "ik", "root_motion",
    // "expressions", "blend", "state".
    std::vector<std::string> steps;
};

// Options for negative controls: leave one step of the view out.
struct ViewPoseOptions {
    bool without_edits = false;
    bool without_ik = false;
    bool vrm_springs = true;  // the file's VRM spring bones (bake --springs off: false)
};

// `settings`: the view's JSON. `limb`: the IK chain (required when the view turns IK on).
ViewPose evaluate_view(const tinygltf::Model& model, const nlohmann::json& gltf,
                       const nlohmann::json& settings, const IkLimb& limb,
                       const ViewPoseOptions& options = {});

}  // namespace sv::test::spec
