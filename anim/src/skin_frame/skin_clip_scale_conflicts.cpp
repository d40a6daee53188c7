#include "anim/skin_frame/skin_clip_scale_conflicts.h"

#include <algorithm>
#include <cmath>

#include "anim/pose/channel_range.h"
#include "anim/skin_frame/clip_scale_channels.h"

namespace sv::anim {

Expected<std::vector<ScaleConflict>> skin_clip_scale_conflicts(const Scene& scene, const Skin& skin,
                                                               const std::vector<int>& mesh_nodes,
                                                               const Clip& clip) {
    std::vector<ScaleConflict> out;
    const int n = static_cast<int>(scene.nodes.size());
    for (int ci : clip_scale_channels(clip)) {
        const Channel& ch = clip.channels[static_cast<size_t>(ci)];
        if (ch.node < 0 || ch.node >= n)
            return make_error("clip '" + clip.name + "' channel " + std::to_string(ci) + " targets node " +
                              std::to_string(ch.node) + ", out of range (" + std::to_string(n) + " nodes)");
        int joints = 0;
        for (int j : skin.joints)
            if (j >= 0 && j < n && scene.reaches(ch.node, j)) ++joints;
        int meshes = 0;
        for (int m : mesh_nodes)
            if (scene.reaches(ch.node, m)) ++meshes;
        const bool all = joints == static_cast<int>(skin.joints.size()) &&
                         meshes == static_cast<int>(mesh_nodes.size()) && !mesh_nodes.empty();
        const bool none = joints == 0 && meshes == 0;
        if (all || none) continue;

        const ChannelRange r = channel_range(ch);
        ScaleConflict c;
        c.channel = ci;
        c.node = ch.node;
        c.node_name = scene.nodes[static_cast<size_t>(ch.node)].name;
        c.spread = scale_channel_spread(ch);
        c.uniform = c.spread <= kScaleUniformTolerance;
        c.lowest = scale_channel_minimum(ch);
        c.collapses = c.lowest.value < kScaleCollapseThreshold;
        c.joints_reached = joints;
        c.reaches_mesh = !mesh_nodes.empty() && meshes == static_cast<int>(mesh_nodes.size());
        c.min = std::min({r.min.x, r.min.y, r.min.z});
        c.max = std::max({r.max.x, r.max.y, r.max.z});
        out.push_back(c);
    }
    return out;
}

}  // namespace sv::anim
