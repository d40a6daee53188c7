// The "weights: all joints" view of the built-in character (tests/golden/humanoid_all_weights.png):
// the walk at 0.8 s, every joint its own hue, blended across each joint's rings. Negative
// controls: the single-joint weights view of the same frame (same silhouette, other colours) and
// the all-joints view with the left forearm turned 30 degrees (same colours, another shape) both
// fail the golden, so it holds both the colours and the skinning under them.
#include <gtest/gtest.h>

#include <tuple>

#include "golden_scene.h"
#include "pose_edit.h"
#include "scene_session.h"

namespace sv::viewer {
namespace {

Expected<test::SceneFrame> all_weights_frame(render::DebugView view, bool turn_forearm) {
    SceneOptions o;
    o.file = (test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    o.time = 0.8f;
    auto h = open_headless(o);
    if (!h) return h.error();
    SceneSession& s = *h->session;
    s.state().draw.debug_view = view;
    s.state().draw.selected_skin = 0;
    s.state().draw.selected_joint = test::find_joint(s.character().skins()[0].skeleton, "LeftForeArm");
    s.pose();
    if (turn_forearm)
        if (auto st = test::turn_joint(s, "LeftForeArm", 30.0f); !st) return st.error();
    return test::capture(s, 640, 480);
}

TEST(AllWeightsGolden, TheBuiltInCharacterInTheAllJointsView) {
    auto f = all_weights_frame(render::DebugView::AllWeights, false);
    ASSERT_TRUE(f.ok()) << f.error().message;
    test::expect_scene_matches_golden(*f, "humanoid_all_weights", "humanoid_all_weights");
    if (test::blessing()) return;
    for (const auto& [label, stem, view, turn] :
         {std::tuple{"single-joint weights view", "single", render::DebugView::Weights, false},
          std::tuple{"forearm turned 30 degrees", "turned", render::DebugView::AllWeights, true}}) {
        auto bad = all_weights_frame(view, turn);
        ASSERT_TRUE(bad.ok()) << bad.error().message;
        const test::SceneOutcome o = test::check_scene_golden(*bad, "humanoid_all_weights",
                                                              std::string("humanoid_all_weights_") + stem);
        EXPECT_TRUE(o.compared) << o.message;
        EXPECT_FALSE(o.match) << label << " passed the all-joints golden: " << o.message;
        std::printf("[ measure ] control '%s': %s\n", label, o.report.text().c_str());
    }
}

}  // namespace
}  // namespace sv::viewer
