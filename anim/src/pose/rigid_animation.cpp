#include "anim/pose/rigid_animation.h"

#include <algorithm>
#include <cmath>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/matrix_decompose.hpp>

#include "anim/pose/clip_sampling.h"

namespace sv::anim {

RigidAnimation::RigidAnimation(const Clip& clip, Scene& scene, const std::vector<int>& skip_nodes)
    : clip_(&clip), scene_(&scene) {
    const int n = static_cast<int>(scene.nodes.size());
    node_of_channel_.assign(clip.channels.size(), -1);
    std::vector<char> driven(scene.nodes.size(), 0);
    for (size_t c = 0; c < clip.channels.size(); ++c) {
        const int node = clip.channels[c].node;
        if (node < 0 || node >= n || clip.channels[c].times.empty()) continue;
        if (clip.channels[c].path == TargetPath::Weights) continue;  // moves no transform
        if (std::find(skip_nodes.begin(), skip_nodes.end(), node) != skip_nodes.end()) continue;
        node_of_channel_[c] = node;
        driven[static_cast<size_t>(node)] = 1;
        Node& nd = scene.nodes[static_cast<size_t>(node)];
        if (nd.use_matrix) {
            glm::dvec3 skew;
            glm::dvec4 persp;
            glm::decompose(nd.matrix, nd.scale, nd.rotation, nd.translation, skew, persp);
            nd.use_matrix = false;
        }
    }
    for (int i = 0; i < n; ++i) {
        if (!driven[static_cast<size_t>(i)]) continue;
        bool covered = false;
        for (int p = scene.nodes[static_cast<size_t>(i)].parent; p >= 0 && !covered;
             p = scene.nodes[static_cast<size_t>(p)].parent)
            covered = driven[static_cast<size_t>(p)] != 0;
        if (!covered) moved_roots_.push_back(i);
    }
}

int RigidAnimation::bound_channels() const {
    return static_cast<int>(
        std::count_if(node_of_channel_.begin(), node_of_channel_.end(), [](int v) { return v >= 0; }));
}

void RigidAnimation::apply(float time, bool loop) {
    const float t = loop ? wrap_time(time, clip_->duration)
                         : std::min(std::max(std::isnan(time) ? 0.0f : time, 0.0f), clip_->duration);
    for (size_t c = 0; c < node_of_channel_.size(); ++c) {
        const int node = node_of_channel_[c];
        if (node < 0) continue;
        const Channel& ch = clip_->channels[c];
        float v[4];
        sample_channel(ch, t, v);
        Node& nd = scene_->nodes[static_cast<size_t>(node)];
        set_local_from_sample(ch.path, v, nd.translation, nd.rotation, nd.scale);
    }
}

void RigidAnimation::update() {
    for (int r : moved_roots_) scene_->update_matrices(r);
}

}  // namespace sv::anim
