// One precedence through the real binary (ui/settings_layers.h): a flag the command line names wins
// over `--settings`, the file wins over the flags' defaults, and two flags that choose the same part
// of the picture are refused with exit 2 naming both. Every `render` flag is either a case below
// (drawn with the file and without it: the same picture), or named in the list of flags that are no
// part of the view; `render --help` is read so that a new flag fails here until it is placed.
// And the issue's view saved at {"clip": "Dance", "time": 0.8}: render and bake draw t = 0.8.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "cli_scratch.h"
#include "render/hdr_image.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }
fs::path dir() {
    const fs::path d = output_dir() / "cli_precedence" / current_test_stem();
    fs::create_directories(d);
    return d;
}
CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

struct Case {
    std::string flags;    // the flag(s) under test
    std::string file;     // the settings file, saying something else for the same key
    std::string common;   // options all three renders share
    std::string model;    // the character
    bool control = true;  // the file's value changes this picture (else only "the same" is held)
};

std::vector<Case> cases(const fs::path& d) {
    const std::string orange = write_uniform_sky(d / "orange.hdr", 3.0f, 1.0f, 0.1f);
    const std::string blue = write_uniform_sky(d / "blue.hdr", 0.1f, 0.3f, 3.0f);
    const std::string arm = asset("arm.glb"), mixamo = asset("humanoid_mixamo.glb"),
                      vrm = asset("avatar_vrm1.glb");
    return {
        {"--clip bend", R"({"clip": "rest"})", "--time 0.4", arm},
        {"--bind", R"({"clip": "bend", "time": 0.4})", "", arm},
        {"--time 0.4", R"({"time": 0.1})", "--clip bend", arm},
        {"--correction off", R"({"correction": true})", "", mixamo},
        {"--skinning lbs", R"({"skinning": "dqs"})", "--clip walk --time 0.5", mixamo},
        {"--camera front", R"({"camera": "side"})", "", arm},
        {"--fov 60", R"({})", "", arm},
        {"--env " + quoted(orange), R"({"environment": ")" + blue + R"("})", "", arm},
        {"--env-background on", R"({"environment_background": false})", "", arm},
        {"--env-blur 1", R"({"environment_blur": 0})", "--env-background on", arm},
        {"--springs off", R"({})", "--clip sway --time 0.7", vrm, false},
        {"--expression happy=1", R"({"expressions": {"blink": 1}})", "--camera front", vrm},
        {"--look-at off", R"({"look_at": "camera"})", "", vrm, false},
        {"--exposure 2", R"({"exposure": 0.5})", "", arm},
        {"--env-rotation 90", R"({"environment_rotation": 45})", "--env-background on", arm},
        {"--key-light off", R"({"key_light": true})", "", arm},
        {"--key-light auto", R"({"key_light": false})", "", arm},
        {"--file-lights off", R"({})", "", arm, false},
        {"--background 255,0,0", R"({"background": "0,0,255"})", "", arm},
        {"--grid off", R"({"grid": true})", "", arm},
        {"--armature", R"({"show_armature": false})", "", arm},
        {"--view normals", R"({"heatmap": "all-weights"})", "", arm},
        {"--view lit", R"({"heatmap": "all-weights"})", "", arm},
        {"--weights Elbow", R"({"heatmap": "all-weights"})", "", arm},
        {"--error-heatmap", R"({"heatmap": "all-weights"})", "", arm},
        // The material view a file saves (`view`): each colouring flag replaces it.
        {"--view normals", R"({"view": "base"})", "", arm},
        {"--view all-weights", R"({"view": "roughness-metal"})", "", arm},
        {"--view lit", R"({"view": "normals"})", "", arm},
        {"--weights Elbow", R"({"view": "normals"})", "", arm},
        {"--error-heatmap", R"({"view": "base"})", "", arm},
    };
}

// Flags that are no part of the view (where the picture goes, its size, the comparison, the GL
// API, the file's load) or that a dedicated test holds with the variants fixture (--variant: no
// settings key names a variant, so nothing in a file can override it; cli_variants_test).
const std::set<std::string> kNotTheView = {"--help",
                                           "--output",
                                           "--size",
                                           "--frames",
                                           "--fps",
                                           "--ref",
                                           "--threshold",
                                           "--channel-tolerance",
                                           "--joint-tolerance",
                                           "--shift-tolerance",
                                           "--sidecar",
                                           "--settings",
                                           "--api",
                                           "--no-vrm-facing",
                                           "--variant"};

TEST(Precedence, EveryRenderFlagIsACaseOrNoPartOfTheView) {
    const auto help = skinview("render --help");
    ASSERT_EQ(help.status, 0);
    const fs::path d = dir();
    std::set<std::string> covered = kNotTheView;
    for (const Case& c : cases(d)) covered.insert(c.flags.substr(0, c.flags.find(' ')));
    const std::regex flag(R"((^|[\s,])(--[a-z][a-z-]*))");
    // The options' lines only (the footer mentions flags in prose).
    const std::string options = help.out.substr(
        0, help.out.find("Format") == std::string::npos ? help.out.size() : help.out.find("Format"));
    int seen = 0;
    for (std::sregex_iterator it(options.begin(), options.end(), flag), end; it != end; ++it, ++seen)
        EXPECT_TRUE(covered.count((*it)[2].str())) << (*it)[2].str() << " is neither a case nor listed";
    EXPECT_GT(seen, 30) << "the help was not read: " << help.out;
}

TEST(Precedence, ANamedFlagWinsOverTheSettingsFile) {
    const fs::path d = dir();
    const std::string empty = write_text(d / "empty.json", "{}");
    int i = 0;
    for (const Case& c : cases(d)) {
        const std::string settings = write_text(d / ("s" + std::to_string(i) + ".json"), c.file);
        const std::string base = "render " + quoted(c.model) + " --size 200x150 " + c.common + " ";
        const std::string with = (d / ("with" + std::to_string(i) + ".png")).string(),
                          alone = (d / ("alone" + std::to_string(i) + ".png")).string(),
                          file_only = (d / ("file" + std::to_string(i) + ".png")).string();
        ++i;
        auto a = skinview(base + c.flags + " --settings " + quoted(settings) + " -o " + quoted(with));
        ASSERT_EQ(a.status, 0) << c.flags << ": " << a.err;
        // The same flag over a file that says nothing: the settings path's own picture (on the VRM
        // avatar that path draws 1 pixel apart from the plain one, a difference with no flag in it).
        auto b = skinview(base + c.flags + " --settings " + quoted(empty) + " -o " + quoted(alone));
        ASSERT_EQ(b.status, 0) << c.flags << ": " << b.err;
        EXPECT_EQ(differing_png_pixels(with, alone), 0)
            << c.flags << " with " << c.file << ": the flag did not win";
        if (!c.control) continue;
        auto f = skinview(base + " --settings " + quoted(settings) + " -o " + quoted(file_only));
        ASSERT_EQ(f.status, 0) << c.flags << ": " << f.err;
        // Control: the file's value alone draws another picture, so "the same" above means the flag won.
        EXPECT_GT(differing_png_pixels(file_only, alone), 0)
            << c.flags << ": the file's " << c.file << " shows nothing";
    }
}

// The file wins over a flag's default: a flag left out is no flag.
TEST(Precedence, TheFileWinsOverTheFlagsDefaults) {
    const fs::path d = dir();
    const std::string settings = write_text(
        d / "s.json", R"({"background": "255,0,0", "grid": false, "exposure": 2, "key_light": false})");
    auto r = skinview("render " + quoted(asset("arm.glb")) + " --size 160x120 --settings " +
                      quoted(settings) + " -o " + quoted((d / "a.png").string()));
    ASSERT_EQ(r.status, 0) << r.err;
    r = skinview("render " + quoted(asset("arm.glb")) +
                 " --size 160x120 --background 255,0,0 --grid off --exposure 2 --key-light off -o " +
                 quoted((d / "b.png").string()));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(differing_png_pixels((d / "a.png").string(), (d / "b.png").string()), 0);
}

TEST(Precedence, TwoFlagsForOneChoiceAreRefusedNamingBoth) {
    const fs::path d = dir();
    const std::string out = quoted((d / "x.png").string());
    const std::string arm = quoted(asset("arm.glb"));
    const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> pairs = {
        {"--bind --clip bend", {"--bind", "--clip"}},
        {"--bind --time 0.4", {"--bind", "--time"}},
        {"--weights Elbow --view normals", {"--weights", "--view"}},
        {"--weights Elbow --error-heatmap", {"--weights", "--error-heatmap"}},
        {"--view normals --error-heatmap", {"--view", "--error-heatmap"}}};
    for (const auto& [args, names] : pairs)
        for (const std::string verb : {"render", "bake"}) {
            if (verb == "bake" && args.find("--bind") == std::string::npos) continue;  // render's flags
            // Each verb's own output kind, so the refusal is the pair's and not the extension's.
            const std::string o = verb == "bake" ? quoted((d / "x.obj").string()) : out;
            auto r = skinview(verb + " " + arm + " " + args + " -o " + o);
            EXPECT_EQ(r.status, 2) << verb << " " << args << ": " << r.err;
            EXPECT_NE(r.err.find(names.first), std::string::npos) << r.err;
            EXPECT_NE(r.err.find(names.second), std::string::npos) << r.err;
        }
    // Control: each of them alone is accepted.
    for (const std::string one :
         {"--bind", "--clip bend", "--weights Elbow", "--view normals", "--error-heatmap"})
        EXPECT_EQ(skinview("render " + arm + " --size 64x48 " + one + " -o " + out).status, 0) << one;
}

// The issue's view: RobotExpressive's Dance at 0.8 s, saved. render --settings drew it at t = 0
// (69,076 pixels off at 640x480) while bake --settings baked 0.8.
TEST(Precedence, ASavedClipAndTimeIsDrawnAndBakedAtThatTime) {
    const std::string robot = shared_asset("RobotExpressive.glb");
    if (robot.empty()) {
        if (in_ci()) FAIL() << shared_missing_message("RobotExpressive.glb");
        GTEST_SKIP() << shared_missing_message("RobotExpressive.glb");
    }
    const fs::path d = dir();
    const std::string settings = write_text(d / "dance.json", R"({"clip": "Dance", "time": 0.8})");
    const std::string base = "render " + quoted(robot) + " --size 320x240 ";
    const auto png = [&](const char* n) { return (d / n).string(); };
    auto r = skinview(base + "--settings " + quoted(settings) + " -o " + quoted(png("settings.png")));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("t=0.800"), std::string::npos) << r.out;
    ASSERT_EQ(skinview(base + "--clip Dance --time 0.8 -o " + quoted(png("flags.png"))).status, 0);
    ASSERT_EQ(skinview(base + "--clip Dance --time 0 -o " + quoted(png("zero.png"))).status, 0);
    EXPECT_EQ(differing_png_pixels(png("settings.png"), png("flags.png")), 0);
    EXPECT_GT(differing_png_pixels(png("zero.png"), png("flags.png")), 1000)
        << "control: t = 0 is another pose";
    // A sequence starts at the file's time.
    r = skinview(base + "--settings " + quoted(settings) + " --frames 2 --fps 10 -o " +
                 quoted((d / "seq{frame}.png").string()));
    ASSERT_EQ(r.status, 0) << r.err;
    ASSERT_EQ(skinview(base + "--clip Dance --time 0.9 -o " + quoted(png("t09.png"))).status, 0);
    EXPECT_EQ(differing_png_pixels(png("seq0001.png"), png("t09.png")), 0);
    // bake --settings and bake --clip --time: the same vertices.
    const std::string by_settings = png("settings.obj"), by_flags = png("flags.obj");
    ASSERT_EQ(
        skinview("bake " + quoted(robot) + " --settings " + quoted(settings) + " -o " + quoted(by_settings))
            .status,
        0);
    ASSERT_EQ(skinview("bake " + quoted(robot) + " --clip Dance --time 0.8 -o " + quoted(by_flags)).status,
              0);
    EXPECT_TRUE(read_text(by_settings) == read_text(by_flags)) << "bake --settings baked another pose";
}

}  // namespace
}  // namespace sv::test
