#include <imgui.h>
// ImGuiTable's column widths, to log whether the Scale table cuts a column: ImGui 1.86 has no
// public accessor for them.
#include <imgui_internal.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ui/format.h"
#include "ui/frame_panel.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
void matrix_rows(const glm::dmat4& m) {
    for (int r = 0; r < 4; ++r)
        ImGui::Text("  %9s %9s %9s %9s", format_number(m[0][r]).c_str(), format_number(m[1][r]).c_str(),
                    format_number(m[2][r]).c_str(), format_number(m[3][r]).c_str());
}
}  // namespace

void draw_frame_tab(ViewerModel&, UiContext& c) {
    anim::Character& ch = *c.character;
    bool scratch = true;  // no view to switch (a test's bare context): the switch draws, on, and does nothing
    bool& on = c.draw ? c.draw->correction : scratch;
    ImGui::Checkbox("skinning-frame correction (C)", &on);
    log_item_centre("frame tab", "correction");
    if (const std::string hint = FramePanel::correction_hint(ch, on, c.drawn_scale); !hint.empty()) {
        const FramePanel::HintTone tone = FramePanel::hint_tone(ch, on);
        ImGui::PushStyleColor(ImGuiCol_Text, tone == FramePanel::HintTone::CannotFix
                                                 ? ImVec4(1.0f, 0.45f, 0.4f, 1)
                                             : on ? ImVec4(0.6f, 0.8f, 0.6f, 1)
                                                  : ImVec4(1.0f, 0.6f, 0.3f, 1));
        ImGui::TextWrapped("%s", hint.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::TextDisabled(on ? "meshes drawn in the skin's bind frame"
                           : "meshes drawn in the file's frame (soup when it is wrong)");
    ImGui::Separator();
    const auto& meshes = ch.skinned_meshes();
    if (meshes.empty()) ImGui::TextUnformatted("no skinned meshes");
    for (size_t i = 0; i < meshes.size(); ++i) {
        const auto& mesh = meshes[i];
        const auto& r = mesh.report;
        ImGui::PushID(static_cast<int>(i));
        // With the switch off a mesh the correction would move is drawn as given: the status
        // line's orange, not the yellow of a correction that is on screen.
        const bool held_back = !on && r.verdict == anim::FrameVerdict::Corrected;
        const ImVec4 colour = r.verdict == anim::FrameVerdict::Ok          ? ImVec4(0.5f, 0.9f, 0.5f, 1)
                              : held_back                                  ? ImVec4(1.0f, 0.6f, 0.3f, 1)
                              : r.verdict == anim::FrameVerdict::Corrected ? ImVec4(0.95f, 0.85f, 0.4f, 1)
                                                                           : ImVec4(1.0f, 0.45f, 0.4f, 1);
        const std::string title =
            "mesh '" + r.mesh_name + "', " +
            (r.skin_name.empty() ? std::string("unnamed skin") : "skin '" + r.skin_name + "'");
        if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
            const std::string verdict = FramePanel::verdict_line(mesh, on);
            // Wrapped: Xbot's "not corrected (correction off): defect 99 as given; C corrects it to
            // 1.11e-06" is wider than the inspector at 1280 px, and cut there behind a scrollbar.
            ImGui::PushStyleColor(ImGuiCol_Text, colour);
            ImGui::TextWrapped("%s", verdict.c_str());
            ImGui::PopStyleColor();
            ui_log("frame tab: " + verdict);
            const std::string reason = FramePanel::reason_line(mesh, on);
            if (!reason.empty()) {
                ImGui::TextWrapped("reason: %s", reason.c_str());
                ui_log("frame tab reason: " + reason);
            }
            value_row(
                "defect as given", format_number(r.defect_as_given),
                "How far the mesh node's frame is from one a dual quaternion can carry (dimensionless; 0 is "
                "rigid). Bad: over 1e-4, the tolerance; 99 is a 100x folded scale.");
            value_row(
                "defect on skin frame", format_number(r.defect_on_skin_frame),
                "The same defect with the mesh moved onto the skin's bind frame (dimensionless). Bad: over "
                "1e-4; then the correction cannot make this skin rigid and a scale-capable rung is used.");
            value_row(
                "folded scale as given", format_number(r.folded_scale_as_given) + "x",
                "Mean scale of the joints seen from the mesh node as the file gives it. 1 is right; "
                "100 means the joints are 100x the mesh node's scale. How large the mesh is then drawn "
                "with the correction off depends on the rung (a dual quaternion cannot carry the fold): "
                "the status line says it, measured.");
            value_row(
                "non-rigidity absorbed", format_number(r.non_rigidity_absorbed),
                "The defect the correction C took out of the skinning (dimensionless). 0: nothing to fix.");
            value_row("|C - I|", format_number(r.correction_from_identity),
                      "Largest entry of the correction minus identity (dimensionless). 0: the file was "
                      "already right.");
            value_row("residual", format_quantity(r.residual, "m"),
                      "Largest difference between the corrected mesh frame and the skin's bind frame, in the "
                      "file's "
                      "units. Bad: anything above float noise (1e-5).");
            ImGui::TextUnformatted("correction C:");
            matrix_rows(r.correction);
            if (!r.children.empty()) {
                std::string kids;
                for (const auto& k : r.children) kids += (kids.empty() ? "" : ", ") + k;
                ImGui::TextWrapped("children inheriting C: %s", kids.c_str());
            }
        }
        ImGui::PopID();
    }
    ImGui::Separator();
    ImGui::TextUnformatted("Skinning rung");
    const auto& skins = ch.skins();
    for (size_t k = 0; k < skins.size(); ++k) {
        ImGui::Text("%s:", skin_label(ch, static_cast<int>(k)).c_str());
        ImGui::TextWrapped("  %s", FramePanel::rung_line(skins[k]).c_str());
    }
    bool auto_rung = c.draw->auto_rung;
    if (ImGui::Checkbox("rung from the report", &auto_rung)) c.draw->auto_rung = auto_rung;
    if (!c.draw->auto_rung) {
        int rung = static_cast<int>(c.draw->rung);
        // One per line: the labels are the reports' full words, too wide for three on a narrow panel.
        for (const anim::SkinningRungName& n : anim::kSkinningRungNames)
            ImGui::RadioButton(n.label, &rung, static_cast<int>(n.rung));
        c.draw->rung = static_cast<anim::SkinningRung>(rung);
    }
}

void draw_conflicts_tab(ViewerModel& m, UiContext&) {
    ImGui::TextWrapped("%s", m.conflicts.summary().c_str());
    if (m.conflicts.rows.empty()) return;
    constexpr int kColumns = 6;
    // Short headers, each with its meaning on hover: "clip node range uniform joints mesh needs"
    // side by side were 630 px at 1280 px, where the inspector has about 400, and the table
    // scrolled sideways with "needs" out of sight. The clip now stands under its node in one cell,
    // and the two text columns wrap.
    static const char* const headers[kColumns] = {"node / clip", "scale", "unif.", "jts", "mesh", "needs"};
    static const char* const meanings[kColumns] = {
        "The node whose scale the clip animates, and under it (grey) the clip.",
        "The smallest and largest scale the clip gives the node, over its keys.",
        "Uniform: the same scale on x, y and z at every key (yes), or not (no).",
        "Joints: how many joints of the skin the scale reaches (the node and the joints below it).",
        "Whether the scale reaches the skinned mesh's node too.",
        "The skinning rung that can draw the scale: what the report chooses for this skin."};
    const bool wraps[kColumns] = {true, false, false, false, false, true};
    struct Cells {
        std::string text[kColumns];
        std::string clip;
    };
    std::vector<Cells> rows;
    float widest[kColumns] = {};
    for (int n = 0; n < kColumns; ++n) widest[n] = ImGui::CalcTextSize(headers[n]).x;
    for (const auto& r : m.conflicts.rows) {
        Cells c{{r.conflict.node_name, format_number(r.conflict.min) + " .. " + format_number(r.conflict.max),
                 r.conflict.uniform ? "yes" : "no", std::to_string(r.conflict.joints_reached),
                 r.conflict.reaches_mesh ? "yes" : "no", anim::to_string(r.rung_needed)},
                r.clip_name};
        for (int n = 0; n < kColumns; ++n)
            widest[n] = std::max(widest[n], ImGui::CalcTextSize(c.text[n].c_str()).x);
        widest[0] = std::max(widest[0], ImGui::CalcTextSize(c.clip.c_str()).x);
        rows.push_back(std::move(c));
    }
    // The fixed columns as wide as their widest text, the wrapped ones sharing what is left; where
    // even that leaves a wrapped column under 60 px (an 800 px window), every column at its widest
    // and the table scrolls sideways instead.
    const ImGuiStyle& style = ImGui::GetStyle();
    float fixed = 0.0f;
    for (int n = 0; n < kColumns; ++n)
        fixed += style.CellPadding.x * 2.0f + 1.0f + (wraps[n] ? 60.0f : widest[n]);
    const bool fits = fixed <= ImGui::GetContentRegionAvail().x - style.ScrollbarSize;
    ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    flags |=
        fits ? ImGuiTableFlags_SizingStretchProp : ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("conflicts", kColumns, flags)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        for (int n = 0; n < kColumns; ++n) {
            if (!fits)
                ImGui::TableSetupColumn(headers[n]);
            else if (wraps[n])
                ImGui::TableSetupColumn(headers[n], ImGuiTableColumnFlags_WidthStretch, 1.0f);
            else
                ImGui::TableSetupColumn(headers[n], ImGuiTableColumnFlags_WidthFixed, widest[n]);
        }
        // The header row by hand, for each header's meaning on hover.
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int n = 0; n < kColumns; ++n) {
            ImGui::TableSetColumnIndex(n);
            ImGui::TableHeader(headers[n]);
            if (ImGui::IsItemHovered()) show_tooltip(meanings[n]);
        }
        const auto cell = [&](int n, const std::string& text) {
            ImGui::TableSetColumnIndex(n);
            if (fits && wraps[n])
                ImGui::TextWrapped("%s", text.c_str());
            else
                ImGui::TextUnformatted(text.c_str());
        };
        for (const Cells& c : rows) {
            ImGui::TableNextRow();
            for (int n = 0; n < kColumns; ++n) cell(n, c.text[n]);
            ImGui::TableSetColumnIndex(0);
            ImGui::PushStyleColor(ImGuiCol_Text, style.Colors[ImGuiCol_TextDisabled]);
            if (fits)
                ImGui::TextWrapped("%s", c.clip.c_str());
            else
                ImGui::TextUnformatted(c.clip.c_str());
            ImGui::PopStyleColor();
        }
        // Measured from the widths ImGui gave the columns this frame against the text they hold
        // (the tests read it; a cut column is what the user saw as "u j m n"): a fixed column must
        // hold its widest text, a wrapped one its header (its values wrap, a word longer than the
        // column broken by ImGui). The first frame of a table has no widths yet and logs a cut;
        // the log prints changes only.
        const ImGuiTable* t = ImGui::GetCurrentTable();
        std::string cut;
        for (int n = 0; n < kColumns; ++n) {
            const ImGuiTableColumn& col = t->Columns[n];
            const float room = col.WorkMaxX - col.WorkMinX;
            const float need = fits && wraps[n] ? ImGui::CalcTextSize(headers[n]).x : widest[n];
            if (room + 0.5f < need)
                cut += std::string(cut.empty() ? "" : ", ") + "'" + headers[n] + "' " + format_number(room) +
                       " of " + format_number(need) + " px";
        }
        const bool scrolls = t->InnerWindow && t->InnerWindow->ScrollbarX;
        ui_log(cut.empty() ? std::string("Scale table: every column shows its header and values") +
                                 (scrolls ? " (scrolls sideways)" : "")
                           : "Scale table cuts " + cut);
        ImGui::EndTable();
    }
}

}  // namespace sv::ui
