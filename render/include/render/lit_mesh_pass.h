// Draws unskinned meshes lit, and the ground grid: the parts of a frame that are not the skin.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "render/context.h"
#include "render/gl_name.h"
#include "render/gpu_mesh.h"
#include "render/shader_program.h"

namespace sv::render {

struct Lighting {
    glm::vec3 direction_to_light = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
    glm::vec3 light_color{0.75f};
    glm::vec3 ambient{0.3f};
};

// Sets the lighting uniforms of whichever program is bound.
void set_lighting_uniforms(const ShaderProgram& program, const Lighting& lighting);

class LitMeshPass {
public:
    static Expected<LitMeshPass> create(Api api);

    void draw(const GpuMesh& mesh, const glm::mat4& model, const glm::mat4& view_proj,
              const glm::vec4& base_color, const Lighting& lighting = {}) const;

private:
    ShaderProgram program_;
};

// Lines in world space with one colour (grid, skeleton overlay, joint axes).
class LinePass {
public:
    static Expected<LinePass> create(Api api);
    // `points` as pairs for GL_LINES, or single points for GL_POINTS. `push` > 0 moves each point
    // away from `eye` along its ray by that share of its distance: the same pixels, deeper, so
    // depth-tested lines lose to surfaces they lie on (the floor grid).
    void draw(const std::vector<glm::vec3>& points, GLenum mode, const glm::mat4& view_proj,
              const glm::vec4& color, float point_size = 6.0f, const glm::vec3& eye = glm::vec3(0.0f),
              float push = 0.0f) const;

private:
    ShaderProgram program_;
    // The buffer before the VAO that points into it: members die in reverse order, so the VAO is
    // deleted first, as it was by hand. (The other order is legal too: a buffer deleted while a
    // VAO still refers to it lives on until the VAO goes.)
    GlBuffer vbo_;
    GlVertexArray vao_;
};

}  // namespace sv::render
