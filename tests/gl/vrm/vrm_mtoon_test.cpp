// The MToon outline on a skinned avatar, through the real binary: the asset builder's avatar with
// its material as MToon (VrmAvatarOptions::mtoon: an outline 1 cm wide in kMToonOutline, lighting
// mix 0, so drawn as is), rendered posed (the clip "sway" and the hair's springs at t = 1.3 s). The
// hull goes through the same skinning as the surface, so every outline pixel lies within a few
// pixels of the drawn body (a hull left at the bind pose would stand off where the head, chest and
// hair have moved); outlineWidthMode none draws none. 1.0 and 0.x alike.
#include <gtest/gtest.h>

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

std::string mtoon_avatar(anim::VrmVersion v, anim::MToonOutlineMode mode) {
    anim::VrmAvatarOptions o;
    o.mtoon = true;
    o.mtoon_outline_mode = mode;
    const fs::path out = output_dir() / "vrm" /
                         (current_test_stem() + (v == anim::VrmVersion::V0 ? "_v0_" : "_v1_") +
                          std::to_string(static_cast<int>(mode)) + ".glb");
    fs::create_directories(out.parent_path());
    const Status st = anim::write_gltf_file(anim::build_vrm_avatar(v, o), out.string());
    EXPECT_TRUE(st) << (st ? "" : st.error().message);
    return out.string();
}

struct Count {
    size_t outline = 0;
    size_t far_from_body = 0;  // outline pixels with no body pixel within 4 px
};

Count outline_pixels(const std::string& file, const std::string& args) {
    static int n = 0;
    const fs::path out =
        output_dir() / "vrm" / (current_test_stem() + "_mtoon_" + std::to_string(++n) + ".png");
    const CommandResult r = run_command(quoted(SKINVIEW_EXE) + " render " + quoted(file) + " " + args +
                                        " --camera front --size 320x320 -o " + quoted(out.string()));
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    auto img = render::read_png(out.string());
    EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
    Count c;
    if (!img.ok()) return c;
    // kMToonOutline (0, 0, 0.8) linear is sRGB (0, 231, ...): pure blue, which nothing else here is.
    const auto outline = [&](int x, int y) {
        const std::uint8_t* p = img->at(x, y);
        return p[0] <= 3 && p[1] <= 3 && std::abs(p[2] - 231) <= 3;
    };
    // The body: the skin is light under the default lights; the background and the grid are dark.
    const auto body = [&](int x, int y) {
        const std::uint8_t* p = img->at(x, y);
        return p[0] > 120;
    };
    for (int y = 0; y < img->height; ++y)
        for (int x = 0; x < img->width; ++x) {
            if (!outline(x, y)) continue;
            ++c.outline;
            bool near = false;
            for (int dy = -4; dy <= 4 && !near; ++dy)
                for (int dx = -4; dx <= 4 && !near; ++dx) {
                    const int u = x + dx, v = y + dy;
                    near = u >= 0 && v >= 0 && u < img->width && v < img->height && body(u, v);
                }
            c.far_from_body += !near;
        }
    return c;
}

}  // namespace

TEST(VrmMToon, OutlineFollowsTheSkinnedPose) {
    for (anim::VrmVersion v : {anim::VrmVersion::V1, anim::VrmVersion::V0}) {
        const char* name = v == anim::VrmVersion::V1 ? "1.0" : "0.x";
        const std::string world = mtoon_avatar(v, anim::MToonOutlineMode::WorldCoordinates);
        const Count posed = outline_pixels(world, "--clip sway --time 1.3");
        const Count bind = outline_pixels(world, "--bind --springs off");
        const Count none =
            outline_pixels(mtoon_avatar(v, anim::MToonOutlineMode::None), "--clip sway --time 1.3");
        std::printf(
            "[vrm] %s MToon outline: posed %zu pixels (%zu far from the body), bind %zu (%zu far), "
            "mode none %zu\n",
            name, posed.outline, posed.far_from_body, bind.outline, bind.far_from_body, none.outline);
        EXPECT_GT(posed.outline, 200u) << name;
        EXPECT_GT(bind.outline, 200u) << name;
        EXPECT_LE(posed.far_from_body, posed.outline / 100) << name;
        EXPECT_EQ(none.outline, 0u) << name << ": control, outlineWidthMode none";
    }
}

}  // namespace sv::test
