// What drives the pose besides the clip ends with its entry: a suite entry whose settings file (and
// entry keys) choose the state machine, the blend tree, two-bone IK with a target and a pole, root
// motion or the spring chain is followed by a plain entry of the same file, and that plain entry
// draws exactly what it draws alone, in a suite of its own (a process that never saw those views).
// The session is shared between consecutive entries of one file (suite_command.cpp), and these
// parts of the view live in the session's model (SceneSession::model), so a model not attached
// afresh for each entry (SceneSession::reset_view) would draw the next entry with them.
// suite_order_test.cpp holds the other parts of a view (pose edits, expressions, environment,
// camera, heat map).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_scratch.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

// Blesses `entries` (which draws every entry) into d/out_NAME; returns that folder.
fs::path draw(const fs::path& d, const std::string& name, const nlohmann::json& entries) {
    const nlohmann::json suite = {{"defaults", {{"size", "240x180"}}}, {"entries", entries}};
    const std::string path = write_text(d / (name + ".suite.json"), suite.dump(1));
    const fs::path out = d / ("out_" + name);
    const auto r = skinview("suite " + quoted(path) + " --bless --out " + quoted(out.string()));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return out;
}

nlohmann::json entry(const std::string& name, const std::string& file, nlohmann::json keys) {
    keys["name"] = name, keys["file"] = file, keys["golden"] = "g/" + name + ".png";
    return keys;
}

TEST(SuiteOrderGraph, APlainEntryAfterAGraphIkRootMotionOrSpringEntryIsDrawnAsAlone) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(robot, "RobotExpressive.glb");
    SKINVIEW_SHARED_ASSET_OR_SKIP(fox, "Fox.glb");
    const fs::path d = scratch_dir("suite_order_graph", "pairs");
    // The modes, each one part of the model a settings file makes. IK's first limb is the one the
    // model finds; the target and pole are far from where the walk holds it, so the limb turns.
    write_text(d / "machine.json", R"({"graph": "state_machine", "machine_state": "Dance", "time": 0.6})");
    write_text(d / "blend.json", R"({"graph": "blend", "blend": 0.5, "time": 0.3})");
    write_text(d / "ik.json", R"({"ik": true, "ik_target": [2, 4, 1], "ik_pole": [0, 2, -3]})");
    write_text(d / "root.json", R"({"clip": "Walking", "time": 0.3, "root_motion": true})");
    // Fox's tail (b_Tail01..03) is the chain "springs" finds; its one clip is index 0.
    write_text(d / "springs.json", R"({"clip": 0, "time": 0.5, "springs": true})");
    const nlohmann::json walk = {{"clip", "Walking"}, {"time", 0.3}};
    const nlohmann::json trot = {{"clip", 0}, {"time", 0.5}};
    nlohmann::json ik = walk;  // IK from the file, the clip and time from the entry's own keys
    ik["settings"] = "ik.json";
    const nlohmann::json pairs = nlohmann::json::array({
        entry("machine", robot, {{"settings", "machine.json"}}),
        entry("plain_after_machine", robot, walk),
        entry("blend", robot, {{"settings", "blend.json"}}),
        entry("plain_after_blend", robot, walk),
        entry("ik", robot, ik),
        entry("plain_after_ik", robot, walk),
        entry("root", robot, {{"settings", "root.json"}}),
        entry("plain_after_root", robot, walk),
        entry("springs", fox, {{"settings", "springs.json"}}),
        entry("plain_after_springs", fox, trot),
    });
    // Alone: each plain entry is the first of its file in a fresh process.
    const nlohmann::json alone =
        nlohmann::json::array({entry("plain_robot", robot, walk), entry("plain_fox", fox, trot)});
    const fs::path p = draw(d, "pairs", pairs), a = draw(d, "alone", alone);
    const auto png = [](const fs::path& dir, const std::string& n) {
        return (dir / (n + ".actual.png")).string();
    };
    for (const char* mode : {"machine", "blend", "ik", "root", "springs"}) {
        const std::string by_itself = png(a, std::string(mode) == "springs" ? "plain_fox" : "plain_robot");
        EXPECT_EQ(differing_png_pixels(png(p, std::string("plain_after_") + mode), by_itself), 0)
            << "the plain entry after the '" << mode << "' entry is not drawn as it is alone";
        // Control: the mode shows in its own entry's picture, so a mode that reached the plain entry
        // would show there too (each did, 142 to 8561 pixels, when reset_view kept the adopted
        // model). The smallest, at this size: the tail's springs 142, root motion 227.
        EXPECT_GT(differing_png_pixels(png(p, mode), by_itself), 100)
            << "control: the '" << mode << "' entry draws (nearly) what the plain entry draws";
    }
}

}  // namespace
}  // namespace sv::test
