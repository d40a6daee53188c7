// Draws skinned primitives from the palette texture, in one of the three skinning rungs, and reads
// skinned positions back with transform feedback.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <map>
#include <set>
#include <vector>

#include "anim/core/expected.h"
#include "anim/skin_frame/skinning_rung.h"
#include "render/context.h"
#include "render/debug_view.h"
#include "render/gl_name.h"
#include "render/gpu_mesh.h"
#include "render/joint_dq_texture.h"
#include "render/lit_mesh_pass.h"
#include "render/material_binding.h"
#include "render/palette_texture.h"
#include "render/render_target.h"
#include "render/shader_program.h"

namespace sv::render {

// The rungs of the skinning ladder are anim's (anim/skinning_rung.h), numbered as the shader's
// SKIN_MODE; their names are anim's one table (anim::to_id, anim::parse_skinning_rung).
using SkinMode = anim::SkinningRung;

struct SkinInstance {
    glm::mat4 model{1.0f};  // the instance's placement, applied after mesh.global
    int palette_row = 0;
};

// DebugView, the view drawn, is GL-free for the panels' sake: render/debug_view.h.

struct SkinnedDrawParams {
    glm::mat4 mesh_global{1.0f};  // the frame the vertices are skinned in (corrected or as given)
    glm::mat4 view_proj{1.0f};
    MaterialBinding material;
    const Environment* environment = nullptr;  // null: no image-based light
    LightingSettings lighting;
    glm::vec3 camera_position{0.0f};
    bool mirrored = false;  // the placement flips handedness (front faces turn clockwise)
    SkinMode mode = SkinMode::RigidDqs;
    DebugView debug_view = DebugView::Lit;
    int selected_joint = -1;
    float heat_scale = 1.0f;
    // A static mesh: no skinning, mesh_global is its node's world (the shader's SKIN_MODE 3).
    bool unskinned = false;
    // The transmission backdrop's pass: linear light out, before exposure and tone mapping.
    bool linear_output = false;
    // The backdrop a transmissive material samples (0: none; the material then draws without
    // transmission, as a surface of its other properties).
    GLuint backdrop = 0;
};

class SkinnedPass {
public:
    static Expected<SkinnedPass> create(Api api);

    // One instanced draw of `mesh` for every instance. The palette must be uploaded.
    void draw(const GpuMesh& mesh, const PaletteTexture& palette, const std::vector<SkinInstance>& instances,
              const SkinnedDrawParams& params);

    // Skins every vertex of `mesh` for one instance on the GPU and returns the world positions,
    // captured with transform feedback (rasteriser off). The same vertex shader as draw().
    // `unskinned`: a static mesh, mesh_global its world (mode is then ignored).
    Expected<std::vector<glm::vec3>> read_back(const GpuMesh& mesh, const PaletteTexture& palette,
                                               const SkinInstance& instance, const glm::mat4& mesh_global,
                                               SkinMode mode, bool unskinned = false);

    // The skinned world normal and tangent (xyz, w the bitangent sign) of every vertex, read back
    // the same way (skinned_pass_frames.cpp); the programs are built on first use.
    struct TangentFrame {
        glm::vec3 normal;
        glm::vec4 tangent;
    };
    Expected<std::vector<TangentFrame>> read_back_frames(const GpuMesh& mesh, const PaletteTexture& palette,
                                                         const SkinInstance& instance,
                                                         const glm::mat4& mesh_global, SkinMode mode,
                                                         bool unskinned = false);

    // The colour the vertex shader hands the fragment stage (v_color) for every vertex in debug view
    // `view`, read back the same way (skinned_pass_colors.cpp): the weights views' colours before
    // the headlight shades them, so tests hold them to the blend they compute. Programs built on
    // first use.
    Expected<std::vector<glm::vec4>> read_back_colors(const GpuMesh& mesh, const PaletteTexture& palette,
                                                      const SkinInstance& instance,
                                                      const glm::mat4& mesh_global, SkinMode mode,
                                                      DebugView view, int selected_joint);

    // Per-vertex scalars (the heat map's error) for a mesh, bound to attribute 12 while drawing.
    void set_vertex_scalars(const GpuMesh& mesh, const std::vector<float>& values);

private:
    void bind_instances(const GpuMesh& mesh, const std::vector<SkinInstance>& instances);
    void set_common_uniforms(const ShaderProgram& program, const GpuMesh& mesh, const glm::mat4& mesh_global,
                             const PaletteTexture& palette);
    // The dual-quaternion rungs: brings the joint dual quaternions of every instance's row up to
    // date for this mesh frame and rung and uploads them. Returns the program index to draw with:
    // the rung's own, or its variant without the collapsed-joint fallback when no joint of those
    // rows needs it.
    size_t prepare_joint_dual_quats(const PaletteTexture& palette, const SkinInstance* instances,
                                    size_t count, const glm::mat4& mesh_global, SkinMode mode,
                                    bool unskinned);
    // Binds the joint dual quaternions to the program in use.
    void bind_joint_dual_quats(const ShaderProgram& program) const;
    // The read-backs' one capture: runs `program` (a feedback program of the rung chosen by
    // prepare_joint_dual_quats) over every vertex of `mesh` once for `instance`, rasteriser off,
    // and copies the first `bytes` the transform feedback wrote into `out`. The caller's
    // framebuffer binding comes back on every path. `what` begins the error messages.
    Status capture_feedback(const ShaderProgram& program, const GpuMesh& mesh, const PaletteTexture& palette,
                            const SkinInstance& instance, const glm::mat4& mesh_global, void* out,
                            size_t bytes, const char* what);
    // Indexed by SKIN_MODE: the three rungs, then 3 for unskinned meshes, then the two
    // dual-quaternion rungs compiled without the collapsed-joint fallback (SKIN_DQ_NO_FALLBACK).
    // Why two more programs: llvmpipe runs both sides of a branch under a mask, so the fallback's
    // second pass over the palette cost every DQS vertex a quarter of its time (measured: DQS/LBS
    // 1.11 in CPU time with it, 0.80 without) although no vertex took it; a uniform condition did
    // not help (1.08). GPUs skip such a branch; the variant costs them nothing either.
    //
    // Every program is built on first use (skinned_programs.cpp), not at create: a file draws with
    // one or two of the twelve draw and read-back programs, and compiling all of them was most of a
    // cold `render` (issue 37: 1.61 s with Mesa's shader cache off against 0.65 s warm). What it
    // costs: a shader that fails to compile is said at its first draw (once, on stderr; the
    // primitive is not drawn) rather than refusing the renderer's creation; read-backs still return
    // the error. tests/gl/skinning/lazy_programs_test.cpp counts the builds.
    static constexpr size_t kUnskinned = 3;
    static constexpr size_t kNoFallback = 4;          // + SKIN_MODE
    std::array<ShaderProgram, 6> draw_programs_;      // built on first use
    std::array<ShaderProgram, 6> feedback_programs_;  // read_back, built on first use
    std::array<bool, 6> draw_failed_{};               // said once, not retried every draw
    // The plain draw program of `index`, built on first use; null (said once) when it fails.
    const ShaderProgram* draw_program(size_t index);
    // The position read-back program of `index`, built on first use.
    Expected<const ShaderProgram*> feedback_program(size_t index);
    std::array<ShaderProgram, 6> frame_programs_;   // read_back_frames, built on first use
    std::array<ShaderProgram, 6> colour_programs_;  // read_back_colors, built on first use
    // The draw programs with MATERIAL_LAYERS (specular-glossiness, specular textures, clearcoat,
    // sheen), built on the first draw of a material that needs them: the same llvmpipe cost as
    // above, measured on Fox (no extensions) at +35% GPU time when every pixel ran those blocks
    // under a false uniform condition. A build that fails draws the plain program, with a note.
    // Keyed by (SKIN_MODE index, variant bits); KHR_materials_iridescence is its own bit, so a
    // material with a film and nothing else pays for neither the layers nor their samplers.
    // A primitive without NORMAL (FLAT_NORMALS: normals from the surface's derivatives) is a bit too,
    // so files with normals do not run the derivatives under a false condition. TRANSMISSION
    // (shaders/transmission.glsl) is one more, built on the first transmissive draw for the same
    // reason. Layers and transmission together use 17 fragment samplers, one past GLES 3.0's
    // guaranteed 16: where such a build fails, the material is drawn with transmission and without
    // the layers, and failing that without transmission, with a note each.
    // DIFFUSE_TRANSMISSION (shaders/diffuse_transmission.glsl) likewise, 3 samplers: past the budget
    // with the layers too, where it keeps the lobe and drops the layers first, then drops itself.
    // MTOON (shaders/mtoon.glsl, VRMC_materials_mtoon) replaces the PBR shading, so it is asked for
    // alone (flat normals aside); its outline is a second draw of the mesh with the same program.
    static constexpr unsigned kVariantLayers = 1, kVariantIridescence = 2, kVariantAnisotropy = 4,
                              kVariantFlatNormals = 8, kVariantTransmission = 16,
                              kVariantDiffuseTransmission = 32, kVariantMToon = 64;
    std::map<std::pair<size_t, unsigned>, ShaderProgram> layered_programs_;
    std::set<unsigned> failed_variants_;  // built once, failed: not tried again each draw
    // The program for (index, variant), built on first use; null when its build failed.
    const ShaderProgram* variant_program(size_t index, unsigned variant);
    Api api_ = Api::GL;
    JointDqTexture joint_dq_;
    std::vector<float> instance_scratch_;  // the instance buffer's contents, kept to not allocate a draw
    // The instance and scalar buffers are attached to the meshes' VAOs, which the pass does not
    // own: no member order matters here (a buffer deleted while a VAO refers to it lives on until
    // the VAO goes).
    GlBuffer instance_vbo_;
    GlBuffer feedback_buffer_;
    RenderTarget feedback_target_;
    // Per-vertex scalar buffers by mesh VAO. Owned by the pass, so by its context: VAO names are
    // per context and reused after one is destroyed, so a process-wide table would hand a new
    // context another context's buffer name.
    std::map<GLuint, GlBuffer> scalar_vbos_;
};

}  // namespace sv::render
