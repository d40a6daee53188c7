#include "render/character_renderer.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "render/phase_timings.h"

namespace sv::render {

CharacterRenderer::~CharacterRenderer() = default;

Expected<std::unique_ptr<CharacterRenderer>> CharacterRenderer::create(Api api,
                                                                       const anim::Character& character,
                                                                       int max_instances) {
    return create_with(api, character, max_instances, nullptr);
}

Expected<std::unique_ptr<CharacterRenderer>> CharacterRenderer::create(Api api,
                                                                       const anim::Character& character,
                                                                       int max_instances,
                                                                       std::vector<anim::Image> texels) {
    return create_with(api, character, max_instances, &texels);
}

Expected<std::unique_ptr<CharacterRenderer>> CharacterRenderer::create_with(
    Api api, const anim::Character& character, int max_instances, std::vector<anim::Image>* texels) {
    PhaseTimer timer("GPU upload (meshes, textures)");
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
    auto materials = texels ? MaterialTextures::create(asset, *texels) : MaterialTextures::create(asset);
    if (!materials) return materials.error();
    r->materials_ = std::move(*materials);
    bool sheen = false;
    for (const anim::Material& m : asset.materials) sheen = sheen || m.sheen_color != glm::vec3(0.0f);
    sheen = sheen || anim::any_clip_animates(asset, anim::AnimatedProperty::SheenColorFactor);
    r->needs_sheen_ = sheen;
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
    // Whether there is a sheen light is the file's (needs_sheen_), never read back from the
    // environment being replaced: that tied the two, so the file's need lived in whichever
    // environment was made last.
    auto e = Environment::create(data, needs_sheen_);
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
