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
        if (!p.influences_consistent())
            return make_error("mesh '" + mesh.name + "' primitive " + std::to_string(pi) +
                              " is not skinned (joint or weight count differs from the vertex count)");
        for (size_t v = 0; v < p.positions.size(); ++v) {
            const glm::dvec4 pos(glm::dvec3(p.positions[v]), 1.0);
            // Every influence, the ninth and on included: a joint only a later set names still
            // carries the vertex towards where it goes.
            for (int k = 0; k < p.influence_count(); ++k) {
                if (!(p.influence_weight(v, k) > 0.0f)) continue;
                const size_t j = p.influence_joint(v, k);
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
