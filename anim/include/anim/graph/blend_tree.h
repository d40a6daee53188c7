// A blend tree: clips at the leaves, 1D blend spaces and additive layers above them, evaluated into
// a pose as a pure function of the parameters and a time the caller supplies.
//
// Every child of a blend is sampled at the same normalised phase, and the cycle length is the blend
// of the active children's lengths, so a 1.0 s walk and a 0.6 s run blended half and half cycle in
// 0.8 s with their feet down together; sampling each at the same absolute time would put one foot
// of each down at different moments and the blend would skate. What it costs: the phase is derived
// from `time / duration(params)`, so moving the parameter mid-cycle moves the phase too (the cycle
// length changed). A caller that wants the phase continuous under a changing parameter advances
// its own phase by dt / duration(params) each frame and calls evaluate_phase; the tree keeps no
// clock either way.
//
// Nodes are added children first and can only name nodes added before them, so the graph is
// acyclic by construction and a blend of blends is just a blend whose children are blends. Each node
// owns one pre-sized scratch pose, allocated when the node is added; evaluation allocates nothing.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/graph/graph_parameters.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::anim {

class BlendTree {
public:
    // `rest` is what a clip leaf starts from before its channels are sampled over it, so joints a
    // clip does not animate sit at rest rather than at whatever the last evaluation left there.
    explicit BlendTree(const Pose& rest);

    // A clip leaf. The clip must outlive the tree; the binding maps its channels to joints.
    Expected<int> add_clip(const Clip* clip, ClipBinding binding);
    // A 1D blend space: `children[i]` is fully weighted at `thresholds[i]` (strictly increasing);
    // between two thresholds the two neighbours blend linearly; outside, the end child holds.
    Expected<int> add_blend_1d(int parameter, std::vector<int> children, std::vector<float> thresholds);
    // `layer`'s difference from `reference` laid over `base` (see add_pose), weighted by the
    // parameter `weight_parameter`, or by `weight` when that is -1.
    Expected<int> add_additive(int base, int layer, const Pose& reference, int weight_parameter,
                               float weight = 1.0f);

    // The node evaluate() starts from; by default the last one added.
    Status set_root(int node);
    int root() const { return root_; }
    int node_count() const { return static_cast<int>(nodes_.size()); }

    // Every parameter index the nodes name lies within `params`.
    Status validate(const GraphParameters& params) const;

    // The cycle length at these parameter values (seconds).
    double duration(const GraphParameters& params) const;
    // The pose at normalised phase `phase` (wrapped into [0, 1)).
    void evaluate_phase(const GraphParameters& params, double phase, Pose& out);
    // The pose at `time` seconds: phase = time / duration(params), wrapped.
    void evaluate(const GraphParameters& params, double time, Pose& out);

private:
    enum class Kind { Clip, Blend1D, Additive };
    struct Node {
        Kind kind = Kind::Clip;
        const Clip* clip = nullptr;
        ClipBinding binding;
        int parameter = -1;
        std::vector<int> children;
        std::vector<float> thresholds;
        Pose reference;
        float weight = 1.0f;
    };
    // Which two children are active and how far between them (weight 0 means only `lo`).
    struct Segment {
        int lo = 0;
        int hi = 0;
        float weight = 0.0f;
    };
    Segment segment(const Node& n, const GraphParameters& params) const;
    double node_duration(int node, const GraphParameters& params) const;
    void eval(int node, const GraphParameters& params, double phase);
    int push(Node n);

    Pose rest_;
    std::vector<Node> nodes_;
    std::vector<Pose> poses_;  // one scratch pose a node
    int root_ = -1;
};

}  // namespace sv::anim
