#include <imgui.h>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

void draw_diagnose_tab(ViewerModel& m, UiContext& c) {
    DiagnosePanel& d = m.diagnose;
    ImGui::TextWrapped(
        "GPU skinning (transform feedback) against the CPU reference in double, at this frame.");
    if (ImGui::Button("Run diagnose")) d.run_requested = true;
    ImGui::SameLine();
    ImGui::Checkbox("every frame", &d.run_every_frame);
    if (!d.error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", d.error.c_str());
    if (d.has_result) {
        const auto& r = d.result;
        // A result belongs to the state it was measured in; greyed and labelled once that moved on.
        if (c.diagnose_stale)
            ImGui::TextColored(ImVec4(1.0f, 0.65f, 0.3f, 1),
                               "stale: measured at another correction, rung, clip or time");
        ImGui::BeginDisabled(c.diagnose_stale);
        value_row("vertices", std::to_string(r.vertices),
                  "Vertices skinned on both sides (every skinned and static primitive).");
        value_row("body size", format_quantity(r.body_size, "m"),
                  "Diagonal of the bind-pose bounds, in the file's units.");
        value_row(
            "worst error",
            format_quantity(r.worst_error, "m") + "  (" + format_number(d.worst_relative()) + " of body)",
            "Largest |GPU - CPU| over all vertices. Bad: over 1e-4 of the body (float noise stays far under "
            "it); "
            "with the correction off it is the soup.");
        value_row("mean error", format_quantity(r.mean_error, "m"), "Mean |GPU - CPU| over all vertices.");
        if (r.worst_single_joint_error >= 0.0)
            value_row(
                "single-joint",
                format_quantity(r.worst_single_joint_error, "m") + " over " +
                    std::to_string(r.single_joint_vertices) + " vertices",
                "Worst error over vertices bound to one joint at weight 1: any error there is the palette's, "
                "not the blend's. Bad: over float noise.");
        else
            value_row("single-joint", "none bound to one joint",
                      "No vertex is bound to a single joint at weight 1.");
        value_row("tolerance", format_quantity(d.tolerance(), "m"),
                  "1e-4 of the body: what the bake test holds the GPU to.");
        ImGui::EndDisabled();
    }
    bool heat = c.draw->debug_view == render::DebugView::ErrorHeatMap;
    if (ImGui::Checkbox("error heat map", &heat)) {
        if (heat && !d.has_result) d.run_requested = true;
        c.draw->debug_view = heat ? render::DebugView::ErrorHeatMap : render::DebugView::Lit;
    }
    ImGui::SliderFloat("full red at (m)", &d.heat_scale, 0.0f,
                       static_cast<float>(d.has_result ? d.result.body_size * 0.05 : 0.1),
                       d.heat_scale > 0.0f ? "%.3g m" : "auto: from the data");
    item_tooltip(
        "The error drawn full red. Auto: the worst error rounded up to 1, 2 or 5, never under twice the "
        "tolerance.");
}

}  // namespace sv::ui
