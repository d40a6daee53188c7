#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_expressions_tab(ViewerModel& m, UiContext& c) {
    ExpressionsPanel& e = m.expressions;
    if (e.has_look_at) {
        LookTarget& look = m.state.look_at;
        bool follow = look.mode != LookTarget::Mode::Off;
        if (ImGui::Checkbox("Eyes follow the camera (VRM look-at)", &follow))
            look.mode = follow ? LookTarget::Mode::Camera : LookTarget::Mode::Off;
        ImGui::SameLine();
        const std::string now = look.mode == LookTarget::Mode::Point ? "the point " + format_look_target(look)
                                : look.mode == LookTarget::Mode::Camera ? "the camera"
                                                                        : "off";
        ImGui::TextDisabled("now: %s", now.c_str());
    }
    if (e.names.empty()) {
        ImGui::TextWrapped("This avatar has no expressions.");
        return;
    }
    // Wrapped at the body's width: two fixed lines were wider than the inspector at 1600 px and
    // made the whole tab scroll sideways.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Weights 0..1 over the pose; binary expressions snap at 0.5; blink, look-at and mouth follow the "
        "other expressions' override rules (block, blend).");
    ImGui::PopStyleColor();
    if (ImGui::Button("All to 0") && c.character) {
        e.clear();
        (void)e.update(*c.character);
    }
    // One slider width for every row, what is left beside the widest name and its binds, so the
    // rows line up and fit; 80 px at least, below which the body scrolls sideways instead.
    const ImGuiStyle& style = ImGui::GetStyle();
    float text_w = 0.0f;
    for (size_t i = 0; i < e.names.size(); ++i) {
        const float binary_w = e.binary[i] ? ImGui::CalcTextSize("binary; ").x : 0.0f;
        text_w = std::max(text_w, ImGui::CalcTextSize(e.names[i].c_str(), nullptr, true).x + binary_w +
                                      ImGui::CalcTextSize(e.binds[i].c_str()).x);
    }
    const float slider_w = std::max(
        80.0f, ImGui::GetContentRegionAvail().x - text_w - style.ItemInnerSpacing.x - style.ItemSpacing.x);
    bool changed = false;
    for (size_t i = 0; i < e.names.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::SetNextItemWidth(slider_w);
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
