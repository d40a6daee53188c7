#include <imgui.h>

#include "ui/panels_draw.h"
#include "ui/quit_guard.h"

namespace sv::ui {

void draw_quit_dialog(QuitGuard& q) {
    // One modal for both questions; its title says which (ImGui keys a popup by its title, so the
    // two are separate popups and one never shows the other's text).
    using Action = QuitGuard::Action;
    const Action a = q.pending;
    const char* title = a == Action::Open           ? "Open another file?"
                        : a == Action::LoadSettings ? "Load these settings?"
                                                    : "Quit skinview?";
    const char* log_name = a == Action::Open           ? "open dialog"
                           : a == Action::LoadSettings ? "load dialog"
                                                       : "quit dialog";
    const char* go = a == Action::Open ? "Open" : a == Action::LoadSettings ? "Load" : "Quit";
    if (!q.dialog_open) {
        if (ImGui::IsPopupOpen(title)) ImGui::CloseCurrentPopup();
        return;
    }
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (a == Action::Open)
        ImGui::Text("Opening %s loses what no file holds:", q.pending_path.c_str());
    else if (a == Action::LoadSettings)
        ImGui::Text("Loading %s replaces the view and loses what no file holds:", q.pending_path.c_str());
    else
        ImGui::TextUnformatted("Quitting now loses what no file holds:");
    ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.4f, 1.0f), "%s", q.lost.c_str());
    ImGui::TextDisabled(
        "Save (Scene panel) writes them, pose edits and IK handles included, to a settings file.");
    ui_log(std::string(log_name) + ": " + q.lost);
    if (ImGui::Button(go)) q.confirm();
    log_item_centre(log_name, go);
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) q.cancel();
    log_item_centre(log_name, "Cancel");
    if (!q.dialog_open) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace sv::ui
