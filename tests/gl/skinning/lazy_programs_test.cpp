// SkinnedPass builds each program the first time a draw or read-back asks for it: making a renderer
// compiles nothing of the pass, one lit frame of one rung compiles that rung's draw program (and the
// grid's), the next frame nothing, and a read-back its own program once. What each program draws is
// held by the goldens (tests/screenshot), which draw through the same lazily built programs.
#include <gtest/gtest.h>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/render_target.h"
#include "render/shader_program.h"

namespace sv::render {
namespace {

TEST(LazyPrograms, AFrameBuildsTheProgramsItDrawsWithAndNoOthers) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    auto c = anim::Character::create(anim::build_arm_asset());
    ASSERT_TRUE(c.ok()) << c.error().message;
    const long before = ShaderProgram::builds();
    auto r = CharacterRenderer::create(Api::GL, *c);
    ASSERT_TRUE(r.ok()) << r.error().message;
    // The line pass (grid, skeleton) is the one program made with the renderer.
    EXPECT_EQ(ShaderProgram::builds() - before, 1);
    c->pose_at(-1, 0.0f, false);
    ASSERT_TRUE((*r)->write_palettes(*c, {}).ok());
    (*r)->upload_palettes();
    RenderTarget t;
    ASSERT_TRUE(t.resize(64, 64).ok());
    t.bind();
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    OrbitCamera cam;
    const anim::Aabb b = c->bind_bounds();
    cam.frame(glm::vec3(b.min), glm::vec3(b.max));
    DrawOptions o;
    o.auto_rung = false;
    o.rung = SkinMode::LinearBlend;
    o.draw_grid = false;  // so every lit pixel below is the arm's
    const glm::mat4 vp = cam.projection(1.0f) * cam.view();
    const long created = ShaderProgram::builds();
    (*r)->draw(*c, {CharacterInstance{}}, vp, o);
    EXPECT_EQ(ShaderProgram::builds() - created, 1) << "one lit frame of one rung: its draw program";
    (*r)->draw(*c, {CharacterInstance{}}, vp, o);
    EXPECT_EQ(ShaderProgram::builds() - created, 1) << "the second frame builds nothing";
    // The picture is there: the arm covers pixels the clear colour does not.
    const RgbaImage img = t.read();
    long drawn = 0;
    for (size_t p = 0; p < img.pixels.size(); p += 4) drawn += img.pixels[p] + img.pixels[p + 1] > 0 ? 1 : 0;
    EXPECT_GT(drawn, 50);
    // Another rung is another program, built when first drawn.
    o.rung = SkinMode::RigidDqs;
    (*r)->draw(*c, {CharacterInstance{}}, vp, o);
    EXPECT_EQ(ShaderProgram::builds() - created, 2);
    // A read-back builds its own once.
    const long drawn_builds = ShaderProgram::builds();
    ASSERT_TRUE((*r)->read_back(*c, 0, 0, {}, true, SkinMode::LinearBlend).ok());
    ASSERT_TRUE((*r)->read_back(*c, 0, 0, {}, true, SkinMode::LinearBlend).ok());
    EXPECT_EQ(ShaderProgram::builds() - drawn_builds, 1);
}

}  // namespace
}  // namespace sv::render
