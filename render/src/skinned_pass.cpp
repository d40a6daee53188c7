#include "render/skinned_pass.h"

#include <cstdio>
#include <cstring>
#include <glm/gtc/type_ptr.hpp>
#include <map>

#include "render/diffuse_transmission_binding.h"
#include "render/mtoon_binding.h"
#include "render/texture_units.h"
#include "render/transmission_binding.h"

namespace sv::render {

namespace {
constexpr GLuint kAttrInstanceModel = 7;  // 7..10
constexpr GLuint kAttrInstanceRow = 11;
constexpr GLuint kAttrVertexScalar = 12;

struct InstanceData {
    float model[16];
    float row;
};
}  // namespace

Expected<SkinnedPass> SkinnedPass::create(Api api) {
    // The variant bits are the ones the texture unit table's checks range over (texture_units.h).
    static_assert(kVariantLayers == kInLayers && kVariantIridescence == kInIridescence &&
                  kVariantAnisotropy == kInAnisotropy && kVariantTransmission == kInTransmission &&
                  kVariantDiffuseTransmission == kInDiffuseTransmission && kVariantMToon == kInMToon);
    SkinnedPass pass;
    pass.api_ = api;  // the programs are built on first use (skinned_programs.cpp)
    pass.instance_vbo_ = GlBuffer::make();
    pass.feedback_buffer_ = GlBuffer::make();
    return pass;
}

void SkinnedPass::bind_instances(const GpuMesh& mesh, const std::vector<SkinInstance>& instances) {
    constexpr size_t kFloats = sizeof(InstanceData) / sizeof(float);
    static_assert(sizeof(InstanceData) == kFloats * sizeof(float), "InstanceData is floats only");
    // A member, grown and never shrunk: after the first frames a draw allocates nothing.
    if (instance_scratch_.size() < instances.size() * kFloats)
        instance_scratch_.resize(instances.size() * kFloats);
    auto* data = reinterpret_cast<InstanceData*>(instance_scratch_.data());
    for (size_t i = 0; i < instances.size(); ++i) {
        std::memcpy(data[i].model, glm::value_ptr(instances[i].model), sizeof data[i].model);
        data[i].row = static_cast<float>(instances[i].palette_row);
    }
    glBindVertexArray(mesh.vao());
    glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances.size() * sizeof(InstanceData)), data,
                 GL_STREAM_DRAW);
    for (GLuint c = 0; c < 4; ++c) {
        glEnableVertexAttribArray(kAttrInstanceModel + c);
        glVertexAttribPointer(kAttrInstanceModel + c, 4, GL_FLOAT, GL_FALSE, sizeof(InstanceData),
                              reinterpret_cast<const void*>(c * 4 * sizeof(float)));
        glVertexAttribDivisor(kAttrInstanceModel + c, 1);
    }
    glEnableVertexAttribArray(kAttrInstanceRow);
    glVertexAttribPointer(kAttrInstanceRow, 1, GL_FLOAT, GL_FALSE, sizeof(InstanceData),
                          reinterpret_cast<const void*>(offsetof(InstanceData, row)));
    glVertexAttribDivisor(kAttrInstanceRow, 1);
    if (!scalar_vbos_.count(mesh.vao())) {
        glDisableVertexAttribArray(kAttrVertexScalar);
        glVertexAttrib1f(kAttrVertexScalar, 0.0f);
    }
}

void SkinnedPass::set_common_uniforms(const ShaderProgram& program, const GpuMesh& mesh,
                                      const glm::mat4& mesh_global, const PaletteTexture& palette) {
    glUseProgram(program.id());
    palette.bind(kPaletteUnit);
    glUniform1i(program.uniform("u_palette"), static_cast<GLint>(kPaletteUnit));
    glActiveTexture(GL_TEXTURE0 + kMorphDeltaUnit);
    glBindTexture(GL_TEXTURE_2D, mesh.morph_texture());
    glActiveTexture(GL_TEXTURE0 + kMorphWeightUnit);
    glBindTexture(GL_TEXTURE_2D, mesh.morph_weight_texture());
    glActiveTexture(GL_TEXTURE0 + kInfluenceUnit);
    glBindTexture(GL_TEXTURE_2D, mesh.influence_texture());
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program.uniform("u_extra_influences"), static_cast<GLint>(kInfluenceUnit));
    glUniform1i(program.uniform("u_extra_influence_texels"), mesh.extra_influence_texels());
    glUniform1i(program.uniform("u_morph_deltas"), static_cast<GLint>(kMorphDeltaUnit));
    glUniform1i(program.uniform("u_morph_weights"), static_cast<GLint>(kMorphWeightUnit));
    glUniform1i(program.uniform("u_morph_targets"), mesh.morph_targets());
    glUniform1i(program.uniform("u_morph_vertices"), mesh.vertex_count());
    glUniformMatrix4fv(program.uniform("u_mesh_global"), 1, GL_FALSE, glm::value_ptr(mesh_global));
    // Inverted on the CPU once a draw rather than per vertex; float is enough for the frames
    // this sees (a 0.01 scale and a rotation invert exactly to 100 and its transpose).
    const glm::mat4 inv = glm::inverse(mesh_global);
    glUniformMatrix4fv(program.uniform("u_mesh_global_inverse"), 1, GL_FALSE, glm::value_ptr(inv));
}

size_t SkinnedPass::prepare_joint_dual_quats(const PaletteTexture& palette, const SkinInstance* instances,
                                             size_t count, const glm::mat4& mesh_global, SkinMode mode,
                                             bool unskinned) {
    if (unskinned) return kUnskinned;
    if (mode == SkinMode::LinearBlend) return static_cast<size_t>(mode);
    // Its own unit first: creating and uploading the texture binds it to the active unit, which
    // would otherwise be the palette's (and the collapsed-joint fallback would read this instead).
    glActiveTexture(GL_TEXTURE0 + kJointDqUnit);
    bool fallback = false;
    for (size_t i = 0; i < count; ++i) {
        const int row = instances[i].palette_row;
        // A row the palette does not have is refused and left as it was; the draw then reads what
        // the palette read would have (nothing sensible), as before this texture existed.
        if (joint_dq_.prepare(palette, row, mesh_global, mode).ok())
            fallback = fallback || joint_dq_.any_cannot_carry(row);
        else
            fallback = true;
    }
    joint_dq_.upload();
    glActiveTexture(GL_TEXTURE0);
    return static_cast<size_t>(mode) + (fallback ? 0 : kNoFallback);
}

void SkinnedPass::bind_joint_dual_quats(const ShaderProgram& program) const {
    joint_dq_.bind(kJointDqUnit);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(program.uniform("u_joint_dq"), static_cast<GLint>(kJointDqUnit));
}

void SkinnedPass::draw(const GpuMesh& mesh, const PaletteTexture& palette,
                       const std::vector<SkinInstance>& instances, const SkinnedDrawParams& params) {
    if (instances.empty()) return;
    const size_t index = prepare_joint_dual_quats(palette, instances.data(), instances.size(),
                                                  params.mesh_global, params.mode, params.unskinned);
    const ShaderProgram* chosen = nullptr;
    const bool transmissive = params.material.transmission.active() && params.backdrop != 0 &&
                              params.debug_view == DebugView::Lit && !params.linear_output;
    const bool diffuse_transmissive =
        params.material.diffuse_transmission.active() && params.debug_view == DebugView::Lit;
    const unsigned wanted = (params.material.layered() ? kVariantLayers : 0u) |
                            (params.material.iridescent() ? kVariantIridescence : 0u) |
                            (params.material.anisotropic() ? kVariantAnisotropy : 0u) |
                            (mesh.flat_normals() ? kVariantFlatNormals : 0u) |
                            (transmissive ? kVariantTransmission : 0u) |
                            (diffuse_transmissive ? kVariantDiffuseTransmission : 0u);
    // What to try, best first: everything asked for; the transmissions without the layers (the
    // sampler budget); the surface without transmission; then without diffuse transmission, and
    // without either. A file with neither tries what it tried before (the repeats of a failed
    // variant are refused at once by failed_variants_).
    constexpr unsigned kTransmissions = kVariantTransmission | kVariantDiffuseTransmission;
    // VRMC_materials_mtoon replaces the PBR shading the other bits extend, so its program has none
    // of them but flat normals; failing that, the material draws as its glTF self.
    const bool toon = params.material.mtoon.present && params.debug_view == DebugView::Lit;
    const unsigned toon_variant = toon ? kVariantMToon | (wanted & kVariantFlatNormals) : 0u;
    unsigned variant = 0;
    for (unsigned v :
         {toon_variant, wanted, (wanted & kTransmissions) ? wanted & ~kVariantLayers : 0u,
          wanted & ~kVariantTransmission, wanted & ~kVariantDiffuseTransmission, wanted & ~kTransmissions}) {
        if (!v) continue;
        if (const ShaderProgram* p = variant_program(index, v)) {
            chosen = p;
            variant = v;
            break;
        }
    }
    if (!chosen) chosen = draw_program(index);
    if (!chosen) return;  // its build failed, said once on stderr
    const ShaderProgram& program = *chosen;
    set_common_uniforms(program, mesh, params.mesh_global, palette);
    bind_joint_dual_quats(program);
    glUniformMatrix4fv(program.uniform("u_view_proj"), 1, GL_FALSE, glm::value_ptr(params.view_proj));
    glUniform1i(program.uniform("u_debug_view"), static_cast<GLint>(params.debug_view));
    glUniform1i(program.uniform("u_selected_joint"), params.selected_joint);
    glUniform1f(program.uniform("u_heat_scale"), params.heat_scale);
    bind_material(program, params.material, params.environment, params.lighting, params.camera_position,
                  params.mirrored);
    glUniform1i(program.uniform("u_linear_output"), params.linear_output ? 1 : 0);
    if (variant & kVariantTransmission) {
        // The node's scale (the first instance's placement with the mesh frame), which the
        // volume's thickness is measured in: the renderer's length of each model-matrix column.
        const glm::mat4 model = instances.front().model * params.mesh_global;
        const glm::vec3 scale(glm::length(glm::vec3(model[0])), glm::length(glm::vec3(model[1])),
                              glm::length(glm::vec3(model[2])));
        bind_transmission(program, params.material.transmission, params.backdrop, params.view_proj, scale);
    }
    if (variant & kVariantDiffuseTransmission) {
        // The Khronos renderer's thickness for this lobe: the mean of the model matrix's column lengths.
        const glm::mat4 model = instances.front().model * params.mesh_global;
        const float mean_scale = (glm::length(glm::vec3(model[0])) + glm::length(glm::vec3(model[1])) +
                                  glm::length(glm::vec3(model[2]))) /
                                 3.0f;
        bind_diffuse_transmission(program, params.material.diffuse_transmission, mean_scale);
    }
    if (variant & kVariantMToon) bind_mtoon(program, params.material.mtoon);
    bind_instances(mesh, instances);
    mesh.draw(static_cast<GLsizei>(instances.size()));
    if ((variant & kVariantMToon) && params.material.mtoon.has_outline()) {
        // The inverted hull: the same skinned vertices pushed out (skinned_vs.glsl), front faces
        // culled whatever doubleSided says (the extension's rule), so only the rim of the hull that
        // sticks out past the surface is seen.
        GLint viewport[4] = {0, 0, 1, 1};
        glGetIntegerv(GL_VIEWPORT, viewport);
        set_mtoon_outline(
            program, params.material.mtoon.outline_mode,
            viewport[2] > 0 ? static_cast<float>(viewport[3]) / static_cast<float>(viewport[2]) : 1.0f);
        glEnable(GL_CULL_FACE);
        glCullFace(GL_FRONT);
        mesh.draw(static_cast<GLsizei>(instances.size()));
        glCullFace(GL_BACK);
    }
    if (variant & kVariantMToon)
        for (GLuint unit : {kMToonShadeUnit, kMToonShiftUnit, kMToonRimUnit, kMToonOutlineUnit})
            glBindSampler(unit, 0);
    unbind_material();
}

Status SkinnedPass::capture_feedback(const ShaderProgram& program, const GpuMesh& mesh,
                                     const PaletteTexture& palette, const SkinInstance& instance,
                                     const glm::mat4& mesh_global, void* out, size_t bytes,
                                     const char* what) {
    set_common_uniforms(program, mesh, mesh_global, palette);
    bind_joint_dual_quats(program);
    glUniformMatrix4fv(program.uniform("u_view_proj"), 1, GL_FALSE, glm::value_ptr(glm::mat4(1.0f)));
    glUniform1i(program.uniform("u_debug_view"), 0);
    glUniform1i(program.uniform("u_selected_joint"), -1);
    bind_instances(mesh, {instance});
    const GLsizeiptr size = static_cast<GLsizeiptr>(bytes);
    // A draw needs a complete framebuffer even with the rasteriser off, and a surfaceless context
    // has none: a 1x1 target stands in, and the caller's binding comes back afterwards.
    GLint previous_fbo = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_fbo);
    if (feedback_target_.width() == 0) (void)feedback_target_.resize(1, 1);
    glBindFramebuffer(GL_FRAMEBUFFER, feedback_target_.framebuffer());
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback_buffer_.get());
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, size, nullptr, GL_STREAM_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback_buffer_.get());
    glEnable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(mesh.vao());
    // Points over the vertex array, not the index buffer: every vertex once, in order (and
    // GLES 3.0 allows no indexed draws under transform feedback).
    glBeginTransformFeedback(GL_POINTS);
    glDrawArraysInstanced(GL_POINTS, 0, mesh.vertex_count(), 1);
    glEndTransformFeedback();
    glBindVertexArray(0);
    glDisable(GL_RASTERIZER_DISCARD);
    const void* mapped = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, size, GL_MAP_READ_BIT);
    if (mapped) {
        std::memcpy(out, mapped, bytes);
        glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_fbo));
    if (!mapped) return make_error(std::string(what) + ": could not map the transform feedback buffer");
    const GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%04x", err);
        return make_error(std::string(what) + ": GL error " + hex);
    }
    return ok_status();
}

Expected<std::vector<glm::vec3>> SkinnedPass::read_back(const GpuMesh& mesh, const PaletteTexture& palette,
                                                        const SkinInstance& instance,
                                                        const glm::mat4& mesh_global, SkinMode mode,
                                                        bool unskinned) {
    auto program =
        feedback_program(prepare_joint_dual_quats(palette, &instance, 1, mesh_global, mode, unskinned));
    if (!program) return program.error();
    std::vector<glm::vec3> out(static_cast<size_t>(mesh.vertex_count()));
    if (auto s = capture_feedback(**program, mesh, palette, instance, mesh_global, out.data(),
                                  out.size() * sizeof(glm::vec3), "GPU read-back");
        !s)
        return s.error();
    return out;
}

void SkinnedPass::set_vertex_scalars(const GpuMesh& mesh, const std::vector<float>& values) {
    GlBuffer& vbo = scalar_vbos_[mesh.vao()];
    if (!vbo) vbo = GlBuffer::make();
    glBindVertexArray(mesh.vao());
    glBindBuffer(GL_ARRAY_BUFFER, vbo.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(values.size() * sizeof(float)), values.data(),
                 GL_STATIC_DRAW);
    glEnableVertexAttribArray(kAttrVertexScalar);
    glVertexAttribPointer(kAttrVertexScalar, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
    glBindVertexArray(0);
}

}  // namespace sv::render
