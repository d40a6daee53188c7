// VRM spring bones (hair, skirts, tails): the VRMC_springBone specification's Verlet update, run
// at a fixed step so that a given sequence of poses always gives the same swing.
//
// The simulation owns only the tails' state; the scene's nodes are what it reads (the animated
// pose) and writes (each joint's local rotation, then the subtree's globals). Call it after the
// pose is sampled and any constraint applied, before skinning.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/scene.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

class SpringBones {
public:
    // 60 Hz: UniVRM's and three-vrm's usual frame. The step is fixed, not the caller's frame time,
    // so the swing does not depend on the frame rate; what that costs: up to one step (16.7 ms) of
    // lag, and time left over carries to the next call.
    static constexpr double kStep = 1.0 / 60.0;

    // Takes the joints' current local transforms as their rest (the spec's "initial" state) and
    // their tails where the scene puts them now. Refuses a joint whose node or tail is out of range,
    // or whose tail sits on the joint (no direction to swing along).
    static Expected<SpringBones> create(const Vrm& vrm, const Scene& scene);

    // Puts every joint back to its rest rotation and the tails where the current pose puts them:
    // after a jump in the timeline, so the hair does not whip across the jump.
    void reset(Scene& scene);

    // Runs as many fixed steps as `elapsed` seconds (plus what was left over) hold; returns how many.
    // The scene's globals must be current on entry; they are current on return.
    int advance(Scene& scene, double elapsed);

    // One step of `dt` seconds (the spec's update; advance calls it with kStep).
    void step(Scene& scene, double dt);

    // Writes each joint's rotation from its current tail without advancing (after the caller posed
    // the scene again at a time between steps), and derives the globals below each joint.
    void apply(Scene& scene) const;

    // The joints' nodes, in simulation order (to copy their rotations into a skin's pose).
    std::vector<int> nodes() const;

    size_t joint_count() const { return joints_.size(); }
    bool empty() const { return joints_.empty(); }

    // World-space tail of joint `i` (in the order springs list them), for drawing and for tests.
    glm::dvec3 tail_world(const Scene& scene, size_t i) const;

private:
    struct Joint {
        VrmSpringJoint p;
        int parent = -1;
        int center = -1;
        std::vector<int> colliders;
        glm::dmat4 initial_local{1.0};
        glm::dquat initial_rotation{1, 0, 0, 0};
        glm::dvec3 local_tail{0.0};  // the tail in the joint's local space at rest
        glm::dvec3 bone_axis{0.0};
        double length = 0.0;                 // center-space bone length (the spec keeps it fixed)
        glm::dvec3 current{0.0}, prev{0.0};  // tails, center space
    };
    std::vector<Joint> joints_;
    std::vector<VrmCollider> colliders_;
    double carry_ = 0.0;
    glm::dmat4 world_to_center(const Scene& scene, int center) const;
};

}  // namespace sv::anim
