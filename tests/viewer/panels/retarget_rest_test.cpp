// Retargeting relative to each rig's rest: a source whose joints carry other axes (another rig's
// orientation) plays upright, exactly as the clip plays on the target itself.
#include "anim/graph/retarget_rest.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "retarget_source.h"
#include "test_paths.h"
#include "ui/graph_panel.h"

namespace {

using namespace sv;

anim::Asset builtin_asset() {
    auto a = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    EXPECT_TRUE(a) << (a ? "" : a.error().message);
    return std::move(*a);
}

glm::dquat key(const std::vector<float>& v, size_t k) {
    return glm::dquat(v[k * 4 + 3], v[k * 4], v[k * 4 + 1], v[k * 4 + 2]);
}
void set_key(std::vector<float>& v, size_t k, const glm::dquat& q) {
    v[k * 4] = float(q.x), v[k * 4 + 1] = float(q.y), v[k * 4 + 2] = float(q.z), v[k * 4 + 3] = float(q.w);
}

// The same rig drawn the same, with the hips' axes turned by `r`: the hips' rotation (rest and
// keys) becomes q r, and each child's frame compensates (r^-1 q, r^-1 t), so every joint's world
// position is unchanged while every local rotation below the hips differs. What a Blender export
// of a Mixamo rig looks like to a retargeter.
anim::Asset with_turned_hips(anim::Asset a, const glm::dquat& r) {
    int hips = -1;
    for (size_t n = 0; n < a.scene.nodes.size(); ++n)
        if (a.scene.nodes[n].name == "Hips") hips = static_cast<int>(n);
    EXPECT_GE(hips, 0);
    auto& h = a.scene.nodes[static_cast<size_t>(hips)];
    h.rotation = h.rotation * r;
    const glm::dquat ri = glm::inverse(r);
    for (int c : h.children) {
        auto& n = a.scene.nodes[static_cast<size_t>(c)];
        n.rotation = ri * n.rotation;
        n.translation = ri * n.translation;
    }
    for (auto& clip : a.clips)
        for (auto& ch : clip.channels) {
            const bool child = std::find(h.children.begin(), h.children.end(), ch.node) != h.children.end();
            if (ch.path == anim::TargetPath::Rotation && (ch.node == hips || child))
                for (size_t k = 0; k < ch.values.size() / 4; ++k)
                    set_key(ch.values, k, ch.node == hips ? key(ch.values, k) * r : ri * key(ch.values, k));
            if (ch.path == anim::TargetPath::Translation && child)
                for (size_t k = 0; k < ch.values.size() / 3; ++k) {
                    const glm::dvec3 t =
                        ri * glm::dvec3(ch.values[k * 3], ch.values[k * 3 + 1], ch.values[k * 3 + 2]);
                    for (int i = 0; i < 3; ++i) ch.values[k * 3 + static_cast<size_t>(i)] = float(t[i]);
                }
        }
    return a;
}

double worst_joint_distance(const anim::Skeleton& a, const anim::Skeleton& b) {
    double worst = 0.0;
    for (int j = 0; j < a.joint_count(); ++j) {
        const size_t o = static_cast<size_t>(j) * 16;
        worst = std::max(
            worst, double(glm::length(glm::vec3(a.world()[o + 12], a.world()[o + 13], a.world()[o + 14]) -
                                      glm::vec3(b.world()[o + 12], b.world()[o + 13], b.world()[o + 14]))));
    }
    return worst;
}

TEST(RetargetRest, ASourceWithOtherAxesPlaysAsTheClipDoesOnTheTarget) {
    const glm::dquat turn = glm::angleAxis(glm::pi<double>(), glm::dvec3(1.0, 0.0, 0.0));
    auto source = anim::Character::create(with_turned_hips(builtin_asset(), turn));
    auto target = anim::Character::create(builtin_asset());
    auto direct = anim::Character::create(builtin_asset());
    ASSERT_TRUE(source && target && direct);
    const auto& tsk = target->skins()[0].skeleton;
    const anim::RetargetMap map =
        anim::build_retarget_map(source->skins()[0].skeleton.names(), tsk.names(), tsk.parents());
    source->pose_at(-1, 0.0f, true);
    anim::RetargetRest rest;
    ASSERT_TRUE(anim::prepare_rest_retarget(source->skins()[0].skeleton, map, tsk.joint_count(), rest));
    for (float t : {0.3f, 0.9f, 1.6f}) {
        SCOPED_TRACE(t);
        source->pose_at(0, t, true);
        direct->pose_at(0, t, true);
        // Negative control: the turned source really does draw the same, and a plain local copy
        // really does misplace the target.
        ASSERT_LT(worst_joint_distance(source->skins()[0].skeleton, direct->skins()[0].skeleton), 1e-4);
        target->pose_at(-1, 0.0f, true);
        anim::retarget_pose(map, source->skins()[0].pose, target->skins()[0].pose);
        target->apply_poses();
        // (0.2 m here: the turned hips swing the target's own child offsets half a turn.)
        EXPECT_GT(worst_joint_distance(target->skins()[0].skeleton, direct->skins()[0].skeleton), 0.05)
            << "a local copy should have put the joints off";
        target->pose_at(-1, 0.0f, true);
        anim::retarget_rest_relative(rest, source->skins()[0].skeleton.world(), target->skins()[0].skeleton,
                                     target->skins()[0].pose);
        target->apply_poses();
        // 1e-4 m on a 1.8 m character: float world matrices through two quaternion round trips.
        EXPECT_LT(worst_joint_distance(target->skins()[0].skeleton, direct->skins()[0].skeleton), 1e-4);
    }
}

TEST(RetargetRest, NoJointInCommonIsRefusedWithTheReason) {
    auto source = anim::Character::create(builtin_asset());
    ASSERT_TRUE(source);
    const auto& sk = source->skins()[0].skeleton;
    std::vector<std::string> other(sk.names().size(), "x");
    for (size_t i = 0; i < other.size(); ++i) other[i] = "other_" + std::to_string(i);
    const anim::RetargetMap map = anim::build_retarget_map(sk.names(), other, sk.parents());
    source->pose_at(-1, 0.0f, true);
    anim::RetargetRest rest;
    auto st = anim::prepare_rest_retarget(source->skins()[0].skeleton, map, sk.joint_count(), rest);
    ASSERT_FALSE(st);
    EXPECT_NE(st.error().message.find("no joint names in common"), std::string::npos) << st.error().message;
}

// Issue 35: of the 302 files in ../shared only Xbot and RobotExpressive load as a retarget source
// onto the built-in character; the other skinned, animated ones (Fox, CesiumMan, RiggedFigure,
// RiggedSimple, SimpleSkin) name their joints in no humanoid scheme. The Graph tab then says so,
// naming some of the source's joints, instead of only "no joint names in common".
TEST(GraphPanel, ASourceWithNoHumanoidNamesSaysWhy) {
    auto target = anim::Character::create(builtin_asset());
    ASSERT_TRUE(target);
    anim::Asset renamed = builtin_asset();
    const auto& skin = renamed.skins.at(0);
    for (size_t i = 0; i < skin.joints.size(); ++i)
        renamed.scene.nodes[static_cast<size_t>(skin.joints[i])].name = "joint_" + std::to_string(i);
    const std::string count = std::to_string(skin.joints.size());
    ui::GraphPanel g;
    const Status st = g.set_source(std::move(renamed), "renamed.glb", *target, 0);
    ASSERT_FALSE(st);
    const std::string& e = st.error().message;
    EXPECT_EQ(
        e.rfind("renamed.glb: cannot be a retarget source for this character: no joint names in common", 0),
        0u)
        << e;
    EXPECT_NE(e.find("None of its " + count + " joints ('joint_0', 'joint_1', 'joint_2', ...)"),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("(Mixamo, Blender, Unreal, VRM)"), std::string::npos) << e;
    // The control: the same file as it is loads.
    ui::GraphPanel ok;
    EXPECT_TRUE(ok.set_source(builtin_asset(), "builtin.glb", *target, 0));
}

TEST(GraphPanel, TheAnimationPanelNamesWhatActuallyPlays) {
    auto target = anim::Character::create(builtin_asset());
    ASSERT_TRUE(target);
    ui::GraphPanel g;
    g.attach(*target, 0);
    EXPECT_EQ(g.playing_label(*target, 0), "'walk'");
    EXPECT_EQ(g.playing_label(*target, -1), "rest pose");
    ASSERT_TRUE(sv::viewer::load_retarget_source(
        g, (test::source_dir() / "assets" / "humanoid_mixamo.glb").string(), *target, 0));
    g.mode = ui::GraphMode::Retarget;
    EXPECT_EQ(g.playing_label(*target, 0), "retarget: 'walk' from humanoid_mixamo.glb");
}

}  // namespace
