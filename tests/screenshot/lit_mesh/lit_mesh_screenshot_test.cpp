// The first screenshot test: a lit torus the project generates itself, rendered headless at a
// fixed camera and held against a golden PNG, on both APIs.
#include <gtest/gtest.h>

#include <cstdio>
#include <glm/gtc/matrix_transform.hpp>

#include "api_print.h"
#include "golden.h"
#include "render/camera.h"
#include "render/context.h"
#include "render/gpu_mesh.h"
#include "render/lit_mesh_pass.h"
#include "render/procedural_mesh.h"
#include "render/render_target.h"

namespace sv::render {
namespace {

Expected<RgbaImage> render_torus(Api api, float tilt_degrees = 25.0f) {
    auto ctx = create_headless_context(api);
    if (!ctx) return ctx.error();
    RenderTarget target;
    if (auto s = target.resize(160, 120); !s) return s.error();
    auto pass = LitMeshPass::create(api);
    if (!pass) return pass.error();
    auto mesh = GpuMesh::upload(make_torus(1.0f, 0.35f, 48, 24));
    if (!mesh) return mesh.error();
    OrbitCamera camera;
    camera.target = glm::vec3(0.0f);
    camera.distance = 4.0f;
    camera.pitch_degrees = 35.0f;
    camera.yaw_degrees = 20.0f;
    target.bind();
    glEnable(GL_DEPTH_TEST);
    glClearColor(0.1f, 0.12f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const glm::mat4 model =
        glm::rotate(glm::mat4(1.0f), glm::radians(tilt_degrees), glm::vec3(1.0f, 0.0f, 0.0f));
    pass->draw(*mesh, model, camera.projection(160.0f / 120.0f) * camera.view(),
               glm::vec4(0.85f, 0.45f, 0.2f, 1.0f));
    return target.read();
}

class LitMeshScreenshot : public ::testing::TestWithParam<Api> {};

TEST_P(LitMeshScreenshot, MatchesGolden) {
    auto image = render_torus(GetParam());
    ASSERT_TRUE(image.ok()) << image.error().message;
    test::expect_matches_golden(*image, "lit_torus", std::string("lit_torus_") + api_name(GetParam()));
}

// The negative control: a realistic wrong image, the same torus tilted 2 degrees further (a small
// change of pose, the kind of error the suite exists to catch), must be reported as a mismatch by
// the default comparison; and the same render twice must match, so the control fails for the tilt.
TEST_P(LitMeshScreenshot, SlightlyTiltedTorusIsAMismatch) {
    auto image = render_torus(GetParam());
    auto again = render_torus(GetParam());
    auto tilted = render_torus(GetParam(), 27.0f);
    ASSERT_TRUE(image.ok() && again.ok() && tilted.ok());
    auto same = compare_images(*image, *again);
    ASSERT_TRUE(same.ok());
    EXPECT_TRUE(same->match) << same->summary();
    EXPECT_EQ(same->differing_pixels, 0) << same->summary();
    auto r = compare_images(*image, *tilted);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r->match) << r->summary();
    std::printf("[ figures ] torus tilted 2 degrees: %s\n", r->summary().c_str());
}

// A golden that is wrong on disk fails through the same path the real tests take. The wrong
// golden is the same torus tilted 5 degrees further: a small change of pose, the kind of error the
// suite exists to catch, not a different picture altogether.
TEST_P(LitMeshScreenshot, DeliberatelyWrongGoldenFileFails) {
    if (test::blessing()) {
        auto wrong = render_torus(GetParam(), 30.0f);
        ASSERT_TRUE(wrong.ok()) << wrong.error().message;
        test::expect_matches_golden(*wrong, "lit_torus_wrong", "lit_torus_wrong");
        return;
    }
    auto image = render_torus(GetParam());
    ASSERT_TRUE(image.ok()) << image.error().message;
    auto outcome = test::check_against_golden(*image, "lit_torus_wrong",
                                              std::string("lit_torus_wrong_") + api_name(GetParam()));
    ASSERT_TRUE(outcome.compared) << outcome.message;
    EXPECT_FALSE(outcome.match) << outcome.message;
    EXPECT_TRUE(std::filesystem::exists(outcome.actual_path)) << outcome.actual_path;
    EXPECT_TRUE(std::filesystem::exists(outcome.diff_path)) << outcome.diff_path;
}

INSTANTIATE_TEST_SUITE_P(Apis, LitMeshScreenshot, ::testing::Values(Api::GL, Api::GLES),
                         [](const auto& info) { return std::string(api_name(info.param)); });

}  // namespace
}  // namespace sv::render
