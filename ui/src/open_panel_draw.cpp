#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_scene_window(ViewerModel& m, UiContext& c) {
    begin_fixed_window("Scene", c.layout.left);
    // Open field and recent files.
    ImGui::SetNextItemWidth(-60.0f);
    const bool enter = ImGui::InputTextWithHint("##path", "path to .glb / .gltf", m.open.path, sizeof m.open.path,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Open") || enter) && m.open.path[0]) m.open.request(m.open.path);
    if (!m.open.recent.empty()) {
        ImGui::SetNextItemWidth(-1.0f);
        if (ImGui::BeginCombo("##recent", "recent files")) {
            for (const auto& p : m.open.recent)
                if (ImGui::Selectable(p.c_str())) m.open.request(p);
            ImGui::EndCombo();
        }
    }
    ImGui::Separator();
    if (!c.character) {
        ImGui::TextDisabled("no scene");
        ImGui::End();
        return;
    }
    ImGui::Checkbox("skeleton", &m.draw_skeleton);
    ImGui::SameLine();
    ImGui::Checkbox("axes", &c.draw->draw_joint_axes);
    ImGui::SameLine();
    ImGui::Checkbox("grid", &c.draw->draw_grid);
    bool weights = c.draw->debug_view == render::DebugView::Weights;
    if (ImGui::Checkbox("weights of the selected joint", &weights))
        c.draw->debug_view = weights ? render::DebugView::Weights : render::DebugView::Lit;
    draw_lighting_controls(*c.draw);
    ImGui::Separator();
    ImGui::TextDisabled("nodes: [S] skinned mesh  [M] mesh  [J] joint");
    // The morph weights of the selected (or first) morphing mesh, live, under the tree.
    const float morph_height =
        m.morph.node < 0 ? 0.0f
                         : ImGui::GetFrameHeightWithSpacing() * (2.0f + std::min<float>(6.0f, float(m.morph.weights.size())));
    ImGui::BeginChild("tree", ImVec2(0, -morph_height), false);
    const int selected = m.scene.selected_row();
    for (size_t i = 0; i < m.scene.rows.size(); ++i) {
        const SceneRow& row = m.scene.rows[i];
        const char* tag = row.skin >= 0 ? "[S] " : row.mesh >= 0 ? "[M] " : row.joint_skin >= 0 ? "[J] " : "    ";
        ImGui::PushID(static_cast<int>(i));
        ImGui::Indent(static_cast<float>(row.depth) * 10.0f);
        char label[300];
        std::snprintf(label, sizeof label, "%s%s", tag, row.name.c_str());
        if (ImGui::Selectable(label, static_cast<int>(i) == selected)) {
            m.scene.select_row(static_cast<int>(i));
            (void)m.select_joint(*c.character, m.scene.selection.skin, m.scene.selection.joint);
        }
        if (static_cast<int>(i) == selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
        ImGui::Unindent(static_cast<float>(row.depth) * 10.0f);
        ImGui::PopID();
    }
    ImGui::EndChild();
    if (m.morph.node >= 0) {
        ImGui::Separator();
        ImGui::TextUnformatted(m.morph.title.c_str());
        ImGui::BeginChild("morph", ImVec2(0, 0), false);
        for (size_t t = 0; t < m.morph.weights.size(); ++t) {
            char label[48];
            std::snprintf(label, sizeof label, "target %zu: %.3f", t, static_cast<double>(m.morph.weights[t]));
            // A weight may leave [0, 1] (glTF allows any value); the bar clamps, the label does not.
            ImGui::ProgressBar(std::clamp(m.morph.weights[t], 0.0f, 1.0f), ImVec2(-1.0f, 0.0f), label);
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

}  // namespace sv::ui
