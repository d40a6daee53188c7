// SkinnedPass::read_back_frames: the normal and tangent the vertex shader hands the fragment
// stage, captured by transform feedback, so tests can hold the tangent frame to what skinning
// must keep (perpendicular, finite) on every rung.
#include <cstring>
#include <glm/gtc/type_ptr.hpp>

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
                         {"brdf.glsl", "material_fs.glsl"},
                         {"SKIN_MODE " + std::to_string(skin_mode)},
                         {},
                         {"v_world_normal", "v_world_tangent"}};
        if (no_fallback) desc.defines.push_back("SKIN_DQ_NO_FALLBACK");
        auto built = ShaderProgram::build(api_, desc);
        if (!built) return built.error();
        program = std::move(*built);
    }
    set_common_uniforms(program, mesh, mesh_global, palette);
    bind_joint_dual_quats(program);
    glUniformMatrix4fv(program.uniform("u_view_proj"), 1, GL_FALSE, glm::value_ptr(glm::mat4(1.0f)));
    glUniform1i(program.uniform("u_debug_view"), 0);
    glUniform1i(program.uniform("u_selected_joint"), -1);
    bind_instances(mesh, {instance});
    const size_t n = static_cast<size_t>(mesh.vertex_count());
    constexpr size_t kFloats = 7;  // vec3 normal, vec4 tangent, interleaved
    const GLsizeiptr bytes = static_cast<GLsizeiptr>(n * kFloats * sizeof(float));
    GLint previous_fbo = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_fbo);
    if (feedback_target_.width() == 0) (void)feedback_target_.resize(1, 1);
    glBindFramebuffer(GL_FRAMEBUFFER, feedback_target_.framebuffer());
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback_buffer_);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, nullptr, GL_STREAM_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback_buffer_);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(mesh.vao());
    glBeginTransformFeedback(GL_POINTS);
    glDrawArraysInstanced(GL_POINTS, 0, mesh.vertex_count(), 1);
    glEndTransformFeedback();
    glBindVertexArray(0);
    glDisable(GL_RASTERIZER_DISCARD);
    std::vector<float> raw(n * kFloats);
    const void* mapped = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bytes, GL_MAP_READ_BIT);
    if (!mapped) return make_error("tangent-frame read-back: could not map the transform feedback buffer");
    std::memcpy(raw.data(), mapped, static_cast<size_t>(bytes));
    glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_fbo));
    if (const GLenum err = glGetError(); err != GL_NO_ERROR)
        return make_error("tangent-frame read-back: GL error " + std::to_string(err));
    std::vector<TangentFrame> out(n);
    for (size_t i = 0; i < n; ++i) {
        const float* f = &raw[i * kFloats];
        out[i] = {glm::vec3(f[0], f[1], f[2]), glm::vec4(f[3], f[4], f[5], f[6])};
    }
    return out;
}

}  // namespace sv::render
