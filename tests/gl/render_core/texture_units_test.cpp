// The linked programs' sampler uniforms point at the units render/texture_units.h says: one frame
// of the arm is drawn through the renderer with a material that asks for each program variant, and
// every active sampler of the program left in use is read back with glGetUniformiv. A binding that
// names another unit's constant, or a sampler added to a shader without its row in the table, is
// red here; the compile-time checks of the table itself (distinct units a program, the GLES 3.0
// limits) are static_asserts in the header.
#include "render/texture_units.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/render_target.h"

namespace sv::render {
namespace {

bool is_sampler(GLenum type) {
    return type == GL_SAMPLER_2D || type == GL_SAMPLER_3D || type == GL_SAMPLER_CUBE ||
           type == GL_SAMPLER_2D_ARRAY || type == GL_INT_SAMPLER_2D || type == GL_UNSIGNED_INT_SAMPLER_2D;
}

struct Case {
    const char* what;
    unsigned variant;           // the SamplerUse bits the material asks for
    const char* shows_variant;  // a sampler only that variant has: the control that it was drawn
    std::function<void(anim::Material&)> set;
};

TEST(TextureUnits, EveryLinkedSamplerReadsTheUnitTheTableGives) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const std::vector<Case> cases = {
        {"plain", kInEverySkinnedProgram, "u_joint_dq", [](anim::Material&) {}},
        {"layers", kInLayers, "u_sheen_atlas",
         [](anim::Material& m) {
             m.clearcoat = 1.0f;
             m.sheen_color = glm::vec3(0.5f);
         }},
        {"iridescence", kInIridescence, "u_iridescence_texture",
         [](anim::Material& m) { m.iridescence = 1.0f; }},
        {"anisotropy", kInAnisotropy, "u_anisotropy_texture", [](anim::Material& m) { m.anisotropy = 0.5f; }},
        {"transmission", kInTransmission, "u_backdrop", [](anim::Material& m) { m.transmission = 1.0f; }},
        {"diffuse transmission", kInDiffuseTransmission, "u_dt_texture",
         [](anim::Material& m) { m.diffuse_transmission = 0.5f; }},
        {"mtoon", kInMToon, "u_mtoon_shade_texture", [](anim::Material& m) { m.mtoon.present = true; }},
    };
    for (const Case& k : cases) {
        SCOPED_TRACE(k.what);
        anim::Asset asset = anim::build_arm_asset();
        ASSERT_FALSE(asset.materials.empty());
        k.set(asset.materials[0]);
        auto c = anim::Character::create(std::move(asset));
        ASSERT_TRUE(c.ok()) << c.error().message;
        auto r = CharacterRenderer::create(Api::GL, *c);
        ASSERT_TRUE(r.ok()) << r.error().message;
        c->pose_at(-1, 0.0f, false);
        ASSERT_TRUE((*r)->write_palettes(*c, {}).ok());
        (*r)->upload_palettes();
        RenderTarget t;
        ASSERT_TRUE(t.resize(32, 32).ok());
        t.bind();
        OrbitCamera cam;
        const anim::Aabb b = c->bind_bounds();
        cam.frame(glm::vec3(b.min), glm::vec3(b.max));
        DrawOptions o;
        o.draw_grid = false;  // the skinned program is the last one in use
        (*r)->draw(*c, {CharacterInstance{}}, cam.projection(1.0f) * cam.view(), o);

        GLint program = 0;
        glGetIntegerv(GL_CURRENT_PROGRAM, &program);
        ASSERT_NE(program, 0);
        GLint count = 0;
        glGetProgramiv(static_cast<GLuint>(program), GL_ACTIVE_UNIFORMS, &count);
        std::set<std::string> seen;
        for (GLint i = 0; i < count; ++i) {
            char name[128];
            GLsizei length = 0;
            GLint size = 0;
            GLenum type = 0;
            glGetActiveUniform(static_cast<GLuint>(program), static_cast<GLuint>(i), sizeof name, &length,
                               &size, &type, name);
            if (!is_sampler(type)) continue;
            GLint unit = -1;
            glGetUniformiv(static_cast<GLuint>(program),
                           glGetUniformLocation(static_cast<GLuint>(program), name), &unit);
            const int want = sampler_unit(name, k.variant);
            EXPECT_NE(want, -1) << name << ": a sampler of the " << k.what
                                << " program without its row in render/texture_units.h";
            EXPECT_EQ(unit, want) << name << " in the " << k.what << " program";
            seen.insert(name);
        }
        EXPECT_EQ(seen.count(k.shows_variant), 1u) << "the " << k.what << " program was not the one drawn";
        EXPECT_GE(seen.size(), 5u);
    }
}

}  // namespace
}  // namespace sv::render
