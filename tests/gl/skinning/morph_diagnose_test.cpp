// diagnose covers morph targets and static meshes: the GPU's morphed, animated vertices against the
// CPU double reference, on both APIs. The control shows the comparison can see a missing morph:
// the reference unmorphed sits far outside the tolerance from the morphed one.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "anim/gltf/gltf_import.h"
#include "anim/scene/morph_targets.h"
#include "render/gpu_diagnose.h"
#include "scene_session.h"
#include "test_paths.h"

namespace {

using namespace sv;

class MorphDiagnose : public ::testing::TestWithParam<std::string> {};

TEST_P(MorphDiagnose, GpuMorphsMatchTheReferenceAndTheCheckSeesAMissingMorph) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "../khronos/AnimatedMorphCube/glTF/AnimatedMorphCube.gltf");
    viewer::SceneOptions o;
    o.file = path;
    o.api = GetParam();
    o.time = 1.2f;  // both targets weighted here (the clip ramps them in turn)
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    s.pose();
    const anim::Character& c = s.character();
    ASSERT_EQ(c.static_meshes().size(), 1u);
    const int node = c.static_meshes()[0].node;
    const auto& w = c.morph_weights(node);
    ASSERT_EQ(w.size(), 2u);
    ASSERT_TRUE(w[0] != 0.0f || w[1] != 0.0f)
        << "the pose must weight a target for this test to mean anything";

    auto d = render::diagnose(s.renderer(), c, {}, s.state().draw);
    ASSERT_TRUE(d.ok()) << d.error().message;
    // 1e-5 of the body: float positions, deltas and one matrix, a few roundings of 1e-7 each.
    const double tol = 1e-5 * d->body_size;
    EXPECT_GT(d->vertices, 0);
    EXPECT_LE(d->worst_error, tol) << d->summary();

    // Control: how far the morph moves the vertices, i.e. what a GPU ignoring it would be off by.
    const anim::Primitive& base =
        c.asset().meshes[static_cast<size_t>(c.static_meshes()[0].mesh)].primitives[0];
    anim::Primitive scratch;
    const anim::Primitive& m = anim::morphed(base, w, scratch);
    double moved = 0.0;
    for (size_t v = 0; v < base.positions.size(); ++v)
        moved = std::max(moved, double(glm::distance(base.positions[v], m.positions[v])));
    EXPECT_GT(moved, 100.0 * tol) << "an unmorphed GPU would pass unnoticed";
    std::printf("%s: %s; the morph moves vertices up to %.3g\n", GetParam().c_str(), d->summary().c_str(),
                moved);
}

INSTANTIATE_TEST_SUITE_P(Apis, MorphDiagnose, ::testing::Values("gl", "gles"));

}  // namespace
