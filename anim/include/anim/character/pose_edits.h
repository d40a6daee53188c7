// Pose editing (issue #25): a rotation per joint added on top of whatever posed the skeleton (a
// clip, the blend tree, the state machine, a retarget), so an edited pose is drawn, diagnosed and
// baked by the same paths as any other.
//
// An edit is stored per joint node as Euler angles in degrees, convention XYZ: X is applied first,
// then Y, then Z, each about the joint's own local axes as they stand before the edit (fixed axes),
// so the delta rotation is R = Rz(z) Ry(y) Rx(x), Blender's "XYZ Euler". It multiplies the animated
// local rotation on the right, local' = local x R: the turn is in the joint's own frame, about its
// own pivot, and its children follow. Why Euler and not a quaternion: three sliders a person can set
// and a settings file a person can write; the cost is gimbal lock at Y = +-90 degrees, where X and Z
// turn about the same axis (any rotation is still reachable, only not by every slider path).
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

namespace sv::anim {

class Character;

struct PoseEdits {
    // Joint node index (asset.scene.nodes) -> Euler XYZ degrees. Keyed by node, not by skin and
    // joint index, so a joint two skins share turns in both.
    std::map<int, glm::dvec3> by_node;
    // Counts every change, so whoever measured a pose (the Diagnose tab) can tell it is stale.
    int revision = 0;

    bool empty() const { return by_node.empty(); }
    // The edit of `node`, zero when it has none.
    glm::dvec3 get(int node) const;
    // An all-zero edit removes the entry, so a joint turned back by hand saves as no edit.
    void set(int node, const glm::dvec3& euler_xyz_degrees);
    void reset(int node);
    void reset_all();
};

// R = Rz(z) Ry(y) Rx(x), angles in degrees.
glm::dquat pose_edit_rotation(const glm::dvec3& euler_xyz_degrees);

// Multiplies every edited joint's local rotation in every skin's current pose by its edit (after the
// base pose, before Character::apply_poses, which the caller runs). Returns whether any joint was
// edited. An edit of a node no skin lists turns nothing.
bool apply_pose_edits(const PoseEdits& edits, Character& character);

}  // namespace sv::anim
