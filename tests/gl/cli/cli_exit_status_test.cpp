// One exit status for bad input (CONTRIBUTING, docs/command-line.md "Exit status"): every bad option or
// value exits 2 with a line naming the option and the reason, in every subcommand, whether the
// option parser refuses it (CLI11, which would exit 105 or 106 on its own) or the command finds it
// does not fit the file (a clip, expression, look-at, variant or camera the file lacks); a file that
// fails to load keeps 1, the control that the status tells the two apart.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return quoted((source_dir() / "assets" / name).string()); }
std::string out(const std::string& name) {
    fs::create_directories(output_dir() / "cli_exit_status");
    return quoted((output_dir() / "cli_exit_status" / (current_test_stem() + "_" + name)).string());
}
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

struct Case {
    std::string args;     // after the executable
    int status;           // the exit status the rule gives
    std::string message;  // stderr's first line, whole
};

void expect_cases(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        const auto r = run_command(quoted(kExe) + " " + c.args);
        EXPECT_EQ(r.status, c.status) << c.args << "\n" << r.err;
        EXPECT_EQ(first_line(r.err), c.message) << c.args;
    }
}

TEST(CliExitStatus, Render) {
    const std::string render =
        "render " + asset("humanoid_mixamo.glb") + " -o " + out("x.png") + " --size 32x32";
    const std::string bad_json = (output_dir() / "cli_exit_status" / "bad_settings.json").string();
    fs::create_directories(output_dir() / "cli_exit_status");
    std::ofstream(bad_json) << "{\"clip\": ";
    expect_cases({
        {render + " --clip nosuch", 2,
         "skinview render: --clip 'nosuch': no clip of that name (clips: 'walk')"},
        {render + " --clip 4", 2, "skinview render: --clip 4: index out of range (1 clips)"},
        {render + " --expression happy=1", 2,
         "skinview render: --expression 'happy': the avatar has none of that name (it has: none)"},
        {render + " --look-at nowhere", 2,
         "skinview render: --look-at 'nowhere': expected x,y,z (a world point in metres), camera or off"},
        {render + " --variant Velvet", 2,
         "skinview render: --variant 'Velvet': the file has no material variants"},
        {render + " --camera sideways", 2,
         "skinview render: --camera 'sideways': expected auto, front, side, orbit:DEG, file:N or "
         "yaw,pitch,distance,tx,ty,tz"},
        {render + " --camera file:3", 2, "skinview render: --camera 'file:3': the file has 0 cameras"},
        {render + " --weights NoSuchJoint", 2,
         "skinview render: --weights 'NoSuchJoint': no joint of that name or index (65 joints)"},
        {"render " + asset("humanoid_mixamo.glb") + " -o " + out("x.png") + " --size 0x10", 2,
         "skinview render: --size '0x10': expected WIDTHxHEIGHT, each 1..8192"},
        {render + " --background 300,0,0", 2,
         "skinview render: --background '300,0,0': expected R,G,B (each an integer 0..255), transparent or "
         "default"},
        {render + " --settings " + quoted(bad_json), 2,
         "skinview render: " + bad_json + ": settings: not valid JSON"},
        // The option parser's refusals, in the same shape (usage_error.h): a value outside the
        // option's set, an unknown option (the nearest named), a missing one.
        {render + " --correction maybe", 2, "skinview render: --correction 'maybe': must be one of on, off"},
        {render + " --bogus", 2,
         "skinview render: --bogus: not an option of render (skinview render --help lists them)"},
        {render + " --armture", 2,
         "skinview render: --armture: not an option of render; did you mean --armature?"},
        {"render " + asset("humanoid_mixamo.glb"), 2,
         "skinview render: --output: required; output PNG; '{frame}' in the name writes a sequence"},
        // Controls: a file that fails to load keeps 1, the model's own and an --env file alike.
        {"render /no/such/file.glb -o " + out("y.png"), 1,
         "skinview render: /no/such/file.glb: glTF: cannot open the file: no such file"},
        {render + " --env /no/such/sky.hdr", 1,
         "skinview render: --env: environment '/no/such/sky.hdr': no such file"},
    });
}

TEST(CliExitStatus, BakeAndDiagnose) {
    const std::string bake = "bake " + asset("humanoid_mixamo.glb") + " --source cpu -o " + out("x.obj");
    const std::string vrma = (output_dir() / "cli_exit_status" / (current_test_stem() + ".vrma")).string();
    fs::create_directories(output_dir() / "cli_exit_status");
    ASSERT_TRUE(anim::write_gltf_file(anim::build_vrm_animation(), vrma).ok());
    expect_cases({
        {bake + " --clip nosuch", 2, "skinview bake: --clip 'nosuch': no clip of that name (clips: 'walk')"},
        {bake + " --expression happy", 2,
         "skinview bake: --expression 'happy': expected NAME=WEIGHT with WEIGHT a number from 0 to 1"},
        {bake + " --look-at 1,2", 2,
         "skinview bake: --look-at '1,2': expected x,y,z (a world point in metres), camera or off"},
        {bake + " --retarget " + quoted(vrma) + " --clip dance", 2,
         "skinview bake: --retarget " + vrma +
             ": --clip: --clip 'dance': no clip of that name (clips: "
             "'walk', 'limbs')"},
        {bake + " --source fpga", 2, "skinview bake: --source 'fpga': must be one of gpu, cpu"},
        {bake + " --retarget-rest sideways", 2,
         "skinview bake: --retarget-rest 'sideways': must be one of aligned, rest-relative"},
        {"diagnose " + asset("humanoid_mixamo.glb") + " --clip nosuch", 2,
         "skinview diagnose: --clip 'nosuch': no clip of that name (clips: 'walk')"},
        {"diagnose " + asset("humanoid_mixamo.glb") + " --skinning best", 2,
         "skinview diagnose: --skinning 'best': must be one of auto, dqs, dqs-scale, lbs"},
        // Controls: the retarget source or the model failing to load keeps 1 (a .vrma has no mesh).
        {bake + " --retarget /no/such/file.glb", 1,
         "skinview bake: --retarget /no/such/file.glb: /no/such/file.glb: glTF: cannot open the file: no "
         "such file"},
        {"bake " + quoted(vrma) + " -o " + out("y.obj"), 1,
         "skinview bake: " + vrma +
             ": a VRM Animation (VRMC_vrm_animation) has no mesh to draw; open a character and load this "
             "file "
             "as its retarget source (the Graph tab's Load, --retarget, the settings' retarget_source)"},
    });
}

TEST(CliExitStatus, AuditFixSuiteAndTheRest) {
    const std::string file = asset("arm.glb");
    expect_cases({
        {"audit " + file + " --shard 0/3", 2, "skinview audit: --shard '0/3': expected K/N with 1 <= K <= N"},
        {"audit " + file + " --json --jsonl", 2,
         "skinview audit: --json and --jsonl are two shapes of one report; choose one"},
        {"audit " + file + " --jobs -1", 2,
         "skinview audit: --jobs '-1': must be a whole number of at least 0"},
        {"audit " + file + " --progress sometimes", 2,
         "skinview audit: --progress 'sometimes': must be one of auto, always, never"},
        {"fix " + file, 2, "skinview fix: --output: required (or --check to write nothing)"},
        {"fix " + file + " --bogus", 2,
         "skinview fix: --bogus: not an option of fix (skinview fix --help lists them)"},
        {"suite", 2, "skinview suite: SUITE: required; suite JSON (docs/suites.md)"},
        {"suite x.suite.json --path nodir", 2, "skinview suite: --path 'nodir': expected NAME=DIR"},
        {"write-sky -o " + out("s.hdr") + " --size 64x64", 2,
         "skinview write-sky: --size '64x64': expected WIDTHxHEIGHT with WIDTH = 2 HEIGHT, 8..16384"},
        {"write-sky --size 64x32", 2, "skinview write-sky: --output: required; output .hdr"},
        {"frame-table " + file + " --time nan", 2,
         "skinview frame-table: --time 'nan': must be a number of at least 0"},
        // The viewer's own options are refused before any window opens.
        {"--tab nosuch " + file, 2,
         "skinview: --tab 'nosuch': must be one of frame, joints, scale, ik, palette, diagnose, graph, "
         "notes, "
         "humanoid, expressions"},
        // Controls: a file that fails to load keeps 1.
        {"audit /no/such/file.glb", 1,
         "skinview audit: /no/such/file.glb: glTF: cannot open the file: no such file"},
        {"fix /no/such/file.glb -o " + out("f.glb"), 1,
         "skinview fix: /no/such/file.glb: glTF: cannot open the file: no such file"},
    });
}

// A suite entry whose own key the model cannot take is bad input too (the other entries still run
// and are reported); a missing golden is a finding, 1, the control.
TEST(CliExitStatus, SuiteEntries) {
    const fs::path dir = output_dir() / "cli_exit_status" / current_test_stem();
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string model = (source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const auto suite = [&](const std::string& name, const std::string& entry) {
        const std::string path = (dir / (name + ".suite.json")).string();
        std::ofstream(path) << R"({"entries": [{"name": "e", "file": ")" + model + R"(", "size": "32x32", )" +
                                   entry + "}]}";
        return quoted(path);
    };
    const std::string bad = suite("bad_clip", R"("clip": "nosuch", "golden": "g.png")");
    const auto r =
        run_command(quoted(kExe) + " suite " + bad + " --bless --out " + quoted((dir / "o").string()));
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.out.find("--clip 'nosuch': no clip of that name (clips: 'walk')"), std::string::npos)
        << r.out;
    EXPECT_NE(
        r.err.find("1 entries name a clip, variant, camera or settings file the model cannot take (exit 2)"),
        std::string::npos)
        << r.err;
    const std::string missing = suite("no_golden", R"("golden": "never_blessed.png")");
    const auto m = run_command(quoted(kExe) + " suite " + missing + " --out " + quoted((dir / "o").string()));
    EXPECT_EQ(m.status, 1) << m.out << m.err;
}

}  // namespace
}  // namespace sv::test
