// The VRM tabs' models on the project's avatars: the Humanoid panel (bone to node, required bones
// flagged, a row selects its joint), the joint table and the settings' joint names reading the
// humanoid names, and the Expressions panel with its `expressions` settings key (JSON and file round
// trip, apply then capture, the weights it writes over the pose, its errors).
#include <gtest/gtest.h>

#include <algorithm>

#include "anim/avatar/vrm_facing.h"
#include "anim/gltf/gltf_import.h"
#include "settings_apply.h"
#include "test_paths.h"
#include "ui/view.h"
#include "ui/viewer_model.h"

namespace {

using namespace sv;

anim::Character load_avatar(const char* file) {
    auto a = anim::load_gltf((test::source_dir() / "assets" / file).string());
    EXPECT_TRUE(a) << (a ? "" : a.error().message);
    anim::apply_vrm_facing(*a);
    auto c = anim::Character::create(std::move(*a));
    EXPECT_TRUE(c);
    return std::move(*c);
}

const ui::HumanoidPanelRow* row(const ui::HumanoidPanel& h, const std::string& bone) {
    for (const auto& r : h.rows)
        if (r.entry.bone == bone) return &r;
    return nullptr;
}

TEST(VrmPanels, HumanoidPanelListsTheMapAndSelectsAJoint) {
    for (const char* file : {"avatar_vrm0.glb", "avatar_vrm1.glb"}) {
        SCOPED_TRACE(file);
        anim::Character c = load_avatar(file);
        ui::ViewerModel m;
        m.attach(c);
        const ui::HumanoidPanel& h = m.humanoid;
        ASSERT_TRUE(h.vrm);
        EXPECT_EQ(h.summary, std::string(file[10] == '0' ? "VRM 0.x" : "VRM 1.0") +
                                 ": 17 of 55 bones mapped; every required bone present");
        const auto* arm = row(h, "leftUpperArm");
        ASSERT_NE(arm, nullptr);
        EXPECT_EQ(arm->node_name, "J_Bip_L_UpperArm");
        ASSERT_GE(arm->joint, 0);
        EXPECT_EQ(c.skins()[0].skeleton.names()[static_cast<size_t>(arm->joint)], "J_Bip_L_UpperArm");
        EXPECT_EQ(h.bone_of(arm->skin, arm->joint), "leftUpperArm");
        EXPECT_TRUE(row(h, "hips")->entry.required);
        EXPECT_EQ(row(h, "chest")->entry.required, file[10] == '0');
        // The filter keeps required, mapped and flagged rows only: the 17 mapped ones here.
        m.humanoid.only_mapped = true;
        EXPECT_EQ(m.humanoid.visible().size(), 17u);
        m.humanoid.only_mapped = false;
        EXPECT_EQ(m.humanoid.visible().size(), 55u);
        // The joint table names the bone and its filter finds the joint by it.
        const auto& jr = m.joints.rows[static_cast<size_t>(arm->joint)];
        EXPECT_EQ(jr.bone, "leftUpperArm");
        m.joints.filter = "leftupperarm";
        const auto shown = m.joints.visible(true);
        ASSERT_EQ(shown.size(), 1u);
        EXPECT_EQ(shown[0], arm->joint);
    }
}

TEST(VrmPanels, AMissingRequiredBoneIsFlaggedInThePanel) {
    auto a = anim::load_gltf((test::source_dir() / "assets" / "avatar_vrm1.glb").string());
    ASSERT_TRUE(a);
    auto& hb = a->vrm.humanoid;
    hb.erase(std::remove_if(hb.begin(), hb.end(),
                            [](const anim::VrmHumanBone& b) { return b.bone == "rightFoot"; }),
             hb.end());
    auto c = anim::Character::create(std::move(*a));
    ASSERT_TRUE(c);
    ui::ViewerModel m;
    m.attach(*c);
    EXPECT_EQ(m.humanoid.summary, "VRM 1.0: 16 of 55 bones mapped; 1 required bone missing");
    EXPECT_EQ(row(m.humanoid, "rightFoot")->entry.problem, "required by VRM 1.0, not mapped");
}

TEST(VrmPanels, APlainGltfHasNoHumanoidRowsAndNoExpressions) {
    auto a = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    ASSERT_TRUE(a);
    auto c = anim::Character::create(std::move(*a));
    ASSERT_TRUE(c);
    ui::ViewerModel m;
    m.attach(*c);
    EXPECT_FALSE(m.humanoid.vrm);
    EXPECT_TRUE(m.humanoid.rows.empty());
    EXPECT_TRUE(m.expressions.names.empty());
    EXPECT_FALSE(m.expressions.set("happy", 1.0));
}

TEST(VrmPanels, SettingsJointNamesAHumanoidBone) {
    anim::Character c = load_avatar("avatar_vrm1.glb");
    ui::ViewerModel m;
    m.attach(c);
    ui::View s;
    s.panels.joint = "rightLowerLeg";
    s.panels.tab = "humanoid";
    ASSERT_TRUE(viewer::apply_settings(s, m, c));
    ASSERT_GE(m.scene.selection.joint, 0);
    EXPECT_EQ(c.skins()[0].skeleton.names()[static_cast<size_t>(m.scene.selection.joint)],
              "J_Bip_R_LowerLeg");
    EXPECT_EQ(m.tab, ui::InspectorTab::Humanoid);
}

TEST(VrmPanels, ExpressionsKeyRoundTripsThroughJsonAndFile) {
    ui::View s;
    s.pose.expressions = {{"blink", 1.0}, {"happy", 0.25}};
    auto back = ui::settings_from_json(ui::settings_to_json(s));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, s) << ui::settings_to_json(*back);
    ui::View other = s;
    other.pose.expressions[1].second = 0.5;
    EXPECT_NE(other, s) << "negative control: the key takes part in the comparison";
    const std::string path = (test::output_dir() / "settings_expressions.json").string();
    ASSERT_TRUE(ui::save_settings_file(path, s));
    auto file = ui::load_settings_file(path);
    ASSERT_TRUE(file) << file.error().message;
    EXPECT_EQ(*file, s);
    EXPECT_EQ(ui::settings_from_json(R"({"expressions": {}})")->pose.expressions.size(), 0u);
}

TEST(VrmPanels, ExpressionsKeyErrorsNameTheKey) {
    for (const auto& [text, says] :
         {std::make_pair(R"({"expressions": {"happy": 2}})",
                         "'expressions': 'happy': expected a weight from 0 to 1"),
          std::make_pair(R"({"expressions": {"happy": "lots"}})", "'happy': expected a weight from 0 to 1"),
          std::make_pair(R"({"expressions": ["happy"]})",
                         "'expressions': expected an object of NAME: WEIGHT")}) {
        auto s = ui::settings_from_json(text);
        ASSERT_FALSE(s) << text;
        EXPECT_NE(s.error().message.find(says), std::string::npos) << s.error().message;
    }
    // A name the avatar lacks: refused on applying, naming the avatar's expressions.
    anim::Character c = load_avatar("avatar_vrm1.glb");
    ui::ViewerModel m;
    m.attach(c);
    ui::View s;
    s.pose.expressions = {{"angry", 1.0}};
    const Status r = viewer::apply_settings(s, m, c);
    ASSERT_FALSE(r);
    // 1.0's expressions are a JSON object: the reader lists them in the parser's key order.
    EXPECT_NE(
        r.error().message.find("expressions: expression 'angry': the avatar has none of that name (it has: "
                               "blink, happy)"),
        std::string::npos)
        << r.error().message;
}

// Applied, the values reach the panel, the morph weights land on the head's targets over the
// pose, and capture gives the file back.
TEST(VrmPanels, ExpressionsApplyToThePoseAndCaptureBack) {
    for (const char* file : {"avatar_vrm0.glb", "avatar_vrm1.glb"}) {
        SCOPED_TRACE(file);
        anim::Character c = load_avatar(file);
        ui::ViewerModel m;
        m.attach(c);
        const std::string happy = file[10] == '0' ? "joy" : "happy";
        ASSERT_EQ(m.expressions.names.size(), 2u);
        EXPECT_NE(std::find(m.expressions.names.begin(), m.expressions.names.end(), happy),
                  m.expressions.names.end());
        ui::View s;
        s.pose.expressions = {{"blink", 0.75}, {happy, 0.5}};
        std::sort(s.pose.expressions.begin(), s.pose.expressions.end());
        const Status r = viewer::apply_settings(s, m, c);
        ASSERT_TRUE(r) << r.error().message;
        // The model's pose pipeline applies them over the clip (its pose_at resets morph weights),
        // and the Scene column's morph list shows what is drawn.
        m.pose(c);
        ASSERT_EQ(c.morph_weights(1).size(), 2u);
        ASSERT_EQ(m.morph.weights.size(), 2u);
        EXPECT_FLOAT_EQ(m.morph.weights[0], 0.5f);
        EXPECT_FLOAT_EQ(c.morph_weights(1)[0], 0.5f);
        // blink is binary (0.75 snaps to 1); 1.0's happy blocks blink, 0.x has no overrides.
        EXPECT_FLOAT_EQ(c.morph_weights(1)[1], file[10] == '0' ? 1.0f : 0.0f);
        EXPECT_EQ(viewer::capture_settings(m, c).pose.expressions, s.pose.expressions);
    }
}

}  // namespace
