// The viewer's panel models, driven without a window: what a click, a filter or a switch does to
// the state the panels draw from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_import.h"
#include "anim/gltf/gltf_write.h"
#include "anim/graph/retarget.h"
#include "render/draw_options.h"
#include "retarget_source.h"
#include "test_paths.h"
#include "ui/frame_panel.h"
#include "ui/viewer_model.h"
#include "ui/viewport.h"

namespace {

using namespace sv;

anim::Character load(const std::string& path) {
    auto asset = anim::load_gltf(path);
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

std::string builtin() { return (test::source_dir() / "assets" / "humanoid_mixamo.glb").string(); }

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// --- validity -------------------------------------------------------------------------------

TEST(ScenePanel, SelectingAJointRowSelectsThatJointOfItsSkin) {
    anim::Character c = load(builtin());
    ui::ScenePanel p;
    p.rebuild(c);
    ASSERT_EQ(p.rows.size(), c.asset().scene.nodes.size());
    // The row for the node the skin lists as joint 9, found by node index, not by the panel.
    const int node = c.asset().skins[0].joints[9];
    int row = -1;
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].node == node) row = static_cast<int>(i);
    ASSERT_GE(row, 0);
    p.select_row(row);
    EXPECT_EQ(p.selection.skin, 0);
    EXPECT_EQ(p.selection.joint, 9);
    EXPECT_EQ(p.selected_row(), row);
}

TEST(ScenePanel, RowsListParentsBeforeChildrenOneLevelDeeper) {
    anim::Character c = load(builtin());
    ui::ScenePanel p;
    p.rebuild(c);
    for (size_t i = 0; i < p.rows.size(); ++i) {
        const int parent = c.asset().scene.nodes[static_cast<size_t>(p.rows[i].node)].parent;
        if (parent < 0) {
            EXPECT_EQ(p.rows[i].depth, 0);
            continue;
        }
        const auto it = std::find_if(p.rows.begin(), p.rows.begin() + static_cast<long>(i),
                                     [&](const ui::SceneRow& r) { return r.node == parent; });
        ASSERT_NE(it, p.rows.begin() + static_cast<long>(i)) << p.rows[i].name;
        EXPECT_EQ(p.rows[i].depth, it->depth + 1);
    }
}

TEST(JointsPanel, SortingByDefectAsGivenDescendingPutsTheLargestFirst) {
    anim::Character c = load(builtin());
    ui::JointsPanel p;
    p.rebuild(c, 0);
    ASSERT_EQ(p.rows.size(), 65u);
    ASSERT_TRUE(p.error.empty()) << p.error;
    p.click_header(ui::JointSort::AsGiven);
    p.click_header(ui::JointSort::AsGiven);  // second click: descending
    ASSERT_TRUE(p.descending);
    const auto v = p.visible(true);
    ASSERT_EQ(v.size(), p.rows.size());
    for (size_t i = 1; i < v.size(); ++i)
        EXPECT_GE(p.rows[static_cast<size_t>(v[i - 1])].defect_as_given,
                  p.rows[static_cast<size_t>(v[i])].defect_as_given);
    // The table's largest is the gate's number from the frame report (computed by another path).
    EXPECT_NEAR(p.rows[static_cast<size_t>(v[0])].defect_as_given,
                c.skinned_meshes()[0].report.defect_as_given,
                1e-9 * c.skinned_meshes()[0].report.defect_as_given);
}

TEST(JointsPanel, FilterKeepsExactlyTheNamesContainingTheTextInAnyCase) {
    anim::Character c = load(builtin());
    ui::JointsPanel p;
    p.rebuild(c, 0);
    p.filter = "HaNd";
    size_t expected = 0;
    for (const auto& n : c.skins()[0].skeleton.names())
        expected += lower(n).find("hand") != std::string::npos;
    ASSERT_GT(expected, 0u);
    const auto v = p.visible(true);
    EXPECT_EQ(v.size(), expected);
    for (int i : v) EXPECT_NE(lower(p.rows[static_cast<size_t>(i)].name).find("hand"), std::string::npos);
}

TEST(JointsPanel, OverToleranceFollowsTheCorrectionSwitch) {
    // The built-in character is exported at 100x folded scale: every joint is 99 off as given and
    // rigid once corrected, so the filter shows all joints with the switch off and none with it on.
    anim::Character c = load(builtin());
    ui::JointsPanel p;
    p.rebuild(c, 0);
    p.only_above_tolerance = true;
    EXPECT_EQ(p.visible(false).size(), p.rows.size());
    EXPECT_TRUE(p.visible(true).empty());
}

TEST(FramePanel, CorrectionSwitchChangesTheMeshFrameAndBack) {
    anim::Character c = load(builtin());
    const auto& m = c.skinned_meshes()[0];
    render::DrawOptions view;  // the view's switch, which the panels edit and every draw reads
    ASSERT_TRUE(view.correction);
    const glm::dmat4 corrected = c.mesh_frame(0, view.correction);
    EXPECT_EQ(corrected, m.frame_corrected);
    ASSERT_NE(m.frame_as_given, m.frame_corrected);  // the fixture's frame is wrong on purpose
    EXPECT_FALSE(ui::FramePanel::toggle_correction(view.correction));
    EXPECT_EQ(c.mesh_frame(0, view.correction), m.frame_as_given);
    EXPECT_TRUE(ui::FramePanel::toggle_correction(view.correction));
    EXPECT_EQ(c.mesh_frame(0, view.correction), corrected);
}

TEST(IkPanel, DetectsTheArmsAndLegsByName) {
    anim::Character c = load(builtin());
    const auto chains = ui::detect_limbs(c.skins()[0].skeleton);
    const auto& names = c.skins()[0].skeleton.names();
    std::vector<std::string> tips;
    for (const auto& ch : chains) tips.push_back(names[static_cast<size_t>(ch.tip)]);
    // The built-in rig is Mixamo-named: two arms, two legs, nothing else ending in a hand or foot.
    for (const char* t : {"LeftHand", "RightHand", "LeftFoot", "RightFoot"})
        EXPECT_NE(std::find(tips.begin(), tips.end(), t), tips.end()) << t;
    EXPECT_EQ(chains.size(), 4u);
}

TEST(IkPanel, ParametersReachTheSolverAndTheTipLandsOnTheTarget) {
    anim::Character c = load(builtin());
    ui::ViewerModel m;
    m.attach(c);
    ui::IkPanel& ik = m.ik;
    ASSERT_GE(ik.chain.tip, 0);
    const auto& sk = c.skins()[0].skeleton;
    ik.weight = 0.25f;
    ik.twist_degrees = 90.0f;
    ik.soften = 0.9f;
    ik.target = {0.1, 1.2, 0.3};
    ik.pole = {0.0, 1.0, 1.0};
    const anim::TwoBoneIkInput in = ik.input(sk);
    EXPECT_EQ(in.root, ik.chain.root);
    EXPECT_EQ(in.mid, ik.chain.mid);
    EXPECT_EQ(in.tip, ik.chain.tip);
    EXPECT_EQ(in.target, ik.target);
    EXPECT_EQ(in.pole, ik.pole);
    EXPECT_DOUBLE_EQ(in.weight, 0.25);
    EXPECT_DOUBLE_EQ(in.twist_angle, M_PI / 2);
    EXPECT_DOUBLE_EQ(in.soften, static_cast<double>(0.9f));  // the panel holds a float

    // A reachable target: the tip's own position moved a little toward the root, so the chain
    // only has to bend. With weight 1 the pipeline must put the tip there.
    m.animation.playing = false;
    m.pose(c);
    const glm::dvec3 root = ui::joint_world_position(sk, ik.chain.root);
    const glm::dvec3 tip = ui::joint_world_position(sk, ik.chain.tip);
    ik.target = tip + (root - tip) * 0.2;
    ik.weight = 1.0f;
    ik.twist_degrees = 0.0f;
    ik.soften = 1.0f;
    ik.enabled = true;
    m.pose(c);
    EXPECT_TRUE(ik.solved) << ik.error;
    EXPECT_TRUE(ik.reachable);
    // 1e-4 of the chain: float world matrices of a ~0.5 m chain carry ~1e-7 relative error, and
    // the solve goes through two of them; a wrong solve misses by centimetres.
    const double chain = glm::length(tip - root);
    EXPECT_LT(glm::length(ui::joint_world_position(sk, ik.chain.tip) - ik.target), 1e-4 * chain);
}

TEST(IkPanel, WeightZeroLeavesTheAnimatedPose) {
    anim::Character c = load(builtin());
    ui::ViewerModel m;
    m.attach(c);
    m.animation.playing = false;
    m.pose(c);
    const anim::Pose before = c.skins()[0].pose;
    m.ik.enabled = true;
    m.ik.weight = 0.0f;
    m.ik.target += glm::dvec3(0.05, 0.05, 0.0);
    m.pose(c);
    ASSERT_TRUE(m.ik.solved);
    EXPECT_EQ(c.skins()[0].pose.rotation, before.rotation);
}

TEST(AnimationPanel, LoopingWrapsAndOneShotStopsAtTheEnd) {
    ui::AnimationPanel a;
    a.time = 1.9;
    a.advance(0.2, 2.0);
    EXPECT_NEAR(a.time, 0.1, 1e-12);  // fmod of 2.1 by 2: exact to double rounding
    a.loop = false;
    a.time = 1.9;
    a.advance(0.2, 2.0);
    EXPECT_EQ(a.time, 2.0);
    EXPECT_FALSE(a.playing);
    a.advance(0.2, 2.0);
    EXPECT_EQ(a.time, 2.0);  // paused stays put
}

// The view's one clock (ui::ViewerModel::advance): the clip time, the graph clock and the spring
// chain's clock move together. The window's frame and a headless sequence's step both go through it;
// for a playing view at speed 1 they are the same step, and paused the window moves only the spring
// chain (its kick settles while the clip holds).
TEST(ViewClock, TheWindowAndASequenceMoveEveryClockTogether) {
    anim::Character c = load(builtin());
    const auto fresh = [&] {
        ui::ViewerModel m;
        m.attach(c);
        m.animation.playing = true;
        m.animation.time = 0.25;
        m.graph.clock = 0.25;
        m.graph.spring.clock = 0.25;
        return m;
    };
    ui::ViewerModel window = fresh(), sequence = fresh();
    const double d = window.graph.duration(c, window.animation.clip);
    ASSERT_GT(d, 1.0);
    for (int k = 0; k < 6; ++k) {
        window.advance_and_pose(c, 0.125);
        sequence.advance({0.125, 0.125}, d);
    }
    for (const ui::ViewerModel* m : {&window, &sequence}) {
        EXPECT_DOUBLE_EQ(m->animation.time, 1.0);
        EXPECT_DOUBLE_EQ(m->graph.clock, 1.0);
        EXPECT_DOUBLE_EQ(m->graph.spring.clock, 1.0);
    }
    // Paused, a window frame moves the spring chain's wall clock alone.
    window.animation.playing = false;
    window.advance_and_pose(c, 0.5);
    EXPECT_DOUBLE_EQ(window.animation.time, 1.0);
    EXPECT_DOUBLE_EQ(window.graph.clock, 1.0);
    EXPECT_DOUBLE_EQ(window.graph.spring.clock, 1.5);
    // At twice the speed the clip and the graph go twice as far; the spring chain keeps wall time.
    window.animation.playing = true;
    window.animation.speed = 2.0f;
    window.advance_and_pose(c, 0.25);
    EXPECT_DOUBLE_EQ(window.animation.time, 1.5);
    EXPECT_DOUBLE_EQ(window.graph.clock, 1.5);
    EXPECT_DOUBLE_EQ(window.graph.spring.clock, 1.75);
    // The clip's time wraps at its end; the graph clock runs on (a state machine's own clock).
    sequence.advance({d, d}, d);
    EXPECT_NEAR(sequence.animation.time, 1.0, 1e-12);
    EXPECT_DOUBLE_EQ(sequence.graph.clock, 1.0 + d);
}

TEST(PalettePanel, DecodesTheFourTexelsOfAJointAsColumns) {
    std::vector<float> row(static_cast<size_t>(kPaletteTextureWidth) * 4, 0.0f);
    // Joint 3 starts at texel 12; texel 12 + c holds column c. Values chosen so each element is
    // distinct: element (column c, row r) = 10 c + r.
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            row[static_cast<size_t>((12 + c) * 4 + r)] = static_cast<float>(10 * c + r);
    glm::mat4 m;
    ASSERT_TRUE(ui::decode_palette_matrix(row, 3, m));
    EXPECT_EQ(m[2][1], 21.0f);
    EXPECT_EQ(m[3][3], 33.0f);
    ui::PalettePanel p;
    float shadow[16];
    for (int i = 0; i < 16; ++i) shadow[i] = static_cast<float>(10 * (i / 4) + i % 4);
    shadow[5] += 0.5f;
    p.inspect(0, 3, row, shadow);
    EXPECT_TRUE(p.have_gpu);
    EXPECT_EQ(p.column, 12);
    EXPECT_EQ(p.max_difference, 0.5);
}

TEST(PalettePanel, CountsComeFromTheImportersReportAndTheVertexData) {
    EXPECT_EQ(
        ui::count_from_report({"x: something", "17 vertices had weights not summing to 1; renormalised"},
                              "weights not summing to 1"),
        17);
    anim::Character c = load(builtin());
    const auto n = ui::count_vertex_data(c);
    long vertices = 0;
    for (const auto& p : c.asset().meshes[static_cast<size_t>(c.skinned_meshes()[0].mesh)].primitives)
        vertices += static_cast<long>(p.positions.size());
    EXPECT_EQ(n.vertices, vertices);
    EXPECT_EQ(n.joint_index_out_of_range, 0);
    EXPECT_EQ(n.weight_sum_off, 0);
}

TEST(ConflictsPanel, NoneIsSaidPlainly) {
    anim::Character c = load(builtin());
    ui::ConflictsPanel p;
    p.rebuild(c);
    EXPECT_TRUE(p.rows.empty());
    EXPECT_EQ(p.summary().rfind("none", 0), 0u);
}

// Retargeting onto a different rig: the source is Xbot (Mixamo's own export, its joints spelled
// "mixamorig:Hips"), the target the built-in humanoid ("Hips"). Exact names match nothing; the
// humanoid tables (anim/graph/humanoid_names.h) match the body and fingers, and what they cannot
// name is listed. (It used to be refused as "no joint names in common"; a rig in no table still is,
// RetargetRest.NoJointInCommonIsRefusedWithTheReason.)
TEST(GraphPanel, RetargetingADifferentlySpelledRigMatchesThroughTheHumanoidNames) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(xbot, "Xbot.glb");
    anim::Character c = load(builtin());
    ui::GraphPanel g;
    g.attach(c, 0);
    const Status st = sv::viewer::load_retarget_source(g, xbot, c, 0);
    ASSERT_TRUE(st.ok()) << st.error().message;
    ASSERT_TRUE(g.source);
    int matched = 0;
    for (int t : g.map.target_of_source) matched += t >= 0;
    // 65 joints each, the same Mixamo skeleton under another namespace: the tables name the trunk,
    // limbs and fingers, and the finger tips (Thumb4...), HeadTop_End and Toe_End, in no table,
    // meet by their names without the "mixamorig:" prefix. Every joint matches.
    std::printf("[ measure ] Xbot onto the built-in: %d of %zu joints matched; unmatched source: %zu\n",
                matched, g.map.target_of_source.size(), g.map.unmatched_source.size());
    EXPECT_EQ(matched, 65);
    EXPECT_TRUE(g.map.unmatched_source.empty());
    EXPECT_TRUE(g.map.unmatched_target.empty());
}

// Retargeting onto a different rig with the same names: the source is the built-in humanoid
// rebuilt 1.25 times taller (every node offset, inverse bind translation and vertex scaled, so it is
// a consistent skin of other proportions), written to a file and loaded as the panel loads one. The
// target takes the source's rotations joint for joint and keeps its own bone lengths.
TEST(GraphPanel, RetargetingARigOfOtherProportionsTakesRotationsAndKeepsBones) {
    anim::Character target = load(builtin());
    ui::GraphPanel g;
    g.attach(target, 0);
    auto asset = anim::load_gltf(builtin());
    ASSERT_TRUE(asset) << asset.error().message;
    const double k = 1.25;
    for (auto& n : asset->scene.nodes) {
        n.translation *= k;
        for (int c = 0; c < 3; ++c) n.matrix[3][c] *= k;
    }
    for (auto& skin : asset->skins)
        for (auto& ibm : skin.inverse_bind)
            for (int c = 0; c < 3; ++c) ibm[3][c] *= k;
    for (auto& mesh : asset->meshes)
        for (auto& prim : mesh.primitives)
            for (auto& v : prim.positions) v *= static_cast<float>(k);
    auto bytes = anim::write_glb(*asset);
    ASSERT_TRUE(bytes) << bytes.error().message;
    const std::string prescale = (test::output_dir() / "humanoid_taller.glb").string();
    std::ofstream(prescale, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
    ASSERT_TRUE(sv::viewer::load_retarget_source(g, prescale, target, 0));
    EXPECT_TRUE(g.map.unmatched_source.empty());
    EXPECT_TRUE(g.map.unmatched_target.empty());
    ASSERT_FALSE(g.source->asset().clips.empty());
    g.source->pose_at(0, 0.5f, true);
    const anim::Pose& sp = g.source->skins()[0].pose;
    const anim::Skeleton& tsk = target.skins()[0].skeleton;
    anim::Pose out = tsk.rest_pose();
    anim::retarget_pose(g.map, sp, out);
    int bones_that_differ = 0, rotations_that_moved = 0;
    for (size_t s = 0; s < g.map.target_of_source.size(); ++s) {
        const int t = g.map.target_of_source[s];
        ASSERT_GE(t, 0);
        for (size_t c = 0; c < 4; ++c)
            EXPECT_EQ(out.rotation[4 * size_t(t) + c], sp.rotation[4 * s + c]) << tsk.names()[size_t(t)];
        if (std::abs(out.rotation[4 * size_t(t) + 3] - tsk.rest_pose().rotation[4 * size_t(t) + 3]) > 1e-4f)
            ++rotations_that_moved;
        if (tsk.parents()[size_t(t)] < 0) continue;  // the root takes the source's translation
        for (size_t c = 0; c < 3; ++c) {
            EXPECT_EQ(out.translation[3 * size_t(t) + c], tsk.rest_pose().translation[3 * size_t(t) + c])
                << tsk.names()[size_t(t)];
            // 1e-3: the rigs' bone offsets differ by a quarter, so real differences are far larger.
            if (std::abs(sp.translation[3 * s + c] - out.translation[3 * size_t(t) + c]) > 1e-3f)
                ++bones_that_differ;
        }
    }
    EXPECT_GT(bones_that_differ, 20)
        << "the source must be a rig of other proportions, or this proves nothing";
    EXPECT_GT(rotations_that_moved, 5) << "the clip at 0.5 s must turn joints away from the target's rest";
}

TEST(GraphPanel, RootMotionWalksTheCharacterAndLeavesATrail) {
    anim::Character c = load(builtin());
    ui::ViewerModel m;
    m.attach(c);
    m.animation.root_motion = true;
    for (int i = 0; i < 30; ++i) m.advance_and_pose(c, 1.0 / 30.0);
    ASSERT_GE(m.graph.root.joint, 0);
    EXPECT_EQ(c.skins()[0].skeleton.names()[static_cast<size_t>(m.graph.root.joint)], "Hips");
    EXPECT_EQ(m.graph.root.trail.size(), 30u);
    EXPECT_GT(glm::length(m.graph.root.trail.back() - m.graph.root.trail.front()), 0.0f);
}

TEST(Layout, PanelsTileTheDisplayWithoutOverlapAtBothSizes) {
    for (auto [w, h] : {std::pair{1280.0f, 720.0f}, std::pair{1920.0f, 1080.0f}}) {
        const ui::Layout l = ui::compute_layout(w, h);
        EXPECT_EQ(l.left.w + l.viewport.w + l.right.w, w);
        EXPECT_EQ(l.viewport.h + l.timeline.h + l.status.h, h);
        EXPECT_GT(l.viewport.w, 0.4f * w);  // the character keeps most of the width
        EXPECT_EQ(l.right.x, l.viewport.x + l.viewport.w);
    }
}

TEST(OpenPanel, RecentFilesAreMostRecentFirstWithoutDuplicates) {
    ui::OpenPanel p;
    for (int i = 0; i < 10; ++i) p.push_recent("f" + std::to_string(i));
    p.push_recent("f5");
    ASSERT_EQ(p.recent.size(), ui::OpenPanel::kMaxRecent);
    EXPECT_EQ(p.recent[0], "f5");
    EXPECT_EQ(p.recent[1], "f9");
    EXPECT_EQ(std::count(p.recent.begin(), p.recent.end(), "f5"), 1);
}

// A .gltf dropped with its .bin and textures: the model opens whatever order the drop listed them
// in (the browser's file picker lists them by name, so the .bin came first and was opened, and
// failed). The controls: one file is that file, and a drop with no model gives its first file,
// whose open names why it is none, rather than nothing.
TEST(OpenPanel, ADropOfAGltfWithItsFilesOpensTheModel) {
    EXPECT_EQ(ui::OpenPanel::dropped_model({"/d/Xbot.bin", "/d/skin.png", "/d/Xbot.gltf"}), "/d/Xbot.gltf");
    EXPECT_EQ(ui::OpenPanel::dropped_model({"/d/a.bin", "/d/A.GLB"}), "/d/A.GLB");
    EXPECT_EQ(ui::OpenPanel::dropped_model({"/d/b.vrm", "/d/a.gltf"}), "/d/b.vrm");  // the first model
    EXPECT_EQ(ui::OpenPanel::dropped_model({"/d/one.glb"}), "/d/one.glb");
    EXPECT_EQ(ui::OpenPanel::dropped_model({"/d/a.bin", "/d/b.png"}), "/d/a.bin");
    EXPECT_EQ(ui::OpenPanel::dropped_model({}), "");
}

// --- degenerate -----------------------------------------------------------------------------

TEST(ScenePanel, ANonJointRowOrAnOutOfRangeJointSelectsNothing) {
    anim::Character c = load(builtin());
    ui::ScenePanel p;
    p.rebuild(c);
    ASSERT_TRUE(p.select_joint(c, 0, 4));
    for (size_t i = 0; i < p.rows.size(); ++i)
        if (p.rows[i].joint_skin < 0) {
            p.select_row(static_cast<int>(i));
            break;
        }
    EXPECT_EQ(p.selection.joint, -1);
    EXPECT_FALSE(p.select_joint(c, 0, 65));
    EXPECT_FALSE(p.select_joint(c, 1, 0));
    EXPECT_EQ(p.selection.joint, -1);
}

TEST(IkPanel, AChainThatIsNotParentToChildIsRefusedWithItsNames) {
    anim::Character c = load(builtin());
    ui::IkPanel ik;
    const auto& sk = c.skins()[0].skeleton;
    const auto s = ik.set_chain(sk, sk.find("Hips"), sk.find("LeftForeArm"), sk.find("LeftHand"));
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().message.find("LeftForeArm"), std::string::npos);
    EXPECT_FALSE(ik.set_chain_from_tip(sk, sk.find("Hips")));  // the root has no grandparent
}

}  // namespace

// --- morph weights ----------------------------------------------------------------------------

// Expected weights come from the file's own JSON (mesh.weights) and its animation keys, read with
// nlohmann here, not through the importer.
TEST(MorphPanel, ShowsTheFirstMorphingNodeAndItsWeightsLive) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(path, "../khronos/SimpleMorph/glTF/SimpleMorph.gltf");
    anim::Character c = load(path);
    ui::ViewerModel m;
    m.attach(c);
    // At rest the node shows the mesh's default weights.
    c.pose_at(-1, 0.0f, false);
    m.morph.refresh(c, -1);
    ASSERT_EQ(m.morph.node, 0);
    EXPECT_EQ(m.morph.title, "node 0 '(unnamed)': 2 morph targets");
    std::ifstream f(path);
    const nlohmann::json doc = nlohmann::json::parse(f);
    const std::vector<float> defaults = doc["meshes"][0]["weights"].get<std::vector<float>>();
    EXPECT_EQ(m.morph.weights, defaults);
    // Posed at two times the weights follow the clip and differ from each other.
    c.pose_at(0, 0.0f, false);
    m.morph.refresh(c, -1);
    const std::vector<float> at0 = m.morph.weights;
    c.pose_at(0, 1.5f, false);
    m.morph.refresh(c, -1);
    EXPECT_NE(m.morph.weights, at0);
    // A non-morphing preferred node falls back; an out-of-range one too.
    m.morph.refresh(c, 12345);
    EXPECT_EQ(m.morph.node, 0);
}

TEST(MorphPanel, ACharacterWithoutMorphTargetsShowsNothing) {
    anim::Character c = load(builtin());
    ui::MorphPanel p;
    p.refresh(c, 0);
    EXPECT_EQ(p.node, -1);
    EXPECT_TRUE(p.weights.empty());
}
