// KHR_animation_pointer through the real binary: the builder's fixture (anim/asset_tools/
// pointer_builder.h: a base colour, a texture offset, a light's intensity and a node's translation,
// all animated through pointers) rendered at several times, each held pixel for pixel against a
// static file that sets those four values as worked out here from the keys in the builder's
// header (LINEAR's line, STEP's held key, the Hermite form of glTF Appendix C). The controls: the
// same file with one of its pointer channels removed must miss the same static picture, so each
// of the four is seen by the comparison, and ignoring a pointer turns the test red.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "anim/asset_tools/pointer_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

const std::string kExe = SKINVIEW_EXE;

std::string out(const std::string& name) {
    return (output_dir() / "cli_animation_pointer" / (current_test_stem() + "." + name)).string();
}

// What the builder's keys give at `t` (seconds, inside [0, 2]).
struct Expected {
    glm::vec4 colour;
    float offset_x;
    float intensity;
    float move_x;
};
Expected expected_at(double t) {
    Expected e;
    // Base colour, LINEAR: red (0), green (1), blue (2).
    const glm::dvec4 red(1, 0, 0, 1), green(0, 1, 0, 1), blue(0, 0, 1, 1);
    e.colour = glm::vec4(t < 1.0 ? red + (green - red) * t : green + (blue - green) * (t - 1.0));
    // Offset x, STEP: 0, 0.25, 0.5 from t 0, 0.8, 1.6.
    e.offset_x = t < 0.8 ? 0.0f : t < 1.6 ? 0.25f : 0.5f;
    // Intensity, CUBICSPLINE over one interval of 2 s: 4 cd (out-tangent 30/s) to 16 (in-tangent -6/s).
    const double u = t / 2.0, dt = 2.0;
    e.intensity =
        static_cast<float>((2 * u * u * u - 3 * u * u + 1) * 4 + dt * (u * u * u - 2 * u * u + u) * 30 +
                           (-2 * u * u * u + 3 * u * u) * 16 + dt * (u * u * u - u * u) * -6);
    // Translation x, LINEAR: -0.5 to 0.5.
    e.move_x = static_cast<float>(-0.5 + t * 0.5);
    return e;
}

// The fixture with no clip and the four values set as `e` says.
anim::Asset static_asset(const Expected& e) {
    anim::Asset a = anim::build_pointer_asset();
    a.clips.clear();
    a.materials[0].base_color = e.colour;
    a.materials[1].base_color_texture.offset.x = e.offset_x;
    a.lights[0].intensity = e.intensity;
    a.scene.nodes[3].translation.x = e.move_x;
    a.scene.update_matrices();
    return a;
}

void write(const anim::Asset& a, const std::string& path) {
    anim::WriteOptions o;
    o.node_pointers = true;  // the translation through a pointer too
    const auto st = anim::write_gltf_file(a, path, o);
    ASSERT_TRUE(st.ok()) << st.error().message;
}

render::RgbaImage draw(const std::string& file, double t, const std::string& png) {
    auto r = run_command(quoted(kExe) + " render " + quoted(file) + " --time " + std::to_string(t) +
                         " --camera 0,0,4,0,-0.1,0 --grid off --size 160x120 -o " + quoted(png));
    EXPECT_EQ(r.status, 0) << r.err;
    auto img = render::read_png(png);
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    return img.ok() ? *img : render::RgbaImage{};
}

// Pixels where any channel differs by more than 1 of 255 (float rounding of a value computed in
// double here and sampled in float there may move a channel by one level).
int differing(const render::RgbaImage& a, const render::RgbaImage& b) {
    if (a.width != b.width || a.height != b.height || a.width == 0) return -1;
    int n = 0;
    for (size_t i = 0; i < a.pixels.size(); i += 4)
        for (size_t c = 0; c < 4; ++c)
            if (std::abs(int(a.pixels[i + c]) - int(b.pixels[i + c])) > 1) {
                ++n;
                break;
            }
    return n;
}

}  // namespace

TEST(CliAnimationPointer, EachTimeDrawsTheValuesItsKeysGive) {
    std::filesystem::create_directories(output_dir() / "cli_animation_pointer");
    const std::string animated = out("animated.glb");
    write(anim::build_pointer_asset(), animated);
    // Inside every key interval of the four tracks, on a STEP key, and 2.6 s: past the clip's 2 s,
    // which render plays looping (docs/gltf-support.md, What animates), so it draws 0.6 s.
    const double times[] = {0.0, 0.5, 0.8, 1.3, 1.75, 2.6};
    for (double t : times) {
        const double played = t >= 2.0 ? t - 2.0 : t;
        const std::string tag = std::to_string(static_cast<int>(t * 100));
        const std::string still = out("static_" + tag + ".glb");
        write(static_asset(expected_at(played)), still);
        const auto got = draw(animated, t, out("animated_" + tag + ".png"));
        const auto want = draw(still, 0.0, out("static_" + tag + ".png"));
        EXPECT_EQ(differing(got, want), 0) << "t " << t << ": see " << out("animated_" + tag + ".png");
    }
}

TEST(CliAnimationPointer, IgnoringAnyOfTheFourPointersMissesThePicture) {
    std::filesystem::create_directories(output_dir() / "cli_animation_pointer");
    const double t = 1.75;
    const std::string still = out("static.glb");
    write(static_asset(expected_at(t)), still);
    const auto want = draw(still, 0.0, out("static.png"));
    for (int drop = 0; drop < 4; ++drop) {
        anim::Asset a = anim::build_pointer_asset();
        anim::Clip& c = a.clips[0];
        if (drop < 3)
            c.properties.erase(c.properties.begin() + drop);
        else
            c.channels.clear();
        const std::string tag = "without_" + std::to_string(drop);
        write(a, out(tag + ".glb"));
        const int d = differing(draw(out(tag + ".glb"), t, out(tag + ".png")), want);
        // A few hundred pixels at least: the quad a dropped track recolours, shifts or moves (the
        // light's 17.45 cd at 1.75 s against its rest 4 cd relights every quad).
        EXPECT_GT(d, 200) << "track " << drop << " dropped, yet the picture matches: the test cannot see it";
    }
}

}  // namespace sv::test
