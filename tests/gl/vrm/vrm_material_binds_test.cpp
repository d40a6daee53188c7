// VRM expressions' material colour binds through the real binary: `render --view base` (the base
// colour, unlit, sRGB-encoded) of an avatar whose "angry" pulls its one material's base colour
// toward kAngryColor shows, at --expression angry=W, the colour Base + (Target - Base) x W worked
// out here, for 1.0 (materialColorBinds) and 0.x (materialValues); at W = 0 not one pixel has it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;

std::string avatar(anim::VrmVersion v) {
    anim::VrmAvatarOptions o;
    o.material_binds = true;
    const fs::path out =
        output_dir() / "vrm" / (current_test_stem() + (v == anim::VrmVersion::V0 ? "_v0" : "_v1") + ".glb");
    fs::create_directories(out.parent_path());
    const Status st = anim::write_gltf_file(anim::build_vrm_avatar(v, o), out.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return out.string();
}

// Pixels within one step of `rgb` (0..255) in the render.
size_t pixels_of(const std::string& file, const std::string& args, const glm::dvec3& rgb) {
    static int n = 0;
    const fs::path out = output_dir() / "vrm" / (current_test_stem() + "_" + std::to_string(++n) + ".png");
    const CommandResult r = run_command(
        quoted(kExe) + " render " + quoted(file) + " " + args +
        " --bind --springs off --view base --camera front --size 240x240 -o " + quoted(out.string()));
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    auto img = render::read_png(out.string());
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    if (!img.ok()) return 0;
    size_t count = 0;
    for (int y = 0; y < img->height; ++y)
        for (int x = 0; x < img->width; ++x) {
            const std::uint8_t* p = img->at(x, y);
            count += std::abs(p[0] - rgb.r) <= 1.0 && std::abs(p[1] - rgb.g) <= 1.0 &&
                     std::abs(p[2] - rgb.b) <= 1.0;
        }
    return count;
}

// The sRGB transfer function (IEC 61966-2-1), to 8 bits.
glm::dvec3 srgb8(const glm::dvec3& linear) {
    glm::dvec3 out;
    for (int c = 0; c < 3; ++c) {
        const double v = std::clamp(linear[c], 0.0, 1.0);
        out[c] = std::round(255.0 * (v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055));
    }
    return out;
}

}  // namespace

TEST(VrmMaterialBinds, ExpressionMovesTheBaseColourByItsWeight) {
    const glm::dvec3 base(0.85, 0.7, 0.6);  // the builder's AvatarSkin
    const glm::dvec3 target(anim::kAngryColor[0], anim::kAngryColor[1], anim::kAngryColor[2]);
    for (anim::VrmVersion v : {anim::VrmVersion::V1, anim::VrmVersion::V0}) {
        const std::string file = avatar(v);
        const glm::dvec3 half = srgb8(base + (target - base) * 0.5);
        const size_t at_half = pixels_of(file, "--expression angry=0.5", half);
        const size_t at_zero = pixels_of(file, "--expression angry=0", half);
        const size_t plain = pixels_of(file, "--expression angry=0", srgb8(base));
        std::printf(
            "[vrm] %s angry=0.5: %zu pixels of (%g, %g, %g); at 0: %zu of them, %zu of the base colour\n",
            v == anim::VrmVersion::V1 ? "1.0" : "0.x", at_half, half.r, half.g, half.b, at_zero, plain);
        EXPECT_GT(at_half, 500u);
        EXPECT_EQ(at_zero, 0u) << "control: without the expression the colour is not there";
        EXPECT_GT(plain, 500u);
    }
}

}  // namespace sv::test
