// Skins of an imported glTF: joints checked against the node graph and sorted parents-first (with
// the remap the meshes' joint indices go through), inverse bind matrices read and refused when
// singular, and the glTF validator's skin warnings reported. Apart from the meshes because the
// joint order is decided here once, and every mesh drawn with the skin follows it.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/pose/palette_layout.h"
#include "gltf_importer.h"

namespace sv::anim::gltf {

Status Importer::skins() {
    for (size_t s = 0; s < m.skins.size(); ++s) {
        const tg::Skin& src = m.skins[s];
        const std::string name = named("skin", s, src.name);
        const size_t n = src.joints.size();
        if (n == 0) return make_error(name + ": has no joints");
        // Any count a vertex can address is drawn (palette_layout.h: a block of rows a skin); past
        // it, the joints could move nothing, and the file is refused rather than half drawn.
        if (n > static_cast<size_t>(kMaxSkinJoints))
            return make_error(name + ": " + str(n) + " joints is more than " + str(kMaxSkinJoints) +
                              ", the most JOINTS_n (unsigned byte or short indices) can address");
        std::vector<int> old_of_node(out.scene.nodes.size(), -1);
        for (size_t j = 0; j < n; ++j) {
            const int node = src.joints[j];
            if (node < 0 || static_cast<size_t>(node) >= out.scene.nodes.size())
                return make_error(name + ": joint " + str(j) + " names node " + str(node) + ", out of range");
            if (old_of_node[static_cast<size_t>(node)] >= 0)
                return make_error(name + ": node " + str(node) + " is listed twice as a joint");
            old_of_node[static_cast<size_t>(node)] = static_cast<int>(j);
        }
        // Depth counted in joints of this skin: a joint's parent joint is strictly shallower,
        // so a stable sort by it is parents-first and keeps the file's order otherwise.
        std::vector<int> depth(n, 0);
        for (size_t j = 0; j < n; ++j)
            for (int p = out.scene.nodes[static_cast<size_t>(src.joints[j])].parent; p >= 0;
                 p = out.scene.nodes[static_cast<size_t>(p)].parent)
                if (old_of_node[static_cast<size_t>(p)] >= 0) ++depth[j];
        // Parents-first is the one order the skeleton needs: each joint after its nearest ancestor
        // among the skin's joints. A list already so is kept as the file has it (joint indices,
        // palette rows and the panels then read as the file does); only a list that breaks it is
        // sorted and reported. The importer used to sort every skin by depth and report any
        // difference from depth order, which is not a defect: 98 of 272 skins of public files
        // (CesiumMan, Fox, Xbot) were told they were out of order when every joint followed its parent.
        bool parents_first = true;
        std::string out_of_order;  // the first joint listed before its parent, as the note's proof
        for (size_t j = 0; j < n && parents_first; ++j)
            for (int p = out.scene.nodes[static_cast<size_t>(src.joints[j])].parent; p >= 0;
                 p = out.scene.nodes[static_cast<size_t>(p)].parent)
                if (old_of_node[static_cast<size_t>(p)] >= 0) {
                    const int pj = old_of_node[static_cast<size_t>(p)];
                    parents_first = pj < static_cast<int>(j);
                    if (!parents_first)
                        out_of_order =
                            "joint " + str(j) + " (node " + str(static_cast<size_t>(src.joints[j])) + " '" +
                            out.scene.nodes[static_cast<size_t>(src.joints[j])].name +
                            "') is listed before its parent, joint " + str(static_cast<size_t>(pj)) +
                            " (node " + str(static_cast<size_t>(p)) + " '" +
                            out.scene.nodes[static_cast<size_t>(p)].name + "')";
                    break;  // the nearest joint ancestor alone decides
                }
        std::vector<int> order(n);
        for (size_t j = 0; j < n; ++j) order[j] = static_cast<int>(j);
        if (!parents_first)
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                return depth[static_cast<size_t>(a)] < depth[static_cast<size_t>(b)];
            });

        std::vector<glm::dmat4> ibm(n, glm::dmat4(1.0));
        if (src.inverseBindMatrices >= 0) {
            auto v = view(src.inverseBindMatrices, name + " inverseBindMatrices", 16, kFloatOnly);
            if (!v) return v.error();
            if (v->count < n)
                return make_error(name + ": " + acc_name(src.inverseBindMatrices) + " holds " +
                                  str(v->count) + " inverse bind matrices for " + str(n) + " joints");
            for (size_t j = 0; j < n; ++j)
                for (int k = 0; k < 16; ++k) {
                    const double x = v->get(j, k);
                    if (!std::isfinite(x))
                        return make_error(name + ": inverse bind matrix " + str(j) +
                                          " holds a NaN or infinity");
                    ibm[j][k / 4][k % 4] = x;
                }
        }
        // The glTF validator's SKIN_NO_COMMON_ROOT. Reported, not refused: the skeleton places
        // each root joint by its own parents' world matrix, so such a skin still draws as the
        // file says, but a tool that moves "the skeleton" by one root will move part of it.
        // The graph is a forest here (nodes() validated it), so each climb ends.
        auto root_of = [&](int node) {
            while (out.scene.nodes[static_cast<size_t>(node)].parent >= 0)
                node = out.scene.nodes[static_cast<size_t>(node)].parent;
            return node;
        };
        const int root0 = root_of(src.joints[0]);
        for (size_t j = 1; j < n; ++j)
            if (root_of(src.joints[j]) != root0) {
                out.report.push_back(
                    name + ": joints are not connected: joint 0 (node " + str(src.joints[0]) + " '" +
                    out.scene.nodes[static_cast<size_t>(src.joints[0])].name + "') and joint " + str(j) +
                    " (node " + str(src.joints[j]) + " '" +
                    out.scene.nodes[static_cast<size_t>(src.joints[j])].name + "') have no common root");
                break;
            }
        // A singular inverse bind collapses its joint's vertices onto a plane or a line and has
        // no frame to skin in. Judged by |det| against the product of the column lengths (1 for
        // any rotation times any scale, 0 when singular), so a centimetre rig is not refused
        // for its small determinant; 1e-6 is ten float roundings of a matrix that was singular
        // before it was stored in float.
        for (size_t j = 0; j < n; ++j) {
            const glm::dmat3 l(ibm[j]);
            const double det = glm::determinant(l);
            const double vol = glm::length(l[0]) * glm::length(l[1]) * glm::length(l[2]);
            if (!(std::fabs(det) > 1e-6 * vol)) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "%.6g", det);
                return make_error(name + ": inverse bind matrix " + str(j) + " (node " + str(src.joints[j]) +
                                  " '" + out.scene.nodes[static_cast<size_t>(src.joints[j])].name +
                                  "') is singular (determinant of its linear part " + buf + ")");
            }
        }
        Skin d;
        d.name = src.name;
        d.skeleton = src.skeleton;
        std::vector<int> remap(n);
        for (size_t k = 0; k < n; ++k) {
            const int old = order[k];
            remap[static_cast<size_t>(old)] = static_cast<int>(k);
            d.joints.push_back(src.joints[static_cast<size_t>(old)]);
            d.inverse_bind.push_back(ibm[static_cast<size_t>(old)]);
        }
        if (!parents_first)
            out.report.push_back(name + ": joints were not listed parents-first (" + out_of_order +
                                 "); sorted, and vertex joint indices remapped");
        skin_remap.push_back(std::move(remap));
        out.skins.push_back(std::move(d));
    }
    // The glTF validator's skin warnings.
    for (size_t i = 0; i < m.nodes.size(); ++i) {
        const Node& nd = out.scene.nodes[i];
        if (nd.skin < 0 || nd.mesh < 0) continue;
        const std::string name = named("node", i, nd.name);
        if (nd.parent >= 0)
            out.report.push_back(
                name +
                ": a skinned mesh node that is not a root; glTF ignores the transforms of its "
                "ancestors, so it draws as if at the root");
        if (nd.local() != glm::dmat4(1.0))
            out.report.push_back(
                name + ": a skinned mesh node carries a local transform, which glTF says is ignored");
    }
    return ok_status();
}

}  // namespace sv::anim::gltf
