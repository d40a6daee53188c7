// The specification evaluator on the Khronos sample models (../shared/khronos), and the comparison
// the bake test runs (bake_compare.h), proved here on the CPU: an OBJ written from the evaluator at
// the bake format's precision matches it, and a 1% inverse-bind error is caught.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cinttypes>
#include <cstdio>
#include <filesystem>

#include "bake_compare.h"
#include "gltf_spec_evaluator.h"
#include "obj_reader.h"
#include "test_paths.h"

namespace sv::test {
namespace {

namespace fs = std::filesystem;

fs::path khronos() { return shared_assets().parent_path() / "khronos"; }

std::string khronos_file(const std::string& rel) {
    const fs::path p = khronos() / rel;
    return fs::exists(p) ? p.string() : std::string();
}

// What `skinview bake` writes, at its precision (%.9g). The evaluator has no indices, so a triangle
// primitive gets one stand-in face over its own first three vertices, enough for the face checks.
std::string as_obj(const spec::Evaluation& e) {
    std::string s = "# written by the test from the specification evaluator\n";
    char buf[128];
    size_t first = 1;
    for (const auto& p : e.primitives) {
        s += "o n" + std::to_string(p.node) + "_p" + std::to_string(p.primitive) + " " + p.node_name + "\n";
        for (const auto& v : p.positions) {
            std::snprintf(buf, sizeof buf, "v %.9g %.9g %.9g\n", v.x, v.y, v.z);
            s += buf;
        }
        if ((p.mode == 4 || p.mode == 5 || p.mode == 6) && p.positions.size() >= 3)
            s += "f " + std::to_string(first) + " " + std::to_string(first + 1) + " " +
                 std::to_string(first + 2) + "\n";
        first += p.positions.size();
    }
    return s;
}

// AnimatedTriangle rotates about z through keys 0, 90, 180, 270, 360 degrees at t = 0, 0.25 .. 1
// (the 270 key is stored as (0,0,0.707,-0.707) and the 360 key as (0,0,0,1), a negative dot: slerp
// must flip one to take the short way). Vertex (1,0,0) at angle a lands at (cos a, sin a, 0).
//   t=0.125: halfway 0 -> 90 = 45.   t=0.3: 90 + 0.2 x 90 = 108.   t=0.875: halfway 270 -> 360 = 315
//   (the long way would give 135).
TEST(SpecEvaluatorFiles, AnimatedTriangleSlerpsAlongTheShortArc) {
    const std::string path = khronos_file("AnimatedTriangle/glTF/AnimatedTriangle.gltf");
    if (path.empty()) {
        if (sv::test::in_ci())
            FAIL() << "CI is set: "
                   << "needs ../shared/khronos/AnimatedTriangle beside the project";
        GTEST_SKIP() << "needs ../shared/khronos/AnimatedTriangle beside the project";
    }
    tinygltf::Model m;
    ASSERT_EQ(spec::load_model(path, &m), "");
    const double pi = std::acos(-1.0);
    constexpr double kTol = 1e-9;  // keys normalised in double; the 45-degree multiples are exact directions
    for (const auto& [t, deg] :
         {std::pair{0.125, 45.0}, {0.3, 108.0}, {0.875, 315.0}, {0.0, 0.0}, {2.0, 0.0}}) {
        const auto e = spec::evaluate(m, 0, t);
        ASSERT_TRUE(e.ok()) << e.error;
        ASSERT_EQ(e.primitives.size(), 1u);
        const glm::dvec3 v = e.primitives[0].positions[1];
        const double a = deg * pi / 180;
        EXPECT_NEAR(v.x, std::cos(a), kTol) << "t=" << t;
        EXPECT_NEAR(v.y, std::sin(a), kTol) << "t=" << t;
        EXPECT_NEAR(v.z, 0.0, kTol) << "t=" << t;
    }
}

// Every sample model evaluates at bind and at three times of every clip, to finite positions; the
// Draco-compressed ones come back as an error string (not a crash, not zeros).
TEST(SpecEvaluatorFiles, EveryKhronosSampleEvaluatesOrIsRefusedWithAMessage) {
    if (!fs::exists(khronos())) {
        if (sv::test::in_ci())
            FAIL() << "CI is set: "
                   << "needs ../shared/khronos beside the project";
        GTEST_SKIP() << "needs ../shared/khronos beside the project";
    }
    int files = 0, refused = 0;
    for (const auto& entry : fs::recursive_directory_iterator(khronos())) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".gltf" && ext != ".glb") continue;
        const std::string path = entry.path().string();
        const bool draco = path.find("/glTF-Draco/") != std::string::npos;
        tinygltf::Model m;
        std::string err = spec::load_model(path, &m);
        for (int clip = -1; err.empty() && clip < static_cast<int>(m.animations.size()); ++clip) {
            const double d = spec::clip_duration(m, clip);
            for (double t : {0.0, 0.37 * d, d}) {
                const auto e = spec::evaluate(m, clip, t);
                if (!e.ok()) {
                    err = e.error;
                    break;
                }
                EXPECT_FALSE(e.primitives.empty()) << path;
                for (const auto& p : e.primitives)
                    for (const auto& v : p.positions)
                        ASSERT_TRUE(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z))
                            << path << " clip " << clip << " t " << t << " node " << p.node;
            }
        }
        ++files;
        if (draco) {
            EXPECT_FALSE(err.empty()) << path << ": a Draco file must be refused";
            ++refused;
        } else {
            EXPECT_EQ(err, "") << path;
        }
    }
    EXPECT_GT(files, 0);
    std::printf("evaluated %d sample files, %d Draco ones refused\n", files, refused);
}

// The bake comparison, run on the CPU alone: RiggedSimple's first clip at 0.37 of its duration
// written as the bake format and read back matches to %.9g's rounding (5e-9 relative); with joint
// 1's inverse bind scaled by 1.01 the same OBJ is off by far more than the bake test's tolerance.
TEST(SpecEvaluatorFiles, BakeComparisonPassesTheSameAnswerAndCatchesAOnePercentInverseBindError) {
    const std::string path = khronos_file("RiggedSimple/glTF-Binary/RiggedSimple.glb");
    if (path.empty()) {
        if (sv::test::in_ci())
            FAIL() << "CI is set: "
                   << "needs ../shared/khronos/RiggedSimple beside the project";
        GTEST_SKIP() << "needs ../shared/khronos/RiggedSimple beside the project";
    }
    tinygltf::Model m;
    ASSERT_EQ(spec::load_model(path, &m), "");
    const double t = 0.37 * spec::clip_duration(m, 0);
    const auto truth = spec::evaluate(m, 0, t);
    ASSERT_TRUE(truth.ok()) << truth.error;
    const double tol = 1e-4 * spec::body_size(truth);  // the bake test's tolerance (bake_spec_test.cpp)
    const ObjFile baked = parse_obj(as_obj(truth));
    ASSERT_TRUE(baked.ok()) << baked.error;

    const auto same = compare_bake(truth, baked);
    EXPECT_EQ(same.structure_error, "");
    EXPECT_GT(same.vertices, 0u);
    EXPECT_LT(same.worst, 1e-7 * spec::body_size(truth)) << same.worst_at;

    ASSERT_EQ(spec::scale_inverse_bind(&m, 0, 1, 1.01), "");
    const auto wrong = compare_bake(spec::evaluate(m, 0, t), baked);
    EXPECT_EQ(wrong.structure_error, "");
    EXPECT_GT(wrong.worst, tol) << "a 1% inverse-bind error must fail the bake comparison";
    std::printf(
        "RiggedSimple t=%.4g: body %.6g, tolerance %.3g, same %.3g, 1%% inverse bind %.3g (%.0fx over) at "
        "%s\n",
        t, spec::body_size(truth), tol, same.worst, wrong.worst, wrong.worst / tol, wrong.worst_at.c_str());
}

TEST(SpecEvaluatorFiles, BakeComparisonNamesAChangedObjectList) {
    spec::Evaluation e;
    e.primitives.push_back({3, 0, "Body", 4, {{0, 0, 0}, {1, 0, 0}}});
    ObjFile f = parse_obj("o n3_p0 Body\nv 0 0 0\nv 1 0 0\n");
    EXPECT_EQ(compare_bake(e, f).structure_error, "");
    f = parse_obj("o n3_p0 Bod\nv 0 0 0\nv 1 0 0\n");
    EXPECT_NE(compare_bake(e, f).structure_error.find("n3_p0 'Bod'"), std::string::npos);
    f = parse_obj("o n3_p0 Body\nv 0 0 0\n");
    EXPECT_NE(compare_bake(e, f).structure_error, "");
    f = parse_obj("o n3_p0 Body\nv 0 0 0\nv 1 0 0\no n4_p0 Body\nv 0 0 0\nv 1 0 0\n");
    EXPECT_NE(compare_bake(e, f).structure_error, "");
    // Faces: none on a points primitive (mode 0 here, as the evaluator reports it), and a triangle
    // primitive's faces index its own vertices (1-based over the file).
    e.primitives[0].mode = 0;
    f = parse_obj("o n3_p0 Body\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    e.primitives[0].positions.push_back({0, 1, 0});
    EXPECT_NE(compare_bake(e, f).structure_error.find("has faces but mode 0"), std::string::npos);
    e.primitives[0].mode = 4;
    EXPECT_EQ(compare_bake(e, f).structure_error, "");
    EXPECT_NE(compare_bake(e, parse_obj("o n3_p0 Body\nv 0 0 0\nv 1 0 0\nv 0 1 0\n"))
                  .structure_error.find("no faces"),
              std::string::npos);
    spec::Evaluation two = e;
    two.primitives.push_back({4, 0, "Head", 4, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}});
    f = parse_obj(
        "o n3_p0 Body\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no n4_p0 Head\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 4 5 "
        "6\n");
    EXPECT_EQ(compare_bake(two, f).structure_error, "");
    f = parse_obj(
        "o n3_p0 Body\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no n4_p0 Head\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 "
        "3\n");
    EXPECT_NE(compare_bake(two, f).structure_error.find("outside its vertices 4..6"), std::string::npos);

    e.primitives[0].positions.pop_back();
    e.primitives[0].mode = 0;
    f = parse_obj("o n3_p0 Body\nv 0 0 0\nv nan 0 0\n");
    const auto c = compare_bake(e, f);
    EXPECT_TRUE(std::isinf(c.worst)) << "a NaN vertex must count as the worst error";
    EXPECT_EQ(c.worst_at, "object n3_p0 'Body' vertex 1");
}

}  // namespace
}  // namespace sv::test
