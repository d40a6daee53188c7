// The camera on the bounding sphere of what is drawn: the framing the material sample boards'
// goldens (tests/golden/khronos_<Material sample>.png) were made with, and the suite key
// `sphere_camera` that draws them again (viewer/commands/suite_file.h).
//
// Why a second framing beside the automatic one (SceneSession::frame_camera, box corners at the
// picture's aspect): the boards' zooms and view angles were tuned on this one before the box-corner
// framing existed; re-framing them would re-bless sixteen goldens for no change of what they show.
// What it costs: a sphere fits a flat board loosely (hence the zoom), and the distance ignores the
// picture's aspect, so a narrow picture cuts the sides. What would make it wrong: a board whose
// drawn bounds move over its clip (the boards are static; the sphere is of the pose drawn now).
#pragma once

namespace sv::viewer {

class SceneSession;

struct SphereCamera {
    float yaw_degrees = 0.0f, pitch_degrees = 0.0f;
    float zoom = 1.0f;  // the fitted distance is multiplied by it (below 1: closer)
};

// Looks at the centre of the drawn bounds from yaw and pitch, at the distance where the bounds'
// sphere (half the box diagonal) with a 10% margin fills the vertical field of view, times the zoom;
// no rounding. Keeps the field of view; nothing drawn: leaves the camera as it is.
void frame_on_sphere(SceneSession& session, const SphereCamera& view);

}  // namespace sv::viewer
