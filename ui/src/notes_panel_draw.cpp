#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_notes_tab(ViewerModel& m, UiContext&) {
    const NotesPanel& n = m.notes;
    // Not "what audit prints": audit adds checks of its own on the file as stored (a scale above a
    // skin, clips whose scales conflict), which the tab does not repeat.
    text_disabled_wrapped(
        "The loader's notes, each skin's rung and each mesh's verdict, as `skinview audit` prints them "
        "(audit adds its own checks: scales above a skin, scale conflicts).");
    // Wrapped: 476 px on one line, wider than the inspector at 1280 px.
    if (n.import_notes == 0)
        ImGui::TextWrapped("import: no notes (nothing was renormalised, ignored or warned about)");
    ImGui::BeginChild("notes", ImVec2(0, 0), false);
    for (const NoteLine& l : n.lines) {
        const char* tag = l.kind == NoteLine::Kind::Import ? "note"
                          : l.kind == NoteLine::Kind::Skin ? "skin"
                                                           : "mesh";
        ImGui::TextDisabled("%s", tag);
        ImGui::SameLine(48.0f);
        if (l.warn) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.6f, 0.35f, 1));
        // The code first, as audit's JSON and docs/findings.md name the note: a user can look it up.
        if (l.code.empty())
            ImGui::TextWrapped("%s", l.text.c_str());
        else
            ImGui::TextWrapped("%s: %s", l.code.c_str(), l.text.c_str());
        if (l.warn) ImGui::PopStyleColor();
    }
    ImGui::EndChild();
}

}  // namespace sv::ui
