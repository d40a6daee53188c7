#include "anim/graph/blend_tree.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "anim/pose/blend_poses.h"

namespace sv::anim {

namespace {

double wrap_phase(double phase) {
    if (!std::isfinite(phase)) return 0.0;
    const double p = phase - std::floor(phase);
    return p < 1.0 ? p : 0.0;  // -tiny + 1 rounds to 1, which is the next cycle's start
}

std::string node_label(int i) { return "blend tree node " + std::to_string(i); }

}  // namespace

BlendTree::BlendTree(const Pose& rest) : rest_(rest) {}

int BlendTree::push(Node n) {
    nodes_.push_back(std::move(n));
    poses_.emplace_back(rest_);
    root_ = static_cast<int>(nodes_.size()) - 1;
    return root_;
}

Expected<int> BlendTree::add_clip(const Clip* clip, ClipBinding binding) {
    const int id = node_count();
    if (clip == nullptr) return make_error(node_label(id) + ": no clip");
    if (binding.joint_of_channel.size() != clip->channels.size())
        return make_error(node_label(id) + " ('" + clip->name + "'): the binding covers " +
                          std::to_string(binding.joint_of_channel.size()) + " channels of " +
                          std::to_string(clip->channels.size()));
    for (size_t c = 0; c < binding.joint_of_channel.size(); ++c)
        if (binding.joint_of_channel[c] >= rest_.joint_count())
            return make_error(node_label(id) + " ('" + clip->name + "'): channel " + std::to_string(c) +
                              " drives joint " + std::to_string(binding.joint_of_channel[c]) +
                              ", past the pose's " + std::to_string(rest_.joint_count()) + " joints");
    Node n;
    n.kind = Kind::Clip;
    n.clip = clip;
    n.binding = std::move(binding);
    return push(std::move(n));
}

Expected<int> BlendTree::add_blend_1d(int parameter, std::vector<int> children,
                                      std::vector<float> thresholds) {
    const int id = node_count();
    if (children.size() < 2)
        return make_error(node_label(id) + ": a blend space needs at least two children");
    if (thresholds.size() != children.size())
        return make_error(node_label(id) + ": " + std::to_string(thresholds.size()) + " thresholds for " +
                          std::to_string(children.size()) + " children");
    for (size_t i = 0; i < children.size(); ++i) {
        if (children[i] < 0 || children[i] >= id)
            return make_error(node_label(id) + ": child " + std::to_string(children[i]) +
                              " is not a node added before it");
        if (!std::isfinite(thresholds[i]) || (i > 0 && !(thresholds[i] > thresholds[i - 1])))
            return make_error(node_label(id) + ": threshold " + std::to_string(i) +
                              " must be finite and above the one before it");
    }
    if (parameter < 0) return make_error(node_label(id) + ": no parameter");
    Node n;
    n.kind = Kind::Blend1D;
    n.parameter = parameter;
    n.children = std::move(children);
    n.thresholds = std::move(thresholds);
    return push(std::move(n));
}

Expected<int> BlendTree::add_additive(int base, int layer, const Pose& reference, int weight_parameter,
                                      float weight) {
    const int id = node_count();
    for (int child : {base, layer})
        if (child < 0 || child >= id)
            return make_error(node_label(id) + ": child " + std::to_string(child) +
                              " is not a node added before it");
    if (reference.joint_count() != rest_.joint_count())
        return make_error(node_label(id) + ": the reference pose has " +
                          std::to_string(reference.joint_count()) + " joints, the tree " +
                          std::to_string(rest_.joint_count()));
    Node n;
    n.kind = Kind::Additive;
    n.children = {base, layer};
    n.reference = reference;
    n.parameter = weight_parameter;
    n.weight = weight;
    return push(std::move(n));
}

Status BlendTree::set_root(int node) {
    if (node < 0 || node >= node_count())
        return make_error("blend tree: root " + std::to_string(node) + " is not a node");
    root_ = node;
    return ok_status();
}

Status BlendTree::validate(const GraphParameters& params) const {
    if (root_ < 0) return make_error("blend tree: no nodes");
    for (size_t i = 0; i < nodes_.size(); ++i)
        if (nodes_[i].parameter >= params.count())
            return make_error(node_label(static_cast<int>(i)) + ": parameter " +
                              std::to_string(nodes_[i].parameter) + " is not among the " +
                              std::to_string(params.count()) + " given");
    return ok_status();
}

BlendTree::Segment BlendTree::segment(const Node& n, const GraphParameters& params) const {
    const float p = params[n.parameter];
    const std::vector<float>& th = n.thresholds;
    const int last = static_cast<int>(th.size()) - 1;
    if (!(p > th.front())) return {0, 0, 0.0f};  // also takes NaN to the first child
    if (p >= th.back()) return {last, last, 0.0f};
    int i = 0;
    while (i + 1 < last && p >= th[static_cast<size_t>(i) + 1]) ++i;
    const float w =
        (p - th[static_cast<size_t>(i)]) / (th[static_cast<size_t>(i) + 1] - th[static_cast<size_t>(i)]);
    return {i, i + 1, w};
}

double BlendTree::node_duration(int node, const GraphParameters& params) const {
    const Node& n = nodes_[static_cast<size_t>(node)];
    switch (n.kind) {
        case Kind::Clip:
            return static_cast<double>(n.clip->duration);
        case Kind::Additive:
            return node_duration(n.children[0], params);
        case Kind::Blend1D: {
            const Segment s = segment(n, params);
            const double a = node_duration(n.children[static_cast<size_t>(s.lo)], params);
            if (s.weight == 0.0f) return a;
            const double b = node_duration(n.children[static_cast<size_t>(s.hi)], params);
            return a + static_cast<double>(s.weight) * (b - a);
        }
    }
    return 0.0;
}

double BlendTree::duration(const GraphParameters& params) const {
    assert(root_ >= 0);
    return node_duration(root_, params);
}

void BlendTree::eval(int node, const GraphParameters& params, double phase) {
    const Node& n = nodes_[static_cast<size_t>(node)];
    Pose& out = poses_[static_cast<size_t>(node)];
    switch (n.kind) {
        case Kind::Clip: {
            copy_pose(rest_, out);
            const float t = static_cast<float>(phase * static_cast<double>(n.clip->duration));
            sample_clip(*n.clip, n.binding, t, false, out);
            return;
        }
        case Kind::Blend1D: {
            const Segment s = segment(n, params);
            const int lo = n.children[static_cast<size_t>(s.lo)];
            eval(lo, params, phase);
            if (s.weight == 0.0f) {
                copy_pose(poses_[static_cast<size_t>(lo)], out);
                return;
            }
            const int hi = n.children[static_cast<size_t>(s.hi)];
            eval(hi, params, phase);
            // Sizes cannot disagree (every scratch pose is a copy of rest_, and add_additive checks
            // its reference against it), so the one refusal left is a weight that is not finite, from
            // a parameter that is not: the lower child shows unblended rather than a NaN pose.
            if (!blend_poses(poses_[static_cast<size_t>(lo)], poses_[static_cast<size_t>(hi)], s.weight, out))
                copy_pose(poses_[static_cast<size_t>(lo)], out);
            return;
        }
        case Kind::Additive: {
            eval(n.children[0], params, phase);
            eval(n.children[1], params, phase);
            const float w = n.parameter >= 0 ? params[n.parameter] : n.weight;
            // As above: only a weight parameter that is not finite refuses; the base then shows as is.
            if (!add_pose(poses_[static_cast<size_t>(n.children[0])],
                          poses_[static_cast<size_t>(n.children[1])], n.reference, w, out))
                copy_pose(poses_[static_cast<size_t>(n.children[0])], out);
            return;
        }
    }
}

void BlendTree::evaluate_phase(const GraphParameters& params, double phase, Pose& out) {
    assert(root_ >= 0 && out.joint_count() == rest_.joint_count());
    eval(root_, params, wrap_phase(phase));
    copy_pose(poses_[static_cast<size_t>(root_)], out);
}

void BlendTree::evaluate(const GraphParameters& params, double time, Pose& out) {
    const double d = duration(params);
    evaluate_phase(params, d > 0.0 ? time / d : 0.0, out);
}

}  // namespace sv::anim
