#include "anim/scene/morph_targets.h"

#include <algorithm>

namespace sv::anim {

const Primitive& morphed(const Primitive& prim, const std::vector<float>& weights, Primitive& scratch) {
    const size_t targets = std::min(weights.size(), prim.targets.size());
    if (std::all_of(weights.begin(), weights.begin() + static_cast<long>(targets),
                    [](float w) { return w == 0.0f; }))
        return prim;
    scratch = prim;
    const size_t n = prim.positions.size();
    std::vector<glm::dvec3> p(n), nrm(prim.normals.size());
    for (size_t v = 0; v < n; ++v) p[v] = glm::dvec3(prim.positions[v]);
    for (size_t v = 0; v < nrm.size(); ++v) nrm[v] = glm::dvec3(prim.normals[v]);
    for (size_t t = 0; t < targets; ++t) {
        const double w = weights[t];
        if (w == 0.0) continue;
        const MorphTarget& mt = prim.targets[t];
        if (mt.positions.size() == n)
            for (size_t v = 0; v < n; ++v) p[v] += w * glm::dvec3(mt.positions[v]);
        if (mt.normals.size() == nrm.size())
            for (size_t v = 0; v < nrm.size(); ++v) nrm[v] += w * glm::dvec3(mt.normals[v]);
    }
    for (size_t v = 0; v < n; ++v) scratch.positions[v] = glm::vec3(p[v]);
    for (size_t v = 0; v < nrm.size(); ++v) {
        const double l = glm::length(nrm[v]);
        scratch.normals[v] = glm::vec3(l > 0.0 ? nrm[v] / l : nrm[v]);
    }
    return scratch;
}

}  // namespace sv::anim
