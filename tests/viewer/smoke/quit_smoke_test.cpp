// Issue 35, item 2: nothing ends the viewer but an explicit quit, and a quit that would lose work
// asks first. Esc typed into a text field leaves the field (it quit the viewer before, taking the
// pose edits with it); Esc or the window's close button with an unsaved pose edit opens the
// confirmation, whose Cancel stays and Quit quits; with nothing to lose Esc quits at once.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "test_paths.h"
#include "viewer_run.h"

namespace quit_smoke {

using sv::test::ViewerRun;

class QuitSmoke : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }
    static ViewerRun run(const std::string& name, const std::string& script, int frames,
                         const std::string& extra = "") {
        const auto dir = sv::test::output_dir();
        return sv::test::run_viewer({sv::test::built_in_character(), frames, script,
                                     (dir / ("quit_" + name + ".txt")).string(), "", extra});
    }
};

TEST_F(QuitSmoke, EscWhileTypingLeavesTheFieldAndNeverQuits) {
    // Typing over the Open field's text, then Esc at frame 12; the run goes on to frame 20.
    const std::string typing =
        "2 move left 60px 36px\n3 click left\n5 keydown ctrl\n6 key a\n8 keyup ctrl\n9 type /tmp/abc\n12 key "
        "escape\n";
    const ViewerRun r = run("typing", typing, 20);
    EXPECT_EQ(r.rc, 0) << r.log;
    EXPECT_NE(r.log.find("frame 9: open field: /tmp/abc"), std::string::npos) << r.log;
    EXPECT_EQ(r.log.find(": quit ("), std::string::npos) << "Esc in a text field quit the viewer:\n" << r.log;
    // The control: Esc with no field active quits there and then.
    const ViewerRun idle = run("idle", "2 move viewport 0.5 0.5\n12 key escape\n", 20);
    EXPECT_EQ(idle.rc, 0) << idle.log;
    EXPECT_NE(idle.log.find("skinview: frame 12: quit (Esc)\n"), std::string::npos) << idle.log;
}

// A pose edit made in the Joints tab (the forearm's X slider ctrl+clicked, 30 typed), as the pose
// edit smoke test makes it; its slider is found from a first run's ui log.
TEST_F(QuitSmoke, WithAnUnsavedPoseEditEscAndTheCloseButtonAskFirst) {
    const std::string extra = "--joint LeftForeArm --tab joints";
    const ViewerRun locate = run("locate", "1 move viewport 0.5 0.5\n", 3, extra);
    float sx = 0, sy = 0;
    ASSERT_TRUE(sv::test::item_centre(locate.log, "pose edit", "X", sx, sy)) << locate.log;
    std::ostringstream edit;
    edit << "2 move " << sx << "px " << sy << "px\n3 down left +ctrl\n4 up left\n6 type 30\n7 key enter\n"
         << "9 move viewport 0.5 0.5\n10 key escape\n";
    // The dialog's buttons: from a run that opens it.
    const ViewerRun asked = run("asked", edit.str(), 16, extra);
    EXPECT_EQ(asked.rc, 0) << asked.log;
    EXPECT_NE(asked.log.find("frame 10: quit (Esc) asks first: 1 joint edited (Joints tab)"),
              std::string::npos)
        << asked.log;
    EXPECT_NE(asked.log.find("quit dialog: 1 joint edited (Joints tab)"), std::string::npos) << asked.log;
    EXPECT_EQ(asked.log.find(": quit (Esc)\n"), std::string::npos) << "quit without asking:\n" << asked.log;
    float qx = 0, qy = 0, cx = 0, cy = 0;
    ASSERT_TRUE(sv::test::item_centre(asked.log, "quit dialog", "Quit", qx, qy)) << asked.log;
    ASSERT_TRUE(sv::test::item_centre(asked.log, "quit dialog", "Cancel", cx, cy)) << asked.log;
    // Cancel stays; the close button then asks again; Quit quits at its frame, before the last.
    std::ostringstream answer;
    answer << edit.str() << "13 move " << cx << "px " << cy << "px\n14 click left\n17 close\n20 move " << qx
           << "px " << qy << "px\n21 click left\n";
    const ViewerRun answered = run("answered", answer.str(), 40, extra);
    EXPECT_EQ(answered.rc, 0) << answered.log;
    EXPECT_NE(answered.log.find("frame 17: quit (the window's close button) asks first: 1 joint edited"),
              std::string::npos)
        << answered.log;
    // ImGui's button acts on the release, the frame after the press.
    EXPECT_NE(answered.log.find("frame 22: quit (the dialog's Quit)\n"), std::string::npos) << answered.log;
    // Between Cancel (14) and the close (17) no dialog is drawn: its line is logged again at 17.
    const size_t second = answered.log.find("frame 17: quit dialog:");
    EXPECT_NE(second, std::string::npos) << "the close button should open the dialog again:\n"
                                         << answered.log;
    // The control: the close button with nothing edited quits at once.
    const ViewerRun closed = run("closed", "2 move viewport 0.5 0.5\n5 close\n", 20);
    EXPECT_NE(closed.log.find("skinview: frame 5: quit (the window's close button)\n"), std::string::npos)
        << closed.log;
}

}  // namespace quit_smoke
