// Rigid animation: a clip that drives scene nodes directly (a door, a turntable), no skin.
//
// `apply` writes sampled TRS into the bound nodes' locals; their globals are stale until the next
// walk, so `update` re-walks only the subtrees under the topmost driven nodes (which bumps their
// version, as every walk does). Binding resolves channels to nodes once; the frame path
// allocates nothing.
#pragma once

#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

class RigidAnimation {
public:
    // Binds every channel of `clip` whose node is in range and not in `skip_nodes` (pass a skin's
    // joints there when a Skeleton drives them). Nodes that carried a matrix are switched to TRS,
    // decomposed once here, so the channels the clip lacks keep the node's rest values. `clip` and
    // `scene` must outlive this object.
    RigidAnimation(const Clip& clip, Scene& scene, const std::vector<int>& skip_nodes = {});

    // Samples at `time` (wrapped when `loop`, else clamped) into the bound nodes' TRS.
    void apply(float time, bool loop = true);
    // Re-derives the globals of every moved node and its descendants.
    void update();

    const std::vector<int>& moved_roots() const { return moved_roots_; }
    int bound_channels() const;

private:
    const Clip* clip_;
    Scene* scene_;
    std::vector<int> node_of_channel_;  // -1 when unbound
    std::vector<int> moved_roots_;      // driven nodes with no driven ancestor
};

}  // namespace sv::anim
