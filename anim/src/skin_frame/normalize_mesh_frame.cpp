#include "anim/skin_frame/normalize_mesh_frame.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/skin_frame/frame_inverse.h"
#include "anim/skin_frame/rigidity_defect.h"
#include "anim/skin_frame/skin_frame_defect.h"
#include "anim/skin_frame/skin_walked.h"

namespace sv::anim {

const char* to_string(FrameVerdict v) {
    switch (v) {
        case FrameVerdict::Ok:
            return "ok";
        case FrameVerdict::Corrected:
            return "corrected";
        case FrameVerdict::CannotFix:
            return "cannot be fixed";
    }
    return "?";
}

namespace {

double max_abs_diff(const glm::dmat4& a, const glm::dmat4& b) {
    double m = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m = std::max(m, std::fabs(a[c][r] - b[c][r]));
    return m;
}

double max_abs(const glm::dmat4& a) { return max_abs_diff(a, glm::dmat4(0.0)); }

std::string fmt(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

glm::dmat4 joint_matrix(const Scene& scene, const Skin& skin, size_t j) {
    return scene.nodes[static_cast<size_t>(skin.joints[j])].global * skin.inverse_bind[j];
}

// Names the joints whose fold on the skin frame is not rigid, worst first, the first four.
std::string name_bad_joints(const Scene& scene, const Skin& skin, const std::vector<double>& d) {
    std::vector<size_t> bad;
    for (size_t j = 0; j < d.size(); ++j)
        if (!(d[j] <= kFrameDefectTolerance)) bad.push_back(j);
    std::stable_sort(bad.begin(), bad.end(), [&](size_t a, size_t b) { return d[a] > d[b]; });
    std::string s;
    for (size_t i = 0; i < bad.size() && i < 4; ++i) {
        const size_t j = bad[i];
        s += (i ? ", " : "") + std::string("joint ") + std::to_string(j) + " ('" +
             scene.nodes[static_cast<size_t>(skin.joints[j])].name + "') " +
             (std::isinf(d[j]) ? "mirrored against joint 0" : "defect " + fmt(d[j]));
    }
    if (bad.size() > 4) s += " and " + std::to_string(bad.size() - 4) + " more";
    return s;
}

}  // namespace

MeshFrameReport normalize_mesh_frame(Scene& scene, const Skin& skin, int mesh_node) {
    MeshFrameReport rep;
    rep.mesh_node = mesh_node;
    rep.skin_name = skin.name;
    if (mesh_node < 0 || static_cast<size_t>(mesh_node) >= scene.nodes.size()) {
        rep.reason = "mesh node " + std::to_string(mesh_node) + " is out of range (" +
                     std::to_string(scene.nodes.size()) + " nodes)";
        return rep;
    }
    Node& mesh = scene.nodes[static_cast<size_t>(mesh_node)];
    rep.mesh_name = mesh.name;
    for (int c : mesh.children) rep.children.push_back(scene.nodes[static_cast<size_t>(c)].name);

    // Refuse before measuring: every number below would be computed from default identities.
    if (Status s = require_skin_walked(scene, skin, mesh_node); !s) {
        rep.reason = s.error().message;
        return rep;
    }
    Expected<glm::dmat4> mesh_inv = frame_inverse(mesh.global);
    if (!mesh_inv) {
        rep.reason = "mesh node '" + mesh.name + "': " + mesh_inv.error().message;
        return rep;
    }
    const glm::dmat4 a_bind = joint_matrix(scene, skin, 0);
    Expected<glm::dmat4> bind_inv = frame_inverse(a_bind);
    if (!bind_inv) {
        rep.reason = "skin '" + skin.name + "' bind transform (joint 0's): " + bind_inv.error().message;
        return rep;
    }

    double column_sum = 0.0;
    for (size_t j = 0; j < skin.joints.size(); ++j) {
        const glm::dmat4 fold = *mesh_inv * joint_matrix(scene, skin, j);
        column_sum += glm::length(glm::dvec3(fold[0])) + glm::length(glm::dvec3(fold[1])) +
                      glm::length(glm::dvec3(fold[2]));
    }
    rep.folded_scale_as_given = column_sum / (3.0 * static_cast<double>(skin.joints.size()));
    rep.defect_as_given = *skin_frame_defect(scene, skin, mesh.global);  // refusals checked above
    const std::vector<double> on_frame = *skin_frame_defect_by_joint(scene, skin, a_bind);
    rep.defect_on_skin_frame = *std::max_element(on_frame.begin(), on_frame.end());

    const glm::dmat4 c = *mesh_inv * a_bind;
    rep.correction = c;
    rep.correction_from_identity = max_abs_diff(c, glm::dmat4(1.0));
    rep.non_rigidity_absorbed = rigidity_defect(c);

    if (!(rep.defect_on_skin_frame <= kFrameDefectTolerance)) {
        rep.reason = "skin '" + skin.name + "': no frame makes every joint rigid (defect on the skin frame " +
                     fmt(rep.defect_on_skin_frame) + "): " + name_bad_joints(scene, skin, on_frame) +
                     "; mesh node '" + mesh.name + "' left as given";
        return rep;
    }

    std::string children_note;
    if (!rep.children.empty()) {
        children_note = "; mesh node '" + mesh.name + "' has children that inherit the correction: ";
        for (size_t i = 0; i < rep.children.size(); ++i)
            children_note += (i ? ", '" : "'") + rep.children[i] + "'";
    }

    if (rep.correction_from_identity <= kIdentityCorrectionTolerance) {
        rep.residual = max_abs_diff(mesh.global, a_bind);
        rep.verdict = FrameVerdict::Ok;
        rep.reason = "mesh node '" + mesh.name + "' is already on its skin frame (correction within " +
                     fmt(rep.correction_from_identity) + " of the identity)" + children_note;
        return rep;
    }

    const bool had_matrix = mesh.use_matrix;
    const glm::dmat4 old_matrix = mesh.matrix;
    const glm::dmat4 old_local = mesh.local();
    mesh.set_local_matrix(old_local * c);
    scene.update_matrices(mesh_node);
    rep.residual = max_abs_diff(scene.nodes[static_cast<size_t>(mesh_node)].global, a_bind);

    // Double rounding through a chain of products: relative 1e-9 of the matrix's size is many
    // orders above that and many below any correction that matters.
    const double residual_tolerance = 1e-9 * std::max(1.0, max_abs(a_bind));
    if (!(rep.residual <= residual_tolerance)) {
        Node& m = scene.nodes[static_cast<size_t>(mesh_node)];
        m.use_matrix = had_matrix;
        m.matrix = old_matrix;
        scene.update_matrices(mesh_node);
        rep.verdict = FrameVerdict::CannotFix;
        rep.reason = "mesh node '" + mesh.name + "': the correction did not land (residual " +
                     fmt(rep.residual) + " after applying, tolerance " + fmt(residual_tolerance) +
                     "); restored as given";
        return rep;
    }
    rep.verdict = FrameVerdict::Corrected;
    rep.reason = "mesh node '" + mesh.name + "' moved onto the skin frame of '" + skin.name +
                 "', absorbing " + fmt(rep.non_rigidity_absorbed) + " of non-rigidity" + children_note;
    return rep;
}

}  // namespace sv::anim
