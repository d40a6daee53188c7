#include "render/character_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtc/type_ptr.hpp>

#include "render/procedural_mesh.h"

namespace sv::render {

CharacterRenderer::~CharacterRenderer() = default;

namespace {

constexpr float kGridPush = 0.02f;  // the floor grid's push along each ray, a share of its distance
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

Expected<std::unique_ptr<CharacterRenderer>> CharacterRenderer::create(Api api,
                                                                       const anim::Character& character,
                                                                       int max_instances) {
    auto r = std::unique_ptr<CharacterRenderer>(new CharacterRenderer());
    const anim::Asset& asset = character.asset();
    r->skins_ = static_cast<int>(character.skins().size());
    // Each skin's block of rows, one after another; the sum is one instance's share of the texture.
    long rows = 0;
    for (const auto& skin : character.skins()) {
        r->skin_row_offset_.push_back(static_cast<int>(rows));
        rows += palette_rows_for(skin.skeleton.joint_count());
    }
    r->rows_per_instance_ = static_cast<int>(std::max(1L, rows));
    const long instances = std::max(1, max_instances);
    GLint max_rows = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_rows);
    if (r->rows_per_instance_ * instances > max_rows) {
        std::string joints;
        for (const auto& skin : character.skins())
            joints += (joints.empty() ? "" : " + ") + std::to_string(skin.skeleton.joint_count());
        return make_error(
            "palette texture: " + std::to_string(instances) + " instance(s) of " + joints + " joints take " +
            std::to_string(r->rows_per_instance_) + " rows each (" + std::to_string(kPaletteMatricesPerRow) +
            " joints a row), " + std::to_string(r->rows_per_instance_ * instances) +
            " in all, more than this driver's GL_MAX_TEXTURE_SIZE of " + std::to_string(max_rows));
    }
    auto palette = PaletteTexture::create(static_cast<int>(r->rows_per_instance_ * instances));
    if (!palette) return palette.error();
    r->palette_ = std::move(*palette);
    auto skinned = SkinnedPass::create(api);
    if (!skinned) return skinned.error();
    r->skinned_pass_ = std::move(*skinned);
    auto lines = LinePass::create(api);
    if (!lines) return lines.error();
    r->line_pass_ = std::move(*lines);

    const auto upload_mesh = [&](int mesh_index, std::vector<DrawPrimitive>& out) -> Status {
        const anim::Mesh& mesh = asset.meshes[static_cast<size_t>(mesh_index)];
        for (size_t p = 0; p < mesh.primitives.size(); ++p) {
            auto gm = GpuMesh::upload(mesh.primitives[p]);
            if (!gm)
                return make_error("mesh " + std::to_string(mesh_index) + " ('" + mesh.name + "') primitive " +
                                  std::to_string(p) + ": " + gm.error().message);
            glm::vec3 centre(0.0f);
            for (const auto& v : mesh.primitives[p].positions) centre += v;
            if (!mesh.primitives[p].positions.empty()) centre /= float(mesh.primitives[p].positions.size());
            out.push_back({std::move(*gm), mesh.primitives[p].material, centre, mesh.primitives[p].material,
                           mesh.primitives[p].variant_materials});
        }
        return ok_status();
    };
    for (const auto& s : character.skinned_meshes()) {
        r->skinned_.emplace_back();
        if (auto st = upload_mesh(s.mesh, r->skinned_.back()); !st) return st.error();
    }
    for (const auto& s : character.static_meshes()) {
        r->static_.emplace_back();
        if (auto st = upload_mesh(s.mesh, r->static_.back()); !st) return st.error();
    }
    auto materials = MaterialTextures::create(asset);
    if (!materials) return materials.error();
    r->materials_ = std::move(*materials);
    bool sheen = false;
    for (const anim::Material& m : asset.materials) sheen = sheen || m.sheen_color != glm::vec3(0.0f);
    sheen = sheen || anim::any_clip_animates(asset, anim::AnimatedProperty::SheenColorFactor);
    auto environment = Environment::create(sheen);
    if (!environment) return environment.error();
    r->environment_ = std::move(*environment);
    r->update_has_transmission(asset);
    r->api_ = api;
    return r;
}

void CharacterRenderer::update_has_transmission(const anim::Asset& asset) {
    // Any material of the file, whichever variant is chosen: a variant without one then pays for a
    // backdrop it does not use, and a variant switch needs no asset.
    has_transmission_ = false;
    for (const anim::Material& m : asset.materials)
        has_transmission_ = has_transmission_ || m.transmission > 0.0f;
    // A transmission factor animated up from 0 (KHR_animation_pointer) needs the backdrop too.
    has_transmission_ =
        has_transmission_ || anim::any_clip_animates(asset, anim::AnimatedProperty::TransmissionFactor);
}

Status CharacterRenderer::set_environment(const EnvironmentData& data) {
    // The sheen textures stay as they were made for this file (the procedural sky's).
    auto e = Environment::create(data, environment_.sheen_atlas() != 0);
    if (!e) return e.error();
    environment_ = std::move(*e);
    return ok_status();
}

Status CharacterRenderer::write_palettes(const anim::Character& character,
                                         const CharacterInstance& instance) {
    for (int k = 0; k < skins_; ++k) {
        const auto& sk = character.skins()[static_cast<size_t>(k)].skeleton;
        if (auto s = palette_.set_row(instance.first_row + skin_row_offset(k), sk.palette().data(),
                                      sk.joint_count());
            !s)
            return s;
    }
    return ok_status();
}

void CharacterRenderer::draw_background(const glm::mat4& view_proj, const LightingSettings& lighting,
                                        bool linear_output) {
    // Made on first use: most renders never draw it, and a program link is not free on llvmpipe.
    if (!background_ && !background_failed_) {
        auto b = EnvironmentBackground::create(api_);
        if (b) {
            background_ = std::make_unique<EnvironmentBackground>(std::move(*b));
        } else {
            background_failed_ = true;  // said once; the clear colour stays behind the model
            std::fprintf(stderr, "skinview: the environment background is not drawn: %s\n",
                         b.error().message.c_str());
        }
    }
    if (background_) background_->draw(environment_, view_proj, lighting, linear_output);
}

SkinMode CharacterRenderer::rung_for(const anim::Character& character, int skin,
                                     const DrawOptions& options) const {
    if (!options.auto_rung) return options.rung;
    return character.skins()[static_cast<size_t>(skin)].rung.rung;
}

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
    if (options.draw_grid) {
        const anim::Aabb b = character.bind_bounds();
        // The grid sits under the character's feet, sized to it in round units (1, 2 or 5 times a
        // power of ten, so a cell reads as a length), its floor snapped to a thousandth of that:
        // the same character stored another way (quantized, Draco) has bounds a few 1e-5 apart,
        // and a grid that followed them exactly would move lines by a pixel between the two.
        const double extent = b.empty() ? 1.0 : glm::length(b.max - b.min);
        const double decade = std::pow(10.0, std::floor(std::log10(extent)));
        const double nice = extent <= decade       ? decade
                            : extent <= 2 * decade ? 2 * decade
                            : extent <= 5 * decade ? 5 * decade
                                                   : 10 * decade;
        const float size = static_cast<float>(nice);
        const float floor_y =
            b.empty() ? 0.0f : static_cast<float>(std::round(b.min.y / (nice * 1e-3)) * nice * 1e-3);
        if (size != grid_size_ || floor_y != grid_floor_ || grid_lines_.empty()) {
            grid_lines_ = make_grid_lines(size, 10);
            for (auto& p : grid_lines_) p.y = floor_y;
            grid_size_ = size;
            grid_floor_ = floor_y;
        }
        // Depth-tested, and pushed 2% deeper along each ray, so it never z-fights with a surface
        // at the floor's height (a ground plane at y = 0, the soles of feet): such a surface is
        // drawn over it. Why along the ray and not a constant depth bias: lines have no polygon
        // offset, and a line and a triangle over one pixel disagree in depth by up to half a
        // pixel's depth slope, which on a floor seen at a grazing angle grows as z / h (distance
        // over eye height); 2% covers z / h up to 2 x 0.02 x 660 px focal = 26 at 480 px, past
        // the far corner of the grid at the default framing (pitch 5 or more). What it costs: a
        // grid line also loses to a surface up to 2% of its distance behind it (6 cm at 3 m:
        // geometry just under the floor covers the line). Not under an orthographic file camera,
        // whose eye is a stand-in far away (there the grid may still z-fight).
        const bool perspective = std::abs((glm::inverse(view_proj) * glm::vec4(0, 0, 1, 0)).w) >= 1e-12f;
        line_pass_.draw(grid_lines_, GL_LINES, view_proj, glm::vec4(0.35f, 0.37f, 0.4f, 1.0f), 6.0f, eye,
                        perspective ? kGridPush : 0.0f);
    }
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
            params.mesh_global = glm::mat4(character.mesh_frame(static_cast<int>(i)));
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
    if (options.draw_skeleton && !instances.empty()) {
        glDisable(GL_DEPTH_TEST);
        const glm::mat4 vp = view_proj * instances.front().model;
        for (int k = 0; k < skins_; ++k) {
            line_pass_.draw(skeleton_lines(character, k), GL_LINES, vp, glm::vec4(0.2f, 0.9f, 1.0f, 1.0f));
            line_pass_.draw(joint_points(character, k), GL_POINTS, vp, glm::vec4(1.0f, 1.0f, 1.0f, 1.0f),
                            5.0f);
        }
        if (options.selected_joint >= 0 && options.selected_skin >= 0 && options.selected_skin < skins_) {
            auto pts = joint_points(character, options.selected_skin);
            if (static_cast<size_t>(options.selected_joint) < pts.size())
                line_pass_.draw({pts[static_cast<size_t>(options.selected_joint)]}, GL_POINTS, vp,
                                glm::vec4(1.0f, 0.3f, 0.1f, 1.0f), 11.0f);
        }
        glEnable(GL_DEPTH_TEST);
    }
    if (options.draw_joint_axes && !instances.empty()) {
        glDisable(GL_DEPTH_TEST);
        const glm::mat4 vp = view_proj * instances.front().model;
        const anim::Aabb b = character.bind_bounds();
        const float len = b.empty() ? 0.05f : static_cast<float>(glm::length(b.max - b.min)) * 0.03f;
        const glm::vec4 colors[3] = {{1, 0.2f, 0.2f, 1}, {0.2f, 1, 0.2f, 1}, {0.3f, 0.4f, 1, 1}};
        for (int axis = 0; axis < 3; ++axis) {
            std::vector<glm::vec3> lines;
            for (int k = 0; k < skins_; ++k) {
                const auto& w = character.skins()[static_cast<size_t>(k)].skeleton.world();
                for (size_t j = 0; j * 16 < w.size(); ++j) {
                    const glm::mat4 m = glm::make_mat4(&w[j * 16]);
                    const glm::vec3 o(m[3]);
                    lines.push_back(o);
                    lines.push_back(o + glm::normalize(glm::vec3(m[axis])) * len);
                }
            }
            line_pass_.draw(lines, GL_LINES, vp, colors[axis]);
        }
        glEnable(GL_DEPTH_TEST);
    }
}

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
                                                              SkinMode mode, int node_instance) {
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
                                   glm::mat4(character.mesh_frame(skinned_mesh)), mode);
}

Expected<std::vector<SkinnedPass::TangentFrame>> CharacterRenderer::read_back_frames(
    const anim::Character& character, int skinned_mesh, int primitive, const CharacterInstance& instance,
    SkinMode mode) {
    if (skinned_mesh < 0 || static_cast<size_t>(skinned_mesh) >= skinned_.size() || primitive < 0 ||
        static_cast<size_t>(primitive) >= skinned_[static_cast<size_t>(skinned_mesh)].size())
        return make_error("tangent-frame read-back: no skinned mesh " + std::to_string(skinned_mesh) +
                          " primitive " + std::to_string(primitive));
    const auto& s = character.skinned_meshes()[static_cast<size_t>(skinned_mesh)];
    const auto& mesh = skinned_[static_cast<size_t>(skinned_mesh)][static_cast<size_t>(primitive)].mesh;
    mesh.set_morph_weights(character.morph_weights(s.node));
    return skinned_pass_.read_back_frames(mesh, palette_,
                                          {instance.model, instance.first_row + skin_row_offset(s.skin)},
                                          glm::mat4(character.mesh_frame(skinned_mesh)), mode);
}

Expected<std::vector<glm::vec4>> CharacterRenderer::read_back_colors(const anim::Character& character,
                                                                     int skinned_mesh, int primitive,
                                                                     const CharacterInstance& instance,
                                                                     SkinMode mode, DebugView view,
                                                                     int selected_joint) {
    if (skinned_mesh < 0 || static_cast<size_t>(skinned_mesh) >= skinned_.size() || primitive < 0 ||
        static_cast<size_t>(primitive) >= skinned_[static_cast<size_t>(skinned_mesh)].size())
        return make_error("colour read-back: no skinned mesh " + std::to_string(skinned_mesh) +
                          " primitive " + std::to_string(primitive));
    const auto& s = character.skinned_meshes()[static_cast<size_t>(skinned_mesh)];
    const auto& mesh = skinned_[static_cast<size_t>(skinned_mesh)][static_cast<size_t>(primitive)].mesh;
    mesh.set_morph_weights(character.morph_weights(s.node));
    return skinned_pass_.read_back_colors(
        mesh, palette_, {instance.model, instance.first_row + skin_row_offset(s.skin)},
        glm::mat4(character.mesh_frame(skinned_mesh)), mode, view, selected_joint);
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

std::vector<glm::vec3> CharacterRenderer::skeleton_lines(const anim::Character& character, int skin) {
    const auto& sk = character.skins()[static_cast<size_t>(skin)].skeleton;
    const auto& w = sk.world();
    std::vector<glm::vec3> lines;
    for (int j = 0; j < sk.joint_count(); ++j) {
        const int p = sk.parents()[static_cast<size_t>(j)];
        if (p < 0) continue;
        lines.emplace_back(w[static_cast<size_t>(p) * 16 + 12], w[static_cast<size_t>(p) * 16 + 13],
                           w[static_cast<size_t>(p) * 16 + 14]);
        lines.emplace_back(w[static_cast<size_t>(j) * 16 + 12], w[static_cast<size_t>(j) * 16 + 13],
                           w[static_cast<size_t>(j) * 16 + 14]);
    }
    return lines;
}

std::vector<glm::vec3> CharacterRenderer::joint_points(const anim::Character& character, int skin) {
    const auto& w = character.skins()[static_cast<size_t>(skin)].skeleton.world();
    std::vector<glm::vec3> pts;
    for (size_t j = 0; j * 16 < w.size(); ++j)
        pts.emplace_back(w[j * 16 + 12], w[j * 16 + 13], w[j * 16 + 14]);
    return pts;
}

void CharacterRenderer::select_variant(int variant) {
    variant_ = variant;
    for (auto* group : {&skinned_, &static_})
        for (auto& primitives : *group)
            for (DrawPrimitive& p : primitives) {
                p.material = p.default_material;
                for (const anim::VariantMaterial& m : p.variant_materials)
                    if (m.variant == variant) p.material = m.material;
            }
}

}  // namespace sv::render
