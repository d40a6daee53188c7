// Negative controls, one set per golden family, generated here from the golden's own shot: each
// must fail that golden (image or sidecar), or the golden sees nothing of that kind.
//   finger: one finger joint (the nearest thing on a fox or an arm: a paw, the wrist) turned 30
//           degrees;
//   inverse bind: one joint's inverse bind perturbed by 1% of the body (its palette entry); on the
//           corrected shots only (see controls());
//   correction: the skin-frame correction flipped (off for a corrected golden, on for an off one).
//         Only on files the correction changes (Xbot, the built-in humanoid, Fox): Robot and the arm
//         are authored on their skin frame, the switch draws the same picture (measured: 0 pixels),
//         and the soup is held by the other families;
//   rung: another skinning rung. Only where the shot bends joints enough for rungs to differ: at
//         bind every rung draws the rest mesh exactly, so a bind golden cannot tell them apart; Fox
//         at t=1.0 differs by 8 pixels between LBS and DQS (0.04% of its footprint, under budget),
//         so its golden cannot either.
// Figures are printed ("[ control ]") so a run shows how far past its budget each control lands.
#include <gtest/gtest.h>

#include <cstdio>

#include "shots.h"

namespace sv::viewer {
namespace {

enum class Kind { Finger, InverseBind, Correction, Rung };

struct Control {
    Shot shot;
    std::function<void(SceneSession&)> base_edit;  // the golden's own edit (the arm's twist), or none
    std::string finger;                            // the joint turned
    std::string bind_joint;                        // the joint whose inverse bind is perturbed
    Kind kind;
    std::string wrong_rung;  // for Kind::Rung
};

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::Finger:
            return "finger_turned_30deg";
        case Kind::InverseBind:
            return "inverse_bind_1pct";
        case Kind::Correction:
            return "correction_flipped";
        case Kind::Rung:
            return "wrong_rung";
    }
    return "?";
}

void PrintTo(const Control& c, std::ostream* os) { *os << c.shot.golden << "/" << kind_name(c.kind); }

std::vector<Control> controls() {
    using render::Api;
    struct Family {
        Shot shot;
        std::function<void(SceneSession&)> edit;
        std::string finger, bind_joint, wrong_rung;  // wrong_rung empty: no rung control
        bool correction_matters;
    };
    const std::vector<Family> families = {
        {{"xbot_bind", "shared:Xbot.glb", Api::GL, "", 0.0f, true}, {}, "LeftHandIndex1", "Spine1", "", true},
        {{"xbot_bind_correction_off", "shared:Xbot.glb", Api::GL, "", 0.0f, true, "off"},
         {},
         "LeftHandIndex1",
         "Spine1",
         "",
         true},
        {{"humanoid_mixamo_bind", "project:humanoid_mixamo.glb", Api::GL, "", 0.0f, true},
         {},
         "LeftHandIndex1",
         "Spine1",
         "",
         true},
        {{"humanoid_mixamo_posed", "project:humanoid_mixamo.glb", Api::GL, "", 0.8f},
         {},
         "LeftHandIndex1",
         "Spine1",
         "lbs",
         true},
        {{"humanoid_mixamo_posed_correction_off", "project:humanoid_mixamo.glb", Api::GL, "", 0.8f, false,
          "off"},
         {},
         "LeftHandIndex1",
         "Spine1",
         "lbs",
         true},
        {{"robot_dance", "shared:RobotExpressive.glb", Api::GL, "Dance", 0.6f},
         {},
         "Index.R",
         "LowerArm.R",
         "lbs",
         false},
        {{"fox_posed", "shared:Fox.glb", Api::GL, "", 1.0f}, {}, "b_LeftHand", "b_Hip", "", true},
        {{"fox_correction_off", "shared:Fox.glb", Api::GL, "", 1.0f, false, "off"},
         {},
         "b_LeftHand",
         "b_Spine01",
         "",
         true},
        {{"arm_twist_dqs", "project:arm.glb", Api::GL, "", 0.0f, true, "on", "dqs", "front"},
         twist_mid_joint,
         "Wrist",
         "Elbow",
         "lbs",
         false},
        {{"arm_ik_pole", "project:arm.glb", Api::GL, "", 0.0f, true, "on", "auto", "orbit:35"},
         solve_arm_ik,
         "Wrist",
         "Elbow",
         "lbs",
         false},
        {{"humanoid_weights_leftforearm", "project:humanoid_mixamo.glb", Api::GL, "", 0.8f},
         show_left_forearm_weights,
         "LeftHandIndex1",
         "Spine1",
         "lbs",
         true},
        {{"humanoid_heatmap", "project:humanoid_mixamo.glb", Api::GL, "", 0.8f},
         [](SceneSession& s) { heat_map(s, false); },
         "LeftHandIndex1",
         "Spine1",
         "lbs",
         true},
    };
    std::vector<Control> v;
    for (const auto& f : families) {
        v.push_back({f.shot, f.edit, f.finger, f.bind_joint, Kind::Finger, ""});
        // A correction-off golden draws the soup: the skin a few pixels wide at the origin (Fox's is
        // one dot above its pedestal), so a 1% error in one inverse bind moves at most a pixel or
        // two, and the CPU sidecar never sees a palette entry. Those goldens hold the soup itself;
        // the inverse-bind control runs on the corrected shots of the same files.
        if (f.shot.correction == "on")
            v.push_back({f.shot, f.edit, f.finger, f.bind_joint, Kind::InverseBind, ""});
        if (f.correction_matters) v.push_back({f.shot, f.edit, f.finger, f.bind_joint, Kind::Correction, ""});
        if (!f.wrong_rung.empty())
            v.push_back({f.shot, f.edit, f.finger, f.bind_joint, Kind::Rung, f.wrong_rung});
    }
    return v;
}

class NegativeControl : public ::testing::TestWithParam<Control> {};

TEST_P(NegativeControl, FailsItsGolden) {
    const Control& c = GetParam();
    SKINVIEW_SHOT_OR_SKIP(c.shot);
    if (test::blessing()) GTEST_SKIP() << "blessing: the controls hold the goldens being written";
    Shot shot = c.shot;
    if (c.kind == Kind::Correction) shot.correction = shot.correction == "on" ? "off" : "on";
    if (c.kind == Kind::Rung) shot.skinning = c.wrong_rung;
    Rendered r = render_shot(shot, [&](SceneSession& s) {
        if (c.base_edit) c.base_edit(s);
        if (c.kind == Kind::Finger) {
            ASSERT_TRUE(test::turn_joint(s, c.finger, 30.0f).ok()) << c.finger;
        }
        if (c.kind == Kind::InverseBind) {
            ASSERT_TRUE(test::perturb_inverse_bind(s, c.bind_joint, 0.01f).ok()) << c.bind_joint;
        }
    });
    const auto o = test::check_scene_golden(r.frame, c.shot.golden, c.shot.golden + "." + kind_name(c.kind));
    ASSERT_TRUE(o.compared) << o.message;
    std::printf("[ control ] %s %s: %s\n", c.shot.golden.c_str(), kind_name(c.kind), o.report.text().c_str());
    EXPECT_FALSE(o.match) << kind_name(c.kind) << " passed its golden: " << o.message;
}

INSTANTIATE_TEST_SUITE_P(Families, NegativeControl, ::testing::ValuesIn(controls()), [](const auto& info) {
    return info.param.shot.golden + "_" + kind_name(info.param.kind);
});

}  // namespace
}  // namespace sv::viewer
