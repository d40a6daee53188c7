// The error table: every verb (and the viewer without a display) meets each kind of bad input (a
// missing file, a folder given as the file, a truncated file, an unknown option, a bad value, an
// output named with the wrong extension, an option the verb ignores) and must answer with exactly
// one line on stderr, "skinview VERB: what: why" ("skinview: what: why" for the viewer), and the
// exit status the one rule gives (docs/command-line.md "Exit status", skinview(1) EXIT STATUS):
// 2 for usage, 1 for a file that fails, 0 otherwise. A cell a verb has no case for (write-sky reads
// no file) is left out, not faked. The line must also name what it is about (the path or the option)
// and never a function of the code (read_png, write_hdr) or CLI11's "Run with --help".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

struct Cell {
    std::string verb;   // "" for the viewer; "fix --check" is fix's line
    std::string input;  // which bad input: a row name for the report
    std::string args;   // after the verb
    int status;         // what the rule says
    std::string names;  // what the line must name (a path, an option)
};

fs::path scratch() {
    const fs::path d = output_dir() / "cli_error_table";
    fs::create_directories(d);
    return d;
}

// The first 100 bytes of the project's character: a GLB header whose JSON chunk runs past the end.
std::string truncated_glb() {
    const fs::path p = scratch() / "truncated.glb";
    std::ifstream in(source_dir() / "assets" / "humanoid_mixamo.glb", std::ios::binary);
    std::string head(100, '\0');
    in.read(&head[0], 100);
    EXPECT_EQ(in.gcount(), 100);
    std::ofstream(p, std::ios::binary) << head;
    return p.string();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < text.size()) {
        const size_t nl = text.find('\n', at);
        out.push_back(text.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return out;
}

// The one shape: the command, then at least "what: why".
bool one_shape(const std::string& verb, const std::string& line) {
    const std::string command = verb.empty() ? "skinview" : "skinview " + verb.substr(0, verb.find(' '));
    static const std::regex what_why("^: [^:]+: .+$|^: '[^']*': .+$");
    return line.rfind(command + ": ", 0) == 0 && line.size() > command.size() &&
           std::regex_search(line.substr(command.size()), what_why);
}

void check(const Cell& c) {
    const std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY " + quoted(kExe) + " " +
                                (c.verb.empty() ? "" : c.verb + " ") + c.args;
    const auto r = run_command(command);
    const std::string cell = (c.verb.empty() ? "the viewer" : c.verb) + " x " + c.input + ": " + c.args;
    EXPECT_EQ(r.status, c.status) << cell << "\n" << r.err;
    const auto lines = lines_of(r.err);
    ASSERT_EQ(lines.size(), 1u) << cell << ": stderr has " << lines.size() << " lines:\n" << r.err;
    const std::string& line = lines[0];
    EXPECT_TRUE(one_shape(c.verb, line)) << cell << "\n  " << line;
    EXPECT_NE(line.find(c.names), std::string::npos)
        << cell << ": does not name " << c.names << "\n  " << line;
    for (const char* internal :
         {"read_png", "write_png", "write_hdr", "fopen", "Run with --help", "not expected:"})
        EXPECT_EQ(line.find(internal), std::string::npos) << cell << ": names " << internal << "\n  " << line;
}

TEST(CliErrorTable, EveryVerbMeetsEveryBadInputWithOneLineAndTheRulesStatus) {
    const fs::path d = scratch();
    const std::string model = quoted((source_dir() / "assets" / "humanoid_mixamo.glb").string());
    const std::string missing = (d / "no_such_file.glb").string();
    const std::string folder = (d / "a_folder").string();
    fs::create_directories(folder);
    const std::string truncated = truncated_glb();
    const std::string out = (d / "out").string();
    const std::string sky_folder = (d / "a_folder.hdr").string();  // a folder named as the output
    fs::create_directories(sky_folder);
    const std::string no_such_suite = (d / "no_such.suite.json").string();

    std::vector<Cell> table;
    // Verbs that read a model: the file failing is 1 (it fails), everything else the user typed is 2.
    for (const std::string& verb :
         std::vector<std::string>{"render", "diagnose", "bake", "fix", "fix --check", "frame-table", ""}) {
        const std::string o = verb == "render" || verb.empty() ? ""
                              : verb == "bake"                 ? " -o " + quoted(out + ".obj")
                              : verb == "fix"                  ? " -o " + quoted(out + ".glb")
                                                               : "";
        const std::string ro = verb == "render" ? " -o " + quoted(out + ".png") : o;
        table.push_back({verb, "missing file", quoted(missing) + ro, 1, missing});
        table.push_back({verb, "folder", quoted(folder) + ro, 1, folder});
        table.push_back({verb, "truncated file", quoted(truncated) + ro, 1, truncated});
        table.push_back({verb, "unknown option", model + ro + " --frobnicate", 2, "--frobnicate"});
    }
    // Bad values: a number outside its meaning (a time before any key, a field of view of 0).
    table.push_back(
        {"render", "bad value", model + " -o " + quoted(out + ".png") + " --time -1", 2, "--time"});
    table.push_back({"render", "bad value", model + " -o " + quoted(out + ".png") + " --fov 0", 2, "--fov"});
    table.push_back({"diagnose", "bad value", model + " --time -1", 2, "--time"});
    table.push_back({"bake", "bad value", model + " -o " + quoted(out + ".obj") + " --time -1", 2, "--time"});
    table.push_back({"frame-table", "bad value", model + " --time -5", 2, "--time"});
    table.push_back({"fix", "missing option", model, 2, "--output"});
    table.push_back({"", "bad value", model + " --fov 0", 2, "--fov"});
    // An output named for another format than the one written.
    table.push_back({"render", "output extension", model + " -o " + quoted(out + ".jpg"), 2, out + ".jpg"});
    table.push_back({"bake", "output extension", model + " -o " + quoted(out + ".png"), 2, out + ".png"});
    table.push_back({"fix", "output extension", model + " -o " + quoted(out + ".gltf"), 2, out + ".gltf"});
    table.push_back(
        {"", "output extension", model + " --screenshot " + quoted(out + ".jpg"), 2, out + ".jpg"});
    // Options another verb takes and this one would ignore: refused, not silently dropped.
    table.push_back(
        {"bake", "ignored option", model + " -o " + quoted(out + ".obj") + " --camera front", 2, "--camera"});
    table.push_back({"diagnose", "ignored option", model + " --fov 30", 2, "--fov"});
    table.push_back({"diagnose", "ignored option", model + " --env-blur 0.5", 2, "--env-blur"});
    // suite: the suite file says what to do, as an option does: missing or unreadable is usage, 2.
    table.push_back({"suite", "missing file", quoted(no_such_suite), 2, no_such_suite});
    table.push_back({"suite", "folder", quoted(folder), 2, folder});
    table.push_back({"suite", "truncated file", quoted(truncated), 2, truncated});
    table.push_back({"suite", "unknown option", quoted(no_such_suite) + " --frobnicate", 2, "--frobnicate"});
    table.push_back({"suite", "bad value", quoted(no_such_suite) + " --path nodir", 2, "--path"});
    table.push_back({"suite", "output extension", quoted(no_such_suite) + " --junit " + quoted(out + ".txt"),
                     2, out + ".txt"});
    // audit: a file that fails is 1; a folder with nothing to audit is 2 (nothing audited is no pass).
    table.push_back({"audit", "missing file", quoted(missing), 1, missing});
    table.push_back({"audit", "folder", quoted(folder), 2, folder});
    table.push_back({"audit", "truncated file", quoted(truncated), 1, truncated});
    table.push_back({"audit", "unknown option", model + " --frobnicate", 2, "--frobnicate"});
    table.push_back({"audit", "bad value", model + " --jobs -1", 2, "--jobs"});
    table.push_back(
        {"audit", "output extension", model + " --junit " + quoted(out + ".txt"), 2, out + ".txt"});
    table.push_back({"audit", "no paths", "", 2, "PATHS"});
    // write-sky reads no file: its output is the file that can fail (a folder of that name: 1).
    table.push_back({"write-sky", "folder", "-o " + quoted(sky_folder) + " --size 16x8", 1, sky_folder});
    table.push_back(
        {"write-sky", "unknown option", "-o " + quoted(out + ".hdr") + " --frobnicate", 2, "--frobnicate"});
    table.push_back({"write-sky", "bad value", "-o " + quoted(out + ".hdr") + " --size 64x64", 2, "--size"});
    table.push_back({"write-sky", "output extension", "-o " + quoted(out + ".png"), 2, out + ".png"});
    table.push_back({"write-sky", "missing option", "--size 16x8", 2, "--output"});
    // write-tables writes a folder: a file in its place cannot be written (1).
    table.push_back({"write-tables", "file for the folder", quoted(truncated), 1, truncated});
    table.push_back({"write-tables", "unknown option", quoted(folder) + " --frobnicate", 2, "--frobnicate"});
    table.push_back({"write-tables", "missing folder", "", 2, "DIR"});
    // Verbs that are not: a word that names no file and no verb is usage.
    table.push_back({"", "unknown verb", "rendr -o " + quoted(out + ".png"), 2, "'rendr'"});
    table.push_back({"", "unknown verb", "nosuch", 2, "'nosuch'"});

    for (const Cell& c : table) check(c);
    std::printf("error table: %zu cells\n", table.size());
}

// The nearest verb or option is suggested; a word near nothing gets the list instead of a guess.
TEST(CliErrorTable, UnknownWordsSuggestTheNearest) {
    const std::string model = quoted((source_dir() / "assets" / "humanoid_mixamo.glb").string());
    const std::string png = quoted((scratch() / "s.png").string());
    struct Case {
        std::string args, line;
    };
    for (const Case& c : std::vector<Case>{
             {"rendr -o " + png, "skinview: 'rendr': not a verb or a file; did you mean 'render'?"},
             {"audti " + model, "skinview: 'audti': not a verb or a file; did you mean 'audit'?"},
             {"nosuch",
              "skinview: 'nosuch': not a verb or a file (verbs: render, suite, audit, diagnose, bake, fix, "
              "frame-table, write-sky, write-tables)"},
             {"render " + model + " -o " + png + " --armture",
              "skinview render: --armture: not an option of render; did you mean --armature?"},
             {"render " + model + " -o " + png + " --tab joints",
              "skinview render: --tab: not an option of render (the viewer takes it)"},
             {"audit " + model + " --camera front",
              "skinview audit: --camera: not an option of audit (render, diagnose, bake and the viewer take "
              "it)"},
             {"bake " + model + " -o " + quoted((scratch() / "s.obj").string()) + " --env-blur 0.5",
              "skinview bake: --env-blur: has no effect here (bake writes world-space vertices, not a "
              "picture)"},
             // The camera moves a VRM's eyes with --look-at camera (tests/gl/vrm/vrm_look_at_test.cpp
             // bakes that, the control); without it, nothing.
             {"bake " + model + " -o " + quoted((scratch() / "s.obj").string()) + " --camera front",
              "skinview bake: --camera: has no effect here (bake writes world-space vertices; the camera "
              "moves "
              "only a VRM's eyes, with --look-at camera)"},
             {"diagnose " + model + " --fov 30",
              "skinview diagnose: --fov: has no effect here (diagnose compares skinned vertices; the camera "
              "moves only a VRM's eyes, with --look-at camera)"},
         }) {
        const auto r = run_command(quoted(kExe) + " " + c.args);
        EXPECT_EQ(r.status, 2) << c.args;
        EXPECT_EQ(r.err, c.line + "\n") << c.args;
    }
    // Control: a file of that word exists, so it is a file (here, not a glTF one), not a verb.
    const fs::path word = scratch() / "rendr";
    std::ofstream(word) << "not a glTF file";
    const auto r = run_command("cd " + quoted(scratch().string()) + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                               quoted(kExe) + " rendr");
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.err.rfind("skinview: rendr: ", 0), 0u) << r.err;
}

// Every numeric option is checked by one helper, so every range is refused in one wording: the
// option, the value, "must be" and the range. --fov 0 and --fov 0.5 used to read differently.
TEST(CliErrorTable, OneWordingForEveryRange) {
    const std::string model = quoted((source_dir() / "assets" / "humanoid_mixamo.glb").string());
    const std::string render = "render " + model + " -o " + quoted((scratch() / "w.png").string()) + " ";
    const std::regex wording(
        "^skinview [a-z-]+: --[a-z-]+ '[^']*': must be (a|a whole) number "
        "(from -?[0-9.]+ to -?[0-9.]+|of at least -?[0-9.]+|greater than -?[0-9.]+)\n$");
    for (const std::string& args :
         {render + "--fov 0", render + "--fov 0.5", render + "--fov 180", render + "--time -1",
          render + "--fps 0", render + "--frames 0", render + "--exposure 0", render + "--threshold 5",
          render + "--channel-tolerance 256", render + "--joint-tolerance -1", render + "--shift-tolerance 5",
          render + "--env-blur 2", "audit " + model + " --jobs 1.5", "frame-table " + model + " --time -5"}) {
        const auto r = run_command(quoted(kExe) + " " + args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_TRUE(std::regex_match(r.err, wording)) << args << "\n  " << r.err;
    }
    const auto a = run_command(quoted(kExe) + " " + render + "--fov 0");
    const auto b = run_command(quoted(kExe) + " " + render + "--fov 0.5");
    EXPECT_EQ(a.err, "skinview render: --fov '0': must be a number from 1 to 179\n");
    EXPECT_EQ(b.err, "skinview render: --fov '0.5': must be a number from 1 to 179\n");
}

}  // namespace
}  // namespace sv::test
