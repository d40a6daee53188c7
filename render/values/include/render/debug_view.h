// The debug view the skinning pass draws (lit, a heat map, an unlit material input) and the words
// that name each one: the renderer's enum, the panels' value and the settings file's and command
// line's words, all from here. GL-free and header-only (the target skinview_render_values), so ui
// holds the renderer's own value instead of a mirror copied across by name; a view added here is
// drawn, offered and spelled in one edit, and a table row missing for it fails render_values_test.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sv::render {

// Lit is the material as glTF defines it; Weights and ErrorHeatMap colour the skin; the next three
// are unlit material views (base colour, shading normal after normal mapping, roughness in G and
// metal in B) so a skinning fault can be told from a shading one. AllWeights colours every joint at
// once (each its own hue, blended by weight: joint_colour in shaders/skinned_vs.glsl). The numbers
// are the shader's u_debug_view: changing one changes the shaders' branches too.
enum class DebugView {
    Lit = 0,
    Weights = 1,
    ErrorHeatMap = 2,
    BaseColor = 3,
    Normals = 4,
    RoughnessMetal = 5,
    AllWeights = 6
};

// Where a view is asked for by a word. A settings file splits them over two keys, `view` (the
// material views) and `heatmap` (what colours the skin), so a file that sets both is refused
// naming the two rather than one dropped; `render --view` and a suite entry's `view` take one word
// for everything they can draw (no single joint's weights or error map: those need a joint or a
// diagnose run, which have their own flags).
struct DebugViewNames {
    DebugView view;
    const char* word;        // the settings file's and the command line's spelling
    const char* label;       // the Lighting panel's combo, or nullptr where the panel has its own switch
    bool settings_view;      // a word of the settings key `view`
    bool settings_heat_map;  // a word of the settings key `heatmap`
    bool command_line;       // a word of `render --view` and a suite entry's `view`
};

// One row a view, in the order help texts and the panel list them ("lit" first, the default).
inline constexpr std::array<DebugViewNames, 7> kDebugViews = {{
    {DebugView::Lit, "lit", "lit", true, false, true},
    {DebugView::BaseColor, "base", "base colour", true, false, true},
    {DebugView::Normals, "normals", "normals", true, false, true},
    {DebugView::RoughnessMetal, "roughness-metal", "roughness / metal", true, false, true},
    {DebugView::Weights, "weights", nullptr, false, true, false},
    {DebugView::ErrorHeatMap, "error", nullptr, false, true, false},
    {DebugView::AllWeights, "all-weights", nullptr, false, true, true},
}};

// The settings key `heatmap`'s word for "no heat map" (a row of no view: the skin is drawn as the
// key `view` says).
inline constexpr const char* kNoHeatMapWord = "off";

// The row of a view (every DebugView has one: render_values_test holds that).
inline const DebugViewNames& debug_view_names(DebugView view) {
    for (const DebugViewNames& n : kDebugViews)
        if (n.view == view) return n;
    return kDebugViews[0];
}

// The view a word names among the rows `offered` picks (&DebugViewNames::command_line, ...);
// nullopt for any other word.
inline std::optional<DebugView> debug_view_named(std::string_view word, bool DebugViewNames::*offered) {
    for (const DebugViewNames& n : kDebugViews)
        if (n.*offered && word == n.word) return n.view;
    return std::nullopt;
}

// Every word among the rows `offered` picks, in the table's order (for a help text or a
// parser's list of choices).
inline std::vector<std::string> debug_view_words(bool DebugViewNames::*offered) {
    std::vector<std::string> words;
    for (const DebugViewNames& n : kDebugViews)
        if (n.*offered) words.emplace_back(n.word);
    return words;
}

}  // namespace sv::render
