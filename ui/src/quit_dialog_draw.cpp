#include <imgui.h>

#include "ui/panels_draw.h"
#include "ui/quit_guard.h"

namespace sv::ui {

void draw_quit_dialog(QuitGuard& q, const ViewerModel& m) {
    const char* title = "Quit skinview?";
    if (!q.dialog_open) {
        if (ImGui::IsPopupOpen(title)) ImGui::CloseCurrentPopup();
        return;
    }
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    const std::string lost = q.unsaved(m);
    ImGui::TextUnformatted("Quitting now loses what no file holds:");
    ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.4f, 1.0f), "%s", lost.c_str());
    ImGui::TextDisabled("Save writes the pose edits to the settings file; IK handles are not saved.");
    ui_log("quit dialog: " + lost);
    if (ImGui::Button("Quit")) q.confirm();
    log_item_centre("quit dialog", "Quit");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) q.cancel();
    log_item_centre("quit dialog", "Cancel");
    if (!q.dialog_open) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace sv::ui
