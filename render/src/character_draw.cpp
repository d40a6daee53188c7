// CharacterRenderer::draw: every instance's meshes in one pass each, opaque first, then the
// transmissive ones over the backdrop and the blended ones farthest first, with the overlays
// (character_overlays.cpp) around them.
#include <algorithm>
#include <cmath>

#include "render/character_renderer.h"

namespace sv::render {

namespace {

// The eye of a perspective view_proj: the point it sends to w = 0, (0, 0, 1, 0) pulled back.
glm::vec3 camera_position_of(const glm::mat4& view_proj) {
    const glm::vec4 e = glm::inverse(view_proj) * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f);
    // An orthographic view has no eye point; one far back along the view stands in for it. NDC +z
    // points away from the viewer (towards the far plane), so the eye lies along -e: taking +e put
    // it behind the surfaces, and every lit surface of an orthographic view turned black.
    if (std::abs(e.w) < 1e-12f) return -glm::vec3(e) * 1e4f;
    return glm::vec3(e) / e.w;
}
}  // namespace

void CharacterRenderer::draw(const anim::Character& character,
                             const std::vector<CharacterInstance>& instances, const glm::mat4& view_proj,
                             const DrawOptions& options) {
    const anim::Asset& asset = character.asset();
    const glm::vec3 eye = camera_position_of(view_proj);
    const glm::mat4 first_model = instances.empty() ? glm::mat4(1.0f) : instances.front().model;
    // BLEND primitives wait until every opaque one is drawn, then go farthest first (by their
    // bind-pose centre: a skinned primitive's centre moves with the pose, which can misorder two
    // close blended parts; a per-triangle sort is what would fix that).
    struct Deferred {
        float distance;
        const GpuMesh* mesh;
        std::vector<SkinInstance> rows;
        SkinnedDrawParams params;
        std::vector<float> weights;
    };
    std::vector<Deferred> blended;
    // KHR_materials_transmission: primitives whose material transmits wait until the opaque ones are
    // drawn, and see the backdrop (the opaque and blended scene drawn once before, in linear light:
    // render/transmission_backdrop.h); then the blended ones go over them, as in the Khronos renderer.
    std::vector<Deferred> transmissive;
    bool backdrop_pass = false;
    GLuint backdrop = 0;
    // Resized, never reallocated once the instance count was seen (capacity stays): the draw path
    // allocates nothing per frame (tests/gl/draw_alloc). Blended primitives copy their rows, but
    // only files with BLEND materials have any.
    std::vector<SkinInstance>& rows = rows_scratch_;
    rows.resize(instances.size());
    std::vector<SkinInstance>& placements = placements_scratch_;
    placements.resize(instances.size());
    const auto submit = [&](const DrawPrimitive& prim, SkinnedDrawParams& params,
                            const std::vector<SkinInstance>& on, const std::vector<float>& weights) {
        params.material = materials_.binding(asset, prim.material);
        for (const anim::ExpressionMaterialValue& o : material_overrides_) {
            if (o.material != prim.material) continue;
            MaterialBinding& b = params.material;
            if (o.has_color) b.base_color = glm::vec4(o.base_color);
            if (o.has_emission)
                b.emissive = glm::vec3(o.emissive) *
                             asset.materials[static_cast<size_t>(o.material)].emissive_strength;
            if (o.has_uv) {
                const glm::mat3 t = texture_transform(glm::vec2(o.uv_offset), 0.0f, glm::vec2(o.uv_scale));
                for (TextureBinding& tex : b.textures) tex.transform = t * tex.transform;
            }
        }
        params.environment = &environment_;
        params.lighting = options.lighting;
        params.camera_position = eye;
        params.linear_output = backdrop_pass;
        params.backdrop = backdrop;
        // The first row's placement: the character's first instance, or a static mesh's first node
        // instance with its world folded in.
        const glm::mat4 first = (on.empty() ? first_model : on.front().model) * params.mesh_global;
        params.mirrored = glm::determinant(glm::mat3(first)) < 0.0f;
        const bool transmits = params.material.transmission.active() && params.debug_view == DebugView::Lit;
        // The backdrop is what transmissive surfaces see: they are not in it themselves.
        if (backdrop_pass && transmits) return;
        if (transmits && backdrop != 0) {
            const glm::vec3 c(first * glm::vec4(prim.centre, 1.0f));
            transmissive.push_back({glm::length(c - eye), &prim.mesh, on, params, weights});
            return;
        }
        if (params.material.alpha_mode == anim::AlphaMode::Blend && params.debug_view == DebugView::Lit) {
            const glm::vec3 c(first * glm::vec4(prim.centre, 1.0f));
            blended.push_back({glm::length(c - eye), &prim.mesh, on, params, weights});
            return;
        }
        if (params.material.alpha_mode == anim::AlphaMode::Blend)
            params.material.alpha_mode = anim::AlphaMode::Opaque;
        prim.mesh.set_morph_weights(weights);
        skinned_pass_.draw(prim.mesh, palette_, on, params);
    };
    // First, over the clear colour: the grid and the meshes go over it.
    if (options.lighting.environment_background) draw_background(view_proj, options.lighting, false);
    if (options.draw_grid) draw_grid(character, view_proj, eye);
    // Every primitive once, through submit (opaque ones drawn, the others deferred), then the
    // deferred ones: transmissive farthest first, then blended farthest first.
    const auto draw_meshes = [&]() {
        const auto& skinned = character.skinned_meshes();
        for (size_t i = 0; i < skinned.size(); ++i) {
            const int skin = skinned[i].skin;
            for (size_t k = 0; k < instances.size(); ++k)
                rows[k] = {instances[k].model, instances[k].first_row + skin_row_offset(skin)};
            // EXT_mesh_gpu_instancing on a skinned node: each instance reads the same palette rows
            // and is placed after skinning (skinned_instance_placement), all in one instanced draw.
            const auto& node_instances = asset.scene.nodes[static_cast<size_t>(skinned[i].node)].instances;
            const std::vector<SkinInstance>* on = &rows;
            if (!node_instances.empty()) {
                const size_t n = node_instances.size();
                skinned_instanced_scratch_.resize(instances.size() * n);
                for (size_t k = 0; k < instances.size(); ++k)
                    for (size_t c = 0; c < n; ++c)
                        skinned_instanced_scratch_[k * n + c] = {
                            instances[k].model * skinned_instance_placement(character, skinned[i].node, c),
                            rows[k].palette_row};
                on = &skinned_instanced_scratch_;
            }
            SkinnedDrawParams params;
            params.mesh_global = glm::mat4(character.mesh_frame(static_cast<int>(i), options.correction));
            params.view_proj = view_proj;
            params.mode = rung_for(character, skin, options);
            params.debug_view = options.debug_view;
            params.selected_joint = skin == options.selected_skin ? options.selected_joint : -1;
            params.heat_scale = options.heat_scale;
            for (const auto& prim : skinned_[i])
                submit(prim, params, *on, character.morph_weights(skinned[i].node));
        }
        // Static meshes go through the same pass, unskinned: one shader for morph targets,
        // materials and the read-back. Their instances carry no palette row.
        for (size_t k = 0; k < instances.size(); ++k) placements[k] = {instances[k].model, 0};
        const auto& statics = character.static_meshes();
        for (size_t i = 0; i < static_.size(); ++i) {
            SkinnedDrawParams params;
            params.unskinned = true;
            params.mesh_global = character.static_mesh_world(static_cast<int>(i));
            // EXT_mesh_gpu_instancing: each node instance goes after the node's world and before the
            // character's placement, so the whole lot rides as one hardware-instanced draw with the
            // mesh frame folded into the rows. What it costs: mirrored and the blend order are judged
            // on the first instance only (an instance with a negative scale beside positive ones
            // would be culled on the wrong face).
            const auto& node_instances = asset.scene.nodes[static_cast<size_t>(statics[i].node)].instances;
            const std::vector<SkinInstance>* on = &placements;
            if (!node_instances.empty()) {
                instanced_scratch_.resize(instances.size() * node_instances.size());
                for (size_t k = 0; k < instances.size(); ++k)
                    for (size_t n = 0; n < node_instances.size(); ++n)
                        instanced_scratch_[k * node_instances.size() + n] = {
                            instances[k].model * params.mesh_global * glm::mat4(node_instances[n]), 0};
                params.mesh_global = glm::mat4(1.0f);
                on = &instanced_scratch_;
            }
            params.view_proj = view_proj;
            // The heat map's errors are per skinned vertex; a static mesh shows lit under it.
            params.debug_view =
                options.debug_view == DebugView::ErrorHeatMap ? DebugView::Lit : options.debug_view;
            params.heat_scale = options.heat_scale;
            for (const auto& prim : static_[i])
                submit(prim, params, *on, character.morph_weights(statics[i].node));
        }
        const auto farthest_first = [](const Deferred& a, const Deferred& b) {
            return a.distance > b.distance;
        };
        for (std::vector<Deferred>* list : {&transmissive, &blended}) {
            std::stable_sort(list->begin(), list->end(), farthest_first);
            for (const Deferred& d : *list) {
                d.mesh->set_morph_weights(d.weights);
                skinned_pass_.draw(*d.mesh, palette_, d.rows, d.params);
            }
            list->clear();
        }
    };
    if (options.draw_mesh) {
        if (has_transmission_ && options.debug_view == DebugView::Lit) {
            // The backdrop pass first (no grid: lines are display colours, not linear light; glass
            // shows the clear colour where the grid would be). A backdrop that cannot be made
            // leaves transmissive surfaces drawn without transmission, as before it existed.
            backdrop_pass = true;
            if (backdrop_.begin(linear_clear_color()).ok()) {
                // Glass in front of the environment shows the environment, as in the Khronos renderer.
                if (options.lighting.environment_background)
                    draw_background(view_proj, options.lighting, true);
                draw_meshes();
                backdrop_.end();
                backdrop = backdrop_.texture();
            }
            backdrop_pass = false;
        }
        draw_meshes();
    }
    draw_joint_overlays(character, instances, view_proj, options);
}

}  // namespace sv::render
