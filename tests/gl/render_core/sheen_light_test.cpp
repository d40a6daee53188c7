// The environment and the sheen light are two things: which environment lights a file is the
// view's (`--env`, the settings key `environment`), whether the file has a sheen light is the
// file's (CharacterRenderer::needs_sheen). Before, set_environment read the file's need back from
// the environment it replaced, and every `--env` image was prefiltered with the sheen lobe whether
// or not the file had sheen.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/environment.h"
#include "render/hdr_image.h"
#include "render/render_target.h"

namespace sv::render {
namespace {

// Warm on one side, cool on the other and bright above: nothing like the procedural sky.
HdrImage lopsided_image() {
    HdrImage img;
    img.width = 64;
    img.height = 32;
    img.rgb.resize(static_cast<size_t>(img.width) * img.height * 3);
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
            const glm::vec3 d = equirect_direction({(x + 0.5f) / img.width, (y + 0.5f) / img.height});
            const glm::vec3 c = glm::vec3(1.5f + d.x, 1.0f + d.y, 1.5f - d.x) * 0.8f;
            float* p = &img.rgb[(static_cast<size_t>(y) * img.width + x) * 3];
            p[0] = c.r, p[1] = c.g, p[2] = c.b;
        }
    return img;
}

// Asking for the sheen prefilter adds it and changes nothing of the environment's own light.
TEST(SheenLight, AnImagesSheenPrefilterIsMadeOnlyWhenAskedAndChangesNoGgxBand) {
    const HdrImage img = lopsided_image();
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    const EnvironmentData plain = environment_from_image(img, false);
    const auto t1 = clock::now();
    const EnvironmentData with = environment_from_image(img, true);
    const auto t2 = clock::now();
    // What a file without sheen no longer pays for an image (a figure, not a bound: timings on a
    // shared machine move).
    std::printf(
        "[ figure ] environment_from_image %dx%d: %.0f ms without the sheen prefilter, %.0f ms with it\n",
        img.width, img.height, std::chrono::duration<double, std::milli>(t1 - t0).count(),
        std::chrono::duration<double, std::milli>(t2 - t1).count());
    EXPECT_TRUE(plain.sheen.atlas.empty());
    EXPECT_FALSE(with.sheen.atlas.empty());
    EXPECT_EQ(plain.atlas, with.atlas);
    EXPECT_EQ(plain.lut, with.lut);
    for (size_t i = 0; i < plain.sh.size(); ++i) EXPECT_EQ(plain.sh[i], with.sh[i]) << i;
}

struct Drawn {
    GLuint sheen_atlas = 0;
    std::vector<std::uint8_t> pixels;
};

// The arm, with or without sheen, lit by `environment`, one 48 x 48 frame.
Drawn draw_arm(bool sheen, const EnvironmentData& environment) {
    Drawn out;
    anim::Asset asset = anim::build_arm_asset();
    if (sheen)
        asset.materials[0].sheen_color = glm::vec3(1.0f, 0.2f, 0.1f),
        asset.materials[0].sheen_roughness = 0.5f;
    auto c = anim::Character::create(std::move(asset));
    EXPECT_TRUE(c.ok());
    auto r = CharacterRenderer::create(Api::GL, *c);
    EXPECT_TRUE(r.ok());
    if (!c.ok() || !r.ok()) return out;
    EXPECT_EQ((*r)->needs_sheen(), sheen);
    EXPECT_TRUE((*r)->set_environment(environment).ok());
    out.sheen_atlas = (*r)->environment().sheen_atlas();
    c->pose_at(-1, 0.0f, false);
    EXPECT_TRUE((*r)->write_palettes(*c, {}).ok());
    (*r)->upload_palettes();
    RenderTarget t;
    EXPECT_TRUE(t.resize(48, 48).ok());
    t.bind();
    glEnable(GL_DEPTH_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    OrbitCamera cam;
    const anim::Aabb b = c->bind_bounds();
    cam.frame(glm::vec3(b.min), glm::vec3(b.max));
    DrawOptions o;
    o.draw_grid = false;
    o.lighting.key_light = false;  // the environment alone lights it
    (*r)->draw(*c, {CharacterInstance{}}, cam.projection(1.0f) * cam.view(), o);
    out.pixels = t.read().pixels;
    return out;
}

size_t differing(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    size_t n = 0;
    for (size_t i = 0; i + 3 < a.size() && i + 3 < b.size(); i += 4)
        n += a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] ? 1 : 0;
    return n;
}

// Changing the sheen light changes nothing for a file without sheen, and has a sheen light only
// where the file has sheen, whichever environment data it is handed. The control: the same change
// of sheen light moves pixels of the arm with sheen, so the comparison can see it.
TEST(SheenLight, TheSheenLightIsTheFilesAndMovesOnlyASheenFile) {
    auto ctx = create_headless_context(Api::GL);
    ASSERT_TRUE(ctx.ok()) << ctx.error().message;
    const HdrImage img = lopsided_image();
    const EnvironmentData plain = environment_from_image(img, false);  // its sheen: the sky's
    const EnvironmentData with = environment_from_image(img, true);    // its sheen: the image's

    const Drawn bare_plain = draw_arm(false, plain), bare_with = draw_arm(false, with);
    EXPECT_EQ(bare_with.sheen_atlas, 0u)
        << "an environment's sheen data gave a file without sheen a sheen light";
    EXPECT_EQ(differing(bare_plain.pixels, bare_with.pixels), 0u);

    const Drawn sheen_plain = draw_arm(true, plain), sheen_with = draw_arm(true, with);
    EXPECT_NE(sheen_plain.sheen_atlas, 0u) << "a file with sheen lost its sheen light";
    EXPECT_NE(sheen_with.sheen_atlas, 0u);
    EXPECT_GT(differing(sheen_plain.pixels, sheen_with.pixels), 20u)
        << "control: the image's sheen light should move the sheen arm's pixels";
}

}  // namespace
}  // namespace sv::render
