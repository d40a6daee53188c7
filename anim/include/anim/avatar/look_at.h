// VRM look-at at run time (1.0 `VRMC_vrm.lookAt`, 0.x `firstPerson.lookAt*`): where a point lies
// from the avatar's eyes as a yaw and a pitch, and what those turn: the humanoid leftEye and
// rightEye bones (type bone) or the lookLeft/lookRight/lookUp/lookDown expressions' weights (type
// expression), through the four range maps.
//
// Angles follow VRMC_vrm-1.0 lookAt.md: measured in the look-at space (the head, moved by
// `offsetFromHeadBone` in the head's space, turned back by the head's rest rotation, so at rest its
// axes are the avatar's: +Z forward, +X the avatar's left), yaw = atan2(x, z) (> 0 to the left),
// pitch = atan2(-y, |xz|) (> 0 down), in degrees. Runs after the pose and before the expressions,
// constraints and springs, the specification's update order.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/scene.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

struct LookAtAngles {
    double yaw = 0.0;    // degrees, > 0: the avatar's left
    double pitch = 0.0;  // degrees, > 0: down
};

// min(|degrees|, input_max) / input_max x output_scale: the specification's range map (always >= 0;
// the caller gives the sign).
double map_look_range(const VrmRangeMap& map, double degrees);

class LookAt {
public:
    // Takes the head's and the eyes' current state as their rest (call with the scene at rest, its
    // globals current). Refuses, naming what is wrong: no lookAt in the file, no head bone, a
    // bone-type look-at with neither eye mapped, an eye given as a matrix, a range map whose
    // input_max is not a positive finite number.
    static Expected<LookAt> create(const Vrm& vrm, const Scene& scene);

    // The target's yaw and pitch from the look-at space as the head stands now (globals current).
    LookAtAngles angles(const Scene& scene, const glm::dvec3& target) const;

    // Type bone: each eye's local rotation (its rest turned by the range-mapped yaw and pitch, as a
    // YXZ Euler in the look-at space), and the globals below it re-derived.
    void apply_bones(Scene& scene, const LookAtAngles& a) const;
    // The eyes' local rotations apply_bones would write, left then right (absent eyes left out).
    std::vector<std::pair<int, glm::dquat>> eye_rotations(const LookAtAngles& a) const;

    // Type expression: lookLeft / lookRight / lookUp / lookDown (0.x: lookleft, ...) as the avatar
    // names them, each range-mapped (horizontal outer for both sides, as the specification says),
    // the opposite one 0. Only names the avatar has are listed.
    std::vector<std::pair<std::string, double>> expression_values(const LookAtAngles& a) const;

    VrmLookAtType type() const { return look_.type; }
    const VrmLookAt& settings() const { return look_; }
    std::vector<int> eye_nodes() const;

private:
    struct Eye {
        int node = -1;
        bool left = true;
        glm::dquat rest{1, 0, 0, 0};         // local
        glm::dquat parent_rest{1, 0, 0, 0};  // the parent's world rotation at rest
    };
    VrmLookAt look_;
    int head_ = -1;
    glm::dquat head_rest_{1, 0, 0, 0};  // world
    // The avatar's forward as a turn of +Z: identity, or half a turn about +Y for a 0.x avatar shown
    // as stored (facing -Z; three-vrm's faceFront (0, 0, -1)).
    glm::dquat face_{1, 0, 0, 0};
    std::vector<Eye> eyes_;
    std::vector<std::string> names_;  // the avatar's look expression names: left, right, up, down
};

}  // namespace sv::anim
