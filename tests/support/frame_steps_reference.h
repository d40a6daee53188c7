// The steps of skinview's frame that the glTF specification does not define, written out for tests
// from their own specifications over the independent evaluator's node poses (gltf_spec_evaluator.h):
// two-bone IK as anim/graph/two_bone_ik.h documents its construction, VRM expressions' morph binds
// and bone look-at (VRMC_vrm-1.0 expressions.md, lookAt.md) and VRM spring bones
// (VRMC_springBone-1.0's update) on the fixed-step replay anim/frame/evaluate_frame.h documents.
//
// It shares no code with anim/ and reads the extensions from the file's own JSON, not from
// skinview's importer: a bake held against it would prove nothing if both read the same structs.
// What it leaves out, and refuses by name rather than skipping: VRM 0.x (no VRMC_vrm), look-at of
// type expression, spring centers and node constraints.
#pragma once

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "gltf_spec_evaluator.h"

namespace sv::test::spec {

// The file's glTF JSON (a .glb's JSON chunk), or a null value and `error` set.
nlohmann::json read_gltf_json(const std::string& path, std::string* error);

// The local matrix of a node pose (T x R x S, or its matrix), and every node's world matrix under
// the scene's parents (from the file's children lists).
glm::dmat4 local_matrix(const NodePose& p);
std::vector<glm::dmat4> node_globals(const tinygltf::Model& model, const std::vector<NodePose>& nodes);

// Two-bone IK on `nodes` (every node's pose), in three turns, each about a world axis through the
// joint it turns: the mid joint about the normal of the chain's plane until the chain spans the
// target's distance (clamped into |upper - lower| .. upper + lower); the root by the shortest arc
// that points the chain at the target; the root about the root-target line until the mid joint
// faces the pole. The joints' parents must be uniformly scaled (their world rotation is read as the scaled
// frame's).
struct TwoBoneChain {
    int root = -1, mid = -1, tip = -1;  // node indices: mid below root, tip below mid
    glm::dvec3 target{0.0}, pole{0.0};  // world
};
std::string solve_two_bone_ik(const tinygltf::Model& model, const TwoBoneChain& chain,
                              std::vector<NodePose>* nodes);

// VRMC_vrm-1.0 expressions by name (preset or custom) at a weight each, isBinary rounded at 0.5 and
// the override rule (block / blend of the blink, look-at and mouth groups) applied: every morph
// target bind adds weight x bind weight to its node's target. Material binds move no vertex and
// are not read.
std::string apply_vrm_expressions(const nlohmann::json& gltf,
                                  const std::vector<std::pair<std::string, double>>& set,
                                  std::vector<NodePose>* nodes);

// VRMC_vrm-1.0 look-at of type bone toward a world point, the head as `nodes` pose it: yaw and
// pitch in the look-at space (the head's world frame moved by offsetFromHeadBone, turned back by
// the head's rest world rotation), each eye's range maps (outer/inner by the eye and the side),
// and each eye's local rotation the YXZ Euler (yaw about Y, then pitch about X). The eyes' rest
// rotations must be identity (a normalised VRM 1.0 rig); the rest is the file's.
std::string apply_vrm_look_at(const tinygltf::Model& model, const nlohmann::json& gltf,
                              const glm::dvec3& target, std::vector<NodePose>* nodes);

// VRM 1.0 spring bones at clip time `time`: the tails placed where the clip puts them at the
// replay's first step (anim/frame/evaluate_frame.h: window_start's grid, 60 Hz steps, at least
// 120 before floor(time x 60)), then each step's pose sampled at that step's float time and the
// specification's Verlet update run joint by joint from the root down; the joints' rotations in
// `out` (the clip's pose at `time` with them). Refuses centers and node constraints by name.
std::string simulate_vrm_springs(const tinygltf::Model& model, const nlohmann::json& gltf, int clip,
                                 double time, std::vector<NodePose>* out);

}  // namespace sv::test::spec
