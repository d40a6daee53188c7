// The debug view has one definition (render/debug_view.h) that the renderer draws, the panels hold
// and every word names: the settings file's `view` and `heatmap`, `render --view` and a suite
// entry's `view`. The words expected here are docs/settings.md's and docs/command-line.md's, written
// out, not read from the table under test; what each settings word draws and saves back is
// Settings.AMaterialViewOrHeatMapReachesTheDrawAndIsSavedBack.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "render/debug_view.h"
#include "render/gpu_diagnose.h"
#include "render/skinned_pass.h"
#include "ui/diagnose_panel.h"
#include "ui/panels_draw.h"
#include "ui/view.h"

namespace {

using namespace sv;

// What the panels hold is the renderer's own type: a mirror enum or struct (the ui::MaterialView,
// render::DiagnoseFigures and ui::DrawControls this replaced) stops this file compiling.
static_assert(std::is_same_v<decltype(ui::UiContext::draw), render::DrawOptions*>);
static_assert(std::is_same_v<decltype(render::DrawOptions::debug_view),
                             decltype(render::SkinnedDrawParams::debug_view)>);
static_assert(std::is_base_of_v<decltype(ui::DiagnosePanel::result), render::DiagnoseResult>);

// The enum's values, counted from the enum rather than from the table: AllWeights is the last, and
// the values are the shader's numbers 0..6.
std::vector<render::DebugView> every_view() {
    std::vector<render::DebugView> v;
    for (int i = 0; i <= static_cast<int>(render::DebugView::AllWeights); ++i)
        v.push_back(static_cast<render::DebugView>(i));
    return v;
}

TEST(DebugViewWords, EveryViewHasOneRowAndNoTwoRowsShareAWord) {
    std::set<std::string> words, labels;
    for (render::DebugView view : every_view()) {
        int rows = 0;
        for (const render::DebugViewNames& n : render::kDebugViews)
            if (n.view == view) ++rows;
        EXPECT_EQ(rows, 1) << "view " << static_cast<int>(view);
    }
    for (const render::DebugViewNames& n : render::kDebugViews) {
        EXPECT_TRUE(words.insert(n.word).second) << n.word;
        if (n.label) {
            EXPECT_TRUE(labels.insert(n.label).second) << n.label;
        }
        // A word the settings file takes under one key only: both would let a file say two things.
        EXPECT_FALSE(n.settings_view && n.settings_heat_map) << n.word;
    }
    EXPECT_EQ(words.count(render::kNoHeatMapWord), 0u) << "'off' must name no view";
}

TEST(DebugViewWords, EachKeyOffersTheDocumentedWords) {
    using W = std::vector<std::string>;
    EXPECT_EQ(render::debug_view_words(&render::DebugViewNames::command_line),
              (W{"lit", "base", "normals", "roughness-metal", "all-weights"}));
    EXPECT_EQ(render::debug_view_words(&render::DebugViewNames::settings_view),
              (W{"lit", "base", "normals", "roughness-metal"}));
    EXPECT_EQ(render::debug_view_words(&render::DebugViewNames::settings_heat_map),
              (W{"weights", "error", "all-weights"}));
}

// The settings reader takes a word under a key exactly when the table offers it there, and refuses
// the rest naming the key (the control: a word of the other key, and a made-up one).
TEST(DebugViewWords, TheSettingsReaderTakesTheTablesWordsAndNoOthers) {
    for (const render::DebugViewNames& n : render::kDebugViews) {
        const auto view = ui::settings_from_json(std::string(R"({"view": ")") + n.word + "\"}");
        EXPECT_EQ(static_cast<bool>(view), n.settings_view) << "view " << n.word;
        if (!view) {
            EXPECT_NE(view.error().message.find("'view'"), std::string::npos) << view.error().message;
        }
        const auto heat = ui::settings_from_json(std::string(R"({"heatmap": ")") + n.word + "\"}");
        EXPECT_EQ(static_cast<bool>(heat), n.settings_heat_map) << "heatmap " << n.word;
    }
    EXPECT_TRUE(ui::settings_from_json(R"({"heatmap": "off"})"));
    EXPECT_FALSE(ui::settings_from_json(R"({"view": "off"})"));
    EXPECT_FALSE(ui::settings_from_json(R"({"view": "roughness"})"));
}

}  // namespace
