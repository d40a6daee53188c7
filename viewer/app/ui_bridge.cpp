#include "ui_bridge.h"

namespace sv::viewer {

// By name, never by number: the two enums are free to order their views differently.
ui::MaterialView to_ui(render::DebugView v) {
    switch (v) {
        case render::DebugView::Lit:
            return ui::MaterialView::Lit;
        case render::DebugView::Weights:
            return ui::MaterialView::Weights;
        case render::DebugView::ErrorHeatMap:
            return ui::MaterialView::ErrorHeatMap;
        case render::DebugView::BaseColor:
            return ui::MaterialView::BaseColor;
        case render::DebugView::Normals:
            return ui::MaterialView::Normals;
        case render::DebugView::RoughnessMetal:
            return ui::MaterialView::RoughnessMetal;
        case render::DebugView::AllWeights:
            return ui::MaterialView::AllWeights;
    }
    return ui::MaterialView::Lit;
}

render::DebugView to_render(ui::MaterialView v) {
    switch (v) {
        case ui::MaterialView::Lit:
            return render::DebugView::Lit;
        case ui::MaterialView::Weights:
            return render::DebugView::Weights;
        case ui::MaterialView::ErrorHeatMap:
            return render::DebugView::ErrorHeatMap;
        case ui::MaterialView::BaseColor:
            return render::DebugView::BaseColor;
        case ui::MaterialView::Normals:
            return render::DebugView::Normals;
        case ui::MaterialView::RoughnessMetal:
            return render::DebugView::RoughnessMetal;
        case ui::MaterialView::AllWeights:
            return render::DebugView::AllWeights;
    }
    return render::DebugView::Lit;
}

ui::DrawControls to_controls(const render::DrawOptions& draw) {
    ui::DrawControls c;
    c.correction = draw.correction;
    c.auto_rung = draw.auto_rung;
    c.rung = draw.rung;
    c.view = to_ui(draw.debug_view);
    c.selected_skin = draw.selected_skin;
    c.selected_joint = draw.selected_joint;
    c.draw_joint_axes = draw.draw_joint_axes;
    c.draw_grid = draw.draw_grid;
    c.lighting.exposure = draw.lighting.exposure;
    c.lighting.environment_rotation_deg = draw.lighting.environment_rotation_deg;
    c.lighting.environment_intensity = draw.lighting.environment_intensity;
    c.lighting.environment_background = draw.lighting.environment_background;
    c.lighting.environment_blur = draw.lighting.environment_blur;
    c.lighting.key_light = draw.lighting.key_light;
    c.lighting.key_direction = draw.lighting.key_direction;
    c.lighting.key_intensity = draw.lighting.key_intensity;
    c.lighting.file_lights = draw.lighting.file_lights;
    c.lighting.has_file_lights = draw.lighting.punctual.count > 0 || !draw.lighting.file_lights;
    return c;
}

void apply_controls(const ui::DrawControls& c, render::DrawOptions& draw) {
    draw.correction = c.correction;
    draw.auto_rung = c.auto_rung;
    draw.rung = c.rung;
    draw.debug_view = to_render(c.view);
    draw.selected_skin = c.selected_skin;
    draw.selected_joint = c.selected_joint;
    draw.draw_joint_axes = c.draw_joint_axes;
    draw.draw_grid = c.draw_grid;
    draw.lighting.exposure = c.lighting.exposure;
    draw.lighting.environment_rotation_deg = c.lighting.environment_rotation_deg;
    draw.lighting.environment_intensity = c.lighting.environment_intensity;
    draw.lighting.environment_background = c.lighting.environment_background;
    draw.lighting.environment_blur = c.lighting.environment_blur;
    draw.lighting.key_light = c.lighting.key_light;
    draw.lighting.key_direction = c.lighting.key_direction;
    draw.lighting.key_intensity = c.lighting.key_intensity;
    draw.lighting.file_lights = c.lighting.file_lights;
}

ui::DiagnoseSummary summarize(const render::DiagnoseResult& r) {
    ui::DiagnoseSummary s;
    s.worst_error = r.worst_error;
    s.mean_error = r.mean_error;
    s.worst_single_joint_error = r.worst_single_joint_error;
    s.vertices = r.vertices;
    s.single_joint_vertices = r.single_joint_vertices;
    s.body_size = r.body_size;
    return s;
}

Expected<ui::DiagnoseSummary> summarize(const Expected<render::DiagnoseResult>& r) {
    if (!r) return r.error();
    return summarize(*r);
}

ui::CameraView camera_view(const render::OrbitCamera& camera) {
    return ui::CameraView{camera.view(), camera.eye(), camera.fov_y_degrees};
}

}  // namespace sv::viewer
