// The models behind issue 15's viewer items: the number rule, the scene tree, the status line's
// correction hint, the joints bar plot, stale diagnose results and the heat-map colour bar.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/gltf/gltf_import.h"
#include "render/camera.h"
#include "test_paths.h"
#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui/heat_legend.h"
#include "ui/picking.h"
#include "ui/viewer_model.h"
#include "ui/viewport.h"

namespace {

using namespace sv;

anim::Character load_builtin() {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

TEST(Format, ThreeSignificantDigitsScientificUnderAThousandthNeverMinusZero) {
    EXPECT_EQ(ui::format_number(0.0), "0");
    EXPECT_EQ(ui::format_number(-0.0), "0");
    EXPECT_EQ(ui::format_number(99.0), "99");
    EXPECT_EQ(ui::format_number(1.0 / 3.0), "0.333");
    EXPECT_EQ(ui::format_number(0.00123), "0.00123");
    EXPECT_EQ(ui::format_number(0.000123), "1.23e-04");
    EXPECT_EQ(ui::format_number(-2.5e-7), "-2.50e-07");
    EXPECT_EQ(ui::format_number(12345.0), "12300");
    EXPECT_EQ(ui::format_number(2.5e7), "2.50e+07");
    EXPECT_EQ(ui::format_number(std::nan("")), "n/a");
    EXPECT_EQ(ui::format_quantity(0.5, "m"), "0.5 m");
    EXPECT_EQ(ui::format_quantity(0.5, ""), "0.5");
}

TEST(Format, UnnamedSkinsAreSaidSoAndSharedJointsCountOnce) {
    anim::Character c = load_builtin();
    EXPECT_EQ(ui::skin_label(c, 0), "skin 0 'HumanoidSkin'");
    // The built-in character has one skin: its joint count is the skin's.
    EXPECT_EQ(ui::distinct_joint_count(c), c.skins()[0].skeleton.joint_count());
    anim::Asset a = c.asset();
    a.skins.push_back(a.skins[0]);  // a second skin over the same joints
    a.skins.back().name.clear();
    auto two = anim::Character::create(std::move(a));
    ASSERT_TRUE(two) << two.error().message;
    EXPECT_EQ(ui::skin_label(*two, 1), "skin 1 (unnamed)");
    EXPECT_EQ(ui::distinct_joint_count(*two), two->skins()[0].skeleton.joint_count())
        << "shared joints counted once";
}

// An unnamed clip is "clip N" in the box as in the list (the box showed nothing).
TEST(Format, AnUnnamedClipIsNamedByItsIndex) {
    std::vector<anim::Clip> clips(2);
    clips[0].name = "walk";
    EXPECT_EQ(ui::clip_label(clips, 0), "walk");
    EXPECT_EQ(ui::clip_label(clips, 1), "clip 1");
    EXPECT_EQ(ui::clip_label(clips, -1), "rest pose");
    EXPECT_EQ(ui::clip_label(clips, 2), "rest pose");
}

// The timeline's ticks: the union of every channel's key times, a time written twice as nearly
// equal floats counted once, a gap of 1 ms kept.
TEST(AnimationPanel, KeyTicksAreTheUnionOfTheChannelsKeys) {
    anim::Clip clip;
    clip.channels.resize(2);
    clip.channels[0].times = {0.0f, 0.5f, 1.0f};
    clip.channels[1].times = {0.0f, 0.25f, 0.5000001f, 1.001f};
    const std::vector<double> k = ui::clip_key_times(clip);
    ASSERT_EQ(k.size(), 5u);
    EXPECT_DOUBLE_EQ(k[1], 0.25);
    EXPECT_NEAR(k[2], 0.5, 1e-6);
    EXPECT_NEAR(k[4], 1.001, 1e-6);
}

// The arrow keys' step: a frame of 1/30 s, pausing, wrapping when looping, clamped when not.
TEST(AnimationPanel, AStepIsAThirtiethWrappingWhenLooping) {
    ui::AnimationPanel a;
    a.time = 0.98;
    a.step(1, 1.0);
    EXPECT_FALSE(a.playing);
    EXPECT_NEAR(a.time, 0.98 + 1.0 / 30.0 - 1.0, 1e-9);
    a.step(-1, 1.0);
    EXPECT_NEAR(a.time, 0.98, 1e-9);
    a.loop = false;
    a.time = 0.99;
    a.step(1, 1.0);
    EXPECT_DOUBLE_EQ(a.time, 1.0);
}

TEST(SceneTree, ChildrenAncestorsAndTooltip) {
    anim::Character c = load_builtin();
    ui::ScenePanel p;
    p.rebuild(c);
    int forearm = -1;
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].name == "LeftForeArm") forearm = static_cast<int>(i);
    ASSERT_GE(forearm, 0);
    const auto path = p.ancestors(forearm);
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(p.rows[static_cast<size_t>(path.back())].name, "LeftArm");
    EXPECT_EQ(p.rows[static_cast<size_t>(path.front())].depth, 0);
    for (size_t k = 1; k < path.size(); ++k)
        EXPECT_EQ(p.rows[static_cast<size_t>(path[k])].parent_row, path[k - 1]);
    // Children counts add up to every row but the roots.
    int kids = 0, roots = 0;
    for (const auto& r : p.rows) {
        kids += r.children;
        roots += r.parent_row < 0 ? 1 : 0;
    }
    EXPECT_EQ(kids + roots, static_cast<int>(p.rows.size()));
    const std::string tip = p.tooltip(c, forearm);
    EXPECT_NE(tip.find("LeftForeArm"), std::string::npos);
    EXPECT_NE(tip.find("joint "), std::string::npos);
    EXPECT_NE(tip.find("skin 0 'HumanoidSkin'"), std::string::npos) << tip;
}

TEST(SceneTree, SelectingFromElsewhereRevealsTheRowOnce) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    EXPECT_EQ(m.scene.reveal_row, -1);
    const int j = c.skins()[0].skeleton.find("LeftHandPinky2");
    ASSERT_GE(j, 0);
    ASSERT_TRUE(m.select_joint(c, 0, j));
    ASSERT_GE(m.scene.reveal_row, 0);
    EXPECT_EQ(m.scene.rows[static_cast<size_t>(m.scene.reveal_row)].name, "LeftHandPinky2");
}

TEST(FramePanel, StatusLineSaysWhatTheCorrectionChanges) {
    anim::Character c = load_builtin();
    // Without a measurement of the drawn size (the viewer's FramePanel::measure_drawn_scale) the
    // fold is named and no direction claimed: "100x too large" was said of a mesh drawn 1.3x.
    EXPECT_EQ(ui::FramePanel::correction_hint(c, false),
              "correction off: mesh 'Body' drawn in the file's frame (folded 100x): press C");
    EXPECT_NE(
        ui::FramePanel::correction_hint(c, true).find("correction on: mesh 'Body' moved onto its skin frame"),
        std::string::npos);
}

TEST(JointsPlot, LogAxisAndTheAllRigidMessage) {
    EXPECT_EQ(ui::JointsPanel::plot_height(0.0), 0.0);
    EXPECT_EQ(ui::JointsPanel::plot_height(1e3), 1.0);
    EXPECT_EQ(ui::JointsPanel::plot_height(std::nan("")), 1.0);
    // 1e-4 sits 4 of the 11 decades up.
    EXPECT_NEAR(ui::JointsPanel::plot_height(1e-4), 4.0 / 11.0, 1e-12);
    anim::Character c = load_builtin();
    ui::JointsPanel p;
    p.rebuild(c, 0);
    // The built-in character is a 100x fold: every joint is 99 as given and 0 once corrected.
    EXPECT_EQ(p.plot_message(true), "all joints rigid on the skin frame (every defect 0)");
    EXPECT_EQ(p.plot_message(false), "") << "negative control: as given there are bars to draw";
    EXPECT_EQ(p.bar_at(0.0, false), p.visible(false).front());
    EXPECT_EQ(p.bar_at(0.999, false), p.visible(false).back());
    EXPECT_EQ(p.bar_at(1.0, false), -1);
}

TEST(Diagnose, AResultIsStaleOnceTheStateMovesOn) {
    ui::DiagnosePanel d;
    const ui::DiagnoseState at{true, true, 0, 0, 0.5};
    render::DiagnoseFigures r;
    r.body_size = 2.0;
    r.worst_error = 3e-7;
    d.set_result(r, at);
    EXPECT_FALSE(d.stale(at));
    ui::DiagnoseState moved = at;
    moved.time = 0.6;
    EXPECT_TRUE(d.stale(moved));
    moved = at;
    moved.correction = false;
    EXPECT_TRUE(d.stale(moved));
    moved = at;
    moved.clip = 1;
    EXPECT_TRUE(d.stale(moved));
}

TEST(Diagnose, TheHeatScaleComesFromTheDataWithTheToleranceAsFloor) {
    EXPECT_DOUBLE_EQ(ui::DiagnosePanel::nice_ceiling(0.0013), 0.002);
    EXPECT_DOUBLE_EQ(ui::DiagnosePanel::nice_ceiling(0.002), 0.002);
    EXPECT_DOUBLE_EQ(ui::DiagnosePanel::nice_ceiling(3.0), 5.0);
    EXPECT_DOUBLE_EQ(ui::DiagnosePanel::nice_ceiling(7.0), 10.0);
    ui::DiagnosePanel d;
    render::DiagnoseFigures r;
    r.body_size = 2.0;    // tolerance 2e-4 m
    r.worst_error = 1.5;  // the soup
    d.set_result(r, {});
    EXPECT_FLOAT_EQ(d.effective_heat_scale(), 2.0f);
    r.worst_error = 3e-7;  // float noise: the scale stays at twice the tolerance, so it draws blue
    d.set_result(r, {});
    EXPECT_FLOAT_EQ(d.effective_heat_scale(), 5e-4f);
    const ui::HeatLegend l = ui::error_legend(d, false);
    EXPECT_EQ(l.unit, "m");
    EXPECT_DOUBLE_EQ(l.mark, 2e-4);
    EXPECT_EQ(l.labels().back(), "5.00e-04 m");
    EXPECT_NEAR(l.position(l.mark), 0.4, 1e-6);
    EXPECT_EQ(ui::error_legend(d, true).note, "stale: measured in another state");
    EXPECT_EQ(ui::weights_legend("Spine").labels(), (std::vector<std::string>{"0", "0.5", "1"}));
}

// The IK handles live in the character's space: moved by root motion (here a placement of 0.5 m,
// as a walk would accumulate), the solved tip still lands on the target in the skeleton's space,
// so the handle drawn through the placement stays on the hand. (Before, the handle stayed in the
// world and the character walked away from it.)
TEST(IkPanel, TheTargetWalksWithTheCharacter) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    ASSERT_GE(m.ik.chain.tip, 0);
    m.ik.enabled = true;
    m.animation.root_motion = true;
    m.animation.playing = false;
    m.advance_and_pose(c, 0.0);
    ASSERT_GE(m.graph.root.joint, 0) << "the built-in walk drives its hips";
    m.graph.root.placement.translation = glm::dvec3(50.0, 0.0, 0.0);  // the hips' parent frame is in cm
    ASSERT_GT(glm::length(glm::vec3(m.graph.root.model()[3])), 0.25f)
        << "negative control: the placement moved";
    m.advance_and_pose(c, 0.0);
    const auto& sk = c.skins()[0].skeleton;
    const double chain = glm::length(ui::joint_world_position(sk, m.ik.chain.root) -
                                     ui::joint_world_position(sk, m.ik.chain.mid));
    // 1e-3 of the limb: the solver reaches far closer; a handle left in the world misses by 0.5 m.
    EXPECT_LT(glm::length(ui::joint_world_position(sk, m.ik.chain.tip) - m.ik.target), 1e-3 * chain);
}

TEST(Layout, SmallWindowsKeepTheViewportAndFitTheWorkArea) {
    for (auto [w, h] : {std::pair{800.0f, 450.0f}, std::pair{640.0f, 480.0f}, std::pair{1024.0f, 576.0f}}) {
        SCOPED_TRACE(w);
        const ui::Layout l = ui::compute_layout(w, h);
        EXPECT_FLOAT_EQ(l.left.w + l.viewport.w + l.right.w, w);
        EXPECT_GT(l.viewport.w, 0.4f * w) << "the side columns ate the viewport";
        EXPECT_GT(l.viewport.h, 0.3f * h);
    }
    // A 1280x720 window on a 1366x768 work area minus a 40 px bar: scaled down, aspect kept.
    const ui::WindowSize fit = ui::fit_to_work_area(1280, 720, 1366, 728);
    EXPECT_LE(fit.h, 728 * 0.92 + 1);
    EXPECT_NEAR(double(fit.w) / fit.h, 1280.0 / 720.0, 0.01);
    const ui::WindowSize same = ui::fit_to_work_area(1280, 720, 1920, 1080);
    EXPECT_EQ(same.w, 1280);
    EXPECT_EQ(same.h, 720);
    EXPECT_EQ(ui::fit_to_work_area(1280, 720, 0, 0).w, 1280) << "an unknown work area changes nothing";
}

TEST(OpenPanel, ThePathFieldCompletesFoldersGltfAndVrmFiles) {
    namespace fs = std::filesystem;
    const fs::path dir = test::output_dir() / "complete_me";
    fs::remove_all(dir);
    fs::create_directories(dir / "characters");
    // .vrm avatars and .vrma clips (a retarget source) are GLB files by other names.
    for (const char* f : {"walker.glb", "walker_2.gltf", "notes.txt", "WALK.GLB", "avatar.vrm", "dance.vrma"})
        std::ofstream(dir / f) << "x";
    const std::string base = dir.string() + "/";
    const auto all = ui::OpenPanel::completions(base);
    EXPECT_EQ(all,
              (std::vector<std::string>{base + "WALK.GLB", base + "avatar.vrm", base + "characters/",
                                        base + "dance.vrma", base + "walker.glb", base + "walker_2.gltf"}));
    EXPECT_EQ(ui::OpenPanel::complete(base + "wa"), base + "walker");
    EXPECT_EQ(ui::OpenPanel::complete(base + "ch"), base + "characters/");
    EXPECT_EQ(ui::OpenPanel::complete(base + "zzz"), base + "zzz") << "nothing matches: the text stays";
    EXPECT_TRUE(ui::OpenPanel::completions(base + "no_such_folder/x").empty());
}

TEST(NotesPanel, SaysWhatAuditSays) {
    anim::Character c = load_builtin();
    ui::NotesPanel n;
    n.rebuild(c);
    ASSERT_EQ(n.import_notes, static_cast<int>(c.asset().report.size()));
    ASSERT_EQ(n.lines.size(), c.asset().report.size() + c.skins().size() + c.skinned_meshes().size());
    const auto& skin = n.lines[static_cast<size_t>(n.import_notes)];
    EXPECT_EQ(skin.kind, ui::NoteLine::Kind::Skin);
    EXPECT_EQ(skin.text.rfind("skin 0 'HumanoidSkin': ", 0), 0u) << skin.text;
    EXPECT_NE(n.lines.back().text.find("mesh 'Body': corrected"), std::string::npos) << n.lines.back().text;
}

// The click that grabs a handle does not move it (its mouse delta brought the cursor there); the
// frames after it do.
TEST(IkPanel, TheGrabFrameDoesNotMoveTheHandle) {
    ui::IkPanel ik;
    EXPECT_EQ(ik.handle_to_move(), nullptr) << "nothing grabbed";
    ik.grab(ui::IkPanel::Handle::Pole);
    EXPECT_EQ(ik.handle_to_move(), nullptr) << "the grab's own frame";
    EXPECT_EQ(ik.handle_to_move(), &ik.pole);
    EXPECT_EQ(ik.handle_to_move(), &ik.pole);
    ik.release();
    EXPECT_EQ(ik.handle_to_move(), nullptr);
    ik.grab(ui::IkPanel::Handle::Target);
    (void)ik.handle_to_move();
    EXPECT_EQ(ik.handle_to_move(), &ik.target);
}

// The hit test takes the press position and the handles as drawn: inside the 10 px radius it
// grabs (the target first where both are near), at 10 px it does not, and an undrawn handle is
// never hit.
TEST(IkPanel, AHandleIsHitWhereThePressLanded) {
    using H = ui::IkPanel::Handle;
    const glm::vec2 t(100.0f, 100.0f), p(108.0f, 100.0f);
    EXPECT_EQ(ui::IkPanel::handle_at({100.0f, 100.0f}, &t, &p), H::Target);
    EXPECT_EQ(ui::IkPanel::handle_at({109.0f, 100.0f}, &t, &p), H::Target) << "both near: the target";
    EXPECT_EQ(ui::IkPanel::handle_at({115.0f, 100.0f}, &t, &p), H::Pole);
    EXPECT_EQ(ui::IkPanel::handle_at({106.0f, 107.0f}, &t, nullptr), H::Target);
    EXPECT_EQ(ui::IkPanel::handle_at({110.0f, 100.0f}, &t, nullptr), H::None) << "10 px off is outside";
    EXPECT_EQ(ui::IkPanel::handle_at({100.0f, 100.0f}, nullptr, nullptr), H::None);
}

// The pole's handle is drawn where its pole projects unless that is within 24 px of the target's
// (two 10 px pick discs and a margin), where it is pushed out to 24 px: away from the target, or
// towards the mid joint when the two coincide, or up when all three do. So a press on the pushed
// handle is never the target's (the control: the unpushed one is).
TEST(IkPanel, ThePoleHandleIsPushedClearOfTheTarget) {
    using H = ui::IkPanel::Handle;
    const glm::vec2 t(100.0f, 100.0f), mid(100.0f, 60.0f);
    EXPECT_EQ(ui::IkPanel::pole_handle_on_screen(t, {140.0f, 100.0f}, mid), glm::vec2(140.0f, 100.0f));
    const glm::vec2 near(103.0f, 104.0f);  // 5 px from the target, inside its pick disc
    const glm::vec2 pushed = ui::IkPanel::pole_handle_on_screen(t, near, mid);
    EXPECT_NEAR(glm::length(pushed - t), 24.0f, 1e-4f);
    EXPECT_NEAR(pushed.x, 100.0f + 24.0f * 0.6f, 1e-4f) << "along target -> pole";
    EXPECT_NEAR(pushed.y, 100.0f + 24.0f * 0.8f, 1e-4f);
    EXPECT_EQ(ui::IkPanel::handle_at(pushed, &t, &pushed), H::Pole);
    EXPECT_EQ(ui::IkPanel::handle_at(near, &t, &near), H::Target) << "control: unpushed, the target wins";
    EXPECT_EQ(ui::IkPanel::pole_handle_on_screen(t, t, mid), glm::vec2(100.0f, 76.0f))
        << "towards the mid joint";
    EXPECT_EQ(ui::IkPanel::pole_handle_on_screen(t, t, t), glm::vec2(100.0f, 76.0f)) << "up";
}

// A click on a joint's pixel selects that joint; a click on empty space selects nothing.
TEST(Picking, TheJointUnderTheMouseIsTheOneSelected) {
    anim::Character c = load_builtin();
    c.pose_at(-1, 0.0f, true);
    render::OrbitCamera cam;
    const anim::Aabb b = c.bind_bounds();
    cam.frame(glm::vec3(b.min), glm::vec3(b.max));
    const ui::Rect v{0, 0, 800, 600};
    const glm::mat4 vp = cam.projection(800.0f / 600.0f) * cam.view();
    const glm::mat4 placed = glm::translate(glm::mat4(1.0f), glm::vec3(0.3f, 0.0f, 0.0f));  // root motion
    glm::vec2 at;
    ASSERT_TRUE(ui::joint_on_screen(c, "Spine1", vp, placed, v, at));
    const ui::JointPick hit = ui::nearest_joint(c, vp, placed, v, at, 12.0f);
    ASSERT_GE(hit.joint, 0);
    EXPECT_EQ(c.skins()[static_cast<size_t>(hit.skin)].skeleton.names()[static_cast<size_t>(hit.joint)],
              "Spine1");
    EXPECT_LT(hit.distance, 0.5f);
    // Without the placement the character stands 0.3 m left: the pixel is empty there.
    EXPECT_LT(ui::nearest_joint(c, vp, glm::mat4(1.0f), v, at, 12.0f).joint, 0)
        << "negative control: the placement decides where the joints are";
    EXPECT_LT(ui::nearest_joint(c, vp, placed, v, glm::vec2(2.0f, 2.0f), 12.0f).joint, 0);
}

}  // namespace
