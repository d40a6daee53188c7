// The status line and the Open field say what is true now, in the real window (issue 46): "settings
// saved to ..." stayed after Reset all undid the saved pose edits, and a path that failed to open
// stayed in the Open field as if it were the file on screen.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "test_paths.h"
#include "viewer_run.h"

// Named, not anonymous: the folder compiles as unity batches.
namespace panel_words_smoke_test {

using sv::test::ViewerRun;

// The frame number of the first line "skinview: frame N: TEXT" at or after `from`; -1 when none.
int frame_of(const std::string& log, const std::string& text, size_t from, size_t* where = nullptr) {
    const size_t at = log.find(text, from);
    if (at == std::string::npos) return -1;
    const size_t line = log.rfind("skinview: frame ", at);
    int frame = -1;
    if (line != std::string::npos) std::sscanf(log.c_str() + line, "skinview: frame %d:", &frame);
    if (where) *where = at;
    return frame;
}

std::string stem(const std::string& name) {
    return (sv::test::output_dir() / ("panel_words_" + name)).string();
}

class PanelWordsSmoke : public ::testing::Test {
protected:
    void SetUp() override { SKINVIEW_SKIP_WITHOUT_DISPLAY(); }
};

// Saved with a pose edit, then Reset all: the view's work is no longer what the file holds, and
// the message goes. Kept until then (a tab pressed between does not clear it).
TEST_F(PanelWordsSmoke, ASettingsMessageGoesWhenTheViewNoLongerHoldsWhatWasSaved) {
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string settings = stem("saved.json");
    std::ofstream(settings) << R"({"pose_edits": {"LeftForeArm": [30, 0, 0]}, "joint": "LeftForeArm"})";
    const std::string script =
        "1 move viewport 0.5 0.5\n"
        "2 press settings button: Save\n"
        "5 press inspector tab: Frame\n"
        "8 press inspector tab: Joints\n"
        "11 press pose edit: Reset all\n";
    const ViewerRun r = sv::test::run_viewer(
        {file, 16, script, stem("saved.txt"), "", "--tab joints --settings \"" + settings + "\""});
    ASSERT_EQ(r.rc, 0) << r.log;
    size_t saved_at = 0;
    const int saved = frame_of(r.log, "status message: settings saved to " + settings, 0, &saved_at);
    ASSERT_GE(saved, 2) << "Save was not pressed: " << r.log;
    ASSERT_NE(r.log.find("pose edit: LeftForeArm = 0 0 0 (0 edited)"), std::string::npos)
        << "Reset all was not pressed: " << r.log;
    const int gone = frame_of(r.log, "status message: (none)", saved_at);
    ASSERT_GE(gone, 0) << "the message stayed after Reset all: " << r.log;
    // Not before the reset: the Frame and Joints presses change no saved key.
    EXPECT_GE(gone, 12) << r.log;
}

// A path typed into the Open field that fails to open: the field shows the file on screen again
// (it showed the failed path, read as the file drawn).
TEST_F(PanelWordsSmoke, TheOpenFieldShowsTheFileOnScreenAfterAFailedOpen) {
    const std::string file = (sv::test::source_dir() / "assets" / "arm.glb").string();
    const std::string missing = (sv::test::output_dir() / "panel_words_missing.glb").string();
    std::remove(missing.c_str());
    const std::string script =
        "1 move viewport 0.5 0.5\n"
        "2 press scene: open field\n"
        "4 keydown ctrl\n"
        "5 key a\n"
        "7 keyup ctrl\n"
        "8 type " +
        missing +
        "\n"
        "10 key enter\n";
    const ViewerRun r = sv::test::run_viewer({file, 16, script, stem("open.txt"), "", ""});
    ASSERT_EQ(r.rc, 0) << r.log;
    size_t typed_at = 0;
    ASSERT_GE(frame_of(r.log, "open field shows: " + missing, 0, &typed_at), 0)
        << "the path was not typed: " << r.log;
    ASSERT_NE(r.log.find("could not open " + missing), std::string::npos) << r.log;
    EXPECT_EQ(sv::test::last_after(r.log, "open field shows: "), file) << r.log;
}

}  // namespace panel_words_smoke_test
