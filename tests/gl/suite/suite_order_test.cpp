// Suite entries are independent: every entry starts from a fresh view over the loaded file, so a
// suite drawn in its order, reversed and shuffled gives the same image for every entry, and an
// entry without a settings file is drawn exactly as `skinview render` draws its options. The
// entries each set one part of the view that used to reach the next entry of the same file (a pose
// edit, an expression, an environment, a camera, a heat map, a debug view).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_scratch.h"
#include "render/hdr_image.h"
#include "render/image.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }

// The entries; the settings files beside the suite.
nlohmann::json entries(const fs::path& d) {
    EXPECT_FALSE(write_uniform_sky(d / "orange.hdr", 3.0f, 0.8f, 0.1f).empty());
    write_text(d / "edit.json", R"({"pose_edits": {"LeftForeArm": [60, 0, 0]}})");
    write_text(d / "env.json",
               R"({"environment": "orange.hdr", "environment_background": true, "exposure": 2})");
    write_text(d / "face.json", R"({"expressions": {"happy": 1}, "camera": "front"})");
    write_text(d / "weights.json", R"({"heatmap": "all-weights", "correction": false})");
    const std::string mixamo = asset("humanoid_mixamo.glb"), vrm = asset("avatar_vrm1.glb");
    return nlohmann::json::array({
        {{"name", "edit"}, {"file", mixamo}, {"settings", "edit.json"}, {"golden", "g/edit.png"}},
        {{"name", "plain"}, {"file", mixamo}, {"golden", "g/plain.png"}},
        {{"name", "env"}, {"file", mixamo}, {"settings", "env.json"}, {"golden", "g/env.png"}},
        {{"name", "plain2"}, {"file", mixamo}, {"clip", "walk"}, {"time", 0.5}, {"golden", "g/plain2.png"}},
        {{"name", "weights"}, {"file", mixamo}, {"settings", "weights.json"}, {"golden", "g/weights.png"}},
        {{"name", "side"},
         {"file", mixamo},
         {"camera", "side"},
         {"view", "normals"},
         {"golden", "g/side.png"}},
        {{"name", "face"}, {"file", vrm}, {"settings", "face.json"}, {"golden", "g/face.png"}},
        {{"name", "vrm_plain"}, {"file", vrm}, {"camera", "front"}, {"golden", "g/vrm_plain.png"}},
    });
}

// Runs the entries in this order (blessing, which draws every entry) and returns the folder of the
// actual images.
fs::path run_in_order(const std::string& name, nlohmann::json list) {
    const fs::path d = scratch_dir("suite_order", name);
    (void)entries(d);  // the settings files and the sky, beside this suite
    nlohmann::json suite = {{"defaults", {{"size", "320x240"}}}, {"entries", list}};
    const std::string path = write_text(d / "order.suite.json", suite.dump(1));
    const auto r = skinview("suite " + quoted(path) + " --bless --out " + quoted((d / "out").string()));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return d / "out";
}

TEST(SuiteOrder, EveryEntryIsTheSameInAnyOrder) {
    const nlohmann::json forward = entries(scratch_dir("suite_order", "list"));
    nlohmann::json reversed = nlohmann::json::array(), shuffled = nlohmann::json::array();
    for (auto it = forward.rbegin(); it != forward.rend(); ++it) reversed.push_back(*it);
    std::vector<nlohmann::json> v(forward.begin(), forward.end());
    std::mt19937 rng(34);
    std::shuffle(v.begin(), v.end(), rng);
    for (const auto& e : v) shuffled.push_back(e);
    const fs::path a = run_in_order("forward", forward), b = run_in_order("reversed", reversed),
                   c = run_in_order("shuffled", shuffled);
    for (const auto& e : forward) {
        const std::string img = e["name"].get<std::string>() + ".actual.png";
        EXPECT_EQ(differing_png_pixels((a / img).string(), (b / img).string()), 0)
            << img << ": forward vs reversed";
        EXPECT_EQ(differing_png_pixels((a / img).string(), (c / img).string()), 0)
            << img << ": forward vs shuffled";
    }
    // Controls: the pose edit, the environment, the heat map and the expression each show.
    EXPECT_GT(differing_png_pixels((a / "edit.actual.png").string(), (a / "plain.actual.png").string()), 100);
    EXPECT_GT(differing_png_pixels((a / "env.actual.png").string(), (a / "plain.actual.png").string()), 100);
    EXPECT_GT(differing_png_pixels((a / "weights.actual.png").string(), (a / "plain.actual.png").string()),
              100);
    EXPECT_GT(differing_png_pixels((a / "face.actual.png").string(), (a / "vrm_plain.actual.png").string()),
              0);
}

// The issue's pair: a pose-edit entry, then a plain entry of the same file. The plain entry is drawn
// as `skinview render` draws its options (it was drawn with the bent forearm: 776 pixels off).
TEST(SuiteOrder, APlainEntryAfterAPoseEditIsWhatRenderDraws) {
    const fs::path d = scratch_dir("suite_order", "pair");
    const fs::path out = run_in_order("pair_run", entries(d));
    const std::string by_render = (d / "render.png").string();
    auto r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) + " --size 320x240 -o " +
                      quoted(by_render));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(differing_png_pixels((out / "plain.actual.png").string(), by_render), 0);
    r = skinview("render " + quoted(asset("humanoid_mixamo.glb")) +
                 " --size 320x240 --clip walk --time 0.5 -o " + quoted((d / "render2.png").string()));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(differing_png_pixels((out / "plain2.actual.png").string(), (d / "render2.png").string()), 0);
}

}  // namespace
}  // namespace sv::test
