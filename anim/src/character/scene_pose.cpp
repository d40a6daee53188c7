#include "anim/character/scene_pose.h"

#include <algorithm>
#include <cmath>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/matrix_decompose.hpp>

#include "anim/pose/clip_sampling.h"

namespace sv::anim {

ScenePose ScenePose::create(const Scene& scene, const std::vector<Mesh>& meshes) {
    ScenePose p;
    const size_t n = scene.nodes.size();
    p.rest_.resize(n);
    p.rest_weights_.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Node& node = scene.nodes[i];
        Local& l = p.rest_[i];
        l.use_matrix = node.use_matrix;
        l.matrix = node.matrix;
        l.t = node.translation;
        l.r = node.rotation;
        l.s = node.scale;
        if (node.use_matrix) {
            // glTF forbids animating a node given by matrix; files do it anyway. Its TRS is kept
            // ready so a channel can replace one part and keep the others: exact for the affine
            // TRS matrices the spec allows, a best fit for sheared ones (which no TRS channel can
            // mean anything on).
            glm::dvec3 skew;
            glm::dvec4 persp;
            glm::dquat r;
            if (glm::decompose(node.matrix, l.s, r, l.t, skew, persp)) l.r = glm::normalize(r);
        }
        if (node.mesh >= 0 && static_cast<size_t>(node.mesh) < meshes.size()) {
            const auto& defaults = meshes[static_cast<size_t>(node.mesh)].weights;
            p.rest_weights_[i] = node.weights.size() == defaults.size() ? node.weights : defaults;
        }
    }
    p.local_ = p.rest_;
    p.weights_ = p.rest_weights_;
    p.global_.assign(n, glm::dmat4(1.0));
    // Parents first: a breadth-first walk from the roots (the graph was validated as a forest).
    for (int r : scene.roots()) p.order_.push_back(r);
    for (size_t k = 0; k < p.order_.size(); ++k)
        for (int c : scene.nodes[static_cast<size_t>(p.order_[k])].children) p.order_.push_back(c);
    return p;
}

void ScenePose::reset() {
    std::copy(rest_.begin(), rest_.end(), local_.begin());
    for (size_t i = 0; i < weights_.size(); ++i)
        std::copy(rest_weights_[i].begin(), rest_weights_[i].end(), weights_[i].begin());
}

void ScenePose::sample(const Clip& clip, float time, bool loop) {
    const float t = loop ? wrap_time(time, clip.duration) : time;
    float v[4];
    for (const Channel& ch : clip.channels) {
        if (ch.node < 0 || static_cast<size_t>(ch.node) >= local_.size() || ch.times.empty()) continue;
        const size_t i = static_cast<size_t>(ch.node);
        if (ch.path == TargetPath::Weights) {
            auto& w = weights_[i];
            if (w.size() != static_cast<size_t>(ch.weight_count)) continue;
            sample_channel(ch, t, w.data());
            continue;
        }
        sample_channel(ch, t, v);
        Local& l = local_[i];
        l.use_matrix = false;
        set_local_from_sample(ch.path, v, l.t, l.r, l.s);
    }
}

glm::dmat4 ScenePose::local_matrix(size_t node) const {
    const Local& l = local_[node];
    if (l.use_matrix) return l.matrix;
    glm::dmat4 m = glm::mat4_cast(l.r);
    m[0] *= l.s.x;
    m[1] *= l.s.y;
    m[2] *= l.s.z;
    m[3] = glm::dvec4(l.t, 1.0);
    return m;
}

}  // namespace sv::anim
