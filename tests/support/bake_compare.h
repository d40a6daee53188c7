// Holds a baked OBJ (obj_reader.h) against the specification evaluator (gltf_spec_evaluator.h): the
// object list must match exactly (ids, names, vertex counts, in order; faces only on triangle modes and
// only over the object's own vertices), then every vertex is measured.
#pragma once

#include <cmath>
#include <limits>
#include <string>

#include "gltf_spec_evaluator.h"
#include "obj_reader.h"

namespace sv::test {

struct BakeComparison {
    std::string structure_error;  // empty when the object lists (and their faces) match
    double worst = 0.0;           // the largest |baked - spec| over every vertex
    std::string worst_at;         // "object n3_p0 'Body' vertex 17", for the failure message
    size_t vertices = 0;
};

inline std::string object_label(int node, int prim, const std::string& name) {
    return "n" + std::to_string(node) + "_p" + std::to_string(prim) + " '" + name + "'";
}

inline BakeComparison compare_bake(const spec::Evaluation& want, const ObjFile& got) {
    BakeComparison c;
    std::string want_list, got_list;
    for (const auto& p : want.primitives)
        want_list +=
            object_label(p.node, p.primitive, p.node_name) + " x" + std::to_string(p.positions.size()) + "; ";
    for (const auto& o : got.objects)
        got_list +=
            object_label(o.node, o.primitive, o.name) + " x" + std::to_string(o.vertices.size()) + "; ";
    if (want_list != got_list) {
        c.structure_error = "objects differ: spec [" + want_list + "] bake [" + got_list + "]";
        return c;
    }
    long first = 1;  // the 1-based index of this object's first vertex over the whole file
    for (size_t k = 0; k < want.primitives.size(); ++k) {
        const auto& p = want.primitives[k];
        const auto& o = got.objects[k];
        // Faces: only for triangle modes (4, 5, 6), and only over this object's own vertices.
        const bool triangles = p.mode == 4 || p.mode == 5 || p.mode == 6;
        const long last = first + static_cast<long>(o.vertices.size()) - 1;
        if (!triangles && !o.faces.empty())
            c.structure_error = "object " + object_label(p.node, p.primitive, p.node_name) +
                                " has faces but mode " + std::to_string(p.mode) + " is not triangles";
        if (triangles && o.faces.empty() && o.vertices.size() >= 3)
            c.structure_error = "object " + object_label(p.node, p.primitive, p.node_name) + " (mode " +
                                std::to_string(p.mode) + ") has no faces";
        for (const auto& f : o.faces)
            for (long i : f)
                if (i < first || i > last)
                    c.structure_error = "object " + object_label(p.node, p.primitive, p.node_name) +
                                        ": face index " + std::to_string(i) + " is outside its vertices " +
                                        std::to_string(first) + ".." + std::to_string(last);
        first = last + 1;
        for (size_t i = 0; i < p.positions.size(); ++i) {
            const double d = glm::length(o.vertices[i] - p.positions[i]);
            ++c.vertices;
            // A NaN from either side must count as the worst error, not slip past a '>' test.
            if (!(d <= c.worst)) {
                c.worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
                c.worst_at = "object " + object_label(p.node, p.primitive, p.node_name) + " vertex " +
                             std::to_string(i);
            }
        }
    }
    return c;
}

}  // namespace sv::test
