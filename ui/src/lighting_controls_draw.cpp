// The Lighting controls: exposure, environment rotation, intensity and background (with its blur),
// the key light, and the
// material view (lit or one of the unlit views). They edit ui::LightingControls and
// DrawControls::view in place; saving them in the settings file is the settings work's to wire
// (the values are plain fields of DrawControls::lighting).
#include <imgui.h>

#include "ui/panels_draw.h"

namespace sv::ui {

void draw_lighting_controls(DrawControls& draw) {
    if (!ImGui::CollapsingHeader("Lighting")) return;
    LightingControls& l = draw.lighting;
    ImGui::SliderFloat("exposure", &l.exposure, 0.1f, 4.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
    // "environment": the procedural sky or the --env image; the rotation is the Khronos renderer's.
    ImGui::SliderFloat("environment rotation", &l.environment_rotation_deg, -180.0f, 180.0f, "%.0f deg");
    ImGui::SliderFloat("environment intensity", &l.environment_intensity, 0.0f, 3.0f, "%.2f");
    // Shown behind the model, blurred as a surface of that roughness would reflect it.
    ImGui::Checkbox("environment as background", &l.environment_background);
    if (l.environment_background)
        ImGui::SliderFloat("background blur", &l.environment_blur, 0.0f, 1.0f, "%.2f");
    ImGui::Checkbox("key light", &l.key_light);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderFloat("##key", &l.key_intensity, 0.0f, 8.0f, "%.1f");
    if (l.has_file_lights) ImGui::Checkbox("file's lights (KHR_lights_punctual)", &l.file_lights);
    // The unlit material views; weights and the heat map keep their own switches.
    static const char* const kViews[] = {"lit", "base colour", "normals", "roughness / metal"};
    static const MaterialView kValues[] = {MaterialView::Lit, MaterialView::BaseColor, MaterialView::Normals,
                                           MaterialView::RoughnessMetal};
    int current = 0;
    for (int i = 0; i < 4; ++i)
        if (draw.view == kValues[i]) current = i;
    if (ImGui::Combo("view", &current, kViews, 4)) draw.view = kValues[current];
}

}  // namespace sv::ui
