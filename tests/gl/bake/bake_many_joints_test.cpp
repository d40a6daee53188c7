// `skinview bake` on a skin of 1024 joints (two palette rows), the generated sunflower
// (anim/asset_tools/many_joint_builder.h) written to disk through anim/gltf/gltf_write.h: baked by
// the CPU reference and by the GPU at two instants of its clip, every vertex held to the
// independent specification evaluator (tests/support/gltf_spec_evaluator.h) within 1e-5 of the body,
// the dense-time tier's tolerance (bake_dense_gpu_test.cpp says why it holds for linear blending).
//
// Negative control: the evaluator given joint 1023's inverse bind (the last joint of the second
// row, which one vertex in every few carries at 0.04) scaled by 1.01 fails the same bakes.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "anim/asset_tools/many_joint_builder.h"
#include "anim/gltf/gltf_write.h"
#include "bake_compare.h"
#include "gltf_spec_evaluator.h"
#include "obj_reader.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

constexpr double kRelativeTolerance = 1e-5;
constexpr int kJoints = 1024;

fs::path sunflower_file() {
    const fs::path dir = output_dir() / "bake";
    fs::create_directories(dir);
    const fs::path path = dir / "sunflower_1024.glb";
    const Status s = anim::write_gltf_file(anim::build_many_joint_asset(kJoints), path.string());
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    return path;
}

std::string bake(const fs::path& file, double time, const std::string& source, const fs::path& out) {
    char t[64];
    std::snprintf(t, sizeof t, "%.17g", time);
    const std::string args = " bake " + quoted(file.string()) + " --clip 0 --time " + t +
                             " --skinning lbs --correction on --source " + source + " -o " +
                             quoted(out.string());
    std::error_code ec;
    fs::remove(out, ec);
    const CommandResult r = run_command(quoted(SKINVIEW_EXE) + args);
    if (r.status != 0) return "skinview" + args + " exited " + std::to_string(r.status) + ": " + r.err;
    return "";
}

TEST(BakeManyJoints, A1024JointSkinBakesToTheSpecificationOnCpuAndGpu) {
    const fs::path file = sunflower_file();
    tinygltf::Model model, perturbed;
    ASSERT_EQ(spec::load_model(file.string(), &model), "");
    ASSERT_EQ(model.skins.size(), 1u);
    ASSERT_EQ(model.skins[0].joints.size(), static_cast<size_t>(kJoints));
    perturbed = model;
    ASSERT_EQ(spec::scale_inverse_bind(&perturbed, 0, 1023, 1.01), "");
    for (double time : {0.6, 1.3}) {
        const spec::Evaluation want = spec::evaluate(model, 0, time);
        ASSERT_TRUE(want.ok()) << want.error;
        const spec::Evaluation wrong = spec::evaluate(perturbed, 0, time);
        ASSERT_TRUE(wrong.ok()) << wrong.error;
        const double tol = kRelativeTolerance * spec::body_size(want);
        for (const std::string source : {"cpu", "gpu"}) {
            const fs::path out = output_dir() / "bake" / ("sunflower_1024_" + source + ".obj");
            const std::string failed = bake(file, time, source, out);
            ASSERT_EQ(failed, "");
            const ObjFile got = read_obj(out.string());
            ASSERT_TRUE(got.ok()) << got.error;
            const BakeComparison c = compare_bake(want, got);
            EXPECT_EQ(c.structure_error, "");
            EXPECT_EQ(c.vertices, 24u * kJoints);
            EXPECT_LE(c.worst, tol) << source << " t=" << time << ": worst " << c.worst << " at "
                                    << c.worst_at << ", tolerance " << tol;
            const BakeComparison control = compare_bake(wrong, got);
            EXPECT_GT(control.worst, 10 * tol)
                << source << " t=" << time << ": the perturbed evaluator passed";
            std::printf(
                "1024 joints, --source %s t=%.1f: worst %.3g (tolerance %.3g, %zu vertices); joint 1023's "
                "inverse bind x1.01: %.3g\n",
                source.c_str(), time, c.worst, tol, c.vertices, control.worst);
        }
    }
}

}  // namespace
}  // namespace sv::test
