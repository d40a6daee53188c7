#include "anim/scene/scene.h"

#include <glm/gtc/matrix_transform.hpp>

namespace sv::anim {

glm::dmat4 Node::local() const {
    if (use_matrix) return matrix;
    glm::dmat4 m = glm::mat4_cast(rotation);
    m[0] *= scale.x;
    m[1] *= scale.y;
    m[2] *= scale.z;
    m[3] = glm::dvec4(translation, 1.0);
    return m;
}

namespace {
// Iterative so a deep chain from a hostile file cannot exhaust the stack.
void walk(std::vector<Node>& nodes, int start) {
    std::vector<int> stack{start};
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        Node& n = nodes[static_cast<size_t>(i)];
        const glm::dmat4 l = n.local();
        n.global = n.parent >= 0 ? nodes[static_cast<size_t>(n.parent)].global * l : l;
        ++n.version;
        for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.push_back(*it);
    }
}
}  // namespace

void Scene::update_matrices() {
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].parent < 0) walk(nodes, static_cast<int>(i));
}

void Scene::update_matrices(int node) {
    assert(node >= 0 && static_cast<size_t>(node) < nodes.size());
    walk(nodes, node);
}

Status Scene::validate() const {
    const int n = static_cast<int>(nodes.size());
    std::vector<int> parent_of(nodes.size(), -1);
    for (int i = 0; i < n; ++i) {
        for (int c : nodes[static_cast<size_t>(i)].children) {
            if (c < 0 || c >= n)
                return make_error("node " + std::to_string(i) + " ('" + nodes[static_cast<size_t>(i)].name +
                                  "'): child index " + std::to_string(c) + " is out of range (" +
                                  std::to_string(n) + " nodes)");
            if (c == i)
                return make_error("node " + std::to_string(i) + " ('" + nodes[static_cast<size_t>(i)].name +
                                  "') lists itself as a child");
            if (parent_of[static_cast<size_t>(c)] >= 0)
                return make_error("node " + std::to_string(c) + " ('" + nodes[static_cast<size_t>(c)].name +
                                  "') has two parents: nodes " +
                                  std::to_string(parent_of[static_cast<size_t>(c)]) + " and " +
                                  std::to_string(i) + "; a node graph must be a forest");
            parent_of[static_cast<size_t>(c)] = i;
        }
    }
    for (int i = 0; i < n; ++i) {
        if (nodes[static_cast<size_t>(i)].parent != parent_of[static_cast<size_t>(i)])
            return make_error("node " + std::to_string(i) + " ('" + nodes[static_cast<size_t>(i)].name +
                              "'): parent " + std::to_string(nodes[static_cast<size_t>(i)].parent) +
                              " does not match the children lists (" +
                              std::to_string(parent_of[static_cast<size_t>(i)]) + ")");
    }
    // With one parent each, a cycle is a chain that never reaches a root. Each chain's answer is
    // remembered for every node on it, so the whole check is linear: climbing from every node
    // afresh is quadratic, minutes on a hostile file of a long chain.
    constexpr char Unknown = 0, Rooted = 1, Looping = 2, OnPath = 3;
    std::vector<char> state(nodes.size(), Unknown);
    std::vector<int> path;
    for (int i = 0; i < n; ++i) {
        path.clear();
        int p = i;
        while (p >= 0 && state[static_cast<size_t>(p)] == Unknown) {
            state[static_cast<size_t>(p)] = OnPath;
            path.push_back(p);
            p = parent_of[static_cast<size_t>(p)];
        }
        const char verdict = p < 0                                     ? Rooted
                             : state[static_cast<size_t>(p)] == OnPath ? Looping
                                                                       : state[static_cast<size_t>(p)];
        for (int q : path) state[static_cast<size_t>(q)] = verdict;
        if (state[static_cast<size_t>(i)] == Looping)
            return make_error("node " + std::to_string(i) + " ('" + nodes[static_cast<size_t>(i)].name +
                              "') is its own ancestor; a node graph must be a forest");
    }
    return ok_status();
}

bool Scene::reaches(int ancestor, int node) const {
    for (int p = node; p >= 0; p = nodes[static_cast<size_t>(p)].parent)
        if (p == ancestor) return true;
    return false;
}

int Scene::find(const std::string& name) const {
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].name == name) return static_cast<int>(i);
    return -1;
}

std::vector<int> Scene::roots() const {
    std::vector<int> r;
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].parent < 0) r.push_back(static_cast<int>(i));
    return r;
}

}  // namespace sv::anim
