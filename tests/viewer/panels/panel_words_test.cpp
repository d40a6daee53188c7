// Every word the panels say is true (issue 46): the Frame tab's reason under the switch, numbers by
// the three-significant-digit rule, a file without a skin said neutrally, no clock where nothing
// plays, the Open field after a failed open, the `press` script event, and the overlays' places.
// Each expectation is written from what is true of the file or the state, not copied from the code:
// the reason with the switch off must not claim a move, and so on.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "anim/asset_tools/asset_builder.h"
#include "anim/asset_tools/sheen_builder.h"
#include "anim/gltf/gltf_import.h"
#include "test_paths.h"
#include "ui/animation_panel.h"
#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui/input_script.h"
#include "ui/joints_panel.h"
#include "ui/notes_panel.h"
#include "ui/open_panel.h"
#include "ui/overlay_place.h"

// Named, not anonymous: a folder may compile as unity batches.
namespace panel_words_test {

using namespace sv;

anim::Character load(const std::string& path) {
    auto asset = anim::load_gltf(path);
    EXPECT_TRUE(asset) << (asset ? "" : asset.error().message);
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c);
    return std::move(*c);
}

// The most significant digits any decimal number in `text` is written with (a number with a point
// or an exponent; whole numbers are counts), outside single quotes (names). An independent reading
// of the rule, not the formatter's code: "1.68587e-07" has 6, "1.69e-07" 3, "0.0125" 3, "100" none.
int most_significant_digits(const std::string& text) {
    int most = 0;
    bool quoted = false;
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\'') quoted = !quoted;
        const bool glued = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) ||
                                     text[i - 1] == '_' || text[i - 1] == ':' || text[i - 1] == '.');
        if (quoted || !std::isdigit(static_cast<unsigned char>(c)) || glued) {
            ++i;
            continue;
        }
        std::string mantissa;
        bool decimal = false;
        size_t j = i;
        while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) {
            if (text[j] == '.') {
                if (j + 1 >= text.size() || !std::isdigit(static_cast<unsigned char>(text[j + 1]))) break;
                decimal = true;
            } else {
                mantissa += text[j];
            }
            ++j;
        }
        if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) decimal = true;
        if (decimal) {
            const size_t first = mantissa.find_first_not_of('0');
            if (first != std::string::npos) most = std::max(most, int(mantissa.size() - first));
        }
        i = j + 1;
    }
    return most;
}

TEST(PanelWords, TheDigitCounterSeesWhatTheRuleForbids) {
    EXPECT_EQ(most_significant_digits("absorbing 1.68587e-07 of non-rigidity"), 6);
    EXPECT_EQ(most_significant_digits("defect 1.69e-07 as given, 0.0125 m, 12 joints"), 3);
    EXPECT_EQ(most_significant_digits("mesh 'Bone.0012345' and joint 123456"), 0);
}

TEST(PanelWords, NumbersInARuntimeSentenceAreReprintedAndNamesAreNot) {
    EXPECT_EQ(ui::with_numbers_formatted("absorbing 1.68587e-07 of non-rigidity"),
              "absorbing 1.69e-07 of non-rigidity");
    EXPECT_EQ(ui::with_numbers_formatted("defect 98.99999 (residual 0.000123456, tolerance 1e-09)"),
              "defect 99 (residual 1.23e-04, tolerance 1.00e-09)");
    // Counts, names in quotes and numbers glued into names stay as written.
    const std::string kept = "joint 12 of skin 0: 'Bone.001', mixamorig:Spine1.5 and 'x 2.5'";
    EXPECT_EQ(ui::with_numbers_formatted(kept), kept);
}

// With the switch off nothing was moved, and the reason says so: it used to print the runtime's
// "mesh node 'Beta_Joints' moved onto the skin frame ..." whatever the switch.
TEST(PanelWords, TheFrameReasonIsTrueUnderTheSwitch) {
    SKINVIEW_SHARED_ASSET_OR_SKIP(xbot, "Xbot.glb");
    anim::Character c = load(xbot);
    ASSERT_FALSE(c.skinned_meshes().empty());
    for (const auto& mesh : c.skinned_meshes()) {
        ASSERT_EQ(mesh.report.verdict, anim::FrameVerdict::Corrected) << "Xbot's 100x fold is corrected";
        const std::string off = ui::FramePanel::reason_line(mesh, false);
        const std::string on = ui::FramePanel::reason_line(mesh, true);
        EXPECT_EQ(off.rfind("correction off: ", 0), 0u) << off;
        EXPECT_NE(off.find("nothing moved"), std::string::npos) << off;
        EXPECT_NE(off.find("would move it onto the skin frame"), std::string::npos) << off;
        EXPECT_EQ(off.find(" moved onto"), std::string::npos) << "claims a move that did not happen: " << off;
        EXPECT_NE(on.find("'" + mesh.report.mesh_name + "' moved onto the skin frame"), std::string::npos)
            << on;
        EXPECT_EQ(on.find("would"), std::string::npos) << on;
        // The runtime's own sentence, the negative control: it says "moved" with the switch off too.
        EXPECT_NE(mesh.report.reason.find("moved onto"), std::string::npos);
    }
}

// Every line the Frame tab prints from the report keeps to three significant digits, on the files
// where the runtime's %.6g showed (Xbot's, the built-in character's float-noise figures).
TEST(PanelWords, TheFrameLinesKeepThreeSignificantDigits) {
    std::vector<std::string> files = {(test::source_dir() / "assets" / "humanoid_mixamo.glb").string(),
                                      (test::source_dir() / "assets" / "humanoid.glb").string()};
    if (const std::string x = test::shared_asset("Xbot.glb"); !x.empty()) files.push_back(x);
    for (const std::string& f : files) {
        anim::Character c = load(f);
        for (const auto& mesh : c.skinned_meshes())
            for (bool on : {false, true}) {
                const std::string reason = ui::FramePanel::reason_line(mesh, on),
                                  verdict = ui::FramePanel::verdict_line(mesh, on);
                EXPECT_LE(most_significant_digits(reason), 3) << f << ": " << reason;
                EXPECT_LE(most_significant_digits(verdict), 3) << f << ": " << verdict;
            }
        for (const auto& skin : c.skins()) {
            const std::string rung = ui::FramePanel::rung_line(skin);
            EXPECT_LE(most_significant_digits(rung), 3) << f << ": " << rung;
        }
    }
}

// The Notes tab ("what skinview audit prints") keeps the rule too: it printed the runtime's
// "1.30964e-05" (RobotExpressive), "3.26885e-07" (CesiumMan), "1.11062e-06" (Xbot).
TEST(PanelWords, TheNotesKeepThreeSignificantDigits) {
    std::vector<std::string> files;
    for (const char* n : {"humanoid_prescale.glb", "humanoid_mixamo.glb", "avatar_vrm1.glb"})
        files.push_back((test::source_dir() / "assets" / n).string());
    for (const char* n : {"Xbot.glb", "RobotExpressive.glb", "Fox.glb"})
        if (const std::string x = test::shared_asset(n); !x.empty()) files.push_back(x);
    int lines = 0;
    for (const std::string& f : files) {
        anim::Character c = load(f);
        ui::NotesPanel notes;
        notes.rebuild(c);
        for (const auto& l : notes.lines) {
            ++lines;
            EXPECT_LE(most_significant_digits(l.text), 3) << f << ": " << l.text;
        }
    }
    EXPECT_GT(lines, 6) << "no notes to check";
}

// A file without a skin is a fact, said in grey: not "no skin 0" (as if skin 0 had gone missing)
// over a green "no joints" (as if all were well).
TEST(PanelWords, AFileWithoutASkinSaysSoNeutrally) {
    auto c = anim::Character::create(anim::build_sheen_asset());
    ASSERT_TRUE(c);
    ASSERT_TRUE(c->skins().empty()) << "the fixture must have no skin";
    ui::JointsPanel p;
    p.rebuild(*c, 0);
    EXPECT_EQ(p.empty_reason, "the file has no skin: no joints to list");
    EXPECT_EQ(p.error, "") << "no skin is not a failure";
    EXPECT_EQ(p.plot_message(true), "") << "nothing to plot, nothing to call good";
    EXPECT_FALSE(p.plot_message_is_good(true));
    // The control: a skinned file has rows and no such reason.
    auto arm = anim::Character::create(anim::build_arm_asset());
    ASSERT_TRUE(arm);
    p.rebuild(*arm, 0);
    EXPECT_EQ(p.empty_reason, "");
    EXPECT_FALSE(p.rows.empty());
    p.rebuild(*arm, 5);
    EXPECT_EQ(p.empty_reason, "skin 5 does not exist: the file has skins 0 to 0");
}

// With no clip there is no time to show: "no clip: rest pose (26.15 s)" counted a clock over a
// pose that does not move. A state machine's clock is real and stays.
TEST(PanelWords, NoClipShowsNoClock) {
    for (double clock : {0.0, 26.15, 1e4}) {
        const std::string s = ui::timeline_without_duration(false, clock);
        EXPECT_EQ(s, "no clip: rest pose");
        EXPECT_EQ(s.find_first_of("0123456789"), std::string::npos) << s;
    }
    EXPECT_EQ(ui::timeline_without_duration(true, 3.2), "state machine: 3.20 s played");
}

// The Open field after its ask was served shows the file on screen: a failed open left the path
// that failed, read as the file on screen.
TEST(PanelWords, TheOpenFieldShowsTheFileOnScreenAfterAnOpen) {
    ui::OpenPanel p;
    std::snprintf(p.path, sizeof p.path, "%s", "/nowhere/missing.glb");
    p.ask(p.path);
    p.settle("/models/on_screen.glb");  // the open failed: the old file is still on screen
    EXPECT_STREQ(p.path, "/models/on_screen.glb");
    EXPECT_EQ(p.asked, "");
    std::snprintf(p.path, sizeof p.path, "%s", "/models/next.glb");
    p.ask(p.path);
    p.settle("/models/next.glb");  // it opened
    EXPECT_STREQ(p.path, "/models/next.glb");
    p.settle("");  // nothing asked: what is typed stays
    EXPECT_STREQ(p.path, "/models/next.glb");
    std::snprintf(p.path, sizeof p.path, "%s", "/half/typed");
    p.settle("/models/next.glb");
    EXPECT_STREQ(p.path, "/half/typed") << "typing is not undone before an open is asked";
    p.ask("/nowhere.glb");
    p.settle("");  // failed with nothing open: the field is empty
    EXPECT_STREQ(p.path, "");
}

TEST(PanelWords, APressEventNamesAnItemOfTheUiLog) {
    auto e = ui::parse_input_script("3 press inspector tab: Joints\n");
    ASSERT_TRUE(e) << e.error().message;
    ASSERT_EQ(e->size(), 1u);
    EXPECT_EQ((*e)[0].action, ui::InputAction::Press);
    EXPECT_EQ((*e)[0].frame, 3);
    EXPECT_EQ((*e)[0].text, "inspector tab: Joints");
    auto bad = ui::parse_input_script("3 press Joints\n");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message,
              "input script line 1: press: expected an item as the ui log names it, WHAT: LABEL");
}

// The legend goes to the first corner clear of the joint it describes, and the joint's name stays
// inside the view on whichever side of its marker has room.
TEST(PanelWords, OverlaysKeepInsideTheViewAndOffTheirJoint) {
    const ui::Rect view{281, 0, 434, 580};
    const ui::Rect top_right = ui::place_in_corner(view, 200, 280, 4, nullptr, 48);
    EXPECT_FLOAT_EQ(top_right.x + top_right.w, view.x + view.w - 4);
    EXPECT_FLOAT_EQ(top_right.y, 4);
    // A forearm inside the top-right box: the legend moves to a corner 48 px clear of it.
    const glm::vec2 forearm(top_right.x + 50, top_right.y + 100);
    const ui::Rect moved = ui::place_in_corner(view, 200, 280, 4, &forearm, 48);
    const ui::Rect clear{forearm.x - 48, forearm.y - 48, 96, 96};
    EXPECT_FALSE(ui::overlaps(moved, clear));
    EXPECT_GE(moved.x, view.x);
    EXPECT_LE(moved.x + moved.w, view.x + view.w);
    EXPECT_LE(moved.y + moved.h, view.y + view.h);
    // A name near the right edge goes to the marker's left, inside the view.
    const ui::Rect label = ui::place_joint_label(view, glm::vec2(view.x + view.w - 10, 200), 147, 13, 8);
    EXPECT_LE(label.x + label.w, view.x + view.w);
    EXPECT_LT(label.x + label.w, view.x + view.w - 10) << "on the marker's left";
    const ui::Rect normal = ui::place_joint_label(view, glm::vec2(view.x + 40, 200), 147, 13, 8);
    EXPECT_GT(normal.x, view.x + 40) << "on the marker's right where there is room";
}

}  // namespace panel_words_test
