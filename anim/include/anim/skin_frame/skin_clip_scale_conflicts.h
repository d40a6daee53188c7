// The channels of a clip that would scale a skin's joints out from under the frame it is skinned in.
//
// The frame correction absorbs one constant matrix, which is sound because the frame and the joints
// share their ancestors and anything above both multiplies both on the left. A scale that reaches
// the joints and not the mesh enters every A_j(t) but not the frame, so the folds stop being rigid
// per frame and no constant frame fixes that. The question is reachability, not targeting: a scale
// is safe exactly when the node carrying it reaches the mesh and all the joints, or none of them. A
// scale on the character's root reaches everything and cancels (it is how a model grows); one on a
// joint, or on a node above only some joints, is a conflict. Asked statically, off the clip's own
// curves, once per (skin, clip) pair.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/scene/asset.h"
#include "anim/scene/scene.h"
#include "anim/skin_frame/clip_scale_channels.h"

namespace sv::anim {

struct ScaleConflict {
    int clip = -1;     // index into the asset's clips, where the caller knows it (the registry does)
    int channel = -1;  // index into clip.channels
    int node = -1;
    std::string node_name;
    // True when the three components stay within kScaleUniformTolerance of each other, relative,
    // everywhere on the curve (`spread`, scale_channel_spread): a uniform scale is one the
    // DQS-with-scale rung can carry; anything else needs linear blending.
    bool uniform = false;
    double spread = 0.0;
    // The smallest component anywhere on the curve and where; a value under
    // kScaleCollapseThreshold (0, negative, or nearly 0) is a joint no dual quaternion carries.
    ScaleMinimum lowest;
    bool collapses = false;
    int joints_reached = 0;
    bool reaches_mesh = false;    // reaches every mesh node drawn with the skin
    double min = 0.0, max = 0.0;  // over the three components, following the curve
};

// `mesh_nodes`: the nodes drawing a mesh with this skin (skinned_mesh_nodes.h). Refuses a channel
// naming a node out of range, naming the channel.
Expected<std::vector<ScaleConflict>> skin_clip_scale_conflicts(const Scene& scene, const Skin& skin,
                                                               const std::vector<int>& mesh_nodes,
                                                               const Clip& clip);

}  // namespace sv::anim
