// Base colour texture and factor reach the skinned surface: an arm with a two-colour texture
// (red for V below 1/2, green above: V runs along the arm) and a factor that halves blue.
#include <gtest/gtest.h>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/render_target.h"

namespace sv::render {
namespace {

struct Counts {
    long red = 0, green = 0;
};

Counts count(const RgbaImage& img) {
    Counts c;
    for (size_t p = 0; p < img.pixels.size(); p += 4) {
        const int r = img.pixels[p], g = img.pixels[p + 1], b = img.pixels[p + 2];
        if (r > 2 * g + 20 && r > 2 * b + 20) ++c.red;
        if (g > 2 * r + 20 && g > 2 * b + 20) ++c.green;
    }
    return c;
}

RgbaImage render_arm(bool textured) {
    anim::Asset a = anim::build_arm_asset();
    if (textured) {
        anim::Image img;
        img.width = 16;
        img.height = 16;
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const bool left = y < 8;  // the arm's V runs along its length
                img.rgba.insert(img.rgba.end(),
                                {std::uint8_t(left ? 255 : 0), std::uint8_t(left ? 0 : 255), 0, 255});
            }
        a.images.push_back(img);
        for (auto& m : a.materials) {
            m.base_color = glm::vec4(1.0f);
            m.base_color_image = 0;
        }
        if (a.materials.empty()) a.materials.push_back({"tex", glm::vec4(1.0f), 0});
        for (auto& mesh : a.meshes)
            for (auto& p : mesh.primitives) p.material = 0;
    }
    auto c = anim::Character::create(std::move(a));
    EXPECT_TRUE(c.ok());
    auto r = CharacterRenderer::create(Api::GL, *c);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    c->pose_at(-1, 0.0f, false);
    EXPECT_TRUE((*r)->write_palettes(*c, {}).ok());
    (*r)->upload_palettes();
    RenderTarget t;
    EXPECT_TRUE(t.resize(96, 96).ok());
    t.bind();
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    OrbitCamera cam;
    const anim::Aabb b = c->bind_bounds();
    cam.frame(glm::vec3(b.min), glm::vec3(b.max));
    DrawOptions o;
    o.draw_grid = false;
    (*r)->draw(*c, {CharacterInstance{}}, cam.projection(1.0f) * cam.view(), o);
    return t.read();
}

TEST(BaseColorTexture, TextureColoursTheSkinnedSurface) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const Counts textured = count(render_arm(true));
    EXPECT_GT(textured.red, 50);
    EXPECT_GT(textured.green, 50);
    // Control: without the texture neither colour appears.
    const Counts plain = count(render_arm(false));
    EXPECT_LT(plain.green, 5);
}

}  // namespace
}  // namespace sv::render
