#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                    ImGuiWindowFlags_NoSavedSettings;
}  // namespace

void begin_fixed_window(const char* name, const Rect& r, int extra_flags) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_Always);
    ImGui::Begin(name, nullptr, kFixed | extra_flags);
}

void draw_inspector_window(ViewerModel& m, UiContext& c) {
    begin_fixed_window("Inspector", c.layout.right);
    if (!c.character) {
        ImGui::TextWrapped("Nothing loaded. Open a .glb or .gltf file from the field on the left, or drop one on the window.");
        ImGui::End();
        return;
    }
    struct Tab {
        const char* label;
        InspectorTab id;
        void (*body)(ViewerModel&, UiContext&);
    };
    static const Tab tabs[] = {
        {"Frame", InspectorTab::Frame, draw_frame_tab},         {"Joints", InspectorTab::Joints, draw_joints_tab},
        {"Scale", InspectorTab::Conflicts, draw_conflicts_tab}, {"IK", InspectorTab::IK, draw_ik_tab},
        {"Palette", InspectorTab::Palette, draw_palette_tab},   {"Diagnose", InspectorTab::Diagnose, draw_diagnose_tab},
        {"Graph", InspectorTab::Graph, draw_graph_tab},
    };
    if (ImGui::BeginTabBar("tabs")) {
        for (const Tab& t : tabs) {
            const ImGuiTabItemFlags f = (m.tab_forced && m.tab == t.id) ? ImGuiTabItemFlags_SetSelected : 0;
            if (ImGui::BeginTabItem(t.label, nullptr, f)) {
                if (!m.tab_forced) m.tab = t.id;
                t.body(m, c);
                ImGui::EndTabItem();
            }
        }
        m.tab_forced = false;
        ImGui::EndTabBar();
    }
    ImGui::End();
}

void draw_status_line(const ViewerModel& m, const UiContext& c) {

    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 4));
    begin_fixed_window("##status", c.layout.status, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    if (c.character) {
        int joints = 0;
        for (const auto& s : c.character->skins()) joints += s.skeleton.joint_count();
        ImGui::Text("%s  |  %ld vertices  |  %d joints  |  %.2f ms  |  correction %s", c.file.c_str(), c.vertices,
                    joints, c.frame_ms, c.character->correction() ? "on" : "off");
    } else {
        ImGui::Text("no file  |  %.2f ms", c.frame_ms);
    }
    if (!m.screenshot_message.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(0.6f, 0.9f, 0.6f, 1), "  |  %s", m.screenshot_message.c_str());
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void draw_error_window(UiContext& c) {
    if (c.load_error.empty()) return;
    const Rect& v = c.layout.viewport;
    const float w = v.w * 0.9f;
    ImGui::SetNextWindowPos(ImVec2(v.x + (v.w - w) * 0.5f, v.y + 12.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(w, 0.0f), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.08f, 0.08f, 0.95f));
    ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImVec4(0.6f, 0.1f, 0.1f, 1.0f));
    ImGui::PushStyleColor(ImGuiCol_TitleBg, ImVec4(0.6f, 0.1f, 0.1f, 1.0f));
    const std::string title = c.error_title + "###error";
    ImGui::Begin(title.c_str(), nullptr, kFixed | ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextWrapped("%s", c.load_error.c_str());
    if (c.error_title == "Could not open the file")
        ImGui::TextUnformatted(c.character ? "The previous file stays open." : "Nothing is loaded.");
    if (ImGui::Button("Dismiss")) c.dismiss_error = true;
    ImGui::End();
    ImGui::PopStyleColor(3);
}

}  // namespace sv::ui
