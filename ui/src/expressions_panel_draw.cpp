#include <imgui.h>

#include <algorithm>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_expressions_tab(ViewerModel& m, UiContext& c) {
    ExpressionsPanel& e = m.expressions;
    if (e.has_look_at) {
        e.look_at_changed |= ImGui::Checkbox("Eyes follow the camera (VRM look-at)", &e.look_at_follow);
        ImGui::SameLine();
        ImGui::TextDisabled("now: %s", e.look_at_text.c_str());
    }
    if (e.names.empty()) {
        ImGui::TextWrapped("This avatar has no expressions.");
        return;
    }
    ImGui::TextDisabled(
        "Weights 0..1 over the pose; binary expressions snap at 0.5; blink, look-at and mouth");
    ImGui::TextDisabled("follow the other expressions' override rules (block, blend).");
    if (ImGui::Button("All to 0") && c.character) {
        e.clear();
        (void)e.update(*c.character);
    }
    bool changed = false;
    for (size_t i = 0; i < e.names.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x * 0.5f));
        changed |= ImGui::SliderFloat(e.names[i].c_str(), &e.values[i], 0.0f, 1.0f, "%.2f",
                                      ImGuiSliderFlags_AlwaysClamp);
        ImGui::SameLine();
        ImGui::TextDisabled("%s%s", e.binary[i] ? "binary; " : "", e.binds[i].c_str());
        ImGui::PopID();
    }
    if (changed && c.character) (void)e.update(*c.character);
    if (!e.error.empty()) ImGui::TextWrapped("%s", e.error.c_str());
}

}  // namespace sv::ui
