#include <imgui.h>
// ImGuiTable's column widths, to log whether the joint column cuts a name (no public accessor in 1.86).
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {

// The bar plot: one bar per visible joint on a log axis (float noise to a 1000x fold), or, when
// there are more joints than pixels, one bar a pixel holding the worst of its joints
// (JointsPanel::plot_columns); the tolerance as a red line, the joint's name and defect on hover, a
// click selects it. Drawing 4096 one-pixel rectangles a frame is what this replaced.
void draw_joint_bars(ViewerModel& m, UiContext& c, bool on, const std::vector<int>& shown) {
    JointsPanel& p = m.joints;
    if (const std::string msg = p.plot_message(on); !msg.empty()) {
        if (p.plot_message_is_good(on))
            ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "%s", msg.c_str());
        else
            ImGui::TextDisabled("%s", msg.c_str());
        ui_log("joints plot: " + msg);
        return;
    }
    const float axis_w = ImGui::CalcTextSize("1e-08").x + 6.0f;
    const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x - axis_w, 40.0f), 80.0f);
    const ImVec2 cur = ImGui::GetCursorScreenPos();
    const ImVec2 o(cur.x + axis_w, cur.y + 4.0f);
    ImGui::InvisibleButton("##bars", ImVec2(size.x + axis_w, size.y + 8.0f));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, ImVec2(o.x + size.x, o.y + size.y), IM_COL32(30, 33, 40, 255));
    const auto y_of = [&](double d) {
        return o.y + size.y * (1.0f - static_cast<float>(JointsPanel::plot_height(d)));
    };
    for (double tick : {1e-8, 1e-4, 1.0, 1e3}) {
        char label[16];
        std::snprintf(label, sizeof label, tick == 1.0 ? "1" : "%.0e", tick);
        const float y = y_of(tick);
        dl->AddLine(ImVec2(o.x, y), ImVec2(o.x + size.x, y), IM_COL32(70, 75, 85, 255));
        dl->AddText(ImVec2(cur.x, y - 7.0f), IM_COL32(170, 170, 170, 255), label);
    }
    const int selected = m.scene.selection.skin == p.skin ? m.scene.selection.joint : -1;
    const std::vector<PlotColumn> cols = p.plot_columns(shown, static_cast<int>(size.x), on, selected);
    if (cols.empty()) return;
    const float bw = size.x / static_cast<float>(cols.size());
    for (size_t k = 0; k < cols.size(); ++k) {
        const PlotColumn& col = cols[k];
        const ImU32 colour = col.selected ? IM_COL32(90, 150, 255, 255)
                             : col.above  ? IM_COL32(230, 90, 70, 255)
                                          : IM_COL32(120, 190, 120, 255);
        const float x0 = o.x + bw * static_cast<float>(k);
        dl->AddRectFilled(ImVec2(x0, y_of(col.defect)), ImVec2(x0 + std::max(bw - 1.0f, 1.0f), o.y + size.y),
                          colour);
    }
    const float ty = y_of(p.tolerance);
    dl->AddLine(ImVec2(o.x, ty), ImVec2(o.x + size.x, ty), IM_COL32(255, 60, 60, 255), 1.5f);
    if (ImGui::IsItemHovered()) {
        const double f = (ImGui::GetIO().MousePos.x - o.x) / size.x;
        const int row =
            f >= 0.0 && f < 1.0 ? cols[static_cast<size_t>(f * static_cast<double>(cols.size()))].row : -1;
        if (row >= 0) {
            const JointRow& r = p.rows[static_cast<size_t>(row)];
            show_tooltip(r.name + " (joint " + std::to_string(r.joint) + ")\nas given " +
                         format_number(r.defect_as_given) + ", corrected " +
                         format_number(r.defect_corrected) + "\nred line: tolerance " +
                         format_number(p.tolerance) + "; bars over it are bad\nclick selects");
            if (ImGui::IsItemClicked()) (void)m.select_joint(*c.character, p.skin, r.joint);
        }
    }
}

// Pose editing (issue #25): the selected joint's edit as three Euler XYZ sliders, in degrees, on
// top of the animated local rotation (anim/character/pose_edits.h has the convention). Ctrl+click a
// slider to type a value.
void draw_pose_edit(ViewerModel& m, UiContext& c) {
    const auto& sel = m.scene.selection;
    const auto& skins = c.character->asset().skins;
    if (sel.skin < 0 || static_cast<size_t>(sel.skin) >= skins.size() || sel.joint < 0 ||
        static_cast<size_t>(sel.joint) >= skins[static_cast<size_t>(sel.skin)].joints.size()) {
        text_disabled_wrapped("pose edit: select a joint (click it in the viewport or the table)");
        return;
    }
    const int node = skins[static_cast<size_t>(sel.skin)].joints[static_cast<size_t>(sel.joint)];
    const std::string& name =
        c.character->skins()[static_cast<size_t>(sel.skin)].skeleton.names()[static_cast<size_t>(sel.joint)];
    ImGui::Text("pose edit: %s", name.c_str());
    item_tooltip(
        "A rotation on top of the animated pose, in the joint's own frame: Euler XYZ in degrees, "
        "X turned first, then Y, then Z, each about the joint's axes before the edit "
        "(R = Rz Ry Rx). Drawn, diagnosed, saved (pose_edits) and baked like any pose. "
        "Ctrl+click a slider to type a value.");
    const glm::dvec3 now = m.pose_edits.get(node);
    float deg[3] = {static_cast<float>(now.x), static_cast<float>(now.y), static_cast<float>(now.z)};
    bool changed = false;
    static const char* const kAxes[] = {"X##pose", "Y##pose", "Z##pose"};
    static const char* const kLogNames[] = {"X", "Y", "Z"};
    for (int i = 0; i < 3; ++i) {
        ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 30.0f));
        changed |= ImGui::SliderFloat(kAxes[i], &deg[i], -180.0f, 180.0f, "%.1f deg");
        log_item_centre("pose edit", kLogNames[i]);
    }
    if (changed)
        m.pose_edits.set(node, glm::dvec3(static_cast<double>(deg[0]), static_cast<double>(deg[1]),
                                          static_cast<double>(deg[2])));
    if (ImGui::Button("Reset joint")) m.pose_edits.reset(node);
    log_item_centre("pose edit", "Reset joint");
    ImGui::SameLine();
    char all[48];
    std::snprintf(all, sizeof all, "Reset all (%zu)###resetall", m.pose_edits.by_node.size());
    if (ImGui::Button(all)) m.pose_edits.reset_all();
    log_item_centre("pose edit", "Reset all");
    // What the edit is now, so a test reads the value a script set without parsing pixels.
    const glm::dvec3 after = m.pose_edits.get(node);
    char line[160];
    std::snprintf(line, sizeof line, "pose edit: %s = %g %g %g (%zu edited)", name.c_str(), after.x, after.y,
                  after.z, m.pose_edits.by_node.size());
    ui_log(line);
    ImGui::Separator();
}

}  // namespace

void draw_joints_tab(ViewerModel& m, UiContext& c) {
    JointsPanel& p = m.joints;
    const bool on = !c.draw || c.draw->correction;
    if (!p.empty_reason.empty()) {
        text_disabled_wrapped(p.empty_reason);
        ui_log("joints tab: " + p.empty_reason);
        return;
    }
    draw_pose_edit(m, c);
    if (c.character->skins().size() > 1) {
        int skin = p.skin;
        ImGui::SetNextItemWidth(120);
        if (ImGui::InputInt("skin", &skin) && skin >= 0 &&
            static_cast<size_t>(skin) < c.character->skins().size())
            p.rebuild(*c.character, skin);
    }
    char filter[128];
    std::snprintf(filter, sizeof filter, "%s", p.filter.c_str());
    // The check box beside the filter when both fit, measured from its label (the fixed 170 px it
    // had left the box 10 px past the edge once a vertical scrollbar took its width); else under it.
    const ImGuiStyle& style = ImGui::GetStyle();
    const char* only_label = "over tolerance only";
    const float box_w =
        ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(only_label).x;
    const float avail = ImGui::GetContentRegionAvail().x;
    const bool beside = avail - box_w - style.ItemSpacing.x >= 120.0f;
    ImGui::SetNextItemWidth(beside ? avail - box_w - style.ItemSpacing.x : avail);
    if (ImGui::InputTextWithHint("##filter", "filter by name", filter, sizeof filter)) p.filter = filter;
    if (beside) ImGui::SameLine();
    ImGui::Checkbox(only_label, &p.only_above_tolerance);
    item_tooltip("List only the joints whose defect is over the tolerance (red rows).");
    text_disabled_wrapped("tolerance " + format_number(p.tolerance) + "; red: over it " +
                          (on ? "after correction" : "as given"));
    if (!p.error.empty()) ImGui::TextWrapped("%s", p.error.c_str());

    // Filtered and sorted once a frame, for the plot and the table both.
    const std::vector<int> shown = p.visible(on);
    draw_joint_bars(m, c, on, shown);
    // The number columns as wide as their widest text, the joint's name taking the rest (it had a
    // stretched share, and "J_Bip_L_UpperArm  (leftUpperArm)" was cut at 1280 px). Measured over
    // the rows drawn last frame (a 4096-joint skin submits only the rows in view), kept in ImGui's
    // storage; a name wider than what is left is said in the ui log ("Joints table cuts ...").
    // Sort arrows take room beside a header.
    ImGuiStorage* memory = ImGui::GetStateStorage();
    const ImGuiID number_key = ImGui::GetID("##number_w");
    const float arrow = ImGui::GetFontSize();
    const float number_header =
        std::max(ImGui::CalcTextSize("given").x, ImGui::CalcTextSize("corr.").x) + arrow;
    const float number_w = std::max(number_header, memory->GetFloat(number_key, 0.0f));
    char widest_index[16];
    std::snprintf(widest_index, sizeof widest_index, "%zu", p.rows.size());
    const float index_w = std::max(ImGui::CalcTextSize(widest_index).x, ImGui::CalcTextSize("#").x + arrow);
    float drawn_number_w = 0.0f, drawn_name_w = 0.0f;
    if (ImGui::BeginTable("joints", 4,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                              ImGuiTableFlags_Sortable | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_WidthFixed,
                                index_w, 0);
        ImGui::TableSetupColumn("joint", ImGuiTableColumnFlags_WidthStretch, 1.0f, 1);
        // "given" and "corr.", their meaning on hover: "as given" and "corrected" took 40 px the
        // joint's name needed on a VRM avatar at 1280 px ("J_Bip_L_UpperArm (leftUpperArm)").
        ImGui::TableSetupColumn("given", ImGuiTableColumnFlags_WidthFixed, number_w, 2);
        ImGui::TableSetupColumn("corr.", ImGuiTableColumnFlags_WidthFixed, number_w, 3);
        static const char* const meanings[4] = {
            "The joint's index in the skin.", "The joint's name, and its VRM humanoid bone in brackets.",
            "Frame defect with the mesh node as the file gives it (dimensionless). Bad: over 1e-4.",
            "Frame defect on the skin frame, after the correction (dimensionless). Bad: over 1e-4."};
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int n = 0; n < 4; ++n) {
            ImGui::TableSetColumnIndex(n);
            ImGui::TableHeader(ImGui::TableGetColumnName(n));
            if (ImGui::IsItemHovered()) show_tooltip(meanings[n]);
        }
        if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
            if (specs->SpecsCount > 0) {
                p.sort = static_cast<JointSort>(specs->Specs[0].ColumnUserID);
                p.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
            }
            specs->SpecsDirty = false;
        }
        const ImU32 red = IM_COL32(140, 40, 40, 160), sel = IM_COL32(60, 90, 160, 200);
        // Only the rows in view are submitted (ImGui's clipper): a 4096-joint skin's table cost
        // every row's text and widgets a frame before.
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(shown.size()));
        while (clipper.Step())
            for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
                const JointRow& r = p.rows[static_cast<size_t>(shown[static_cast<size_t>(k)])];
                ImGui::TableNextRow();
                const bool selected = m.scene.selection.skin == p.skin && m.scene.selection.joint == r.joint;
                if (selected)
                    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, sel);
                else if (p.above(r, on))
                    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, red);
                ImGui::TableNextColumn();
                char id[16];
                std::snprintf(id, sizeof id, "%d", r.joint);
                if (ImGui::Selectable(id, selected, ImGuiSelectableFlags_SpanAllColumns))
                    (void)m.select_joint(*c.character, p.skin, r.joint);
                ImGui::TableNextColumn();
                if (r.bone.empty())
                    ImGui::TextUnformatted(r.name.c_str());
                else
                    ImGui::Text("%s (%s)", r.name.c_str(), r.bone.c_str());
                drawn_name_w = std::max(drawn_name_w, ImGui::GetItemRectSize().x);
                const std::string given = format_number(r.defect_as_given),
                                  fixed = format_number(r.defect_corrected);
                drawn_number_w = std::max({drawn_number_w, ImGui::CalcTextSize(given.c_str()).x,
                                           ImGui::CalcTextSize(fixed.c_str()).x});
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(given.c_str());
                item_tooltip(
                    "Frame defect with the mesh node as the file gives it (dimensionless). Bad: over 1e-4.");
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(fixed.c_str());
                item_tooltip(
                    "Frame defect on the skin frame, after the correction (dimensionless). Bad: over 1e-4.");
            }
        memory->SetFloat(number_key, drawn_number_w);
        const ImGuiTable* t = ImGui::GetCurrentTable();
        const float room = t->Columns[1].WorkMaxX - t->Columns[1].WorkMinX;
        // The first frame of a table has no widths yet; the log prints changes only.
        if (room + 0.5f < drawn_name_w)
            ui_log("Joints table cuts 'joint' " + format_number(room) + " of " + format_number(drawn_name_w) +
                   " px");
        else
            ui_log("Joints table: every name shows");
        ImGui::EndTable();
    }
}

}  // namespace sv::ui
