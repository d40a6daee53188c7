#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_joints_tab(ViewerModel& m, UiContext& c) {
    JointsPanel& p = m.joints;
    const bool on = c.character->correction();
    if (c.character->skins().size() > 1) {
        int skin = p.skin;
        ImGui::SetNextItemWidth(120);
        if (ImGui::InputInt("skin", &skin) && skin >= 0 && static_cast<size_t>(skin) < c.character->skins().size())
            p.rebuild(*c.character, skin);
    }
    char filter[128];
    std::snprintf(filter, sizeof filter, "%s", p.filter.c_str());
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 170.0f));
    if (ImGui::InputTextWithHint("##filter", "filter by name", filter, sizeof filter)) p.filter = filter;
    ImGui::SameLine();
    ImGui::Checkbox("over tolerance only", &p.only_above_tolerance);
    ImGui::TextDisabled("tolerance %.0e; highlighted: over it %s", p.tolerance, on ? "after correction" : "as given");
    if (!p.error.empty()) ImGui::TextWrapped("%s", p.error.c_str());

    // Bar plot of log10 defects (the range runs from float noise, 1e-7, to a 100x fold, 99).
    const auto shown = p.visible(on);
    std::vector<float> bars;
    bars.reserve(shown.size());
    for (int i : shown) {
        const double d = on ? p.rows[static_cast<size_t>(i)].defect_corrected : p.rows[static_cast<size_t>(i)].defect_as_given;
        bars.push_back(std::isfinite(d) && d > 0.0 ? static_cast<float>(std::max(std::log10(d) + 8.0, 0.0)) : 0.0f);
    }
    if (!bars.empty())
        ImGui::PlotHistogram("##bars", bars.data(), static_cast<int>(bars.size()), 0, "log10(defect) + 8", 0.0f, 10.0f,
                             ImVec2(ImGui::GetContentRegionAvail().x, 60));

    if (ImGui::BeginTable("joints", 4,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                              ImGuiTableFlags_Sortable | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_WidthFixed, 0.0f, 0);
        ImGui::TableSetupColumn("joint", ImGuiTableColumnFlags_WidthStretch, 3.0f, 1);
        ImGui::TableSetupColumn("as given", ImGuiTableColumnFlags_WidthStretch, 1.4f, 2);
        ImGui::TableSetupColumn("corrected", ImGuiTableColumnFlags_WidthStretch, 1.4f, 3);
        ImGui::TableHeadersRow();
        if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
            if (specs->SpecsCount > 0) {
                p.sort = static_cast<JointSort>(specs->Specs[0].ColumnUserID);
                p.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
            }
            specs->SpecsDirty = false;
        }
        const ImU32 red = IM_COL32(140, 40, 40, 160), sel = IM_COL32(60, 90, 160, 200);
        for (int i : p.visible(on)) {
            const JointRow& r = p.rows[static_cast<size_t>(i)];
            ImGui::TableNextRow();
            const bool selected = m.scene.selection.skin == p.skin && m.scene.selection.joint == r.joint;
            if (selected) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, sel);
            else if (p.above(r, on)) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, red);
            ImGui::TableNextColumn();
            char id[16];
            std::snprintf(id, sizeof id, "%d", r.joint);
            if (ImGui::Selectable(id, selected, ImGuiSelectableFlags_SpanAllColumns))
                (void)m.select_joint(*c.character, p.skin, r.joint);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.name.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", r.defect_as_given);
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", r.defect_corrected);
        }
        ImGui::EndTable();
    }
}

}  // namespace sv::ui
