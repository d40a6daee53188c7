// The framing keys of issue 25 item 4, replayed by input scripts in the real window: C off and on
// gives back the view at load (the framing follows what is drawn, both ways), and F frames the
// selected joint with what hangs below it. The view is read from the ui log's "camera: " lines.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "render/camera.h"
#include "test_paths.h"

namespace {

using sv::render::OrbitCamera;

class FramingKeys : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
            GTEST_SKIP() << "no display: run under xvfb-run (scripts/test.sh does)";
    }

    static std::string run(const std::string& name, const std::string& script, int frames,
                           const std::string& extra = "") {
        const std::string txt = sv::test::output_dir().string() + "/viewer_framing_" + name + ".txt";
        std::ofstream(txt) << script;
        const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
        const std::string cmd = std::string(SKINVIEW_EXE) + " \"" + file + "\" --frames " +
                                std::to_string(frames) + " --input \"" + txt + "\" " + extra + " 2>&1";
        std::string log;
        FILE* p = popen(cmd.c_str(), "r");
        if (!p) return log;
        std::array<char, 512> buf{};
        while (fgets(buf.data(), buf.size(), p)) log += buf.data();
        const int status = pclose(p);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << log;
        return log;
    }

    static OrbitCamera last_camera(const std::string& log) {
        std::string last;
        std::istringstream in(log);
        for (std::string line; std::getline(in, line);) {
            const size_t at = line.find(": camera: ");
            if (at != std::string::npos) last = line.substr(at + 10);
        }
        EXPECT_FALSE(last.empty()) << "no camera line in the log:\n" << log;
        auto c = sv::render::parse_pinned_camera(last);
        return c ? *c : OrbitCamera{};
    }
};

TEST_F(FramingKeys, CorrectionOffAndOnGivesBackTheViewAtLoad) {
    const OrbitCamera at_load = last_camera(run("still", "2 move viewport 0.5 0.5\n", 6));
    // Off: the soup (the bones' boxes strewn over a larger space) is framed, so the camera moves.
    const OrbitCamera off = last_camera(run("c_off", "2 move viewport 0.5 0.5\n3 key c\n", 7));
    EXPECT_GT(std::abs(off.distance - at_load.distance), 0.2f * at_load.distance)
        << "the soup was not framed";
    // On again: the character's framing, not the soup's (Michelle stayed small here before).
    const OrbitCamera on = last_camera(run("c_off_on", "2 move viewport 0.5 0.5\n3 key c\n5 key c\n", 9));
    EXPECT_NEAR(on.distance, at_load.distance, 1e-4f * at_load.distance);
    EXPECT_LT(glm::length(on.target - at_load.target), 1e-4f * at_load.distance);
}

TEST_F(FramingKeys, FFramesTheSelectedJointAndWhatHangsBelowIt) {
    const OrbitCamera at_load = last_camera(run("f_still", "2 move viewport 0.5 0.5\n", 6));
    const OrbitCamera hand =
        last_camera(run("f_hand", "2 move viewport 0.5 0.5\n3 key f\n", 7, "--joint LeftHand"));
    // A hand and its fingers are some 20 cm of a 180 cm character.
    EXPECT_LT(hand.distance, 0.3f * at_load.distance);
    EXPECT_GT(hand.distance, 0.02f * at_load.distance);
    // The hand hangs at the character's side, below the middle of the body and off to its left.
    EXPECT_GT(glm::length(hand.target - at_load.target), 0.3f);
    // Nothing selected: F frames what is drawn, the whole character.
    const OrbitCamera all = last_camera(run("f_all", "2 move viewport 0.5 0.5\n3 wheel 3\n4 key f\n", 8));
    EXPECT_GT(all.distance, 0.8f * at_load.distance);
    EXPECT_LT(all.distance, 1.25f * at_load.distance);
}

}  // namespace
