// `skinview suite`: entries rendered in one process, checked against goldens, reported as JSON
// lines, JUnit and HTML; its exit codes (0 all pass, 1 any fail, 2 a bad suite) and --bless.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli_scratch.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }

std::vector<nlohmann::json> lines(const std::string& out) {
    std::vector<nlohmann::json> v;
    std::istringstream s(out);
    for (std::string l; std::getline(s, l);)
        if (!l.empty()) v.push_back(nlohmann::json::parse(l, nullptr, false));
    return v;
}

// Two poses of the project's arm, blessed and then checked; the second run of a different pose
// against the first pose's golden is the negative control that must fail.
const std::string kEntries = R"({"defaults": {"file": "$assets/arm.glb", "size": "160x120"},
 "entries": [
  {"name": "rest", "bind": true, "golden": "golden/rest.png"},
  {"name": "mid", "clip": 0, "time": 0.4, "golden": "golden/mid.png"},
  {"name": "mid_gles", "clip": 0, "time": 0.4, "api": "gles", "golden": "golden/mid.png"},
  {"name": "control_rest_vs_mid", "bind": true, "golden": "golden/mid.png", "expect": "mismatch"}
 ]})";

std::string assets_path() { return " --path assets=" + quoted((source_dir() / "assets").string()); }

TEST(Suite, BlessThenEveryEntryMatchesAndTheControlFails) {
    const fs::path d = scratch_dir("suite", "bless");
    const std::string suite = write_text(d / "arm.suite.json", kEntries);
    auto r = skinview("suite " + quoted(suite) + assets_path() + " --bless --jsonl --out " +
                      quoted((d / "out").string()));
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(d / "golden" / "rest.png"));
    EXPECT_TRUE(fs::exists(d / "golden" / "mid.joints.json"));
    r = skinview("suite " + quoted(suite) + assets_path() + " --jsonl --junit " +
                 quoted((d / "junit.xml").string()) + " --report " +
                 quoted((d / "report" / "index.html").string()));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    const auto v = lines(r.out);
    ASSERT_EQ(v.size(), 4u) << r.out;
    for (const auto& e : v) {
        EXPECT_EQ(e["outcome"], "pass") << e.dump();
        EXPECT_EQ(e["sidecar_checked"], true) << e.dump();
    }
    // The control passed by mismatching: its figures say the image differed.
    // GL entries are drawn first, then GLES (one context each), so the lines are not in suite order.
    nlohmann::json control;
    for (const auto& e : v)
        if (e["name"] == "control_rest_vs_mid") control = e;
    EXPECT_EQ(control["match"], false) << control.dump();
    const std::string junit = read_text((d / "junit.xml").string());
    EXPECT_NE(junit.find("tests=\"4\" failures=\"0\" errors=\"0\""), std::string::npos) << junit;
    EXPECT_TRUE(fs::exists(d / "report" / "mid_gles.diff.png"));
    EXPECT_TRUE(fs::exists(d / "report" / "rest.golden.png"));
}

TEST(Suite, AMismatchFailsAndTheReportPutsItFirst) {
    const fs::path d = scratch_dir("suite", "mismatch");
    const std::string suite = write_text(d / "arm.suite.json", kEntries);
    ASSERT_EQ(
        skinview("suite " + quoted(suite) + assets_path() + " --bless --out " + quoted((d / "o").string()))
            .status,
        0);
    // Swap the goldens' roles: "mid" now meets the rest golden.
    fs::copy_file(d / "golden" / "rest.png", d / "golden" / "mid.png", fs::copy_options::overwrite_existing);
    fs::copy_file(d / "golden" / "rest.joints.json", d / "golden" / "mid.joints.json",
                  fs::copy_options::overwrite_existing);
    const auto r =
        skinview("suite " + quoted(suite) + assets_path() + " --junit " + quoted((d / "j.xml").string()) +
                 " --report " + quoted((d / "report" / "index.html").string()));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    const std::string html = read_text((d / "report" / "index.html").string());
    const size_t first_fail = html.find("data-outcome=\"fail\""),
                 first_pass = html.find("data-outcome=\"pass\"");
    ASSERT_NE(first_fail, std::string::npos) << html;
    ASSERT_NE(first_pass, std::string::npos) << html;
    EXPECT_LT(first_fail, first_pass) << "failures come first";
    EXPECT_NE(html.find("<img src=\"mid.diff.png\""), std::string::npos);
    const std::string junit = read_text((d / "j.xml").string());
    // mid, mid_gles fail; the control (rest against the now-rest golden) matches, so it fails too.
    EXPECT_NE(junit.find("failures=\"3\""), std::string::npos) << junit;
    EXPECT_NE(junit.find("moved"), std::string::npos) << "the sidecar names the joints that moved: " << junit;
    // Each failure's message says why, not the outcome alone: the figures and the first joint moved
    // for a mismatch, the match for the negative control.
    EXPECT_EQ(junit.find("message=\"fail\""), std::string::npos) << junit;
    const std::regex mismatch(
        "<failure type=\"fail\" message=\"image [^\"]*; \\d+ structural differences, the first: [^\"]*moved");
    EXPECT_TRUE(std::regex_search(junit, mismatch)) << junit;
    EXPECT_NE(junit.find("message=\"negative control matched its golden (it expects a mismatch): image "),
              std::string::npos)
        << junit;
}

TEST(Suite, AMissingGoldenOrFileFailsThatEntryAndTheRestRun) {
    const fs::path d = scratch_dir("suite", "missing");
    const std::string suite = write_text(d / "s.suite.json", R"({"defaults": {"size": "96x72"}, "entries": [
      {"name": "no_golden", "file": "$assets/arm.glb", "golden": "nowhere.png"},
      {"name": "no_file", "file": "missing.glb", "golden": "g.png"},
      {"name": "ok", "file": "$assets/arm.glb", "golden": "g.png"}]})");
    ASSERT_EQ(
        skinview("suite " +
                 quoted(write_text(
                     d / "b.suite.json",
                     R"({"entries": [{"file": "$assets/arm.glb", "size": "96x72", "golden": "g.png"}]})")) +
                 assets_path() + " --bless --out " + quoted((d / "o").string()))
            .status,
        0);
    const auto r =
        skinview("suite " + quoted(suite) + assets_path() + " --jsonl --out " + quoted((d / "o").string()));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    const auto v = lines(r.out);
    ASSERT_EQ(v.size(), 3u) << r.out;
    EXPECT_EQ(v[0]["outcome"], "error");
    EXPECT_NE(v[0]["message"].get<std::string>().find("nowhere.png is missing"), std::string::npos) << v[0];
    EXPECT_EQ(v[1]["outcome"], "error");
    EXPECT_NE(v[1]["message"].get<std::string>().find("missing.glb is missing"), std::string::npos) << v[1];
    EXPECT_EQ(v[2]["outcome"], "pass") << v[2];
}

TEST(Suite, ABadSuiteExits2NamingTheEntryAndTheKey) {
    const fs::path d = scratch_dir("suite", "bad");
    struct Case {
        const char* text;
        const char* says;
    } cases[] = {
        {R"({"entries": [{"golden": "a.png"}, {"name": "two", "golden": "b.png", "tiem": 1}]})",
         "entries[1] ('two'): 'tiem' is not a suite key"},
        {R"({"entries": [{"golden": "a.png", "api": "vulkan"}]})",
         "entries[0]: 'api' must be one of gl, gles"},
        {R"({"entries": [{"file": "x.glb"}]})", "entries[0]: needs 'golden'"},
        {R"({"entries": [{"golden": "a.png"}, {"golden": "sub/a.png"}]})", "the name 'a' is taken"},
        {R"({"entries": [{"golden": "$nowhere/a.png"}]})", "no --path nowhere=DIR defines"},
        {R"({"entries": [{"golden": "a.png", "size": "0x10"}]})", "'size' must be WIDTHxHEIGHT"},
        {R"([1, 2])", "expected an object with an 'entries' array"},
        {R"({"entries": [{"golden": "a.png", "sphere_camera": {"zoom": 0.5, "roll": 3}}]})",
         "entries[0]: 'sphere_camera.roll' is not a sphere_camera key (yaw, pitch, zoom)"},
        {R"({"entries": [{"golden": "a.png", "sphere_camera": {"zoom": 0}}]})",
         "entries[0]: 'sphere_camera.zoom' must be above 0"},
        {R"({"entries": [{"golden": "a.png", "sphere_camera": {"pitch": 90}}]})",
         "entries[0]: 'sphere_camera.pitch' must be between -90 and 90"},
        {R"({"entries": [{"golden": "a.png", "sphere_camera": 0.75}]})",
         "entries[0]: 'sphere_camera' must be an object"},
        {R"({"defaults": {"sphere_camera": {}}, "entries": [{"name": "n", "golden": "a.png", "camera": "front"}]})",
         "entries[0] ('n'): 'camera' and 'sphere_camera' are two cameras"},
        {R"({"entries": [{"golden": "a.png", "exposure": 0}]})", "entries[0]: 'exposure' must be above 0"},
        {R"({"entries": [{"golden": "a.png", "grid": "off"}]})",
         "entries[0]: 'grid' must be true or false, got \"off\""},
        {R"({"entries": [{"golden": "a.png", "key_light": 1}]})",
         "entries[0]: 'key_light' must be true or false"},
        {R"({"entries": [{"golden": "a.png", "environment_rotation": "90"}]})",
         "entries[0]: 'environment_rotation' must be a finite number of degrees"},
        {R"({"entries": [{"golden": "a.png", "variant": ""}]})", "entries[0]: 'variant' is empty"},
        // The words come from the table `render --view` takes (render/debug_view.h).
        {R"({"entries": [{"golden": "a.png", "view": "weights"}]})",
         "entries[0]: 'view' must be one of lit, base, normals, roughness-metal, all-weights, got 'weights'"},
    };
    int i = 0;
    for (const Case& c : cases) {
        const auto r =
            skinview("suite " + quoted(write_text(d / ("bad" + std::to_string(i++) + ".json"), c.text)));
        EXPECT_EQ(r.status, 2) << c.text << "\n" << r.out << r.err;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << "expected '" << c.says << "' in: " << r.err;
    }
}

// The keys the material boards need reach the picture: each, changed from the blessed entry, makes
// its entry mismatch (so a key parsed and then dropped would show as a control that matches), and the
// sphere framing is as repeatable as the automatic one.
TEST(Suite, TheLightingGridAndSphereKeysChangeThePicture) {
    const fs::path d = scratch_dir("suite", "keys");
    const std::string base = R"("file": "$assets/arm.glb", "size": "160x120", "clip": 0, "time": 0.4)";
    const std::string sphere = R"("sphere_camera": {"yaw": 20, "pitch": 10, "zoom": 0.8})";
    const std::string suite = write_text(
        d / "keys.suite.json", R"({"entries": [
      {"name": "plain", )" + base + R"(, "golden": "golden/plain.png"},
      {"name": "sphere", )" + base +
                                   ", " + sphere + R"(, "golden": "golden/sphere.png"},
      {"name": "sphere_gles", "api": "gles", )" +
                                   base + ", " + sphere + R"(, "golden": "golden/sphere.png"},
      {"name": "control_key_light_off", "key_light": false, )" +
                                   base + R"(, "golden": "golden/plain.png", "expect": "mismatch"},
      {"name": "control_exposure_2", "exposure": 2, )" +
                                   base + R"(, "golden": "golden/plain.png", "expect": "mismatch"},
      {"name": "control_grid_off", "grid": false, )" +
                                   base + R"(, "golden": "golden/plain.png", "expect": "mismatch"},
      {"name": "control_environment_turned", "environment_rotation": 180, "key_light": false, )" +
                                   base +
                                   R"(, "golden": "golden/plain_unlit_key.png", "expect": "mismatch"},
      {"name": "plain_unlit_key", "key_light": false, )" +
                                   base + R"(, "golden": "golden/plain_unlit_key.png"},
      {"name": "control_sphere_zoom", )" +
                                   base + R"(, "sphere_camera": {"yaw": 20, "pitch": 10, "zoom": 0.85},
       "golden": "golden/sphere.png", "expect": "mismatch"}
     ]})");
    auto r =
        skinview("suite " + quoted(suite) + assets_path() + " --bless --out " + quoted((d / "o").string()));
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    r = skinview("suite " + quoted(suite) + assets_path() + " --jsonl --out " + quoted((d / "o").string()));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    const auto v = lines(r.out);
    ASSERT_EQ(v.size(), 9u) << r.out;
    for (const auto& e : v) EXPECT_EQ(e["outcome"], "pass") << e.dump();
}

// A variant chosen by one entry is not kept for the next entry of the same file (the session is
// shared): SheenChair's peacock entry, then its default against the default's golden.
TEST(Suite, AVariantEndsWithItsEntry) {
    const fs::path khronos = shared_assets().parent_path() / "khronos";
    const fs::path chair = khronos / "SheenChair" / "glTF" / "SheenChair.gltf";
    if (!fs::exists(chair)) {
        if (in_ci()) GTEST_FAIL() << chair << " is missing";
        GTEST_SKIP() << chair << " is missing";
    }
    const fs::path d = scratch_dir("suite", "variant");
    const std::string base =
        R"("file": "$khronos/SheenChair/glTF/SheenChair.gltf", "size": "96x96", "grid": false)";
    ASSERT_EQ(
        skinview(
            "suite " +
            quoted(write_text(d / "b.suite.json", R"({"entries": [{)" + base + R"(, "golden": "g.png"}]})")) +
            " --path khronos=" + quoted(khronos.string()) + " --bless --out " + quoted((d / "o").string()))
            .status,
        0);
    const std::string suite =
        write_text(d / "v.suite.json", R"({"entries": [
      {"name": "control_peacock", "variant": "Peacock Velvet", )" +
                                           base +
                                           R"(, "golden": "g.png", "expect": "mismatch"},
      {"name": "default_after_peacock", )" +
                                           base + R"(, "golden": "g.png"},
      {"name": "unknown_variant", "variant": "Velvet", )" +
                                           base + R"(, "golden": "g.png"}]})");
    const auto r = skinview("suite " + quoted(suite) + " --path khronos=" + quoted(khronos.string()) +
                            " --jsonl --out " + quoted((d / "o").string()));
    EXPECT_EQ(r.status, 2) << r.out << r.err;  // the unknown variant: bad input, the others still run
    const auto v = lines(r.out);
    ASSERT_EQ(v.size(), 3u) << r.out;
    EXPECT_EQ(v[0]["outcome"], "pass") << v[0];
    EXPECT_EQ(v[1]["outcome"], "pass") << v[1];
    EXPECT_EQ(v[2]["outcome"], "error") << v[2];
    EXPECT_NE(v[2]["message"].get<std::string>().find("variant 'Velvet' is not one of the file's"),
              std::string::npos)
        << v[2];
}

}  // namespace
}  // namespace sv::test
