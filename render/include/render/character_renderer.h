// Draws a Character: its skinned meshes through the palette texture and the skinning pass, its
// static meshes lit, and the overlays (skeleton, joint axes, grid).
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <vector>

#include "anim/avatar/expression_materials.h"
#include "anim/character/character.h"
#include "render/context.h"
#include "render/draw_options.h"
#include "render/environment.h"
#include "render/environment_background.h"
#include "render/gpu_mesh.h"
#include "render/lit_mesh_pass.h"
#include "render/material_textures.h"
#include "render/palette_texture.h"
#include "render/skinned_pass.h"
#include "render/transmission_backdrop.h"

namespace sv::render {

// One placed copy of the character: its placement and the first palette row of its skins. Skin k
// reads the block at first_row + skin_row_offset(k); instance i of a crowd starts at
// i * rows_per_instance() (one row a skin up to 512 joints, palette_rows_for(n) rows past that).
struct CharacterInstance {
    glm::mat4 model{1.0f};
    int first_row = 0;
};

// EXT_mesh_gpu_instancing on a skinned node: the placement of copy `instance` of `node` applied to
// its skinned (world) vertices, G x instance x G^-1 with G the node's global as posed now
// (anim/scene/scene.h).
glm::mat4 skinned_instance_placement(const anim::Character& character, int node, size_t instance);

class CharacterRenderer {
public:
    // `max_instances` sizes the palette texture (rows_per_instance() rows each); refused, naming
    // the skins' joints and the driver's GL_MAX_TEXTURE_SIZE, when they do not fit.
    ~CharacterRenderer();
    static Expected<std::unique_ptr<CharacterRenderer>> create(Api api, const anim::Character& character,
                                                               int max_instances = 1);
    // The same, with the textures made from `texels` (anim::Character::take_image_texels), each
    // image's texels freed once uploaded (MaterialTextures::create).
    static Expected<std::unique_ptr<CharacterRenderer>> create(Api api, const anim::Character& character,
                                                               int max_instances,
                                                               std::vector<anim::Image> texels);

    // Copies every skin's current palette (A_j) into the rows of `instance` (not uploaded yet).
    Status write_palettes(const anim::Character& character, const CharacterInstance& instance);
    // Replaces the image-based light (the procedural sky by default) with another, e.g. an --env
    // image's; the old textures are kept when the new ones cannot be made. The sheen light is made
    // when the file needs it (needs_sheen), from `data.sheen` when it has one (an image prefiltered
    // with the sheen lobe), else from the procedural sky's table.
    Status set_environment(const EnvironmentData& data);
    // Whether the file draws KHR_materials_sheen (a material's sheen colour, or one a clip animates):
    // a property of the file, fixed at create, so which environment lights it cannot change it.
    // The session asks it before prefiltering an image (environment_from_image's `with_sheen`).
    bool needs_sheen() const { return needs_sheen_; }
    const Environment& environment() const { return environment_; }
    // Uploads the rows written since the last upload (one glTexSubImage2D).
    int upload_palettes() { return palette_.upload(); }

    // Draws every instance, each skinned mesh in the frame `options.correction` chooses.
    void draw(const anim::Character& character, const std::vector<CharacterInstance>& instances,
              const glm::mat4& view_proj, const DrawOptions& options);

    // GPU skinned world positions of skinned mesh `i`'s primitive `p` for `instance` (morph
    // targets applied with the node's current weights); `node_instance` >= 0: that
    // EXT_mesh_gpu_instancing copy of the node, placed as draw() places it.
    // `corrected`: the mesh frame (DrawOptions::correction), before the rung so no caller can leave it out.
    Expected<std::vector<glm::vec3>> read_back(const anim::Character& character, int skinned_mesh,
                                               int primitive, const CharacterInstance& instance,
                                               bool corrected, SkinMode mode, int node_instance = -1);
    // The skinned normal and tangent of every vertex of skinned mesh `i`'s primitive `p`.
    Expected<std::vector<SkinnedPass::TangentFrame>> read_back_frames(const anim::Character& character,
                                                                      int skinned_mesh, int primitive,
                                                                      const CharacterInstance& instance,
                                                                      bool corrected, SkinMode mode);
    // The debug view's per-vertex colour of skinned mesh `skinned_mesh`, primitive `primitive`
    // (SkinnedPass::read_back_colors); `selected_joint` is the Weights view's joint.
    Expected<std::vector<glm::vec4>> read_back_colors(const anim::Character& character, int skinned_mesh,
                                                      int primitive, const CharacterInstance& instance,
                                                      bool corrected, SkinMode mode, DebugView view,
                                                      int selected_joint);
    // The same for static mesh `i`: its vertices as drawn, under its node's current world.
    Expected<std::vector<glm::vec3>> read_back_static(const anim::Character& character, int static_mesh,
                                                      int primitive, const CharacterInstance& instance);
    // Per-vertex error for the heat map of skinned mesh `i`, primitive `p`.
    void set_vertex_errors(int skinned_mesh, int primitive, const std::vector<float>& errors);

    SkinMode rung_for(const anim::Character& character, int skin, const DrawOptions& options) const;
    const PaletteTexture& palette() const { return palette_; }
    // For tests and the palette panel: write a row entry by hand (a deliberately broken joint).
    PaletteTexture& mutable_palette() { return palette_; }
    int skin_count() const { return skins_; }
    // Palette rows one instance takes (every skin's block), and where skin k's block starts in it.
    int rows_per_instance() const { return rows_per_instance_; }
    int skin_row_offset(int skin) const { return skin_row_offset_[static_cast<size_t>(skin)]; }

    // KHR_materials_variants: every primitive draws its material for `variant` (an index into the
    // asset's variants; -1 the file's defaults). Textures of every material are uploaded at
    // creation, so switching is a look-up, not a reload.
    void select_variant(int variant);
    int variant() const { return variant_; }

    // VRM expressions' material binds: these values are drawn over their materials' own (the base
    // colour factor, the emissive factor times the material's emissive strength, and a scale and
    // offset after every texture slot's own transform; transmission's textures keep theirs). Empty:
    // the materials as the file gives them. Kept until replaced.
    void set_material_overrides(std::vector<anim::ExpressionMaterialValue> values) {
        material_overrides_ = std::move(values);
    }

    // World-space line pairs of the skeleton (bone per joint with a parent) and joint points.
    static std::vector<glm::vec3> skeleton_lines(const anim::Character& character, int skin);
    static std::vector<glm::vec3> joint_points(const anim::Character& character, int skin);

private:
    // `texels`: null for the asset's own images (kept), else the images to upload and free.
    static Expected<std::unique_ptr<CharacterRenderer>> create_with(Api api, const anim::Character& character,
                                                                    int max_instances,
                                                                    std::vector<anim::Image>* texels);
    struct DrawPrimitive {
        GpuMesh mesh;
        int material = -1;
        glm::vec3 centre{0.0f};  // mean bind-pose position, for ordering blended primitives
        int default_material = -1;
        std::vector<anim::VariantMaterial> variant_materials;
    };
    int variant_ = -1;
    std::vector<anim::ExpressionMaterialValue> material_overrides_;
    // Whether any material of the file transmits: only then is the backdrop drawn
    // (render/transmission_backdrop.h).
    bool has_transmission_ = false;
    bool needs_sheen_ = false;  // see needs_sheen()
    void update_has_transmission(const anim::Asset& asset);
    TransmissionBackdrop backdrop_;
    // The environment behind the scene (LightingSettings::environment_background).
    void draw_background(const glm::mat4& view_proj, const LightingSettings& lighting, bool linear_output);
    // The overlays (character_overlays.cpp): the floor grid under the meshes, and the skeleton,
    // the selected joint and the joints' axes over them.
    void draw_grid(const anim::Character& character, const glm::mat4& view_proj, const glm::vec3& eye);
    void draw_joint_overlays(const anim::Character& character,
                             const std::vector<CharacterInstance>& instances, const glm::mat4& view_proj,
                             const DrawOptions& options);
    Api api_ = Api::GL;
    std::unique_ptr<EnvironmentBackground> background_;
    bool background_failed_ = false;
    std::vector<std::vector<DrawPrimitive>> skinned_;  // per skinned mesh node
    std::vector<std::vector<DrawPrimitive>> static_;   // per static mesh node
    MaterialTextures materials_;
    Environment environment_;
    PaletteTexture palette_;
    SkinnedPass skinned_pass_;
    LinePass line_pass_;
    int skins_ = 0;
    int rows_per_instance_ = 1;
    std::vector<int> skin_row_offset_;
    // Kept between draws so that a frame allocates nothing (tests/gl/draw_alloc): the per-mesh
    // instance rows, resized in place, and the floor grid, rebuilt only when the bounds it is
    // sized to change.
    std::vector<SkinInstance> rows_scratch_;
    std::vector<SkinInstance> placements_scratch_;
    std::vector<SkinInstance> instanced_scratch_;          // EXT_mesh_gpu_instancing rows of one static mesh
    std::vector<SkinInstance> skinned_instanced_scratch_;  // and of one skinned mesh
    std::vector<glm::vec3> grid_lines_;
    float grid_size_ = -1.0f, grid_floor_ = 0.0f;
};

}  // namespace sv::render
