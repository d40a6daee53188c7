// The Lighting controls: exposure, environment rotation, intensity and background (with its blur),
// the key light, and the
// material view (lit or one of the unlit views), edited in place in the view's draw options (the
// struct every draw reads; the settings file holds each of them as a key).
#include <imgui.h>

#include <vector>

#include "render/debug_view.h"
#include "ui/panels_draw.h"

namespace sv::ui {

void draw_lighting_controls(render::DrawOptions& draw) {
    const bool open = ImGui::CollapsingHeader("Lighting");
    log_item_centre("scene", "Lighting");
    if (!open) return;
    render::LightingSettings& l = draw.lighting;
    // Each slider sized so its whole label shows (fit_next_item_to_label): in the 281 px Scene panel
    // of a 1280 px window the default width cut "environment rotation" and "environment
    // intensity" to the same "environment". "environment": the procedural sky or the --env image.
    fit_next_item_to_label("exposure");
    ImGui::SliderFloat("exposure", &l.exposure, 0.1f, 4.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
    item_tooltip("A multiplier on the light of the whole picture, before tone mapping (1: unchanged).");
    log_control_label("lighting", "exposure");
    // The rotation is the Khronos renderer's (about +Y).
    fit_next_item_to_label("environment rotation");
    ImGui::SliderFloat("environment rotation", &l.environment_rotation_deg, -180.0f, 180.0f, "%.0f deg");
    item_tooltip("Turns the environment light (the sky or the --env image) about the vertical axis.");
    log_control_label("lighting", "environment rotation");
    fit_next_item_to_label("environment intensity");
    ImGui::SliderFloat("environment intensity", &l.environment_intensity, 0.0f, 3.0f, "%.2f");
    item_tooltip("A multiplier on the environment light (the sky or the --env image).");
    log_control_label("lighting", "environment intensity");
    // Shown behind the model, blurred as a surface of that roughness would reflect it.
    ImGui::Checkbox("environment as background", &l.environment_background);
    log_control_label("lighting", "environment as background");
    if (l.environment_background) {
        fit_next_item_to_label("background blur");
        ImGui::SliderFloat("background blur", &l.environment_blur, 0.0f, 1.0f, "%.2f");
        log_control_label("lighting", "background blur");
    }
    ImGui::Checkbox("key light", &l.key_light);
    log_control_label("lighting", "key light");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderFloat("##key", &l.key_intensity, 0.0f, 8.0f, "%.1f");
    item_tooltip("The key light's intensity (a directional light; the check box turns it off).");
    // Offered while the file has lights to switch, or they are off (so they can come back on).
    if (l.punctual.count > 0 || !l.file_lights) {
        ImGui::Checkbox("file's lights (KHR_lights_punctual)", &l.file_lights);
        log_control_label("lighting", "file's lights (KHR_lights_punctual)");
    }
    // The unlit material views, labelled from the renderer's table (render/debug_view.h); weights
    // and the heat map keep their own switches, so their rows have no label.
    static const auto rows = [] {
        std::vector<const render::DebugViewNames*> r;
        for (const render::DebugViewNames& n : render::kDebugViews)
            if (n.label) r.push_back(&n);
        return r;
    }();
    static const auto labels = [] {
        std::vector<const char*> l;
        for (const render::DebugViewNames* n : rows) l.push_back(n->label);
        return l;
    }();
    int current = 0;
    for (size_t i = 0; i < rows.size(); ++i)
        if (draw.debug_view == rows[i]->view) current = static_cast<int>(i);
    fit_next_item_to_label("material view");
    if (ImGui::Combo("material view", &current, labels.data(), static_cast<int>(labels.size())))
        draw.debug_view = rows[static_cast<size_t>(current)]->view;
    log_control_label("lighting", "material view");
}

}  // namespace sv::ui
