// The Khronos sample models as goldens, each at two times of its first clip: node animation on plain
// meshes (AnimatedCube, AnimatedTriangle), morph targets (SimpleMorph, AnimatedMorphCube) and skins
// (RiggedSimple, RiggedFigure, CesiumMan, SimpleSkin). The positions themselves are held against an
// independent evaluation of the specification by tests/gl/bake; these goldens keep the picture
// (camera, materials, what is drawn at all). The control: each model at its first time must fail its
// golden at the second, so a model that stopped animating cannot pass.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "golden_scene.h"
#include "render/context.h"
#include "scene_session.h"
#include "test_paths.h"

namespace {

using namespace sv;

constexpr int kSize = 384;  // the suite's golden size (a finger several pixels wide on a character)

struct Model {
    std::string name;  // golden prefix
    std::string file;  // under ../shared/khronos
};

void PrintTo(const Model& m, std::ostream* os) { *os << m.name; }

// The two times: a third and two thirds into the first clip, where every one of these models is
// away from its rest pose and from its other time.
float time_of(const anim::Character& c, int which) {
    const auto& clips = c.asset().clips;
    const float d = clips.empty() ? 0.0f : clips[0].duration;
    return d * (which == 0 ? 1.0f / 3.0f : 2.0f / 3.0f);
}

struct Shot {
    std::unique_ptr<render::Context> ctx;
    std::unique_ptr<viewer::SceneSession> session;
    test::SceneFrame frame;
};

Shot render_at(const std::string& path, int which) {
    Shot s;
    auto ctx = render::create_headless_context(render::Api::GL);
    EXPECT_TRUE(ctx.ok()) << (ctx.ok() ? "" : ctx.error().message);
    if (!ctx) return s;
    s.ctx = std::move(*ctx);
    auto session = viewer::SceneSession::open(path, render::Api::GL);
    EXPECT_TRUE(session.ok()) << (session.ok() ? "" : session.error().message);
    if (!session) return s;
    s.session = std::move(*session);
    viewer::SceneOptions o;
    o.width = o.height = kSize;  // framed for the square it is drawn in
    o.time = time_of(s.session->character(), which);
    EXPECT_TRUE(s.session->apply(o).ok());
    s.session->state().loop = false;
    s.session->pose();
    auto f = test::capture(*s.session, kSize, kSize);
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().message);
    if (f) s.frame = std::move(*f);
    return s;
}

class KhronosGolden : public ::testing::TestWithParam<Model> {};

TEST_P(KhronosGolden, MatchesItsGoldenAtTwoTimes) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "../khronos/" + GetParam().file);
    for (int which = 0; which < 2; ++which) {
        const Shot s = render_at(path, which);
        ASSERT_TRUE(s.session);
        const std::string golden = "khronos_" + GetParam().name + (which == 0 ? "_t1" : "_t2");
        test::expect_scene_matches_golden(s.frame, golden, golden);
    }
}

TEST_P(KhronosGolden, ControlTheFirstTimeFailsTheSecondTimesGolden) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "../khronos/" + GetParam().file);
    if (test::blessing()) GTEST_SKIP() << "blessing";
    const Shot s = render_at(path, 0);
    ASSERT_TRUE(s.session);
    const test::SceneOutcome o = test::check_scene_golden(s.frame, "khronos_" + GetParam().name + "_t2",
                                                          "khronos_" + GetParam().name + "_t1_vs_t2");
    ASSERT_TRUE(o.compared) << o.message;
    EXPECT_FALSE(o.match) << "the model looks the same at both times: " << o.message;
    std::printf("[ control ] %s\n", o.message.c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Models, KhronosGolden,
    ::testing::Values(Model{"AnimatedCube", "AnimatedCube/glTF/AnimatedCube.gltf"},
                      Model{"AnimatedTriangle", "AnimatedTriangle/glTF/AnimatedTriangle.gltf"},
                      Model{"SimpleMorph", "SimpleMorph/glTF/SimpleMorph.gltf"},
                      Model{"AnimatedMorphCube", "AnimatedMorphCube/glTF/AnimatedMorphCube.gltf"},
                      Model{"RiggedSimple", "RiggedSimple/glTF/RiggedSimple.gltf"},
                      Model{"RiggedFigure", "RiggedFigure/glTF/RiggedFigure.gltf"},
                      Model{"CesiumMan", "CesiumMan/glTF/CesiumMan.gltf"},
                      Model{"SimpleSkin", "SimpleSkin/glTF/SimpleSkin.gltf"}),
    [](const ::testing::TestParamInfo<Model>& i) { return i.param.name; });

}  // namespace
