// Every node's animated state at one time: local TRS, morph weights and global matrices, for the
// whole scene and not only a skin's joints.
//
// glTF animates nodes, not skeletons: a clip may move an "Armature" parent above the joints, a
// plain mesh, a camera rig or a mesh's morph weights. A renderer that samples only the joints it
// skins leaves everything else at rest, and the file then means something else in that renderer
// than in the specification. This is the one place every node is animated; skeletons take their
// root's parent world from it, static meshes their world, morph targets their weights.
//
// Locals are kept in double (as Node is) so a deep hierarchy adds no error the skins' float path
// would not; the cost is a few dozen double matrix products a frame, negligible beside skinning.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "anim/scene/asset.h"

namespace sv::anim {

class ScenePose {
public:
    // Rest state from the scene's locals as they are now (call before anything edits them) and
    // the morph defaults: node.weights, else mesh.weights.
    static ScenePose create(const Scene& scene, const std::vector<Mesh>& meshes);

    // Back to rest. No allocation.
    void reset();
    // Writes every channel of `clip` at `time` (wrapped when `loop`, else clamped to each
    // channel's keys) into the locals and weights it targets. No allocation.
    void sample(const Clip& clip, float time, bool loop);

    // Globals parents-first. `joint_local(node, out)` may supply a node's local (a skin's pose,
    // which IK and blending edit after sampling); it returns false to use this pose's own.
    template <class JointLocal>
    void update_globals(const Scene& scene, JointLocal&& joint_local) {
        for (int n : order_) {
            const size_t i = static_cast<size_t>(n);
            glm::dmat4 local;
            if (!joint_local(n, local)) local = local_matrix(i);
            const int p = scene.nodes[i].parent;
            global_[i] = p >= 0 ? global_[static_cast<size_t>(p)] * local : local;
        }
    }

    const glm::dmat4& global(int node) const { return global_[static_cast<size_t>(node)]; }
    // The morph weights of a node (empty when its mesh has no targets).
    const std::vector<float>& weights(int node) const { return weights_[static_cast<size_t>(node)]; }
    // Overrides one morph weight after sampling (VRM expressions); `index` must be in range.
    void set_weight(int node, int index, float w) {
        weights_[static_cast<size_t>(node)][static_cast<size_t>(index)] = w;
    }
    int node_count() const { return static_cast<int>(global_.size()); }

private:
    glm::dmat4 local_matrix(size_t node) const;

    struct Local {
        bool use_matrix = false;
        glm::dmat4 matrix{1.0};
        glm::dvec3 t{0.0};
        glm::dquat r{1.0, 0.0, 0.0, 0.0};
        glm::dvec3 s{1.0};
    };
    std::vector<Local> rest_, local_;
    std::vector<std::vector<float>> rest_weights_, weights_;
    std::vector<glm::dmat4> global_;
    std::vector<int> order_;  // parents first
};

}  // namespace sv::anim
