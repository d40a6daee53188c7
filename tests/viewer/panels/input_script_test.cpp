// The input script (--input): what a good script parses to, that every bad line is refused with
// its line number and reason, and that every key name the parser accepts reaches a GLFW key.
#include "ui/input_script.h"

#include <gtest/gtest.h>

#include <string>

#include "anim/gltf/gltf_import.h"
#include "scripted_input.h"
#include "test_paths.h"
#include "ui/frame_panel.h"
#include "ui/status_line.h"
#include "ui/viewport.h"

namespace {

using namespace sv;
using ui::InputAction;

TEST(InputScript, AGoodScriptInFrameOrderWithItsExpansions) {
    const auto r = ui::parse_input_script(
        "# pan the character\n"
        "\n"
        "  2 move viewport 0.5 0.5\n"
        "3 down left +shift\n"
        "4 move viewport 200px 0.25\n"
        "6 up left\n"
        "7 click middle\n"
        "7 key F1\n"
        "9 type assets/hum an\r\n"
        "10 wheel -1.5\n"
        "11 focus lost\n");
    ASSERT_TRUE(r) << r.error().message;
    const auto& e = *r;
    ASSERT_EQ(e.size(), 13u);
    EXPECT_EQ(e[0].action, InputAction::Move);
    EXPECT_EQ(e[0].region, ui::InputRegion::Viewport);
    EXPECT_EQ(e[0].line, 3);
    EXPECT_FLOAT_EQ(e[0].x.value, 0.5f);
    EXPECT_FALSE(e[0].x.pixels);
    // The modifier goes down before its button, in the same frame.
    EXPECT_EQ(e[1].action, InputAction::KeyDown);
    EXPECT_EQ(e[1].key, "shift");
    EXPECT_EQ(e[2].action, InputAction::ButtonDown);
    EXPECT_EQ(e[2].button, 0);
    EXPECT_EQ(e[3].action, InputAction::Move);
    EXPECT_TRUE(e[3].x.pixels);
    EXPECT_FLOAT_EQ(e[3].x.value, 200.0f);
    EXPECT_FALSE(e[3].y.pixels);
    // The release lets the modifier go after the button.
    EXPECT_EQ(e[4].action, InputAction::ButtonUp);
    EXPECT_EQ(e[5].action, InputAction::KeyUp);
    EXPECT_EQ(e[5].key, "shift");
    EXPECT_EQ(e[5].frame, 6);
    // A click and a key: press at the line's frame, release one frame later.
    EXPECT_EQ(e[6].action, InputAction::ButtonDown);
    EXPECT_EQ(e[6].button, 2);
    EXPECT_EQ(e[7].action, InputAction::KeyDown);
    EXPECT_EQ(e[7].key, "f1");
    EXPECT_EQ(e[8].frame, 8);
    EXPECT_EQ(e[8].action, InputAction::ButtonUp);
    EXPECT_EQ(e[9].frame, 8);
    EXPECT_EQ(e[9].action, InputAction::KeyUp);
    // The text is the rest of the line, inner spaces kept, the CR of a CRLF file dropped.
    EXPECT_EQ(e[10].action, InputAction::Text);
    EXPECT_EQ(e[10].text, "assets/hum an");
    EXPECT_EQ(e[11].action, InputAction::Wheel);
    EXPECT_FLOAT_EQ(e[11].wheel, -1.5f);
    EXPECT_EQ(e[11].frame, 10);
    EXPECT_EQ(e[12].action, InputAction::Focus);
    EXPECT_FALSE(e[12].focused);
}

TEST(InputScript, EachBadLineIsRefusedWithItsNumberAndReason) {
    const std::pair<const char*, const char*> bad[] = {
        {"x move 0.5 0.5", "'x' is not a frame number"},
        {"-1 move 0.5 0.5", "'-1' is not a frame number"},
        {"3", "no action after the frame"},
        {"3 jump", "'jump' is not an action"},
        {"3 move 0.5", "move: expected [REGION] X Y"},
        {"3 move sky 0.5 0.5", "'sky' is not a region"},
        {"3 move 1.5 0.5", "'1.5' is outside 0..1"},
        {"3 move -4px 0.5", "'-4px' is negative"},
        {"3 move 12pt 0.5", "'12pt' is not a coordinate"},
        {"3 down", "down: which button"},
        {"3 down thumb", "'thumb' is not a button"},
        {"3 down left shift", "'shift' is not a modifier"},
        {"3 up left", "up left: that button is not down"},
        {"3 key", "key: expected one key name"},
        {"3 key hyper", "'hyper' is not a key name"},
        {"3 type", "type: no text"},
        {"3 wheel up", "wheel: expected one number"},
        {"3 wheel nan", "wheel: expected one number"},
        {"3 focus", "focus: expected 'lost' or 'gained'"},
        {"3 focus away", "focus: expected 'lost' or 'gained'"},
        {"3 pick", "pick: no joint name"},
        {"3@2 key a",
         "'3@2': FRAME@K (the K-th frame, from 1, drawn while FRAME waits for an open) goes with drop only"},
        {"3@0 drop /a.glb", "'3@0': FRAME@K"},
        {"3@x drop /a.glb", "'3@x': FRAME@K"},
        {"x@2 drop /a.glb", "'x@2' is not a frame number"},
    };
    for (const auto& [line, why] : bad) {
        SCOPED_TRACE(line);
        // A good line first, so the number named is the bad line's own.
        const auto r = ui::parse_input_script(std::string("0 move 0.5 0.5\n") + line + "\n");
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().message.find("input script line 2: "), std::string::npos) << r.error().message;
        EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
    }
    const auto twice = ui::parse_input_script("1 down left\n2 down left\n");
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().message.find("line 2: down left: that button is already down"),
              std::string::npos);
    const auto backwards = ui::parse_input_script("5 key c\n4 key f\n");
    ASSERT_FALSE(backwards);
    EXPECT_NE(backwards.error().message.find("line 2: frame 4 comes after frame 5"), std::string::npos);
    const auto missing = ui::load_input_script("/nonexistent/script.txt");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("'/nonexistent/script.txt': cannot be read"), std::string::npos);
}

// `pick JOINT` replaces the old --pick-joint flag: the joint is the rest of the line (a name may
// hold spaces or a colon), kept for the window to place when it knows the joint's pixel.
TEST(InputScript, APickNamesItsJointAndADropItsPath) {
    const auto e = ui::parse_input_script("2 pick mixamorig:Left Fore Arm\n4 drop /tmp/a b.glb\n");
    ASSERT_TRUE(e) << e.error().message;
    ASSERT_EQ(e->size(), 2u);
    EXPECT_EQ((*e)[0].action, InputAction::Pick);
    EXPECT_EQ((*e)[0].frame, 2);
    EXPECT_EQ((*e)[0].text, "mixamorig:Left Fore Arm");
    EXPECT_EQ((*e)[1].action, InputAction::Drop);
    EXPECT_EQ((*e)[1].text, "/tmp/a b.glb");
}

// FRAME@K drop: the second open a script makes while the first is still loading (the window
// draws uncounted frames while it waits, viewer_window.h); a plain drop has no load frame.
TEST(InputScript, ADropMayWaitForAFrameDrawnWhileAnOpenLoads) {
    const auto e = ui::parse_input_script("3 drop /tmp/lamp.gltf\n3@2 drop /tmp/arm.glb\n5 key c\n");
    ASSERT_TRUE(e) << e.error().message;
    ASSERT_EQ(e->size(), 4u);
    EXPECT_EQ((*e)[0].load_frame, 0);
    EXPECT_EQ((*e)[1].action, InputAction::Drop);
    EXPECT_EQ((*e)[1].frame, 3);
    EXPECT_EQ((*e)[1].load_frame, 2);
    EXPECT_EQ((*e)[1].text, "/tmp/arm.glb");
    EXPECT_EQ((*e)[2].load_frame, 0);
}

TEST(InputScript, PointsResolveInTheirRegion) {
    const ui::Layout l = ui::compute_layout(1280.0f, 720.0f);
    const auto r = ui::parse_input_script("0 move viewport 0.5 0.5\n0 move right 10px 20px\n0 move 0.25 1\n");
    ASSERT_TRUE(r) << r.error().message;
    float x = 0, y = 0;
    ui::input_point((*r)[0], l, 1280.0f, 720.0f, x, y);
    EXPECT_FLOAT_EQ(x, l.viewport.x + l.viewport.w / 2);
    EXPECT_FLOAT_EQ(y, l.viewport.y + l.viewport.h / 2);
    ui::input_point((*r)[1], l, 1280.0f, 720.0f, x, y);
    EXPECT_FLOAT_EQ(x, l.right.x + 10.0f);
    EXPECT_FLOAT_EQ(y, 20.0f);
    ui::input_point((*r)[2], l, 1280.0f, 720.0f, x, y);
    EXPECT_FLOAT_EQ(x, 320.0f);
    EXPECT_FLOAT_EQ(y, 720.0f);
}

TEST(InputScript, EveryKeyNameReachesAGlfwKey) {
    for (const auto& k : ui::input_key_names()) EXPECT_GE(viewer::glfw_key_for(k), 0) << k;
    EXPECT_LT(viewer::glfw_key_for("hyper"), 0);  // negative control: the table is not "everything maps"
    EXPECT_NE(viewer::glfw_key_for("c"), viewer::glfw_key_for("f"));
}

// Characters as 7 px each: the fitting does not depend on the font.
float seven_px(const std::string& s) { return 7.0f * static_cast<float>(s.size()); }

TEST(StatusLine, NarrowWindowsKeepTheKeyMessageWhole) {
    auto asset = anim::load_gltf((test::source_dir() / "assets" / "humanoid_mixamo.glb").string());
    ASSERT_TRUE(asset);
    auto c = anim::Character::create(std::move(*asset));
    ASSERT_TRUE(c);
    const auto hint = ui::FramePanel::correction_hint_forms(*c, false);
    ASSERT_EQ(hint.size(), 3u);
    // Not measured here: the fold is named, no size is claimed (frame_panel.h).
    EXPECT_EQ(hint.back(), "drawn in the file's frame (folded 100x): press C");
    // The fitting over a measured message's three forms (a mesh drawn 100x too small).
    const std::vector<std::string> measured = {"correction off: mesh 'Body' drawn 100x too small: press C",
                                               "mesh 'Body' drawn 100x too small: press C",
                                               "drawn 100x too small: press C"};
    const std::vector<ui::StatusPart> parts = {
        {measured, 0},
        {{"/a/long/path/to/humanoid_mixamo.glb", "humanoid_mixamo.glb"}, 2},
        {{"16.7 ms (60 fps)", "60 fps"}, 3}};
    // Wide: everything, longest forms.
    EXPECT_EQ(ui::fit_status_parts(parts, 2000.0f, 35.0f, seven_px), (std::vector<int>{0, 0, 0}));
    // 624 px (a 640 window less its padding): the whole hint and the file's name; no room for the rate.
    EXPECT_EQ(ui::fit_status_parts(parts, 624.0f, 35.0f, seven_px), (std::vector<int>{0, 1, -1}));
    // 300 px: the hint shortened to what is wrong and the key, nothing else.
    EXPECT_EQ(ui::fit_status_parts(parts, 300.0f, 35.0f, seven_px), (std::vector<int>{1, -1, -1}));
    EXPECT_EQ(ui::fit_status_parts(parts, 210.0f, 35.0f, seven_px), (std::vector<int>{2, -1, -1}));
    // Narrower than the shortest hint: still drawn (priority 0 is never dropped).
    EXPECT_EQ(ui::fit_status_parts(parts, 50.0f, 35.0f, seven_px), (std::vector<int>{2, -1, -1}));
    // Every form chosen fits (from the shortest hint up): widths and separators stay within the width.
    for (float w : {210.0f, 350.0f, 500.0f, 624.0f, 900.0f}) {
        const auto chosen = ui::fit_status_parts(parts, w, 35.0f, seven_px);
        float used = 0.0f;
        int drawn = 0;
        for (size_t i = 0; i < parts.size(); ++i)
            if (chosen[i] >= 0) {
                used += seven_px(parts[i].forms[static_cast<size_t>(chosen[i])]) + (drawn++ ? 35.0f : 0.0f);
            }
        EXPECT_LE(used, w) << w;
    }
}

}  // namespace
