#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_humanoid_tab(ViewerModel& m, UiContext& c) {
    HumanoidPanel& h = m.humanoid;
    ImGui::TextWrapped("%s", h.summary.c_str());
    ImGui::Checkbox("mapped, required and flagged bones only", &h.only_mapped);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Click a row to select its joint (the joint table and picking use these names); * required.");
    ImGui::PopStyleColor();
    if (!ImGui::BeginTable("humanoid", 3,
                           ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                               ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    // The bone column as wide as its longest label ("rightLittleIntermediate *"), fixed: a
    // stretched share cut the long finger names at 1600 px. The other two share the rest.
    float bone_w = ImGui::CalcTextSize("bone").x;
    for (int i : h.visible()) {
        const HumanoidPanelRow& r = h.rows[static_cast<size_t>(i)];
        bone_w = std::max(bone_w, ImGui::CalcTextSize(r.entry.bone.c_str()).x +
                                      (r.entry.required ? ImGui::CalcTextSize(" *").x : 0.0f));
    }
    ImGui::TableSetupColumn("bone", ImGuiTableColumnFlags_WidthFixed, bone_w);
    ImGui::TableSetupColumn("node", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("problem", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableHeadersRow();
    const ImU32 red = IM_COL32(140, 40, 40, 160), sel = IM_COL32(60, 90, 160, 200);
    for (int i : h.visible()) {
        const HumanoidPanelRow& r = h.rows[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        const bool selected =
            r.joint >= 0 && m.scene.selection.skin == r.skin && m.scene.selection.joint == r.joint;
        if (selected)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, sel);
        else if (!r.entry.problem.empty())
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, red);
        ImGui::TableNextColumn();
        char label[96];
        std::snprintf(label, sizeof label, "%s%s##%d", r.entry.bone.c_str(), r.entry.required ? " *" : "", i);
        // The ui log's word on a label the column cuts (the layout tests read it).
        if (ImGui::CalcTextSize(label, nullptr, true).x > ImGui::GetContentRegionAvail().x + 0.5f)
            ui_log("humanoid: the bone column cuts " + r.entry.bone);
        if (ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns) && r.joint >= 0 &&
            c.character)
            (void)m.select_joint(*c.character, r.skin, r.joint);
        ImGui::TableNextColumn();
        // Wrapped, the node and the problem: a stretched column cuts what runs past it, unlogged.
        if (r.entry.node >= 0)
            ImGui::TextWrapped("%d '%s'%s", r.entry.node, r.node_name.c_str(),
                               r.joint < 0 ? " (no skin joint)" : "");
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", r.entry.problem.c_str());
    }
    ImGui::EndTable();
}

}  // namespace sv::ui
