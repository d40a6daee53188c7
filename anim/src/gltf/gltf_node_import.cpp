// The node graph of an imported glTF: each node's name, local transform (matrix or TRS, refused
// when not finite), children, mesh, skin and morph weights, and the graph refused when a node has
// two parents or sits in a cycle. Apart from the skins and meshes because every later section
// indexes this graph and trusts it; here is the one place that checks it.
#include <algorithm>
#include <cmath>

#include "gltf_importer.h"

namespace sv::anim::gltf {

Status Importer::nodes() {
    const size_t n = m.nodes.size();
    out.scene.nodes.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const tg::Node& src = m.nodes[i];
        Node& d = out.scene.nodes[i];
        const std::string name = named("node", i, src.name);
        d.name = src.name;
        for (int c : src.children) {
            if (c < 0 || static_cast<size_t>(c) >= n)
                return make_error(name + ": child " + str(c) + " is out of range (" + str(n) + " nodes)");
            d.children.push_back(c);
            out.scene.nodes[static_cast<size_t>(c)].parent = static_cast<int>(i);
        }
        auto finite = [](const std::vector<double>& v) {
            return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
        };
        if (!finite(src.matrix) || !finite(src.translation) || !finite(src.rotation) || !finite(src.scale))
            return make_error(name + ": transform holds a NaN or infinity");
        if (src.matrix.size() == 16) {
            glm::dmat4 mm;
            for (int k = 0; k < 16; ++k) mm[k / 4][k % 4] = src.matrix[static_cast<size_t>(k)];
            d.set_local_matrix(mm);
        } else {
            if (src.translation.size() == 3)
                d.translation = {src.translation[0], src.translation[1], src.translation[2]};
            if (src.rotation.size() == 4)
                d.rotation = glm::normalize(
                    glm::dquat(src.rotation[3], src.rotation[0], src.rotation[1], src.rotation[2]));
            if (src.scale.size() == 3) d.scale = {src.scale[0], src.scale[1], src.scale[2]};
        }
        if (src.mesh >= 0 && static_cast<size_t>(src.mesh) >= m.meshes.size())
            return make_error(name + ": mesh " + str(src.mesh) + " is out of range");
        if (src.skin >= 0 && static_cast<size_t>(src.skin) >= m.skins.size())
            return make_error(name + ": skin " + str(src.skin) + " is out of range");
        d.mesh = src.mesh;
        d.skin = src.skin;
        for (double w : src.weights) {
            if (!std::isfinite(w)) return make_error(name + ": weights hold a NaN or infinity");
            d.weights.push_back(static_cast<float>(w));
        }
    }
    // Two parents or a cycle: refuse before anything walks the graph.
    return out.scene.validate();
}

}  // namespace sv::anim::gltf
