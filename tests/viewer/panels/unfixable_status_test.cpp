// A skin the correction cannot fix (one joint's inverse bind mirrored, so the joints disagree about
// handedness at rest): the status line's message says so, as the Frame tab does, with the Frame
// tab's red tone; never the green "correction on" of a correction that worked.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/asset_tools/asset_builder.h"
#include "anim/character/character.h"
#include "ui/frame_panel.h"

namespace {

using namespace sv;

anim::Asset mirrored_arm() {
    anim::Asset a = anim::build_arm_asset();
    a.skins[0].inverse_bind[2] =
        glm::scale(glm::dmat4(1.0), glm::dvec3(-1.0, 1.0, 1.0)) * a.skins[0].inverse_bind[2];
    return a;
}

TEST(UnfixableStatus, AMirroredJointIsNamedOnTheStatusLineWithTheFrameTabsReason) {
    auto c = anim::Character::create(mirrored_arm());
    ASSERT_TRUE(c) << c.error().message;
    ASSERT_EQ(c->skinned_meshes().size(), 1u);
    const anim::MeshFrameReport& r = c->skinned_meshes()[0].report;
    ASSERT_EQ(r.verdict, anim::FrameVerdict::CannotFix) << r.reason;
    ASSERT_NE(r.reason.find("mirrored"), std::string::npos) << r.reason;
    for (bool on : {true, false}) {
        SCOPED_TRACE(on ? "correction on" : "correction off");
        const std::string state = on ? "correction on" : "correction off";
        const std::vector<std::string> forms = ui::FramePanel::correction_hint_forms(*c, on);
        const std::string mesh = "mesh '" + r.mesh_name + "'";
        // Longest first: the Frame tab's own reason, then shorter forms that keep "cannot be fixed".
        ASSERT_EQ(forms.size(), 4u);
        EXPECT_EQ(forms[0], state + ": " + mesh + " cannot be fixed: " + r.reason);
        EXPECT_EQ(forms[1], state + ": " + mesh + " cannot be fixed (Frame tab)");
        EXPECT_EQ(forms[2], mesh + " cannot be fixed (Frame tab)");
        EXPECT_EQ(forms[3], "cannot be fixed (Frame tab)");
        EXPECT_EQ(ui::FramePanel::correction_hint(*c, on), forms[0]);
        EXPECT_EQ(ui::FramePanel::hint_tone(*c, on), ui::FramePanel::HintTone::CannotFix);
        EXPECT_EQ(ui::FramePanel::unfixable_mesh(*c), &c->skinned_meshes()[0]);
    }
}

// Negative control: the same arm unmirrored is fixable; its tone follows the switch and nothing
// says "cannot be fixed".
TEST(UnfixableStatus, AnArmWithoutTheMirrorKeepsTheSwitchesTone) {
    auto c = anim::Character::create(anim::build_arm_asset());
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(ui::FramePanel::unfixable_mesh(*c), nullptr);
    EXPECT_EQ(ui::FramePanel::hint_tone(*c, true), ui::FramePanel::HintTone::On);
    EXPECT_EQ(ui::FramePanel::correction_hint(*c, true).find("cannot be fixed"), std::string::npos);
    EXPECT_EQ(ui::FramePanel::hint_tone(*c, false), ui::FramePanel::HintTone::Off);
    EXPECT_EQ(ui::FramePanel::correction_hint(*c, false).find("cannot be fixed"), std::string::npos);
}

}  // namespace
