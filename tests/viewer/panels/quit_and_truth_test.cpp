// Issue 35's panel logic: what a quit would lose (ui/quit_guard.h), and the status line's and the
// Frame tab's words with the correction off, held against the size the meshes are drawn at.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "anim/gltf/gltf_import.h"
#include "test_paths.h"
#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui/quit_guard.h"
#include "ui/viewer_model.h"

namespace quit_and_truth {

using namespace sv;

anim::Character load_mixamo() {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

TEST(QuitGuard, QuitsAtOnceWithNothingToLoseAndAsksWithPoseEditsOrMovedHandles) {
    anim::Character c = load_mixamo();
    ui::ViewerModel m;
    m.attach(c);
    ui::QuitGuard q;
    q.mark_saved(m);
    EXPECT_EQ(q.unsaved(m), "");
    EXPECT_TRUE(q.request(m)) << "nothing to lose: Esc quits at once";
    EXPECT_FALSE(q.dialog_open);

    const int node = c.asset().skins[0].joints[3];
    m.pose_edits.set(node, glm::dvec3(30.0, 0.0, 0.0));
    EXPECT_EQ(q.unsaved(m), "1 joint edited (Joints tab)");
    EXPECT_FALSE(q.request(m)) << "a pose edit no file holds: ask first";
    EXPECT_TRUE(q.dialog_open);
    q.cancel();
    EXPECT_FALSE(q.dialog_open);
    // Saved (the settings hold pose_edits): nothing to lose again.
    q.saved_pose_revision = m.pose_edits.revision;
    EXPECT_TRUE(q.request(m));
    // Turned back to none after a save: nothing is lost either.
    m.pose_edits.reset_all();
    EXPECT_EQ(q.unsaved(m), "");

    // The IK handles are in no file: moved by hand, they are work; placed by the chain, not.
    m.ik.enabled = true;
    m.ik.moved_by_hand = true;
    EXPECT_EQ(q.unsaved(m), "the IK target or pole moved by hand");
    m.ik.place_on_pose(c.skins()[0].skeleton);
    if (m.ik.chain.tip >= 0) EXPECT_EQ(q.unsaved(m), "");
    m.ik.moved_by_hand = true;
    EXPECT_FALSE(q.request(m));
    q.confirm();
    EXPECT_TRUE(q.confirmed);
    EXPECT_TRUE(q.request(m)) << "after the dialog's Quit, the quit goes through";
}

// The built-in Mixamo character's mesh node carries the 0.01 its joints fold back to 100x. With a
// dual quaternion rung the fold's scale cannot be carried, so with the correction off the mesh is
// drawn at the node's 0.01: 100x too small. The status line used to say "100x too large" from the
// folded scale's 100 alone; it now says what the two drawn boxes measure.
TEST(FramePanel, TheCorrectionOffMessageSaysTheSizeTheMeshIsDrawnAt) {
    anim::Character c = load_mixamo();
    c.set_correction(true);
    const anim::Aabb on = c.drawn_bounds(nullptr, true);
    c.set_correction(false);
    const anim::Aabb off = c.drawn_bounds(nullptr, true);
    ASSERT_FALSE(on.empty());
    ASSERT_FALSE(off.empty());
    const double ratio = glm::length(off.max - off.min) / glm::length(on.max - on.min);
    std::printf("[ measure ] humanoid_mixamo: drawn box diagonal %.4g m off, %.4g m on (ratio %.4g)\n",
                glm::length(off.max - off.min), glm::length(on.max - on.min), ratio);
    const double measured = ui::FramePanel::measure_drawn_scale(c);
    EXPECT_NEAR(measured, ratio, 1e-9 * ratio);
    EXPECT_FALSE(c.correction()) << "measuring flips the switch back";
    const std::string hint = ui::FramePanel::correction_hint(c, measured);
    const bool smaller = ratio < 1.0;
    const double by = smaller ? 1.0 / ratio : ratio;
    EXPECT_EQ(hint, "correction off: mesh 'Body' drawn " + ui::format_number(by) + "x too " +
                        (smaller ? "small" : "large") + ": press C");
    EXPECT_GT(by, 1.5) << "the fold should show in the drawing one way or the other";
    // Without a measurement it claims no direction.
    EXPECT_EQ(ui::FramePanel::correction_hint(c),
              "correction off: mesh 'Body' drawn in the file's frame (folded 100x): press C");
    // The Frame tab's verdict with the switch off is no "corrected".
    const auto& mesh = c.skinned_meshes()[0];
    EXPECT_EQ(ui::FramePanel::verdict_line(mesh, false).rfind("not corrected (correction off)", 0), 0u)
        << ui::FramePanel::verdict_line(mesh, false);
    EXPECT_EQ(ui::FramePanel::verdict_line(mesh, true).find("not corrected"), std::string::npos);
}

}  // namespace quit_and_truth
