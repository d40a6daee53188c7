// The command line meeting bad numbers and other people's files: non-finite or negative times,
// non-positive sizes and fractions above 1 are refused by the option parser with one sentence
// (cli_options.h, number_in); every valid Khronos sample
// passes `audit`; a refused file is named once in its error line; and `diagnose` and
// `frame-table` accept what `audit` accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "glb_edit.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

std::string asset(const std::string& name) { return (source_dir() / "assets" / name).string(); }
std::string out(const std::string& name) {
    fs::create_directories(output_dir() / "cli_input");
    return (output_dir() / "cli_input" / name).string();
}
CommandResult skinview(const std::string& args) { return run_command(quoted(kExe) + " " + args); }
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

TEST(CliInput, NonFiniteTimesAndNonPositiveSizesAreRefused) {
    const std::string render = "render " + quoted(asset("arm.glb")) + " -o " + quoted(out("x.png"));
    for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
             {render + " --time nan", "skinview render: --time 'nan': must be a number of at least 0"},
             {render + " --time inf", "skinview render: --time 'inf': must be a number of at least 0"},
             {render + " --time -inf", "skinview render: --time '-inf': must be a number of at least 0"},
             {render + " --time soon", "skinview render: --time 'soon': must be a number of at least 0"},
             // A clip's keys start at 0 or later: a negative time was drawn at 0 and labelled as asked.
             {render + " --time -0.5", "skinview render: --time '-0.5': must be a number of at least 0"},
             {"frame-table " + quoted(asset("arm.glb")) + " --time nan",
              "skinview frame-table: --time 'nan': must be a number of at least 0"},
             {"frame-table " + quoted(asset("arm.glb")) + " --time -5",
              "skinview frame-table: --time '-5': must be a number of at least 0"},
             {"diagnose " + quoted(asset("arm.glb")) + " --time inf",
              "skinview diagnose: --time 'inf': must be a number of at least 0"},
             {render + " --fps 0", "skinview render: --fps '0': must be a number greater than 0"},
             {render + " --frames -2",
              "skinview render: --frames '-2': must be a whole number greater than 0"},
             {render + " --frames 2.5",
              "skinview render: --frames '2.5': must be a whole number greater than 0"},
             {render + " --threshold -0.1",
              "skinview render: --threshold '-0.1': must be a number from 0 to 1"},
             // A fraction of the footprint: 5 would pass every comparison.
             {render + " --threshold 5", "skinview render: --threshold '5': must be a number from 0 to 1"},
             {render + " --fov 0", "skinview render: --fov '0': must be a number from 1 to 179"},
             {render + " --fov 0.5", "skinview render: --fov '0.5': must be a number from 1 to 179"},
             {"--window -640 " + quoted(asset("arm.glb")),
              "skinview: --window '-640': must be a whole number greater than 0"},
             {render + " --size -64x64",
              "skinview render: --size '-64x64': expected WIDTHxHEIGHT, each 1..8192"},
             {render + " --size 64x-64",
              "skinview render: --size '64x-64': expected WIDTHxHEIGHT, each 1..8192"},
         }) {
        const auto r = skinview(args);
        EXPECT_EQ(r.status, 2) << args;  // bad input, whichever parser refuses it
        EXPECT_EQ(first_line(r.err), message) << args;
    }
    // Negative control: the bounds themselves are inside (a time of 0, a threshold of 1).
    const auto ok = skinview(render + " --time 0 --threshold 1 --size 32x32");
    EXPECT_EQ(ok.status, 0) << ok.err;
}

TEST(CliInput, AuditPassesEveryValidKhronosSample) {
    const fs::path root = shared_assets().parent_path() / "khronos";
    if (!fs::is_directory(root)) GTEST_SKIP() << "no " << root;
    std::string files;
    size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && (e.path().extension() == ".gltf" || e.path().extension() == ".glb")) {
            files += " " + quoted(e.path().string());
            ++n;
        }
    const auto r = skinview("audit" + files);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    std::printf("audit over %zu sample files: exit %d\n", n, r.status);
}

TEST(CliInput, ARefusedFileIsNamedOnceInItsErrorLine) {
    const std::string path = out("version_one.gltf");
    std::ofstream(path) << R"({"asset": {"version": "1.0"}, "meshes": {"body": {}}, "skins": {"skin": {}}})";
    const auto r = skinview("audit " + quoted(path));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "skinview audit: " + path + ": glTF 1.0 is not supported (asset.version '1.0')\n");
    const auto t = skinview("frame-table " + quoted(path));
    EXPECT_EQ(t.status, 1);
    EXPECT_EQ(t.err, "skinview frame-table: " + path + ": glTF 1.0 is not supported (asset.version '1.0')\n");
}

TEST(CliInput, DiagnoseAndFrameTableAcceptASkinThatNoMeshDraws) {
    // The arm with a second skin carried by a node that has no mesh: legal glTF, drawn as the arm.
    Glb g = Glb::parse(anim::write_glb(anim::build_arm_asset()).value());
    g.json["skins"].push_back(g.json["skins"][0]);
    g.json["nodes"].push_back({{"name", "skin_only"}, {"skin", 1}});
    g.json["scenes"][0]["nodes"].push_back(g.json["nodes"].size() - 1);
    const std::string path = out("skin_no_mesh.glb");
    const auto bytes = g.pack();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<long>(bytes.size()));
    for (const std::string cmd : {"audit", "diagnose", "frame-table"}) {
        const auto r = skinview(cmd + " " + quoted(path));
        EXPECT_EQ(r.status, 0) << cmd << ": " << r.err;
    }
    const auto t = skinview("frame-table " + quoted(path));
    EXPECT_NE(t.out.find(path + ", skin 1 'ArmSkin': no mesh node draws it; no table"), std::string::npos)
        << t.out;
}

}  // namespace
}  // namespace sv::test
