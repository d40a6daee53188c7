// The settings file's `pose_edits` (joint name -> Euler XYZ degrees) and the all-joints weights view
// (`heatmap: all-weights`): the JSON round trip, the errors that name the key and the joint, and
// applying a file reaching the same model the viewer poses from (ui::ViewerModel::pose_edits), so
// the edited joint turns in the pose the panels draw. No window: settings_apply is what --settings
// and the Load button call.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "anim/gltf/gltf_import.h"
#include "settings_apply.h"
#include "test_paths.h"
#include "ui/view.h"

namespace {

using namespace sv;

anim::Character load_builtin() {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

glm::dvec3 joint_world(const anim::Character& c, int joint) {
    const float* w = &c.skins()[0].skeleton.world()[static_cast<size_t>(joint) * 16];
    return glm::dvec3(w[12], w[13], w[14]);
}

TEST(PoseEditSettings, PoseEditsAndTheAllJointsViewRoundTrip) {
    ui::View s;
    s.draw.heatmap = "all-weights";
    s.pose.edits = {{"LeftForeArm", {30.0, -12.5, 0.0}}, {"Neck", {0.0, 0.0, 45.0}}};
    ASSERT_NE(s, ui::View{}) << "negative control: the pose edits count in the comparison";
    const std::string text = ui::settings_to_json(s);
    EXPECT_NE(text.find("\"pose_edits\""), std::string::npos) << text;
    auto back = ui::settings_from_json(text);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, s) << ui::settings_to_json(*back);
}

TEST(PoseEditSettings, BadPoseEditsNameTheKeyAndTheJoint) {
    struct Case {
        const char* json;
        const char* says;
    };
    for (const Case& c :
         {Case{R"({"pose_edits": [1, 2, 3]})", "'pose_edits': expected an object of JOINT: [x, y, z]"},
          Case{R"({"pose_edits": {"Neck": [1, 2]}})", "'pose_edits': 'Neck': expected [x, y, z]"},
          Case{R"({"pose_edits": {"Neck": 30}})", "'pose_edits': 'Neck': expected [x, y, z]"},
          Case{R"({"pose_edits": {"Neck": [1, "2", 3]}})", "'pose_edits': 'Neck': expected [x, y, z]"},
          Case{R"({"heatmap": "all"})", "'heatmap': 'all' is not one of off, weights, error, all-weights"}}) {
        auto s = ui::settings_from_json(c.json);
        ASSERT_FALSE(s) << c.json;
        EXPECT_NE(s.error().message.find(c.says), std::string::npos) << s.error().message;
    }
}

// Applying a file puts the edits in the model, the model's pose turns the joint, capture gives the
// file back, and a joint the character lacks is named (the other edits still apply).
TEST(PoseEditSettings, ApplyPosesTheEditedJointAndCaptureGivesTheFileBack) {
    anim::Character c = load_builtin();
    ui::ViewerModel m;
    m.attach(c);
    viewer::FrameState& st = m.state;
    const int forearm = c.skins()[0].skeleton.find("LeftForeArm");
    const int hand = c.skins()[0].skeleton.find("LeftHand");
    ASSERT_GE(forearm, 0);
    ASSERT_GE(hand, 0);
    ui::View s;
    s.clock.clip = "rest";
    s.draw.heatmap = "all-weights";
    auto plain = viewer::apply_settings(s, m, c);
    ASSERT_TRUE(plain) << plain.error().message;
    m.pose(c);
    const glm::dvec3 hand_before = joint_world(c, hand), elbow = joint_world(c, forearm);

    s.pose.edits = {{"LeftForeArm", {0.0, 0.0, 40.0}}};
    auto applied = viewer::apply_settings(s, m, c);
    ASSERT_TRUE(applied) << applied.error().message;
    EXPECT_EQ(st.draw.debug_view, render::DebugView::AllWeights);
    EXPECT_EQ(m.pose_edits.by_node.size(), 1u);
    m.pose(c);
    // The hand turns about the elbow by 40 degrees about the forearm's own Z (its world matrix's
    // third column): the distance to the elbow is kept, and the hand's offset seen along that axis
    // turns by 40 degrees.
    const float* w = &c.skins()[0].skeleton.world()[static_cast<size_t>(forearm) * 16];
    const glm::dvec3 axis = glm::normalize(glm::dvec3(w[8], w[9], w[10]));
    const glm::dvec3 hand_after = joint_world(c, hand);
    const double r = glm::distance(hand_before, elbow);
    EXPECT_NEAR(glm::distance(hand_after, elbow), r, 1e-4 * r);
    const glm::dvec3 a = hand_before - elbow - axis * glm::dot(hand_before - elbow, axis),
                     b = hand_after - elbow - axis * glm::dot(hand_after - elbow, axis);
    const double degrees = glm::degrees(std::atan2(glm::dot(glm::cross(a, b), axis), glm::dot(a, b)));
    EXPECT_NEAR(degrees, 40.0, 0.01);
    std::printf("[ measure ] the hand turned %.4f degrees about the forearm's Z\n", degrees);
    const ui::View captured = viewer::capture_settings(m, c);
    EXPECT_EQ(captured.pose.edits, s.pose.edits) << ui::settings_to_json(captured);
    EXPECT_EQ(captured.draw.heatmap, "all-weights");

    // A file without pose_edits leaves the pose as animated (Load replaces the whole state).
    s.pose.edits.clear();
    ASSERT_TRUE(viewer::apply_settings(s, m, c));
    m.pose(c);
    EXPECT_NEAR(glm::distance(joint_world(c, hand), hand_before), 0.0, 1e-6);

    s.pose.edits = {{"Tail", {10.0, 0.0, 0.0}}, {"Neck", {0.0, 5.0, 0.0}}};
    auto bad = viewer::apply_settings(s, m, c);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("pose_edits: no joint named 'Tail'"), std::string::npos)
        << bad.error().message;
    EXPECT_EQ(m.pose_edits.by_node.size(), 1u) << "the edit the character can take is applied";
}

}  // namespace
