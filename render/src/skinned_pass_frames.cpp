// SkinnedPass::read_back_frames: the normal and tangent the vertex shader hands the fragment
// stage, captured by transform feedback, so tests can hold the tangent frame to what skinning
// must keep (perpendicular, finite) on every rung.
#include "render/skinned_pass.h"

namespace sv::render {

Expected<std::vector<SkinnedPass::TangentFrame>> SkinnedPass::read_back_frames(
    const GpuMesh& mesh, const PaletteTexture& palette, const SkinInstance& instance,
    const glm::mat4& mesh_global, SkinMode mode, bool unskinned) {
    // The same program choice as draw(): the rung's, or its variant without the collapsed-joint
    // fallback, with the joint dual quaternions of this row brought up to date.
    const size_t index = prepare_joint_dual_quats(palette, &instance, 1, mesh_global, mode, unskinned);
    ShaderProgram& program = frame_programs_[index];
    if (!program.id()) {
        const bool no_fallback = index >= kNoFallback;
        const size_t skin_mode = no_fallback ? index - kNoFallback : index;
        ProgramDesc desc{"skinned_frames_" + std::to_string(index),
                         {"palette.glsl", "dual_quat.glsl", "morph.glsl", "skinned_vs.glsl"},
                         {"brdf.glsl", "punctual_lights.glsl", "material_fs.glsl"},
                         {"SKIN_MODE " + std::to_string(skin_mode)},
                         {},
                         {"v_world_normal", "v_world_tangent"}};
        if (no_fallback) desc.defines.push_back("SKIN_DQ_NO_FALLBACK");
        auto built = ShaderProgram::build(api_, desc);
        if (!built) return built.error();
        program = std::move(*built);
    }
    const size_t n = static_cast<size_t>(mesh.vertex_count());
    constexpr size_t kFloats = 7;  // vec3 normal, vec4 tangent, interleaved
    std::vector<float> raw(n * kFloats);
    if (auto s = capture_feedback(program, mesh, palette, instance, mesh_global, raw.data(),
                                  raw.size() * sizeof(float), "tangent-frame read-back");
        !s)
        return s.error();
    std::vector<TangentFrame> out(n);
    for (size_t i = 0; i < n; ++i) {
        const float* f = &raw[i * kFloats];
        out[i] = {glm::vec3(f[0], f[1], f[2]), glm::vec4(f[3], f[4], f[5], f[6])};
    }
    return out;
}

}  // namespace sv::render
