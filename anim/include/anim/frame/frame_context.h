// What evaluate_frame keeps between frames of one character: the VRM avatar's runtime objects (look-at,
// node constraints, spring bones, each on its own copy of the node graph), the spring bones' step
// cache, and what the last frame measured (look-at angles, the expression values the material binds
// follow, the IK answer). Built once per loaded character; the caller keeps it beside the character.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/avatar/look_at.h"
#include "anim/avatar/node_constraints.h"
#include "anim/avatar/spring_bones.h"
#include "anim/scene/scene.h"

namespace sv::anim {

class Character;
struct Asset;

struct FrameContext {
    // Builds the look-at, constraints and spring bones a VRM asset describes, over `asset.scene` with
    // its matrices derived (call it before the asset moves into the Character). What cannot be built
    // is reported in `report` and left out (the avatar then rests there; the geometry is untouched).
    static FrameContext create(Asset& asset, std::vector<std::string>& report);
    // Maps each runtime's nodes to (skin, joint) pairs of the character built from that asset.
    void bind(const Character& character);
    // Forgets the spring bones' cache, so the next frame simulates from its warm-up window.
    void restart_springs() { spring_step = -1; }

    std::optional<LookAt> look_at;
    Scene look_scene;
    std::vector<std::pair<int, int>> look_targets;  // per eye: (skin, joint) or (-1, -1)
    std::optional<NodeConstraints> constraints;
    Scene constraint_scene;
    std::vector<std::pair<int, int>> constraint_targets;
    std::optional<SpringBones> springs;
    Scene spring_scene;
    std::vector<std::pair<int, int>> spring_targets;

    // The spring bones' cache: the last fixed step simulated and what it was simulated for.
    long spring_step = -1;   // -1: start again
    long spring_start = -1;  // the warm-up window's first step
    struct SpringKey {
        int clip = -2;
        int mode = -1;
        const void* graph_object = nullptr;
        long edits_revision = -1;
        bool ik = false;
        glm::dvec3 ik_target{0.0};
        bool look = false;
        int look_node = -1;
        glm::dvec3 look_point{0.0};
        bool operator==(const SpringKey& o) const {
            return clip == o.clip && mode == o.mode && graph_object == o.graph_object &&
                   edits_revision == o.edits_revision && ik == o.ik && ik_target == o.ik_target &&
                   look == o.look && look_node == o.look_node && look_point == o.look_point;
        }
    } spring_key;

    // The last frame's measurements.
    LookAtAngles look_angles;
    std::vector<std::pair<std::string, double>> look_values;  // an expression-type look-at's
    // The values the morph weights were written from (the state's, with the .vrma's and the look-at's
    // over them): what the renderer's material binds follow.
    std::vector<std::pair<std::string, double>> expression_values;
    std::vector<std::pair<std::string, double>> vrma_values;  // a retargeted .vrma's face, this frame
    std::string expression_error;    // why the values could not be written ("" when they were)
    std::string spring_chain_error;  // why the spring chain was refused ("" when it swung or was off)
    bool ik_solved = false, ik_reachable = false;
    std::string ik_error;
};

}  // namespace sv::anim
