// Compressed and quantized variants draw as their source: the project's arm written by glTF
// Transform (scripts/make-test-variants.sh) with EXT_meshopt_compression (vertices, indices and the
// animation, with the octahedral and quaternion filters), KHR_draco_mesh_compression and
// KHR_mesh_quantization, baked by
// `skinview bake` at bind and mid-clip and held vertex for vertex against the source's bake, and
// rendered against the source's render with `render --ref` at its default thresholds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <ostream>
#include <string>

#include "obj_reader.h"
#include "run_command.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;
const std::string kExe = SKINVIEW_EXE;

fs::path variant(const std::string& name) { return source_dir() / "tests" / "data" / "variants" / name; }
fs::path out_dir() {
    fs::create_directories(output_dir() / "variants");
    return output_dir() / "variants";
}

std::vector<glm::dvec3> all_vertices(const ObjFile& f) {
    std::vector<glm::dvec3> v;
    for (const auto& o : f.objects) v.insert(v.end(), o.vertices.begin(), o.vertices.end());
    return v;
}

// Baked vertices, or a failure message in `error`.
std::vector<glm::dvec3> bake(const fs::path& file, const std::string& pose, const std::string& source,
                             std::string& error) {
    // Named by the test and the pose as well: ctest runs tests as parallel processes, and two of
    // them bake the same source.
    std::string tag =
        ::testing::UnitTest::GetInstance()->current_test_info()->name() + std::string("_") + pose;
    for (char& c : tag)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    const std::string out = (out_dir() / (file.stem().string() + "_" + tag + "_" + source + ".obj")).string();
    const auto r = run_command(quoted(kExe) + " bake " + quoted(file.string()) + " " + pose + " --source " +
                               source + " -o " + quoted(out));
    if (r.status != 0) {
        error = "bake " + file.string() + " exited " + std::to_string(r.status) + ": " + r.err;
        return {};
    }
    const ObjFile obj = read_obj(out);
    if (!obj.ok()) error = obj.error;
    return all_vertices(obj);
}

// The largest distance from any vertex of either set to its nearest in the other: the encoders
// reorder vertices (meshopt optimises the vertex cache), so order is not compared.
double worst_nearest(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b) {
    double worst = 0;
    for (const auto* from : {&a, &b}) {
        const auto& to = from == &a ? b : a;
        for (const auto& p : *from) {
            double best = std::numeric_limits<double>::max();
            for (const auto& q : to) best = std::min(best, glm::length(p - q));
            worst = std::max(worst, best);
        }
    }
    return worst;
}

double diagonal(const std::vector<glm::dvec3>& v) {
    glm::dvec3 lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
    for (const auto& p : v) lo = glm::min(lo, p), hi = glm::max(hi, p);
    return glm::length(hi - lo);
}

// glTF Transform's defaults: 14-bit positions (one step 1/8191 of the arm's 2-unit height, about
// 1e-4 of its 2.5-unit diagonal), 16-bit quaternions for the bend (a 1e-4 rad step moves the
// hand 1e-4). 1e-3 of the diagonal leaves several steps of margin; the negative control below (the
// source at another instant of its clip) is far over it.
constexpr double kRelativeTolerance = 1e-3;

class Variant : public ::testing::TestWithParam<const char*> {};

TEST_P(Variant, BakesAsItsSourceOnCpuAndGpu) {
    const fs::path source = source_dir() / "assets" / "arm.glb";
    const fs::path file = variant(GetParam());
    ASSERT_TRUE(fs::exists(file)) << file << " (scripts/make-test-variants.sh writes it)";
    for (const std::string pose : {"--bind", "--clip 0 --time 0.4"}) {
        for (const std::string src : {"cpu", "gpu"}) {
            std::string error;
            const auto want = bake(source, pose, src, error);
            ASSERT_EQ(error, "");
            const auto got = bake(file, pose, src, error);
            ASSERT_EQ(error, "");
            ASSERT_EQ(got.size(), want.size()) << pose;
            const double worst = worst_nearest(want, got), body = diagonal(want);
            EXPECT_LE(worst, kRelativeTolerance * body) << GetParam() << " " << pose << " --source " << src;
            std::printf("%s %s --source %s: worst nearest vertex %.3g of the body diagonal\n", GetParam(),
                        pose.c_str(), src.c_str(), worst / body);
        }
    }
}

TEST_P(Variant, RendersWithinTheRefDefaultsOfItsSource) {
    // One reference per test: ctest runs the parameters as parallel processes.
    const std::string ref = (out_dir() / ("source_for_" + std::string(GetParam()) + ".png")).string();
    const std::string common = " --clip 0 --time 0.4 --size 320x240";
    // With its sidecar, so the copy is drawn from the reference's camera: framed anew on its own
    // bounds (continuous since #24) the quantized arm lands a sub-pixel away, 4 of 3,679 pixels
    // (0.11%) over the 0.1% budget; the snapped framing before happened to land on the same view.
    auto r = run_command(quoted(kExe) + " render " + quoted((source_dir() / "assets" / "arm.glb").string()) +
                         common + " --sidecar -o " + quoted(ref));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string got = (out_dir() / (std::string(GetParam()) + ".png")).string();
    r = run_command(quoted(kExe) + " render " + quoted(variant(GetParam()).string()) + common + " -o " +
                    quoted(got) + " --ref " + quoted(ref));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    std::printf("%s", r.out.c_str());
}

INSTANTIATE_TEST_SUITE_P(Arm, Variant,
                         ::testing::Values("arm_meshopt.glb", "arm_quantized.glb", "arm_draco.glb"),
                         [](const ::testing::TestParamInfo<const char*>& i) {
                             std::string s = i.param;
                             return s.substr(0, s.find('.'));
                         });

// The Khronos samples' Draco variants against their plain glTF: Draco welds and splits vertices
// at seams, so counts may differ and each vertex is held to its nearest in the other bake.
struct DracoCase {
    const char* model;
    const char* pose;
    // CesiumMan's Draco render differs from the plain one by 6-8% of the pixels, grid included,
    // while its baked vertices match both ways to 3.6e-4 of the diagonal: the camera is framed on
    // Character::drawn_bounds_over_clip, which poses a subsample of each skinned primitive's
    // vertices, and Draco's vertex order (3572 points for 3273) puts other vertices in the
    // subsample: its min x moves by 0.022 of a 1.5-unit figure, so every pixel shifts. Framing, not
    // decoding; the render check waits for framing on all vertices (or a fixed camera option).
    bool render = true;
};
void PrintTo(const DracoCase& c, std::ostream* os) { *os << c.model << " " << c.pose; }

class DracoVariant : public ::testing::TestWithParam<DracoCase> {};

fs::path khronos_file(const std::string& model, const std::string& folder) {
    return shared_assets().parent_path() / "khronos" / model / folder / (model + ".gltf");
}

TEST_P(DracoVariant, BakesAndRendersAsThePlainFile) {
    const DracoCase& c = GetParam();
    const fs::path plain = khronos_file(c.model, "glTF"), draco = khronos_file(c.model, "glTF-Draco");
    if (!fs::exists(plain) || !fs::exists(draco)) GTEST_SKIP() << "no " << draco;
    std::string error;
    const auto want = bake(plain, c.pose, "cpu", error);
    ASSERT_EQ(error, "");
    const auto got = bake(draco, c.pose, "cpu", error);
    ASSERT_EQ(error, "");
    // The samples' Draco streams quantize positions to 14 bits or fewer: measured worst 3.6e-4 of
    // the diagonal (CesiumMan); 1e-3 leaves margin and is still far under a limb out of place.
    const double worst = worst_nearest(want, got), body = diagonal(want);
    EXPECT_LE(worst, kRelativeTolerance * body) << c.model;
    std::printf("%s Draco %s: %zu and %zu vertices, worst nearest %.3g of the body diagonal\n", c.model,
                c.pose, want.size(), got.size(), worst / body);
    if (!c.render) return;
    const std::string ref = (out_dir() / (std::string(c.model) + "_plain.png")).string();
    const std::string img = (out_dir() / (std::string(c.model) + "_draco.png")).string();
    // Compared in the unlit normals view: the samples' Draco streams also quantize texture
    // coordinates and normals (8 to 12 bits), which the lit view turns into moved checker edges
    // and highlights (MorphPrimitivesTest: 5.4% of its footprint lit, 0.03% in this view) though
    // no vertex is out of place; the geometry and its normals are what the decoder must get right.
    // And a budget of 0.5% of the footprint rather than the default 0.1%: Draco moves vertices by up
    // to 3.6e-4 of the body (the bake above), a tenth of a pixel here, which flips the silhouette
    // pixels whose centres lie that close to an edge (measured 0.31% on RiggedFigure, 0.20% on
    // RiggedSimple). A forearm turned 1 degree is 1.1% (tests/screenshot/ref_defaults), so a wrong
    // decode of a limb still fails; the project's own arm variants keep the default budget.
    const std::string common = std::string(" ") + c.pose + " --size 320x240 --view normals --threshold 0.005";
    auto r = run_command(quoted(kExe) + " render " + quoted(plain.string()) + common + " -o " + quoted(ref));
    ASSERT_EQ(r.status, 0) << r.err;
    r = run_command(quoted(kExe) + " render " + quoted(draco.string()) + common + " -o " + quoted(img) +
                    " --ref " + quoted(ref));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    std::printf("%s", r.out.c_str());
}

INSTANTIATE_TEST_SUITE_P(Khronos, DracoVariant,
                         ::testing::Values(DracoCase{"CesiumMan", "--clip 0 --time 0.5", false},
                                           DracoCase{"RiggedFigure", "--clip 0 --time 0.5"},
                                           DracoCase{"RiggedSimple", "--clip 0 --time 0.5"},
                                           DracoCase{"MorphPrimitivesTest", "--bind"},
                                           DracoCase{"Duck", "--bind"}),
                         [](const ::testing::TestParamInfo<DracoCase>& i) {
                             return std::string(i.param.model);
                         });

TEST(VariantNegativeControl, TheSourceAtAnotherInstantIsOverTheTolerance) {
    const fs::path source = source_dir() / "assets" / "arm.glb";
    std::string error;
    const auto a = bake(source, "--clip 0 --time 0.4", "cpu", error);
    ASSERT_EQ(error, "");
    const auto b = bake(variant("arm_meshopt.glb"), "--clip 0 --time 0.5", "cpu", error);
    ASSERT_EQ(error, "");
    EXPECT_GT(worst_nearest(a, b), kRelativeTolerance * diagonal(a));
}

}  // namespace
}  // namespace sv::test
