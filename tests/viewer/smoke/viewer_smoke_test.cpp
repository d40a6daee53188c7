// Runs the real skinview binary in a window (CI runs ctest under xvfb-run) for a few frames and
// checks its screenshot shows the character, not only that a file was written.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "anim/asset_tools/vrm_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "test_paths.h"
#include "ui/viewport.h"

namespace {

struct RunResult {
    int rc = -1;
    std::string output;  // stdout and stderr together
};

RunResult run(const std::string& args) {
    RunResult r;
    const std::string cmd = std::string(SKINVIEW_EXE) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 512> buf{};
    while (fgets(buf.data(), buf.size(), p)) r.output += buf.data();
    const int status = pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// Pixels in the middle third of the viewport (where the framed character stands) that are
// neither the clear colour nor the grid's line colour. 40 per channel: the grid is antialiased
// and lit surfaces differ from both by far more than that.
long character_pixels(const sv::render::RgbaImage& img) {
    const sv::ui::Layout l =
        sv::ui::compute_layout(static_cast<float>(img.width), static_cast<float>(img.height));
    const auto& v = l.viewport;
    long n = 0;
    for (int y = static_cast<int>(v.y + v.h / 3); y < static_cast<int>(v.y + 2 * v.h / 3); ++y)
        for (int x = static_cast<int>(v.x + v.w / 3); x < static_cast<int>(v.x + 2 * v.w / 3); ++x) {
            const auto* p = img.at(x, y);
            const auto far = [&](int r, int g, int b) {
                return std::abs(p[0] - r) > 40 || std::abs(p[1] - g) > 40 || std::abs(p[2] - b) > 40;
            };
            if (far(28, 31, 36) && far(89, 94, 102)) ++n;
        }
    return n;
}

// Pixels of the error window's dark red along the top of the viewport.
long error_window_pixels(const sv::render::RgbaImage& img) {
    const sv::ui::Layout l =
        sv::ui::compute_layout(static_cast<float>(img.width), static_cast<float>(img.height));
    // The banner sits at the foot of the scene panel (ui/src/layout_draw.cpp, draw_error_window),
    // off the 3D view.
    const auto& v = l.left;
    long n = 0;
    for (int y = static_cast<int>(v.y + v.h - 80); y < static_cast<int>(v.y + v.h); ++y)
        for (int x = static_cast<int>(v.x); x < static_cast<int>(v.x + v.w); ++x) {
            const auto* p = img.at(x, y);
            if (p[0] > 70 && p[0] > p[1] * 2 && p[0] > p[2] * 2) ++n;
        }
    return n;
}

class ViewerSmoke : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
            GTEST_SKIP() << "no display: run under xvfb-run (scripts/test.sh does)";
    }
    std::string out(const std::string& name) { return (sv::test::output_dir() / name).string(); }
};

void expect_character(const std::string& file, const std::string& png, const std::string& extra = "") {
    std::filesystem::remove(png);
    const RunResult r = run("\"" + file + "\" --frames 20 --screenshot \"" + png + "\" " + extra);
    ASSERT_EQ(r.rc, 0) << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img) << png << ": " << (img ? "" : img.error().message);
    EXPECT_EQ(img->width, 1280);
    // The framed character covers a good part of the middle of the viewport (the built-in one,
    // the thinnest, about 4000 of the ~64000 pixels there); 1000 leaves room and still fails
    // on an empty viewport, which has none.
    EXPECT_GT(character_pixels(*img), 1000) << png;
    EXPECT_EQ(error_window_pixels(*img), 0) << png;
}

TEST_F(ViewerSmoke, BuiltInCharacterIsDrawnWithItsPanels) {
    expect_character((sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string(),
                     out("viewer_builtin.png"));
}

TEST_F(ViewerSmoke, CorrectionToggledOffMidRunShowsTheSoup) {
    // The built-in character is exported with a 100x folded scale: drawn in the file's frame its
    // vertices scatter far outside the view, so the middle of the viewport empties.
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string on_png = out("viewer_correction_on.png"), off_png = out("viewer_correction_off.png");
    const RunResult on = run("\"" + file + "\" --frames 10 --screenshot \"" + on_png + "\"");
    const std::string toggle = out("viewer_correction_toggle.txt");
    std::ofstream(toggle) << "5 key c\n";  // the C key at frame 5
    const RunResult off =
        run("\"" + file + "\" --frames 10 --input \"" + toggle + "\" --screenshot \"" + off_png + "\"");
    ASSERT_EQ(on.rc, 0) << on.output;
    ASSERT_EQ(off.rc, 0) << off.output;
    auto a = sv::render::read_png(on_png);
    auto b = sv::render::read_png(off_png);
    ASSERT_TRUE(a && b);
    const long with = character_pixels(*a), without = character_pixels(*b);
    EXPECT_GT(with, 1000);
    EXPECT_LT(without * 4, with) << "with the correction off the character should fall apart";
}

TEST_F(ViewerSmoke, EachSharedAsset) {
    int ran = 0;
    for (const char* name : {"Xbot.glb", "Fox.glb", "RobotExpressive.glb"}) {
        SCOPED_TRACE(name);
        SKINVIEW_SHARED_ASSET_OR_SKIP(path, name);
        expect_character(path, out(std::string("viewer_") + name + ".png"));
        ++ran;
    }
    EXPECT_EQ(ran, 3);
}

TEST_F(ViewerSmoke, FileThatFailsToLoadShowsItsErrorAndExitsZero) {
    const std::string bad = out("viewer_not_gltf.glb");
    std::ofstream(bad) << "this is not a glTF file";
    const std::string png = out("viewer_bad_file.png");
    std::filesystem::remove(png);
    const RunResult r = run("\"" + bad + "\" --frames 5 --screenshot \"" + png + "\"");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("could not open"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("viewer_not_gltf.glb"), std::string::npos) << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img) << (img ? "" : img.error().message);
    EXPECT_GT(error_window_pixels(*img), 2000) << "the error window is not on screen";
    EXPECT_LT(character_pixels(*img), 50) << "nothing was loaded, so nothing should be drawn";
}

// Pixels of the right-hand inspector panel that differ (any channel by more than 24) between two
// screenshots of the same size.
long panel_difference(const sv::render::RgbaImage& a, const sv::render::RgbaImage& b) {
    const sv::ui::Layout l =
        sv::ui::compute_layout(static_cast<float>(a.width), static_cast<float>(a.height));
    const auto& r = l.right;
    long n = 0;
    for (int y = static_cast<int>(r.y); y < static_cast<int>(r.y + r.h) && y < a.height; ++y)
        for (int x = static_cast<int>(r.x); x < static_cast<int>(r.x + r.w) && x < a.width; ++x) {
            const auto *p = a.at(x, y), *q = b.at(x, y);
            if (std::abs(p[0] - q[0]) > 24 || std::abs(p[1] - q[1]) > 24 || std::abs(p[2] - q[2]) > 24) ++n;
        }
    return n;
}

// Every inspector tab draws with a joint selected, the character still on screen (a tab whose
// drawing asserted or crashed would fail here; what each tab computes is tested on its model), and
// each tab's inspector differs from every other's: if --tab were ignored, every screenshot would
// show the same tab and this fails.
TEST_F(ViewerSmoke, EveryInspectorTabDrawsWithAJointSelected) {
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::vector<std::string> tabs = {"frame",   "joints",   "scale", "ik",
                                           "palette", "diagnose", "graph", "notes"};
    std::vector<sv::render::RgbaImage> shots;
    for (const auto& tab : tabs) {
        SCOPED_TRACE(tab);
        const std::string png = out("viewer_tab_" + tab + ".png");
        expect_character(file, png, "--tab " + tab + " --joint LeftForeArm");
        auto img = sv::render::read_png(png);
        ASSERT_TRUE(img) << png;
        shots.push_back(std::move(*img));
    }
    // 300 pixels: a panel's text and widgets change thousands; two renders of one tab change none.
    for (size_t i = 0; i < tabs.size(); ++i)
        for (size_t j = i + 1; j < tabs.size(); ++j)
            EXPECT_GT(panel_difference(shots[i], shots[j]), 300)
                << "tabs '" << tabs[i] << "' and '" << tabs[j]
                << "' draw the same inspector: is --tab ignored?";
}

// The VRM tabs (only a VRM avatar lists them) draw, with a joint selected by its humanoid bone,
// and differ from each other and from the Notes tab.
TEST_F(ViewerSmoke, TheVrmTabsDrawOnAnAvatar) {
    const std::string file = (sv::test::source_dir() / "assets" / "avatar_vrm1.glb").string();
    const std::vector<std::string> tabs = {"notes", "humanoid", "expressions"};
    std::vector<sv::render::RgbaImage> shots;
    for (const auto& tab : tabs) {
        SCOPED_TRACE(tab);
        const std::string png = out("viewer_vrm_tab_" + tab + ".png");
        expect_character(file, png, "--tab " + tab + " --joint leftUpperArm --expression happy=0.5");
        auto img = sv::render::read_png(png);
        ASSERT_TRUE(img) << png;
        shots.push_back(std::move(*img));
    }
    for (size_t i = 0; i < tabs.size(); ++i)
        for (size_t j = i + 1; j < tabs.size(); ++j)
            EXPECT_GT(panel_difference(shots[i], shots[j]), 300) << tabs[i] << " and " << tabs[j];
}

// A small window (800x450) keeps the character in a viewport of about half the width; the panels
// narrow and scroll instead of covering it.
TEST_F(ViewerSmoke, ASmallWindowKeepsTheCharacterInView) {
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string png = out("viewer_small_window.png");
    std::filesystem::remove(png);
    const RunResult r =
        run("\"" + file + "\" --frames 10 --window 800 --tab joints --screenshot \"" + png + "\"");
    ASSERT_EQ(r.rc, 0) << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img) << (img ? "" : img.error().message);
    EXPECT_EQ(img->width, 800);
    // Scaled from the 1000 of the 1280 px window by the viewport's area (about a quarter of it).
    EXPECT_GT(character_pixels(*img), 250) << png;
}

// Retargeting another export's clip plays on the character, upright and in view, and so does a
// rig that spells its joints otherwise (Xbot's "mixamorig:*", matched through the humanoid name
// tables); a rig with no joint in common by name or table (the project's arm: Shoulder, Elbow,
// Wrist) is refused with the reason, on screen and in the log.
TEST_F(ViewerSmoke, RetargetPlaysUprightOrSaysWhyNot) {
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string other = (sv::test::source_dir() / "assets" / "humanoid_prescale.glb").string();
    expect_character(file, out("viewer_retarget.png"), "--tab graph --retarget \"" + other + "\"");
    const std::string arm = (sv::test::source_dir() / "assets" / "arm.glb").string();
    const std::string png = out("viewer_retarget_refused.png");
    const RunResult r =
        run("\"" + file + "\" --frames 4 --retarget \"" + arm + "\" --screenshot \"" + png + "\"");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("no joint names in common"), std::string::npos) << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img);
    EXPECT_GT(error_window_pixels(*img), 2000) << "the refusal is not on screen";
    const std::string xbot = sv::test::shared_asset("Xbot.glb");
    if (xbot.empty()) {
        if (sv::test::in_ci()) FAIL() << sv::test::shared_missing_message("Xbot.glb");
        GTEST_SKIP() << sv::test::shared_missing_message("Xbot.glb");
    }
    expect_character(file, out("viewer_retarget_xbot.png"), "--tab graph --retarget \"" + xbot + "\"");
}

// A VRM Animation (.vrma) plays on an avatar from --retarget (the same path as the Graph tab's
// Load), the avatar upright and in view, no error window; opened as the main file it has nothing to
// draw and says so in the error window and the log, the window carrying on (exit 0, as any file
// that fails to load).
TEST_F(ViewerSmoke, AVrmaPlaysAsARetargetSourceAndIsRefusedAsTheMainFile) {
    const std::string vrma = out("viewer_smoke_walk.vrma");
    ASSERT_TRUE(sv::anim::write_gltf_file(sv::anim::build_vrm_animation(), vrma).ok());
    const std::string avatar = (sv::test::source_dir() / "assets" / "avatar_vrm1.glb").string();
    expect_character(avatar, out("viewer_vrma_retarget.png"), "--tab graph --retarget \"" + vrma + "\"");
    const std::string png = out("viewer_vrma_main.png");
    std::filesystem::remove(png);
    const RunResult r = run("\"" + vrma + "\" --frames 4 --screenshot \"" + png + "\"");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("could not open " + vrma +
                            ": a VRM Animation (VRMC_vrm_animation) has no mesh to draw; open a character"),
              std::string::npos)
        << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img);
    EXPECT_GT(error_window_pixels(*img), 2000) << "the refusal is not on screen";
}

// A file that fails to load mid-session (as a drop or the Open field would bring it) shows its
// error and leaves the character that was on screen.
TEST_F(ViewerSmoke, FailedLoadKeepsThePreviousAsset) {
    const std::string bad = out("viewer_not_gltf_2.glb");
    std::ofstream(bad) << "still not a glTF file";
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid_mixamo.glb").string();
    const std::string png = out("viewer_failed_reload.png");
    std::filesystem::remove(png);
    const std::string drop = out("viewer_failed_reload.txt");
    std::ofstream(drop) << "4 drop " << bad << "\n";  // as a file manager drops it
    const RunResult r =
        run("\"" + file + "\" --frames 12 --input \"" + drop + "\" --screenshot \"" + png + "\"");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("could not open"), std::string::npos) << r.output;
    auto img = sv::render::read_png(png);
    ASSERT_TRUE(img) << (img ? "" : img.error().message);
    EXPECT_GT(error_window_pixels(*img), 2000) << "the error window is not on screen";
    EXPECT_GT(character_pixels(*img), 1000) << "the previous character must stay on screen";
}

// SKINVIEW_TIMINGS=1 (the page's ?timings, docs/web.md): the viewer says where the time up to its
// first picture of a file went, once, after that picture; the phases `render` prints, with the
// window's own (the open, the frames up to the picture). Control: without it, not a line.
TEST_F(ViewerSmoke, TimingsArePrintedOnceAfterTheFirstPictureWhenAsked) {
    const std::string file = (sv::test::source_dir() / "assets" / "humanoid.glb").string();
    const auto count = [](const std::string& text, const std::string& what) {
        size_t n = 0;
        for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    };
    setenv("SKINVIEW_TIMINGS", "1", 1);  // the child's environment (popen inherits it)
    const RunResult timed = run("\"" + file + "\" --frames 5");
    unsetenv("SKINVIEW_TIMINGS");
    ASSERT_EQ(timed.rc, 0) << timed.output;
    EXPECT_EQ(count(timed.output, "skinview timings: frames to the first picture"), 1u) << timed.output;
    EXPECT_EQ(count(timed.output, "skinview timings: open (session, options)"), 1u) << timed.output;
    EXPECT_EQ(count(timed.output, "skinview timings: sum of phases"), 1u) << "printed once: " << timed.output;
    const RunResult plain = run("\"" + file + "\" --frames 5");
    ASSERT_EQ(plain.rc, 0) << plain.output;
    EXPECT_EQ(count(plain.output, "skinview timings:"), 0u) << plain.output;
}

}  // namespace
