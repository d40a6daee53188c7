// KHR_materials_variants through the real binary (`render --variant NAME`): the renderer picks each
// primitive's material on its own (CharacterRenderer::select_variant), so the extension's fallback
// is held here as drawn. The file is the animation-pointer fixture's three quads
// (anim/asset_tools/pointer_builder.h, its clip removed: material 0 red on quad 0, material 1
// textured on quad 1, material 2 grey on quad 2) with three variants: "grey_first" maps quad 0 to
// material 2, "red_second" maps quad 1 to material 0, and "unused" is mapped by no primitive.
// Each variant's picture is held pixel for pixel against the file without variants whose own
// default materials are what the extension says the variant draws: a mapped primitive its
// mapping's material, every other primitive its default ("When no mapping contains the active
// variant ... a compliant viewer will fall back on vanilla glTF behaviour for the primitive").
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "anim/asset_tools/pointer_builder.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {
// Named apart from the other cli tests' helpers: the folder compiles as one unity batch.
namespace vc {

const std::string kExe = SKINVIEW_EXE;

std::string out(const std::string& name) {
    return (output_dir() / "cli_variants" / (current_test_stem() + "." + name)).string();
}

// The fixture without its clip (a still picture), quad `q` drawing material
// materials[q].
Glb quads(const int (&materials)[3]) {
    anim::Asset a = anim::build_pointer_asset();
    a.clips.clear();
    for (int q = 0; q < 3; ++q) a.meshes[static_cast<size_t>(q)].primitives[0].material = materials[q];
    return Glb::parse(anim::write_glb(a).value());
}

void save(const Glb& g, const std::string& path) {
    const auto bytes = g.pack();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// The fixture as built (quads drawing 0, 1, 2) with the three variants and their mappings.
std::string with_variants() {
    Glb g = quads({0, 1, 2});
    g.json["extensionsUsed"].push_back("KHR_materials_variants");
    g.json["extensions"]["KHR_materials_variants"]["variants"] = {
        {{"name", "grey_first"}}, {{"name", "red_second"}}, {{"name", "unused"}}};
    g.json["meshes"][0]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"] = {
        {{"material", 2}, {"variants", {0}}}};
    g.json["meshes"][1]["primitives"][0]["extensions"]["KHR_materials_variants"]["mappings"] = {
        {{"material", 0}, {"variants", {1}}}};
    const std::string path = out("variants.glb");
    save(g, path);
    return path;
}

std::string still(const int (&materials)[3], const std::string& name) {
    const std::string path = out(name + ".glb");
    save(quads(materials), path);
    return path;
}

struct Drawn {
    int status = -1;
    std::string err;
    render::RgbaImage image;
};

Drawn draw(const std::string& file, const std::string& variant, const std::string& png) {
    const std::string v = variant.empty() ? "" : " --variant " + quoted(variant);
    auto r = run_command(quoted(kExe) + " render " + quoted(file) + v +
                         " --camera 0,0,4,0,-0.1,0 --grid off --size 160x120 -o " + quoted(png));
    Drawn d{r.status, r.err, {}};
    if (r.status == 0) {
        auto img = render::read_png(png);
        EXPECT_TRUE(img.ok()) << (img.ok() ? "" : img.error().message);
        if (img) d.image = *img;
    }
    return d;
}

// Pixels where any channel differs at all (-1: the sizes differ or nothing was drawn).
int differing(const render::RgbaImage& a, const render::RgbaImage& b) {
    if (a.width != b.width || a.height != b.height || a.width == 0) return -1;
    int n = 0;
    for (size_t i = 0; i < a.pixels.size(); i += 4)
        for (size_t c = 0; c < 4; ++c)
            if (a.pixels[i + c] != b.pixels[i + c]) {
                ++n;
                break;
            }
    return n;
}

}  // namespace vc
}  // namespace

TEST(CliVariants, EachVariantDrawsItsMappingsAndTheDefaultsElsewhere) {
    std::filesystem::create_directories(output_dir() / "cli_variants");
    const std::string file = vc::with_variants();
    const vc::Drawn base = vc::draw(vc::still({0, 1, 2}, "defaults"), "", vc::out("defaults.png"));
    ASSERT_EQ(base.status, 0) << base.err;
    const struct {
        const char* variant;
        int materials[3];  // what the extension says each quad draws under it
    } cases[] = {
        {"", {0, 1, 2}}, {"grey_first", {2, 1, 2}}, {"red_second", {0, 0, 2}}, {"unused", {0, 1, 2}}};
    for (const auto& c : cases) {
        const std::string tag = c.variant[0] ? c.variant : "none";
        const vc::Drawn got = vc::draw(file, c.variant, vc::out("variant_" + tag + ".png"));
        ASSERT_EQ(got.status, 0) << c.variant << ": " << got.err;
        const vc::Drawn want =
            vc::draw(vc::still(c.materials, "want_" + tag), "", vc::out("want_" + tag + ".png"));
        ASSERT_EQ(want.status, 0) << want.err;
        EXPECT_EQ(vc::differing(got.image, want.image), 0) << "variant '" << c.variant << "'";
        // Control: a variant that remaps a quad is seen (it misses the defaults' picture).
        if (c.materials[0] != 0 || c.materials[1] != 1) {
            EXPECT_GT(vc::differing(got.image, base.image), 200) << "variant '" << c.variant << "'";
        }
    }
}

TEST(CliVariants, ANameTheFileLacksIsRefusedNamingIt) {
    std::filesystem::create_directories(output_dir() / "cli_variants");
    const vc::Drawn d = vc::draw(vc::with_variants(), "grey", vc::out("grey.png"));
    EXPECT_NE(d.status, 0);
    EXPECT_NE(d.err.find("variant 'grey' is not one of the file's: 'grey_first', 'red_second', 'unused'"),
              std::string::npos)
        << d.err;
    EXPECT_FALSE(std::filesystem::exists(vc::out("grey.png")));
}

// The variant is a key of the view (ui::View::variant), not a flag beside it: a golden drawn in a
// variant keeps it in its sidecar, so `--ref` with no flag redraws that variant and passes; a settings
// file's "variant" draws what the flag draws; a bad name in a file is refused naming the key. The
// control: a named --variant wins over the sidecar's, and the golden then fails. (Before, the sidecar
// held no variant and --ref drew the default materials: this test's first --ref failed.)
TEST(CliVariants, AGoldensSidecarAndASettingsFileCarryTheVariant) {
    std::filesystem::create_directories(output_dir() / "cli_variants");
    const std::string file = vc::with_variants();
    const std::string flags = " --camera 0,0,4,0,-0.1,0 --grid off --size 160x120";
    const std::string golden = vc::out("golden.png");
    auto made = run_command(quoted(vc::kExe) + " render " + quoted(file) + flags +
                            " --variant grey_first --sidecar -o " + quoted(golden));
    ASSERT_EQ(made.status, 0) << made.err;
    auto again = run_command(quoted(vc::kExe) + " render " + quoted(file) + flags + " -o " +
                             quoted(vc::out("again.png")) + " --ref " + quoted(golden));
    EXPECT_EQ(again.status, 0) << again.out << again.err;
    auto other =
        run_command(quoted(vc::kExe) + " render " + quoted(file) + flags + " --variant red_second -o " +
                    quoted(vc::out("other.png")) + " --ref " + quoted(golden));
    EXPECT_EQ(other.status, 1) << "control: another variant must fail the golden\n" << other.out << other.err;

    // Under a settings file (which replaces the whole view: its key light is the file's `key_light`,
    // where a bare render takes --key-light auto), the file's variant draws what the flag draws.
    const std::string settings = vc::out("grey_first.json"), empty = vc::out("empty.json");
    std::ofstream(settings) << R"({"variant": "grey_first"})";
    std::ofstream(empty) << "{}";
    auto render_with = [&](const std::string& json, const std::string& extra, const std::string& png) {
        auto r = run_command(quoted(vc::kExe) + " render " + quoted(file) + flags + " --settings " +
                             quoted(json) + extra + " -o " + quoted(png));
        EXPECT_EQ(r.status, 0) << r.err;
        auto img = render::read_png(png);
        return img ? *img : render::RgbaImage{};
    };
    const render::RgbaImage from_file = render_with(settings, "", vc::out("from_file.png"));
    const render::RgbaImage from_flag = render_with(empty, " --variant grey_first", vc::out("from_flag.png"));
    const render::RgbaImage plain = render_with(empty, "", vc::out("plain.png"));
    EXPECT_EQ(vc::differing(from_file, from_flag), 0);
    EXPECT_GT(vc::differing(from_file, plain), 200) << "control: the variant must be seen";

    const std::string bad = vc::out("grey.json");
    std::ofstream(bad) << R"({"variant": "grey"})";
    auto refused = run_command(quoted(vc::kExe) + " render " + quoted(file) + flags + " --settings " +
                               quoted(bad) + " -o " + quoted(vc::out("bad.png")));
    EXPECT_EQ(refused.status, 2) << refused.err;
    EXPECT_NE(refused.err.find("'variant': variant 'grey' is not one of the file's"), std::string::npos)
        << refused.err;
}

}  // namespace sv::test
