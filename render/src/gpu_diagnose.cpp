#include "render/gpu_diagnose.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/scene/morph_targets.h"
#include "anim/skin_frame/reference_skinner.h"

namespace sv::render {

std::string DiagnoseResult::summary() const {
    char buf[320];
    std::snprintf(
        buf, sizeof buf,
        "vertices %ld, body size %.4g: worst %.3g, mean %.3g, worst single-joint %.3g (%ld vertices)",
        vertices, body_size, worst_error, mean_error, worst_single_joint_error, single_joint_vertices);
    return buf;
}

namespace {
// Every slot counts, the ninth and on too: a vertex whose first eight read (1, 0, ...) but whose
// set 2 carries weight is blended, not rigid.
bool single_joint(const anim::Primitive& prim, size_t v) {
    int nonzero = 0;
    bool one = false;
    prim.for_each_influence(v, [&](std::uint16_t, float x) {
        if (x != 0.0f) ++nonzero;
        if (x == 1.0f) one = true;
    });
    return nonzero == 1 && one;
}
}  // namespace

Expected<DiagnoseResult> diagnose(CharacterRenderer& renderer, const anim::Character& character,
                                  const CharacterInstance& instance, const DrawOptions& options) {
    DiagnoseResult r;
    const anim::Aabb box = character.bind_bounds();
    r.body_size = box.empty() ? 0.0 : glm::length(box.max - box.min);
    double sum = 0.0;
    const auto& meshes = character.skinned_meshes();
    r.vertex_errors.resize(meshes.size());
    for (size_t i = 0; i < meshes.size(); ++i) {
        const auto& sm = meshes[i];
        const anim::Mesh& mesh = character.asset().meshes[static_cast<size_t>(sm.mesh)];
        const SkinMode mode = renderer.rung_for(character, sm.skin, options);
        const std::vector<glm::dmat4> joints = character.joint_matrices(sm.skin);
        // The reference carries the instance placement too, in double.
        const glm::dmat4 model(instance.model);
        anim::Primitive scratch;
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            const anim::Primitive& prim =
                anim::morphed(mesh.primitives[p], character.morph_weights(sm.node), scratch);
            auto gpu = renderer.read_back(character, static_cast<int>(i), static_cast<int>(p), instance,
                                          options.correction, mode);
            if (!gpu) return gpu.error();
            auto cpu = anim::reference_skin_positions(
                prim, joints, character.skins()[static_cast<size_t>(sm.skin)].bind_transform, mode);
            if (!cpu)
                return make_error("mesh '" + mesh.name + "' primitive " + std::to_string(p) + ": " +
                                  cpu.error().message);
            std::vector<float> errors(prim.positions.size());
            for (size_t v = 0; v < prim.positions.size(); ++v) {
                const glm::dvec3 expected = glm::dvec3(model * glm::dvec4((*cpu)[v], 1.0));
                const double e = glm::length(glm::dvec3((*gpu)[v]) - expected);
                errors[v] = static_cast<float>(e);
                // A NaN is the worst error there is; max() would drop it silently.
                r.worst_error = std::isnan(e) || std::isnan(r.worst_error) ? NAN : std::max(r.worst_error, e);
                sum += e;
                if (single_joint(prim, v)) {
                    ++r.single_joint_vertices;
                    r.worst_single_joint_error = std::max(r.worst_single_joint_error, e);
                }
            }
            r.vertices += static_cast<long>(prim.positions.size());
            r.vertex_errors[i].push_back(std::move(errors));
        }
    }
    // Static meshes too: their node's animated world and their morph targets are drawn by the same
    // shader (unskinned), and a wrong weight or a stale node is an error like any other.
    const glm::dmat4 model(instance.model);
    for (size_t i = 0; i < character.static_meshes().size(); ++i) {
        const auto& st = character.static_meshes()[i];
        const anim::Mesh& mesh = character.asset().meshes[static_cast<size_t>(st.mesh)];
        const glm::dmat4 world = model * character.scene_pose().global(st.node);
        anim::Primitive scratch;
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            const anim::Primitive& prim =
                anim::morphed(mesh.primitives[p], character.morph_weights(st.node), scratch);
            auto gpu =
                renderer.read_back_static(character, static_cast<int>(i), static_cast<int>(p), instance);
            if (!gpu) return gpu.error();
            for (size_t v = 0; v < prim.positions.size(); ++v) {
                const glm::dvec3 expected(world * glm::dvec4(glm::dvec3(prim.positions[v]), 1.0));
                const double e = glm::length(glm::dvec3((*gpu)[v]) - expected);
                r.worst_error = std::isnan(e) || std::isnan(r.worst_error) ? NAN : std::max(r.worst_error, e);
                sum += e;
            }
            r.vertices += static_cast<long>(prim.positions.size());
        }
    }
    r.mean_error = r.vertices ? sum / static_cast<double>(r.vertices) : 0.0;
    return r;
}

}  // namespace sv::render
