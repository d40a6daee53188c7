// The view as one value through the real binary: a golden's sidecar carries the whole view that
// made it (so `--ref` redraws that view, not t = 0 from the sidecar's camera), a sequence's frame k
// is the view at its own time in every graph mode (the state machine's clock and the spring chain's
// move with the clip's), the windowless viewer takes every option it is given or refuses the ones
// only a window can honour, and one parser reads each key (`"clip": 0`, `--expression`).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "cli_scratch.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }
fs::path dir() { return scratch_dir("cli_view", current_test_stem()); }
CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }
CommandResult windowless(const std::string& args) {
    return run_command("env -u DISPLAY -u WAYLAND_DISPLAY " + quoted(kExe) + " " + args);
}

// The README's step 5 as written, on the built-in character's file at a clip and a time: the golden
// passes --ref on itself with nothing but --ref named, and fails after a one-degree joint change.
TEST(ViewSidecar, AGoldenAtAClipAndTimePassesOnItselfAndFailsAfterAOneDegreeTurn) {
    const fs::path d = dir();
    const std::string file = quoted(asset("humanoid_mixamo.glb"));
    const auto png = [&](const char* n) { return (d / n).string(); };
    auto r =
        skinview("render " + file + " -o " + quoted(png("golden.png")) + " --clip walk --time 0.5 --sidecar");
    ASSERT_EQ(r.status, 0) << r.err;
    r = skinview("render " + file + " -o " + quoted(png("out.png")) + " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("view from "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("clip 'walk' at t=0.500"), std::string::npos) << r.out;
    EXPECT_EQ(differing_png_pixels(png("golden.png"), png("out.png")), 0);
    EXPECT_EQ(r.out.find("is not the file the golden was drawn from"), std::string::npos) << r.out;

    // One degree on one joint, through the settings key (the golden's view with that edit added).
    std::ifstream in(d / "golden.joints.json");
    const auto sidecar = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(sidecar.is_object() && sidecar["view"].contains("settings")) << "the sidecar keeps the view";
    nlohmann::json view = sidecar["view"]["settings"];
    EXPECT_EQ(view["clip"], "walk");
    EXPECT_DOUBLE_EQ(view["time"].get<double>(), 0.5);
    const std::string same = write_text(d / "same.json", view.dump());
    view["pose_edits"] = {{"Spine", {1.0, 0.0, 0.0}}};
    const std::string turned = write_text(d / "turned.json", view.dump());
    r = skinview("render " + file + " -o " + quoted(png("same.png")) + " --settings " + quoted(same) +
                 " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 0) << "the golden's own view as a settings file: " << r.out << r.err;
    r = skinview("render " + file + " -o " + quoted(png("turned.png")) + " --settings " + quoted(turned) +
                 " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("MISMATCH"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Head moved"), std::string::npos) << "a joint above the bend: " << r.out;
}

// The README's step 5, read from README.md and run as written (`skinview` the binary, in a scratch
// folder whose `assets` is the repository's): both commands exit 0, and the golden then fails a
// picture of its file with one joint turned a degree, through the same --ref.
TEST(ViewSidecar, TheReadmesStepFiveRunsAsWritten) {
    const std::string readme = read_text((source_dir() / "README.md").string());
    const size_t step = readme.find("5. **Render a golden and check against it.**");
    ASSERT_NE(step, std::string::npos) << "README.md has no step 5";
    const size_t open = readme.find("```sh\n", step), close = readme.find("```", open + 6);
    ASSERT_TRUE(open != std::string::npos && close != std::string::npos);
    std::vector<std::string> commands;
    std::istringstream block(readme.substr(open + 6, close - open - 6));
    for (std::string line; std::getline(block, line);) {
        const size_t first = line.find_first_not_of(' ');
        if (first == std::string::npos) continue;
        line = line.substr(first);
        if (const size_t hash = line.find("  #"); hash != std::string::npos) line = line.substr(0, hash);
        ASSERT_EQ(line.rfind("skinview ", 0), 0u) << line;
        commands.push_back(line.substr(9));
    }
    ASSERT_EQ(commands.size(), 2u);
    const fs::path d = dir();
    fs::create_directory_symlink(source_dir() / "assets", d / "assets");
    for (const std::string& c : commands) {
        const auto r = run_command("cd " + quoted(d.string()) + " && " + quoted(kExe) + " " + c);
        EXPECT_EQ(r.status, 0) << c << "\n" << r.out << r.err;
    }
    EXPECT_EQ(differing_png_pixels((d / "golden.png").string(), (d / "out.png").string()), 0);
    const std::string turned =
        write_text(d / "turned.json", R"({"clip": "walk", "time": 0.5, "pose_edits": {"Spine": [1, 0, 0]}})");
    const auto r = run_command("cd " + quoted(d.string()) + " && " + quoted(kExe) +
                               " render assets/humanoid.glb -o turned.png --ref golden.png --settings " +
                               quoted(turned));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
}

// The control for the view: the same golden with the sidecar's view taken out is checked as
// sidecars before it were, from its camera alone, at t = 0, and fails. This is the README's failure
// ("22493 of 27529 footprint pixels differ") that the view in the sidecar removes.
TEST(ViewSidecar, WithoutItsViewTheGoldenIsDrawnAtTimeZeroAndFails) {
    const fs::path d = dir();
    const std::string file = quoted(asset("humanoid_mixamo.glb"));
    const auto png = [&](const char* n) { return (d / n).string(); };
    ASSERT_EQ(
        skinview("render " + file + " -o " + quoted(png("golden.png")) + " --clip walk --time 0.5 --sidecar")
            .status,
        0);
    std::ifstream in(d / "golden.joints.json");
    auto sidecar = nlohmann::json::parse(in, nullptr, false);
    in.close();
    sidecar["view"].erase("settings");
    std::ofstream(d / "golden.joints.json") << sidecar.dump();
    const auto r =
        skinview("render " + file + " -o " + quoted(png("out.png")) + " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("camera from "), std::string::npos) << r.out;
}

// The weights map's joint (render --weights) and the selected joint (the viewer's --joint) are keys
// of the view like any other (settings `weights_joint`, `joint`), held where the panels hold them: the
// golden's sidecar carries the first and --ref redraws the same map; the windowless viewer's
// --save-settings carries the second (it saved no joint). Control: another joint's weights are
// another picture.
TEST(ViewSidecar, AWeightsMapAndASelectedJointAreInTheView) {
    const fs::path d = dir();
    const std::string file = quoted(asset("humanoid_mixamo.glb"));
    const auto png = [&](const char* n) { return (d / n).string(); };
    auto r = skinview("render " + file + " -o " + quoted(png("golden.png")) +
                      " --clip walk --time 0.5 --weights LeftForeArm --sidecar");
    ASSERT_EQ(r.status, 0) << r.err;
    std::ifstream in(d / "golden.joints.json");
    const auto sidecar = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(sidecar.is_object() && sidecar["view"].contains("settings")) << "the sidecar keeps the view";
    const nlohmann::json& view = sidecar["view"]["settings"];
    EXPECT_EQ(view["heatmap"], "weights");
    EXPECT_EQ(view["weights_joint"], "LeftForeArm");
    r = skinview("render " + file + " -o " + quoted(png("out.png")) + " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(differing_png_pixels(png("golden.png"), png("out.png")), 0);
    r = skinview("render " + file + " -o " + quoted(png("other.png")) +
                 " --clip walk --time 0.5 --weights RightForeArm");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_GT(differing_png_pixels(png("golden.png"), png("other.png")), 100)
        << "another joint's weights draw another picture";

    r = windowless(file + " --joint LeftHand --screenshot " + quoted(png("joint.png")) + " --save-settings " +
                   quoted(png("joint.json")));
    ASSERT_EQ(r.status, 0) << r.err;
    std::ifstream saved(png("joint.json"));
    const auto j = nlohmann::json::parse(saved, nullptr, false);
    ASSERT_TRUE(j.is_object()) << "--save-settings wrote the view";
    EXPECT_EQ(j["joint"], "LeftHand");
}

// A golden checked against another file is said to be so (the sidecar records the file's hash).
TEST(ViewSidecar, ReferenceSaysWhenTheFileIsNotTheOneTheGoldenWasDrawnFrom) {
    const fs::path d = dir();
    const auto png = [&](const char* n) { return (d / n).string(); };
    fs::copy_file(asset("humanoid_mixamo.glb"), d / "copy.glb");
    ASSERT_EQ(skinview("render " + quoted((d / "copy.glb").string()) + " -o " + quoted(png("golden.png")) +
                       " --sidecar --clip walk --time 0.25")
                  .status,
              0);
    auto r = skinview("render " + quoted((d / "copy.glb").string()) + " -o " + quoted(png("a.png")) +
                      " --ref " + quoted(png("golden.png")));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("is not the file the golden was drawn from"), std::string::npos) << r.out;
    {  // one byte more at the end: the same character, another file
        std::ofstream(d / "copy.glb", std::ios::app | std::ios::binary) << ' ';
    }
    r = skinview("render " + quoted((d / "copy.glb").string()) + " -o " + quoted(png("b.png")) + " --ref " +
                 quoted(png("golden.png")));
    EXPECT_NE(r.out.find("is not the file the golden was drawn from"), std::string::npos) << r.out << r.err;
}

// Frame k of `render --frames N --fps F` is `render` of the same view at its time + k/F, in every
// graph mode the files here hold, the spring chain included; and the frames move.
struct SequenceCase {
    std::string name;
    std::string settings;
};

void expect_sequence_is_the_view_at_each_time(const std::string& file, const SequenceCase& c) {
    SCOPED_TRACE(c.name);
    const fs::path d = dir() / c.name;
    fs::create_directories(d);
    const std::string settings = write_text(d / "view.json", c.settings);
    const std::string base = "render " + quoted(file) + " --size 160x120 --settings " + quoted(settings);
    auto r = skinview(base + " --frames 4 --fps 4 -o " + quoted((d / "f{frame}.png").string()));
    ASSERT_EQ(r.status, 0) << r.err;
    long moved = 0;
    for (int k = 0; k < 4; ++k) {
        const std::string frame = (d / ("f000" + std::to_string(k) + ".png")).string();
        const std::string still = (d / ("t" + std::to_string(k) + ".png")).string();
        // The view's own time is 0.5 in every case below.
        char t[16];
        std::snprintf(t, sizeof t, "%.2f", 0.5 + k / 4.0);
        r = skinview(base + " --time " + t + " -o " + quoted(still));
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(differing_png_pixels(frame, still), 0) << "frame " << k << " against --time " << t;
        if (k > 0) moved += differing_png_pixels(frame, (d / "f0000.png").string());
    }
    EXPECT_GT(moved, 1000) << "the sequence moves";
}

TEST(ViewSequence, FrameKIsTheViewAtItsTimeInEveryGraphMode) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(robot, "RobotExpressive.glb");
    for (const SequenceCase& c :
         {SequenceCase{"clip", R"({"clip": "Walking", "time": 0.5})"},
          SequenceCase{"blend", R"({"graph": "blend", "blend": 0.3, "time": 0.5})"},
          SequenceCase{"state_machine",
                       R"({"graph": "state_machine", "machine_state": "Walking", "time": 0.5})"}})
        expect_sequence_is_the_view_at_each_time(robot, c);
    // Retarget: the mixamo humanoid's walk played on the prescaled one (its rig under a 0.01 node),
    // the source's clip clock moving with the view's.
    expect_sequence_is_the_view_at_each_time(
        asset("humanoid_prescale.glb"),
        SequenceCase{"retarget", R"({"graph": "retarget", "retarget_source": ")" +
                                     asset("humanoid_mixamo.glb") + R"(", "time": 0.5})"});
    // The spring chain on the fox's tail (the chain starts at the joint named like "tail"): its
    // clock moves with the view's.
    SKINVIEW_SHARED_ASSET_OR_SKIP(fox, "Fox.glb");
    expect_sequence_is_the_view_at_each_time(
        fox, SequenceCase{"springs", R"({"clip": 0, "time": 0.5, "springs": true, "spring_links": 3})"});
}

// Without a display the viewer draws the view it was given: the settings file's correction, the
// joint, --save-settings; and refuses, exit 2 naming them, the options only a window can honour.
TEST(Windowless, TheFallbackDrawsTheViewItWasGiven) {
    const fs::path d = dir();
    const std::string file = quoted(asset("humanoid_mixamo.glb"));
    const std::string off =
        write_text(d / "off.json", R"({"correction": false, "clip": "walk", "time": 0.25})");
    const auto path = [&](const char* n) { return (d / n).string(); };
    auto r = windowless(file + " --settings " + quoted(off) + " --frames 2 --screenshot " +
                        quoted(path("a.png")) + " --save-settings " + quoted(path("saved.json")));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("correction off"), std::string::npos) << r.out;
    // The same view by render: the fallback's picture is 960x720 with the armature.
    ASSERT_EQ(skinview("render " + file + " --settings " + quoted(off) + " --size 960x720 --armature -o " +
                       quoted(path("b.png")))
                  .status,
              0);
    EXPECT_EQ(differing_png_pixels(path("a.png"), path("b.png")), 0);
    ASSERT_EQ(windowless(file + " --screenshot " + quoted(path("on.png"))).status, 0);
    EXPECT_GT(differing_png_pixels(path("a.png"), path("on.png")), 1000) << "control: the settings change it";
    std::ifstream saved(path("saved.json"));
    const auto j = nlohmann::json::parse(saved, nullptr, false);
    ASSERT_TRUE(j.is_object()) << "--save-settings wrote the view";
    EXPECT_EQ(j["correction"], false);
    EXPECT_EQ(j["clip"], "walk");

    // Bad input is refused, not dropped.
    const std::string bad = write_text(d / "bad.json", R"({"correction": "maybe"})");
    r = windowless(file + " --settings " + quoted(bad) + " --screenshot " + quoted(path("c.png")));
    EXPECT_EQ(r.status, 2) << r.err;
    r = windowless(file + " --joint nosuch --screenshot " + quoted(path("c.png")));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--joint 'nosuch'"), std::string::npos) << r.err;
    r = windowless(file + " --input nosuch.txt --screenshot " + quoted(path("c.png")));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--input: needs the window"), std::string::npos) << r.err;
    // A joint that exists is taken (highlighted on the armature).
    r = windowless(file + " --joint LeftHand --screenshot " + quoted(path("joint.png")));
    EXPECT_EQ(r.status, 0) << r.err;
}

// The windowless viewer steps the window's clock: N frames of {playing ? dt x speed : 0, dt}. A
// paused view's clip stands still while the Graph tab's spring chain swings in wall time, as in the
// window (the fallback used to move only a playing view's clip time, so its chain never moved).
TEST(Windowless, APausedViewsSpringChainSwingsInWallTimeAndItsClipStandsStill) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(fox, "Fox.glb");
    const fs::path d = dir();
    const auto path = [&](const std::string& n) { return (d / n).string(); };
    const std::string springs =
        write_text(d / "springs.json", R"({"clip": 0, "time": 0.5, "springs": true, "spring_links": 3})");
    const std::string still = write_text(d / "still.json", R"({"clip": 0, "time": 0.5})");
    for (const std::string& v : {std::string("springs"), std::string("still")})
        for (const char* n : {"1", "30"}) {
            auto r = windowless(quoted(fox) + " --settings " + quoted(v == "springs" ? springs : still) +
                                " --frames " + n + " --screenshot " + quoted(path(v + n + ".png")));
            ASSERT_EQ(r.status, 0) << v << " " << n << ": " << r.err;
        }
    EXPECT_GT(differing_png_pixels(path("springs1.png"), path("springs30.png")), 50)
        << "the chain swings over 29 more frames of wall time";
    EXPECT_EQ(differing_png_pixels(path("still1.png"), path("still30.png")), 0)
        << "control: a paused clip stands still";
}

// One parser a key: "clip": 0 is the first clip as --clip 0 is; --expression reads alike with and
// without a settings file (it used to pass without one and fail with one).
TEST(ViewKeys, AClipByIndexAndAnExpressionReadTheSameEverywhere) {
    const fs::path d = dir();
    const auto path = [&](const char* n) { return (d / n).string(); };
    const std::string mixamo = quoted(asset("humanoid_mixamo.glb"));
    const std::string by_index = write_text(d / "index.json", R"({"clip": 0, "time": 0.5})");
    ASSERT_EQ(skinview("render " + mixamo + " --size 96x96 --settings " + quoted(by_index) + " -o " +
                       quoted(path("index.png")))
                  .status,
              0);
    ASSERT_EQ(
        skinview("render " + mixamo + " --size 96x96 --clip walk --time 0.5 -o " + quoted(path("name.png")))
            .status,
        0);
    EXPECT_EQ(differing_png_pixels(path("index.png"), path("name.png")), 0);
    const std::string negative = write_text(d / "negative.json", R"({"clip": -1})");
    EXPECT_EQ(
        skinview("render " + mixamo + " --settings " + quoted(negative) + " -o " + quoted(path("n.png")))
            .status,
        2);

    const std::string vrm = quoted(asset("avatar_vrm1.glb"));
    const std::string empty = write_text(d / "empty.json", "{}");
    for (const std::string& with : {std::string(), " --settings " + quoted(empty)}) {
        SCOPED_TRACE(with.empty() ? "without a settings file" : "with a settings file");
        auto r = skinview("render " + vrm + with + " --expression happy=2 -o " + quoted(path("x.png")));
        EXPECT_EQ(r.status, 2) << r.err;
        EXPECT_NE(r.err.find("--expression 'happy=2': expected NAME=WEIGHT"), std::string::npos) << r.err;
        r = skinview("render " + vrm + with + " --size 96x96 --camera front --expression happy=0.5 -o " +
                     quoted(path(with.empty() ? "happy_flag.png" : "happy_settings.png")));
        EXPECT_EQ(r.status, 0) << r.err;
    }
    EXPECT_EQ(differing_png_pixels(path("happy_flag.png"), path("happy_settings.png")), 0);
}

// bake's header says the rung the view chose, a settings file's included.
TEST(ViewKeys, BakeNamesTheRungTheSettingsChose) {
    const fs::path d = dir();
    const std::string lbs = write_text(d / "lbs.json", R"({"skinning": "lbs"})");
    const std::string obj = (d / "lbs.obj").string();
    ASSERT_EQ(skinview("bake " + quoted(asset("humanoid_mixamo.glb")) + " --settings " + quoted(lbs) +
                       " -o " + quoted(obj))
                  .status,
              0);
    EXPECT_NE(read_text(obj).find("skinning lbs,"), std::string::npos) << read_text(obj).substr(0, 400);
}

}  // namespace
}  // namespace sv::test
