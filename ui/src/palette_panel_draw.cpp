#include <imgui.h>

#include "ui/format.h"
#include "ui/panels_draw.h"

namespace sv::ui {

namespace {
void show(const char* title, const glm::mat4& a) {
    ImGui::TextUnformatted(title);
    for (int r = 0; r < 4; ++r)
        ImGui::Text("  %9s %9s %9s %9s", format_number(a[0][r]).c_str(), format_number(a[1][r]).c_str(),
                    format_number(a[2][r]).c_str(), format_number(a[3][r]).c_str());
    item_tooltip(
        "The joint's skinning matrix A_j = world x inverse bind, columns left to right; the last column is "
        "the translation in the file's units (m).");
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
            ImGui::TextColored(
                p.max_difference == 0.0 ? ImVec4(0.5f, 0.95f, 0.5f, 1) : ImVec4(1, 0.6f, 0.3f, 1),
                "max |GPU - CPU| = %s", format_number(p.max_difference).c_str());
            item_tooltip(
                "Largest difference between the texels the GPU holds and the CPU's matrix (dimensionless "
                "entries). Bad: anything above float rounding (1e-6 of the largest entry).");
        } else {
            show("CPU value:", p.cpu);
            ImGui::TextDisabled("%s", p.note.c_str());
        }
    }
    ImGui::Separator();
    const VertexDataCounts& n = p.counts;
    value_row("skinned vertices", std::to_string(n.vertices), "Vertices of every skinned primitive.");
    value_row("joint indices past", std::to_string(n.joint_index_out_of_range),
              "Vertex joint indices at or past the skin's joint count. Bad: any; they read another joint's "
              "matrix.");
    value_row("renormalised", std::to_string(n.renormalised_at_import),
              "Vertices whose weights did not sum to 1 and were renormalised at import. Some exporters do "
              "this; many "
              "point to a broken export.");
    value_row("zero weights rebound", std::to_string(n.zero_weight_at_import),
              "Vertices with all-zero weights, bound to the mesh's nearest joint at import. Bad: any; the "
              "file skins "
              "them to nothing.");
    value_row("sums still off 1", std::to_string(n.weight_sum_off),
              "Vertices whose weights still sum more than 1e-3 away from 1. Bad: any.");
}

}  // namespace sv::ui
