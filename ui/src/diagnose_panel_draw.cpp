#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_diagnose_tab(ViewerModel& m, UiContext& c) {
    DiagnosePanel& d = m.diagnose;
    ImGui::TextWrapped("GPU skinning (transform feedback) against the CPU reference in double, at this frame.");
    if (ImGui::Button("Run diagnose")) d.run_requested = true;
    ImGui::SameLine();
    ImGui::Checkbox("every frame", &d.run_every_frame);
    if (!d.error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", d.error.c_str());
    if (d.has_result) {
        const auto& r = d.result;
        ImGui::Text("vertices          %ld", r.vertices);
        ImGui::Text("body size         %.4g", r.body_size);
        ImGui::Text("worst error       %.4g  (%.3g of the body)", r.worst_error, d.worst_relative());
        ImGui::Text("mean error        %.4g", r.mean_error);
        if (r.worst_single_joint_error >= 0.0)
            ImGui::Text("single-joint      %.4g over %ld vertices", r.worst_single_joint_error, r.single_joint_vertices);
        else
            ImGui::TextUnformatted("single-joint      none bound to one joint");
    }
    bool heat = d.heat_map;
    if (ImGui::Checkbox("error heat map", &heat)) {
        d.heat_map = heat;
        if (heat && !d.has_result) d.run_requested = true;
        c.draw->debug_view = heat ? render::DebugView::ErrorHeatMap : render::DebugView::Lit;
    }
    ImGui::SliderFloat("full red at", &d.heat_scale, 0.0f, static_cast<float>(d.has_result ? d.result.body_size * 0.05 : 0.1),
                       d.heat_scale > 0.0f ? "%.4g" : "auto (1%% of body)");
}

}  // namespace sv::ui
