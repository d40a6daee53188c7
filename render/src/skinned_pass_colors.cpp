// SkinnedPass::read_back_colors: the debug views' per-vertex colour (v_color), captured by
// transform feedback, so a test holds the weights views to the blend it computes from the file's
// weights instead of to pixels the headlight and rasteriser have shaded.
#include "render/skinned_pass.h"

namespace sv::render {

Expected<std::vector<glm::vec4>> SkinnedPass::read_back_colors(const GpuMesh& mesh,
                                                               const PaletteTexture& palette,
                                                               const SkinInstance& instance,
                                                               const glm::mat4& mesh_global, SkinMode mode,
                                                               DebugView view, int selected_joint) {
    const size_t index = prepare_joint_dual_quats(palette, &instance, 1, mesh_global, mode, false);
    // The view and joint are compiled in (FEEDBACK_DEBUG_VIEW): capture_feedback sets the uniforms
    // to the lit view for the position read-backs. The all-joints view needs no joint, so its
    // program is kept per rung; any other view is built for the call (a test's cost, not a frame's).
    const bool keep = view == DebugView::AllWeights;
    ShaderProgram built_here;
    ShaderProgram& program = keep ? colour_programs_[index] : built_here;
    if (!program.id()) {
        const bool no_fallback = index >= kNoFallback;
        const size_t skin_mode = no_fallback ? index - kNoFallback : index;
        ProgramDesc desc{"skinned_colors_" + std::to_string(index),
                         {"palette.glsl", "dual_quat.glsl", "morph.glsl", "skinned_vs.glsl"},
                         {"brdf.glsl", "punctual_lights.glsl", "material_fs.glsl"},
                         {"SKIN_MODE " + std::to_string(skin_mode),
                          "FEEDBACK_DEBUG_VIEW " + std::to_string(static_cast<int>(view)),
                          "FEEDBACK_SELECTED_JOINT " + std::to_string(keep ? -1 : selected_joint)},
                         {},
                         {"v_color"}};
        if (no_fallback) desc.defines.push_back("SKIN_DQ_NO_FALLBACK");
        auto built = ShaderProgram::build(api_, desc);
        if (!built) return built.error();
        program = std::move(*built);
    }
    std::vector<glm::vec4> out(static_cast<size_t>(mesh.vertex_count()));
    if (auto s = capture_feedback(program, mesh, palette, instance, mesh_global, out.data(),
                                  out.size() * sizeof(glm::vec4), "colour read-back");
        !s)
        return s.error();
    return out;
}

}  // namespace sv::render
