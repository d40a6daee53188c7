#include "anim/skin_frame/skin_world_bounds.h"

#include <string>
#include <vector>

#include "anim/skin_frame/skin_walked.h"

namespace sv::anim {

Expected<Aabb> skin_world_bounds(const Scene& scene, const Skin& skin, const Mesh& mesh) {
    if (Status s = require_skin_walked(scene, skin); !s) return s.error();
    std::vector<glm::dmat4> a(skin.joints.size());
    for (size_t j = 0; j < a.size(); ++j)
        a[j] = scene.nodes[static_cast<size_t>(skin.joints[j])].global * skin.inverse_bind[j];
    Aabb box;
    for (size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
        const Primitive& p = mesh.primitives[pi];
        if (p.joints.size() != p.positions.size() || p.weights.size() != p.positions.size())
            return make_error("mesh '" + mesh.name + "' primitive " + std::to_string(pi) +
                              " is not skinned (joint or weight count differs from the vertex count)");
        for (size_t v = 0; v < p.positions.size(); ++v) {
            const glm::dvec4 pos(glm::dvec3(p.positions[v]), 1.0);
            for (int k = 0; k < kMaxInfluences; ++k) {
                if (!(p.weights[v][static_cast<size_t>(k)] > 0.0f)) continue;
                const size_t j = p.joints[v][static_cast<size_t>(k)];
                if (j >= a.size())
                    return make_error("mesh '" + mesh.name + "' primitive " + std::to_string(pi) +
                                      " vertex " + std::to_string(v) + " names joint " + std::to_string(j) +
                                      "; skin '" + skin.name + "' has " + std::to_string(a.size()));
                const glm::dvec3 w(a[j] * pos);
                box.min = glm::min(box.min, w);
                box.max = glm::max(box.max, w);
            }
        }
    }
    return box;
}

}  // namespace sv::anim
