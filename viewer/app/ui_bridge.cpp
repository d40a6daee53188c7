#include "ui_bridge.h"

namespace sv::viewer {

ui::CameraView camera_view(const render::OrbitCamera& camera) {
    return ui::CameraView{camera.view(), camera.eye(), camera.fov_y_degrees};
}

}  // namespace sv::viewer
