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
        if (auto st = instances(i, name); !st) return st;
    }
    cameras();
    lights();
    // Two parents or a cycle: refuse before anything walks the graph.
    return out.scene.validate();
}

// EXT_mesh_gpu_instancing: per-instance TRANSLATION, ROTATION and SCALE, each optional (missing:
// the identity), all the same count. A bad accessor refuses the file like any other: the
// instances are where the geometry is drawn.
Status Importer::instances(size_t i, const std::string& name) {
    const tg::Node& src = m.nodes[i];
    const auto x = src.extensions.find("EXT_mesh_gpu_instancing");
    if (x == src.extensions.end() || !x->second.Has("attributes")) return ok_status();
    const tg::Value& attrs = x->second.Get("attributes");
    const std::string what = name + " EXT_mesh_gpu_instancing";
    if (!attrs.IsObject()) return make_error(what + ": attributes is not an object");
    if (src.mesh < 0) return make_error(what + ": the node has no mesh to instance");
    struct Attr {
        const char* key;
        int comps;
        const TypeRule* rule;
        View view;
        bool present = false;
    };
    Attr list[3] = {{"TRANSLATION", 3, &kFloatOnly, {}},
                    {"ROTATION", 4, &kRotationOutputRule, {}},
                    {"SCALE", 3, &kFloatOnly, {}}};
    size_t count = 0;
    bool any = false;
    for (Attr& a : list) {
        if (!attrs.Has(a.key)) continue;
        const tg::Value& idx = attrs.Get(a.key);
        if (!idx.IsInt()) return make_error(what + ": " + a.key + " is not an accessor index");
        auto v = view(idx.GetNumberAsInt(), what + " " + a.key, a.comps, *a.rule);
        if (!v) return v.error();
        if (any && v->count != count)
            return make_error(what + ": " + a.key + " has " + str(v->count) + " instances, the others " +
                              str(count));
        count = v->count;
        any = true;
        a.view = *v;
        a.present = true;
    }
    if (!any) return ok_status();
    // A skinned node's instances are read alike: the renderer applies each to the skinned mesh in
    // the node's frame (scene.h says where), every instance sharing the skin's one palette.
    Node& d = out.scene.nodes[i];
    d.instances.resize(count, glm::dmat4(1.0));
    for (size_t k = 0; k < count; ++k) {
        glm::dvec3 t(0.0), s(1.0);
        glm::dquat r(1.0, 0.0, 0.0, 0.0);
        if (list[0].present) t = {list[0].view.get(k, 0), list[0].view.get(k, 1), list[0].view.get(k, 2)};
        if (list[1].present) {
            r = glm::dquat(list[1].view.get(k, 3), list[1].view.get(k, 0), list[1].view.get(k, 1),
                           list[1].view.get(k, 2));
            const double len = glm::length(r);
            if (!(len > 0.0) || !std::isfinite(len))
                return make_error(what + ": ROTATION of instance " + str(k) + " is not a rotation");
            r /= len;
        }
        if (list[2].present) s = {list[2].view.get(k, 0), list[2].view.get(k, 1), list[2].view.get(k, 2)};
        if (!std::isfinite(t.x + t.y + t.z + s.x + s.y + s.z))
            return make_error(what + ": instance " + str(k) + " holds a NaN or infinity");
        glm::dmat4 mm = glm::mat4_cast(r);
        for (int c = 0; c < 3; ++c) mm[c] *= s[c];
        mm[3] = glm::dvec4(t, 1.0);
        d.instances[k] = mm;
    }
    return ok_status();
}

}  // namespace sv::anim::gltf
