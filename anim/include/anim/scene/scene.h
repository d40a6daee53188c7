// The node graph: local transforms and the globals derived from them, in double precision.
//
// Globals are derived state, and derived state that was never derived is the quiet failure this
// project exists to catch: a fresh global is the identity, and a skeleton that was never walked
// answers "every joint at the origin", which reads as perfectly rigid to every frame check. So
// `version` is bumped by `update_matrices` and by nothing else; a node at version 0 has never been
// derived and code that needs world matrices can refuse it by name.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"

namespace sv::anim {

struct Node {
    std::string name;
    int parent = -1;
    std::vector<int> children;

    // The local transform is either TRS (what animation writes) or a matrix (what a file may give,
    // and what the frame correction writes, so that a sheared correction survives exactly instead
    // of being lost in a TRS decomposition).
    bool use_matrix = false;
    glm::dmat4 matrix{1.0};
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};  // glm order: w, x, y, z
    glm::dvec3 scale{1.0};

    int mesh = -1;  // index into Asset::meshes, or -1
    int skin = -1;  // index into Asset::skins, or -1
    // The node's own default morph weights (glTF node.weights); empty: the mesh's defaults apply.
    std::vector<float> weights;
    // EXT_mesh_gpu_instancing: one matrix per instance (its TRANSLATION, ROTATION, SCALE as T*R*S),
    // each drawn as node global * instance, in the node's own space (the extension applies them
    // before the node's transform). Empty: the mesh is drawn once, as without the extension. Not
    // animated (the extension has no channel target), so it is not derived state.
    std::vector<glm::dmat4> instances;
    int light = -1;  // KHR_lights_punctual: index into Asset::lights, or -1

    // Derived by Scene::update_matrices.
    glm::dmat4 global{1.0};
    std::uint64_t version = 0;

    glm::dmat4 local() const;
    void set_local_matrix(const glm::dmat4& m) {
        use_matrix = true;
        matrix = m;
    }
};

struct Scene {
    std::vector<Node> nodes;

    // Walks every root's subtree (parents before children) and derives each global. The only
    // writer of Node::version.
    void update_matrices();
    // Walks the subtree under `node` only, taking the parent's current global as given.
    void update_matrices(int node);

    // Checks that parent/children agree, every index is in range, and the graph is a forest (no
    // node its own ancestor, no node with two parents). Names the node and the reason.
    Status validate() const;

    // True when `ancestor` is `node` or lies on its parent chain.
    bool reaches(int ancestor, int node) const;

    int find(const std::string& name) const;  // -1 when absent; the first match
    std::vector<int> roots() const;
};

}  // namespace sv::anim
