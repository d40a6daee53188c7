// The command line meeting bad numbers and other people's files: non-finite times and
// non-positive sizes are refused by the option parser with a sentence; every valid Khronos sample
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
             {render + " --time nan", "--time: 'nan' is not a finite number"},
             {render + " --time inf", "--time: 'inf' is not a finite number"},
             {render + " --time -inf", "--time: '-inf' is not a finite number"},
             {render + " --time soon", "--time: 'soon' is not a number"},
             {"frame-table " + quoted(asset("arm.glb")) + " --time nan",
              "--time: 'nan' is not a finite number"},
             {"diagnose " + quoted(asset("arm.glb")) + " --time inf", "--time: 'inf' is not a finite number"},
             {render + " --fps 0", "--fps: '0' must be greater than 0"},
             {render + " --frames -2", "--frames: '-2' must be greater than 0"},
             {render + " --threshold -0.1", "--threshold: '-0.1' must be at least 0"},
             {"--window -640 " + quoted(asset("arm.glb")), "--window: '-640' must be greater than 0"},
             {render + " --size -64x64",
              "skinview render: --size '-64x64': expected WIDTHxHEIGHT, each 1..8192"},
             {render + " --size 64x-64",
              "skinview render: --size '64x-64': expected WIDTHxHEIGHT, each 1..8192"},
         }) {
        const auto r = skinview(args);
        EXPECT_EQ(r.status, 2) << args;  // bad input, whichever parser refuses it
        EXPECT_EQ(first_line(r.err), message) << args;
    }
    // Negative control: a finite negative time is a time before the first key, not an error.
    const auto ok = skinview(render + " --time -0.5 --size 32x32");
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
