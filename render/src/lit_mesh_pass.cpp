#include "render/lit_mesh_pass.h"

#include <glm/gtc/type_ptr.hpp>

namespace sv::render {

void set_lighting_uniforms(const ShaderProgram& program, const Lighting& lighting) {
    glUniform3fv(program.uniform("u_light_dir"), 1, glm::value_ptr(lighting.direction_to_light));
    glUniform3fv(program.uniform("u_light_color"), 1, glm::value_ptr(lighting.light_color));
    glUniform3fv(program.uniform("u_ambient"), 1, glm::value_ptr(lighting.ambient));
}

Expected<LitMeshPass> LitMeshPass::create(Api api) {
    auto program = ShaderProgram::build(
        api, {"static_lit", {"static_mesh_vs.glsl"}, {"lighting.glsl", "lit_fs.glsl"}, {}, {}});
    if (!program) return program.error();
    LitMeshPass pass;
    pass.program_ = std::move(*program);
    return pass;
}

void LitMeshPass::draw(const GpuMesh& mesh, const glm::mat4& model, const glm::mat4& view_proj,
                       const glm::vec4& base_color, const Lighting& lighting) const {
    glUseProgram(program_.id());
    glUniformMatrix4fv(program_.uniform("u_model"), 1, GL_FALSE, glm::value_ptr(model));
    glUniformMatrix4fv(program_.uniform("u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
    glUniform4fv(program_.uniform("u_base_color"), 1, glm::value_ptr(base_color));
    glUniform1i(program_.uniform("u_has_texture"), 0);
    glUniform1i(program_.uniform("u_debug_view"), 0);
    set_lighting_uniforms(program_, lighting);
    mesh.draw();
}

Expected<LinePass> LinePass::create(Api api) {
    auto program = ShaderProgram::build(api, {"lines", {"lines_vs.glsl"}, {"lines_fs.glsl"}, {}, {}});
    if (!program) return program.error();
    LinePass pass;
    pass.program_ = std::move(*program);
    pass.vao_ = GlVertexArray::make();
    pass.vbo_ = GlBuffer::make();
    glBindVertexArray(pass.vao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, pass.vbo_.get());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindVertexArray(0);
    return pass;
}

void LinePass::draw(const std::vector<glm::vec3>& points, GLenum mode, const glm::mat4& view_proj,
                    const glm::vec4& color, float point_size, const glm::vec3& eye, float push) const {
    if (points.empty()) return;
    glUseProgram(program_.id());
    glUniformMatrix4fv(program_.uniform("u_view_proj"), 1, GL_FALSE, glm::value_ptr(view_proj));
    glUniform4fv(program_.uniform("u_color"), 1, glm::value_ptr(color));
    glUniform1f(program_.uniform("u_point_size"), point_size);
    glUniform3fv(program_.uniform("u_eye"), 1, glm::value_ptr(eye));
    glUniform1f(program_.uniform("u_push"), push);
    // Desktop GL ignores gl_PointSize unless asked; GLES always honours it.
    if (GLAD_GL_VERSION_3_2) glEnable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(vao_.get());
    glBindBuffer(GL_ARRAY_BUFFER, vbo_.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(points.size() * sizeof(glm::vec3)), points.data(),
                 GL_STREAM_DRAW);
    glDrawArrays(mode, 0, static_cast<GLsizei>(points.size()));
    glBindVertexArray(0);
}

}  // namespace sv::render
