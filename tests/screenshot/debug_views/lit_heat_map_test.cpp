// Heat maps are lit: the weights and error views keep the ramp's hue and shade it by the surface's
// angle to the eye, so the body's shape reads under a flat colour. A flat view paints a whole
// region one colour; a lit one spreads it over many brightness levels.
#include <gtest/gtest.h>

#include <set>

#include "render/context.h"
#include "scene_session.h"
#include "test_paths.h"

namespace {

using namespace sv;

// Distinct colours among the pixels that differ from the clear colour and are bluer than they are
// anything else (the heat ramp's "no error" and the weights view's "no weight" end are blue).
size_t blue_shades(const render::RgbaImage& img, const glm::vec4& clear) {
    std::set<int> colours;
    const int cr = int(clear.r * 255.0f + 0.5f), cg = int(clear.g * 255.0f + 0.5f),
              cb = int(clear.b * 255.0f + 0.5f);
    for (size_t p = 0; p + 3 < img.pixels.size(); p += 4) {
        const int r = img.pixels[p], g = img.pixels[p + 1], b = img.pixels[p + 2];
        if (std::abs(r - cr) + std::abs(g - cg) + std::abs(b - cb) < 12) continue;
        if (b > r + 20 && b > g + 20) colours.insert(r << 16 | g << 8 | b);
    }
    return colours.size();
}

TEST(LitHeatMap, TheWeightsViewIsShadedNotFlat) {
    viewer::SceneOptions o;
    o.file = (test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    s.state().draw.draw_grid = false;
    s.state().draw.debug_view = render::DebugView::Weights;
    s.state().draw.selected_joint = -1;  // no joint: the whole body at the ramp's blue end
    auto img = s.render_image(320, 240);
    ASSERT_TRUE(img.ok()) << img.error().message;
    const size_t shades = blue_shades(*img, s.state().clear_color);
    // A flat view gives one colour plus a few edge blends (measured 3 before the shading); the lit
    // view spreads the body over dozens of brightness levels.
    EXPECT_GE(shades, 20u) << "the weights view looks flat: " << shades << " shades of blue";
    std::printf("weights view: %zu shades of blue\n", shades);
}

}  // namespace
