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

// Unsaved work is the view now against the view last opened, saved or loaded, on the pose keys.
TEST(QuitGuard, QuitsAtOnceWithNothingToLoseAndAsksWhenThePoseKeysDiffer) {
    ui::View opened;
    opened.clock.clip = "walk";
    ui::QuitGuard q;
    q.mark_saved(opened);
    ui::View now = opened;
    EXPECT_EQ(q.unsaved(now), "");
    EXPECT_TRUE(q.request(now)) << "nothing to lose: Esc quits at once";
    EXPECT_FALSE(q.dialog_open);
    // Where the user looks is no work: time, camera, correction, tab.
    now.clock.time = 0.7, now.camera.yaw_degrees = 40.0, now.skin.correction = false,
    now.panels.tab = "joints";
    EXPECT_EQ(q.unsaved(now), "");

    now.pose.edits = {{"LeftForeArm", {30.0, 0.0, 0.0}}};
    EXPECT_EQ(q.unsaved(now), "1 joint edited (Joints tab)");
    EXPECT_FALSE(q.request(now)) << "a pose edit no file holds: ask first";
    EXPECT_TRUE(q.dialog_open);
    EXPECT_EQ(q.lost, "1 joint edited (Joints tab)");
    q.cancel();
    EXPECT_FALSE(q.dialog_open);
    // Saved: nothing to lose again (it used to warn after a Save when the IK was on).
    q.mark_saved(now);
    EXPECT_TRUE(q.request(now));
    // Put back to none after the save: that is a change of what the file holds.
    ui::View back = now;
    back.pose.edits.clear();
    EXPECT_EQ(q.unsaved(back), "1 joint edited (Joints tab)");
    // An edit put back to zero is no edit.
    back.pose.edits = {{"LeftForeArm", {30.0, 0.0, 0.0}}, {"Head", {0.0, 0.0, 0.0}}};
    EXPECT_EQ(q.unsaved(back), "");

    // IK: on, then its handles moved; both are work, and Save keeps them (ik_target, ik_pole).
    now.pose.ik = true;
    now.pose.ik_target = {0.1, 0.2, 0.3};
    now.pose.ik_pole = {0.0, 0.0, 1.0};
    EXPECT_EQ(q.unsaved(now), "IK turned on (IK tab)");
    q.mark_saved(now);
    now.pose.ik_target = {0.1, 0.25, 0.3};
    EXPECT_EQ(q.unsaved(now), "the IK target or pole moved (IK tab)");
    now.pose.expressions = {{"happy", 1.0}};
    EXPECT_EQ(q.unsaved(now), "the IK target or pole moved (IK tab); expressions changed (Expressions tab)");
    EXPECT_FALSE(q.request(now));
    q.confirm();
    EXPECT_TRUE(q.confirmed);
    EXPECT_TRUE(q.request(now)) << "after the dialog's Quit, the quit goes through";
}

// An open (or a settings load) asks about the file it would open, and Cancel forgets it.
TEST(QuitGuard, AnOpenAsksAboutItsFileAndCancelForgetsIt) {
    ui::QuitGuard q;
    q.mark_saved(ui::View{});
    ui::View now;
    EXPECT_TRUE(q.request_action(now, ui::QuitGuard::Action::Open, "a.glb")) << "nothing to lose";
    now.pose.edits = {{"Hips", {0.0, 10.0, 0.0}}};
    EXPECT_FALSE(q.request_action(now, ui::QuitGuard::Action::Open, "a.glb"));
    EXPECT_TRUE(q.dialog_open);
    EXPECT_EQ(q.pending, ui::QuitGuard::Action::Open);
    EXPECT_EQ(q.pending_path, "a.glb");
    q.cancel();
    EXPECT_EQ(q.pending_path, "");
    EXPECT_FALSE(q.request_action(now, ui::QuitGuard::Action::LoadSettings, "v.json"));
    q.confirm();
    EXPECT_EQ(q.pending, ui::QuitGuard::Action::LoadSettings);
    q.done();
    EXPECT_FALSE(q.confirmed);
    EXPECT_FALSE(q.request(now)) << "a confirmed load is no confirmed quit";
}

// With the correction off the status line says the size the meshes are drawn at, measured both
// ways (FramePanel::measure_drawn_scale), never read off the folded scale: Xbot's 100x fold draws it
// about 74x too SMALL with a dual quaternion rung (the fold's scale cannot be carried, the mesh
// node's 0.01 is), which the status line called "100x too large". The built-in Mixamo character's
// soup, posed, spans 1.3x its corrected box: under the 1.5x threshold, no size is claimed.
TEST(FramePanel, TheCorrectionOffMessageSaysTheSizeTheMeshIsDrawnAt) {
    // Posed at its clip's start, as the viewer shows it: the soup's pieces are 100x small but spread
    // over about the character's own extent, so the box says no size.
    anim::Character builtin = load_mixamo();
    ui::ViewerModel m;
    m.attach(builtin);
    const double b = ui::FramePanel::measure_drawn_scale(builtin);
    std::printf("[ measure ] humanoid_mixamo at its clip's start: drawn %.4g times its corrected size\n", b);
    ASSERT_LT(std::abs(std::log(b)), std::log(1.5));
    EXPECT_EQ(ui::FramePanel::correction_hint(builtin, false, b),
              "correction off: mesh 'Body' drawn in the file's frame: press C");
    const std::string xbot = test::shared_asset("Xbot.glb");
    if (xbot.empty()) {
        if (test::in_ci()) FAIL() << test::shared_missing_message("Xbot.glb");
        GTEST_SKIP() << test::shared_missing_message("Xbot.glb");
    }
    auto asset = anim::load_gltf(xbot);
    ASSERT_TRUE(asset) << asset.error().message;
    auto c = anim::Character::create(std::move(*asset));
    ASSERT_TRUE(c);
    const anim::Aabb on = c->drawn_bounds(true, nullptr, true);
    const anim::Aabb off = c->drawn_bounds(false, nullptr, true);
    const double ratio = glm::length(off.max - off.min) / glm::length(on.max - on.min);
    std::printf("[ measure ] Xbot: drawn box diagonal %.4g m with the correction off, %.4g m on\n",
                glm::length(off.max - off.min), glm::length(on.max - on.min));
    const double measured = ui::FramePanel::measure_drawn_scale(*c);
    EXPECT_NEAR(measured, ratio, 1e-9 * ratio);
    ASSERT_LT(ratio, 1.0 / 1.5) << "Xbot with the correction off should be drawn far smaller";
    EXPECT_EQ(ui::FramePanel::correction_hint(*c, false, measured),
              "correction off: mesh 'Beta_Joints' drawn " + ui::format_number(1.0 / ratio) +
                  "x too small: press C");
    // The Frame tab's verdict with the switch off is no "corrected".
    const auto& mesh = c->skinned_meshes()[0];
    EXPECT_EQ(ui::FramePanel::verdict_line(mesh, false).rfind("not corrected (correction off)", 0), 0u)
        << ui::FramePanel::verdict_line(mesh, false);
    EXPECT_EQ(ui::FramePanel::verdict_line(mesh, true).find("not corrected"), std::string::npos);
}

}  // namespace quit_and_truth
