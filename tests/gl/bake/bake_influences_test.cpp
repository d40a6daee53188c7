// `skinview bake` and `skinview diagnose` on a file with more than eight influences a vertex: a
// generated 12-influence skin (JOINTS_0..2) written to disk. bake --skinning lbs, from the CPU
// reference and from the GPU, is held against the specification evaluator within 1e-5 of the body
// (the dense tiers' tolerance: both bake paths meet it on every shared file); diagnose --json, on
// every rung, reports the GPU within 1e-5 of the body of the CPU reference. Negative control: the
// same file with its third set removed (and the eight renormalised, as skinview read it before #23)
// bakes far from the evaluator's full answer.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "anim/asset_tools/influence_builder.h"
#include "anim/gltf/gltf_write.h"
#include "bake_compare.h"
#include "gltf_spec_evaluator.h"
#include "influence_fixtures.h"
#include "obj_reader.h"
#include "run_command.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINVIEW_EXE;
constexpr double kRelativeTolerance = 1e-5;

fs::path dir() {
    const fs::path d = output_dir() / "bake_influences";
    fs::create_directories(d);
    return d;
}

std::string written(const anim::Asset& a, const std::string& name) {
    const std::string path = (dir() / name).string();
    const Status st = anim::write_gltf_file(a, path);
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
    return path;
}

// Bakes `file` at clip 0, `time`; returns the OBJ or fails the test with skinview's stderr.
ObjFile bake(const std::string& file, double time, const std::string& source, const std::string& out) {
    char t[64];
    std::snprintf(t, sizeof t, "%.17g", time);
    const std::string cmd = quoted(kExe) + " bake " + quoted(file) + " --clip 0 --time " + t +
                            " --skinning lbs --correction on --source " + source + " -o " + quoted(out);
    const CommandResult r = run_command(cmd);
    EXPECT_EQ(r.status, 0) << cmd << ": " << r.err;
    return read_obj(out);
}

TEST(BakeInfluences, TwelveInfluencesBakeToTheSpecificationOnCpuAndGpu) {
    // A name a test: ctest may run this binary's tests side by side.
    const std::string file = written(anim::build_many_influence_asset(12), "tentacle_12_bake.glb");
    tinygltf::Model model;
    ASSERT_EQ(spec::load_model(file, &model), "");
    ASSERT_TRUE(model.meshes[0].primitives[0].attributes.count("JOINTS_2"));
    double worst_ratio = 0.0;
    for (double time : {0.0, 0.45, 1.2, 1.85}) {
        const spec::Evaluation want = spec::evaluate(model, 0, time);
        ASSERT_TRUE(want.ok()) << want.error;
        const double tol = kRelativeTolerance * spec::body_size(want);
        for (const std::string source : {"cpu", "gpu"}) {
            const std::string out =
                (dir() / ("tentacle_12_" + source + "_" + std::to_string(int(time * 100)) + ".obj")).string();
            const ObjFile got = bake(file, time, source, out);
            ASSERT_TRUE(got.ok()) << got.error;
            const BakeComparison c = compare_bake(want, got);
            EXPECT_EQ(c.structure_error, "");
            EXPECT_LE(c.worst, tol) << source << " t=" << time << ": worst " << c.worst << " at "
                                    << c.worst_at;
            worst_ratio = std::max(worst_ratio, c.worst / tol);
        }
    }
    std::printf("bake, 12 influences: worst %.3g of the tolerance (cpu and gpu, 4 times)\n", worst_ratio);
}

TEST(BakeInfluences, DiagnoseOnEveryRungIsWithinTheReadBackTolerance) {
    const std::string file = written(anim::build_many_influence_asset(12), "tentacle_12_diagnose.glb");
    for (const std::string rung : {"dqs", "dqs-scale", "lbs"}) {
        const std::string cmd =
            quoted(kExe) + " diagnose " + quoted(file) + " --json --time 1.3 --skinning " + rung;
        const CommandResult r = run_command(cmd);
        ASSERT_EQ(r.status, 0) << cmd << ": " << r.err;
        const auto j = nlohmann::json::parse(r.out);
        const double worst = j["worst_error"], body = j["body_size"];
        EXPECT_GT(j["vertices"].get<long>(), 0);
        EXPECT_LT(worst, 1e-5 * body) << rung << ": " << r.out;
        std::printf("diagnose --skinning %s, 12 influences: worst %.3g of the body\n", rung.c_str(),
                    worst / body);
    }
}

TEST(BakeInfluencesNegativeControl, TheFileWithoutItsThirdSetBakesFarFromTheFullAnswer) {
    const anim::Asset full = anim::build_many_influence_asset(12);
    const std::string file = written(full, "tentacle_12_control.glb");
    const std::string cut = written(drop_influences_past_eight(full), "tentacle_12_two_sets.glb");
    tinygltf::Model model, cut_model;
    ASSERT_EQ(spec::load_model(file, &model), "");
    ASSERT_EQ(spec::load_model(cut, &cut_model), "");
    ASSERT_FALSE(cut_model.meshes[0].primitives[0].attributes.count("JOINTS_2"));
    const spec::Evaluation want = spec::evaluate(model, 0, 1.2);
    ASSERT_TRUE(want.ok()) << want.error;
    const double tol = kRelativeTolerance * spec::body_size(want);
    const ObjFile got = bake(cut, 1.2, "gpu", (dir() / "tentacle_12_two_sets.obj").string());
    ASSERT_TRUE(got.ok()) << got.error;
    const BakeComparison c = compare_bake(want, got);
    EXPECT_EQ(c.structure_error, "");
    std::printf("bake of the file without its third set: worst %.3g of the tolerance\n", c.worst / tol);
    EXPECT_GT(c.worst, 10.0 * tol);
}

}  // namespace
}  // namespace sv::test
