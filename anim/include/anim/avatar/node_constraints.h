// VRMC_node_constraint at run time: roll (twist bones), aim (sleeves) and rotation (sub arms),
// each turning its destination node from its rest by what its source does, per the formulas of the
// specification's implementation examples, in an order where every constraint runs after the ones
// it reads (its source's, and those above its source or its own node).
//
// Runs on a Scene after the pose is sampled and before the springs (which then swing from the
// constrained bones), as the VRM 1.0 specification orders them.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/scene.h"
#include "anim/scene/vrm.h"

namespace sv::anim {

class NodeConstraints {
public:
    // Takes each source's and destination's current local rotation as its rest (call with the scene
    // at rest). Refuses, naming the node: a node or source out of range, a destination given as a
    // matrix (no rotation to write), two constraints on one node, and a dependency cycle.
    static Expected<NodeConstraints> create(const Vrm& vrm, const Scene& scene);

    // Writes every destination's local rotation from its source's current state (read from the
    // globals, which must be current on entry), and re-derives the globals below each one. A
    // destination keeps the translation and scale its node holds: an animated translation on a
    // constrained node is lost when the caller's scene holds only posed globals.
    void apply(Scene& scene) const;

    // Destination nodes in the order apply visits them.
    std::vector<int> nodes() const;
    size_t size() const { return order_.size(); }
    bool empty() const { return order_.empty(); }

private:
    struct Entry {
        VrmNodeConstraint c;
        glm::dquat source_rest{1, 0, 0, 0};
        glm::dquat dest_rest{1, 0, 0, 0};
    };
    std::vector<Entry> order_;
};

}  // namespace sv::anim
