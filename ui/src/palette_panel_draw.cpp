#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
void show(const char* title, const glm::mat4& a) {
    ImGui::TextUnformatted(title);
    for (int r = 0; r < 4; ++r) ImGui::Text("  % .6f % .6f % .6f % .6f", a[0][r], a[1][r], a[2][r], a[3][r]);
}
}  // namespace

void draw_palette_tab(ViewerModel& m, UiContext& c) {
    const PalettePanel& p = m.palette;
    const auto& sel = m.scene.selection;
    if (sel.joint < 0) {
        ImGui::TextWrapped("Select a joint (scene tree or joints table) to decode its palette texels.");
    } else {
        const auto& names = c.character->skins()[static_cast<size_t>(sel.skin)].skeleton.names();
        ImGui::Text("joint %d '%s'", sel.joint, names[static_cast<size_t>(sel.joint)].c_str());
        ImGui::Text("palette row %d, texels %d..%d", p.row, p.column, p.column + 3);
        if (p.have_gpu) {
            show("GPU texels, decoded:", p.gpu);
            show("CPU value:", p.cpu);
            ImGui::TextColored(p.max_difference == 0.0 ? ImVec4(0.5f, 0.95f, 0.5f, 1) : ImVec4(1, 0.6f, 0.3f, 1),
                               "max |GPU - CPU| = %.3g", p.max_difference);
        } else {
            show("CPU value:", p.cpu);
            ImGui::TextDisabled("%s", p.note.c_str());
        }
    }
    ImGui::Separator();
    const VertexDataCounts& n = p.counts;
    ImGui::Text("skinned vertices                 %ld", n.vertices);
    ImGui::Text("joint indices past the count     %ld", n.joint_index_out_of_range);
    ImGui::Text("weights renormalised at import   %ld", n.renormalised_at_import);
    ImGui::Text("all-zero weights rebound         %ld", n.zero_weight_at_import);
    ImGui::Text("weight sums still off 1 (>1e-3)  %ld", n.weight_sum_off);
}

}  // namespace sv::ui
