// CharacterRenderer's read-backs: the GPU's skinned positions, tangent frames and debug colours of
// one primitive for one instance, placed as draw() places it, for the tests and the diagnosis.
#include "render/character_renderer.h"

namespace sv::render {

glm::mat4 skinned_instance_placement(const anim::Character& character, int node, size_t instance) {
    // The extension's NodeWorld x Instance x vertex, with the skinned vertex (already in the world:
    // the joints place it, not the node) taken back into the node's frame first. The node's own
    // global, not the corrected mesh frame: an instance's offset is in the file's units, so a
    // node under a 0.01-scaled ancestor moves its copies by a hundredth, with the correction on
    // or off alike.
    const glm::dmat4& g = character.scene_pose().global(node);  // as posed now: the node may move
    return glm::mat4(g * character.asset().scene.nodes[static_cast<size_t>(node)].instances[instance] *
                     glm::inverse(g));
}

Expected<std::vector<glm::vec3>> CharacterRenderer::read_back(const anim::Character& character,
                                                              int skinned_mesh, int primitive,
                                                              const CharacterInstance& instance,
                                                              bool corrected, SkinMode mode,
                                                              int node_instance) {
    if (skinned_mesh < 0 || static_cast<size_t>(skinned_mesh) >= skinned_.size())
        return make_error("read-back: no skinned mesh " + std::to_string(skinned_mesh));
    const auto& prims = skinned_[static_cast<size_t>(skinned_mesh)];
    if (primitive < 0 || static_cast<size_t>(primitive) >= prims.size())
        return make_error("read-back: skinned mesh " + std::to_string(skinned_mesh) + " has no primitive " +
                          std::to_string(primitive));
    const auto& s = character.skinned_meshes()[static_cast<size_t>(skinned_mesh)];
    glm::mat4 model = instance.model;
    if (node_instance >= 0) {
        const auto& copies = character.asset().scene.nodes[static_cast<size_t>(s.node)].instances;
        if (static_cast<size_t>(node_instance) >= copies.size())
            return make_error("read-back: skinned mesh " + std::to_string(skinned_mesh) + " has " +
                              std::to_string(copies.size()) + " EXT_mesh_gpu_instancing instances, not " +
                              std::to_string(node_instance + 1));
        model = model * skinned_instance_placement(character, s.node, static_cast<size_t>(node_instance));
    }
    prims[static_cast<size_t>(primitive)].mesh.set_morph_weights(character.morph_weights(s.node));
    return skinned_pass_.read_back(prims[static_cast<size_t>(primitive)].mesh, palette_,
                                   {model, instance.first_row + skin_row_offset(s.skin)},
                                   glm::mat4(character.mesh_frame(skinned_mesh, corrected)), mode);
}

Expected<std::vector<SkinnedPass::TangentFrame>> CharacterRenderer::read_back_frames(
    const anim::Character& character, int skinned_mesh, int primitive, const CharacterInstance& instance,
    bool corrected, SkinMode mode) {
    if (skinned_mesh < 0 || static_cast<size_t>(skinned_mesh) >= skinned_.size() || primitive < 0 ||
        static_cast<size_t>(primitive) >= skinned_[static_cast<size_t>(skinned_mesh)].size())
        return make_error("tangent-frame read-back: no skinned mesh " + std::to_string(skinned_mesh) +
                          " primitive " + std::to_string(primitive));
    const auto& s = character.skinned_meshes()[static_cast<size_t>(skinned_mesh)];
    const auto& mesh = skinned_[static_cast<size_t>(skinned_mesh)][static_cast<size_t>(primitive)].mesh;
    mesh.set_morph_weights(character.morph_weights(s.node));
    return skinned_pass_.read_back_frames(mesh, palette_,
                                          {instance.model, instance.first_row + skin_row_offset(s.skin)},
                                          glm::mat4(character.mesh_frame(skinned_mesh, corrected)), mode);
}

Expected<std::vector<glm::vec4>> CharacterRenderer::read_back_colors(const anim::Character& character,
                                                                     int skinned_mesh, int primitive,
                                                                     const CharacterInstance& instance,
                                                                     bool corrected, SkinMode mode,
                                                                     DebugView view, int selected_joint) {
    if (skinned_mesh < 0 || static_cast<size_t>(skinned_mesh) >= skinned_.size() || primitive < 0 ||
        static_cast<size_t>(primitive) >= skinned_[static_cast<size_t>(skinned_mesh)].size())
        return make_error("colour read-back: no skinned mesh " + std::to_string(skinned_mesh) +
                          " primitive " + std::to_string(primitive));
    const auto& s = character.skinned_meshes()[static_cast<size_t>(skinned_mesh)];
    const auto& mesh = skinned_[static_cast<size_t>(skinned_mesh)][static_cast<size_t>(primitive)].mesh;
    mesh.set_morph_weights(character.morph_weights(s.node));
    return skinned_pass_.read_back_colors(
        mesh, palette_, {instance.model, instance.first_row + skin_row_offset(s.skin)},
        glm::mat4(character.mesh_frame(skinned_mesh, corrected)), mode, view, selected_joint);
}

Expected<std::vector<glm::vec3>> CharacterRenderer::read_back_static(const anim::Character& character,
                                                                     int static_mesh, int primitive,
                                                                     const CharacterInstance& instance) {
    if (static_mesh < 0 || static_cast<size_t>(static_mesh) >= static_.size())
        return make_error("read-back: no static mesh " + std::to_string(static_mesh));
    const auto& prims = static_[static_cast<size_t>(static_mesh)];
    if (primitive < 0 || static_cast<size_t>(primitive) >= prims.size())
        return make_error("read-back: static mesh " + std::to_string(static_mesh) + " has no primitive " +
                          std::to_string(primitive));
    const auto& mesh = prims[static_cast<size_t>(primitive)].mesh;
    mesh.set_morph_weights(
        character.morph_weights(character.static_meshes()[static_cast<size_t>(static_mesh)].node));
    return skinned_pass_.read_back(mesh, palette_, {instance.model, 0},
                                   character.static_mesh_world(static_mesh), SkinMode::LinearBlend, true);
}

void CharacterRenderer::set_vertex_errors(int skinned_mesh, int primitive, const std::vector<float>& errors) {
    skinned_pass_.set_vertex_scalars(
        skinned_[static_cast<size_t>(skinned_mesh)][static_cast<size_t>(primitive)].mesh, errors);
}

}  // namespace sv::render
