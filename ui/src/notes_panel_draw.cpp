#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_notes_tab(ViewerModel& m, UiContext&) {
    const NotesPanel& n = m.notes;
    text_disabled_wrapped("What `skinview audit` prints for this file.");
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
        ImGui::TextWrapped("%s", l.text.c_str());
        if (l.warn) ImGui::PopStyleColor();
    }
    ImGui::EndChild();
}

}  // namespace sv::ui
