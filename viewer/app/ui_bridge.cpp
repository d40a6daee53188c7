#include "ui_bridge.h"

namespace sv::viewer {

ui::DrawControls to_controls(const render::DrawOptions& draw) {
    ui::DrawControls c;
    c.correction = draw.correction;
    c.auto_rung = draw.auto_rung;
    c.rung = draw.rung;
    c.view = draw.debug_view;
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
    draw.debug_view = c.view;
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

ui::CameraView camera_view(const render::OrbitCamera& camera) {
    return ui::CameraView{camera.view(), camera.eye(), camera.fov_y_degrees};
}

}  // namespace sv::viewer
