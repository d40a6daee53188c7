#include "anim/skin_frame/frame_error_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/pose/rigid_animation.h"
#include "anim/skin_frame/normalize_mesh_frame.h"
#include "anim/skin_frame/reference_skinner.h"
#include "anim/skin_frame/skin_bind_transform.h"
#include "anim/skin_frame/skin_world_bounds.h"
#include "anim/skin_frame/skinned_mesh_nodes.h"

namespace sv::anim {

namespace {

std::vector<glm::dmat4> joint_matrices(const Scene& scene, const Skin& skin) {
    std::vector<glm::dmat4> a(skin.joints.size());
    for (size_t j = 0; j < a.size(); ++j)
        a[j] = scene.nodes[static_cast<size_t>(skin.joints[j])].global * skin.inverse_bind[j];
    return a;
}

struct Accum {
    double sum = 0.0, worst = 0.0, worst_single = -1.0;
    size_t n = 0;
};

// Adds one mesh node's vertices: oracle (bind frame, double) against emulation (frame, float).
Status measure(const Asset& asset, const Mesh& mesh, const std::vector<glm::dmat4>& a,
               const glm::dmat4& bind_frame, const glm::dmat4& frame, Accum& acc) {
    const glm::dmat4 frame_inv = glm::inverse(frame);
    for (const Primitive& prim : mesh.primitives) {
        if (prim.joints.empty()) continue;
        Expected<std::vector<glm::dvec3>> truth =
            reference_skin_positions(prim, a, bind_frame, SkinningRung::RigidDqs);
        if (!truth) return make_error(asset.source + " mesh '" + mesh.name + "': " + truth.error().message);
        Expected<std::vector<glm::vec3>> gpu =
            emulate_gpu_skin_positions(prim, a, frame, SkinningRung::RigidDqs);
        if (!gpu) return gpu.error();
        for (size_t v = 0; v < prim.positions.size(); ++v) {
            const glm::dvec3 expected(frame_inv * glm::dvec4((*truth)[v], 1.0));
            const double e = glm::length(glm::dvec3((*gpu)[v]) - expected);
            acc.sum += e;
            acc.worst = std::max(acc.worst, e);
            ++acc.n;
            float wmax = 0.0f;
            prim.for_each_influence(v, [&](std::uint16_t, float w) { wmax = std::max(wmax, w); });
            if (wmax >= 1.0f) acc.worst_single = std::max(acc.worst_single, e);
        }
    }
    return ok_status();
}

double folded_scale(const std::vector<glm::dmat4>& a, const glm::dmat4& frame) {
    const glm::dmat4 inv = glm::inverse(frame);
    double s = 0.0;
    for (const glm::dmat4& m : a) {
        const glm::dmat4 f = inv * m;
        s += glm::length(glm::dvec3(f[0])) + glm::length(glm::dvec3(f[1])) + glm::length(glm::dvec3(f[2]));
    }
    return s / (3.0 * static_cast<double>(a.size()));
}

}  // namespace

Expected<FrameErrorTable> frame_error_table(const Asset& asset, int skin_index, int clip_index,
                                            float posed_time) {
    if (skin_index < 0 || static_cast<size_t>(skin_index) >= asset.skins.size())
        return make_error(asset.source + ": skin " + std::to_string(skin_index) + " does not exist");
    const Skin& skin = asset.skins[static_cast<size_t>(skin_index)];
    Scene scene = asset.scene;
    scene.update_matrices();
    const std::vector<int> meshes = skinned_mesh_nodes(scene, skin_index);
    if (meshes.empty()) return make_error(asset.source + ": no mesh node draws skin '" + skin.name + "'");

    FrameErrorTable table;
    table.source = asset.source;
    Expected<glm::dmat4> bind = skin_bind_transform(scene, skin);
    if (!bind) return bind.error();
    {
        Aabb box;
        for (int m : meshes) {
            Expected<Aabb> b = skin_world_bounds(
                scene, skin, asset.meshes[static_cast<size_t>(scene.nodes[static_cast<size_t>(m)].mesh)]);
            if (!b) return b.error();
            box.min = glm::min(box.min, b->min);
            box.max = glm::max(box.max, b->max);
        }
        table.body_size = glm::length(box.max - box.min);
    }

    const bool posed = clip_index >= 0 && static_cast<size_t>(clip_index) < asset.clips.size();
    char posed_label[64];
    std::snprintf(posed_label, sizeof posed_label, "posed at %.2f s", static_cast<double>(posed_time));

    for (int pass = 0; pass < 2; ++pass) {  // 0: mesh node as given, 1: on the skin frame
        Scene s = scene;
        if (pass == 1)
            for (int m : meshes) {
                const MeshFrameReport r = normalize_mesh_frame(s, skin, m);
                if (r.verdict == FrameVerdict::CannotFix) return make_error(asset.source + ": " + r.reason);
            }
        for (int t = 0; t < (posed ? 2 : 1); ++t) {
            std::vector<glm::dmat4> frames;
            for (int m : meshes) frames.push_back(s.nodes[static_cast<size_t>(m)].global);
            Scene ps = s;
            if (t == 1) {
                RigidAnimation anim(asset.clips[static_cast<size_t>(clip_index)], ps);
                anim.apply(posed_time, false);
                anim.update();
            }
            const std::vector<glm::dmat4> a = joint_matrices(ps, skin);
            // The frame is the mesh node's global as it stands at that time (a clip could move it).
            Accum acc;
            double fold = 0.0;
            for (size_t mi = 0; mi < meshes.size(); ++mi) {
                const glm::dmat4 frame = ps.nodes[static_cast<size_t>(meshes[mi])].global;
                const Mesh& mesh =
                    asset.meshes[static_cast<size_t>(ps.nodes[static_cast<size_t>(meshes[mi])].mesh)];
                if (Status st = measure(asset, mesh, a, *bind, frame, acc); !st) return st.error();
                fold += folded_scale(a, frame) / static_cast<double>(meshes.size());
            }
            FrameErrorRow row;
            row.label = std::string(t == 0 ? "bind" : posed_label) +
                        (pass == 0 ? ", mesh node as the file gave it" : ", on the skin frame");
            row.folded_scale = fold;
            row.mean_error = acc.n ? acc.sum / static_cast<double>(acc.n) : 0.0;
            row.worst_error = acc.worst;
            row.worst_single_joint = acc.worst_single;
            row.vertices = acc.n;
            table.rows.push_back(row);
        }
    }
    return table;
}

std::string format_frame_error_table(const FrameErrorTable& table) {
    std::string out = table.source + " (body " + std::to_string(table.body_size) + " across, world units)\n";
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-48s %12s %12s %12s %14s %9s\n", "", "folded scale", "mean error",
                  "worst", "worst 1-joint", "vertices");
    out += buf;
    for (const FrameErrorRow& r : table.rows) {
        char single[32];
        if (r.worst_single_joint < 0)
            std::snprintf(single, sizeof single, "%s", "-");
        else
            std::snprintf(single, sizeof single, "%.3g", r.worst_single_joint);
        std::snprintf(buf, sizeof buf, "%-48s %12.4f %12.3g %12.3g %14s %9zu\n", r.label.c_str(),
                      r.folded_scale, r.mean_error, r.worst_error, single, r.vertices);
        out += buf;
    }
    return out;
}

}  // namespace sv::anim
