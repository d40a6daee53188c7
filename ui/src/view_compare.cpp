// When two views are the same view: what the quit guard asks ("view != saved view"), what a saved
// view's message holds to, and what the settings round trip is tested by.
#include <tuple>

#include "ui/view.h"

namespace sv::ui {

// Each group compares field by field through std::tie, so a field added to a group and not to its
// tie is the one place to look; View::operator== is the groups'.
bool View::Clock::operator==(const Clock& o) const {
    return std::tie(clip, time, playing, speed, graph, blend, machine_state) ==
           std::tie(o.clip, o.time, o.playing, o.speed, o.graph, o.blend, o.machine_state);
}

bool View::Pose::operator==(const Pose& o) const {
    return std::tie(edits, ik, ik_target, ik_pole, retarget_source, retarget_clip, retarget_rest, expressions,
                    look_at, root_motion, springs, spring_joint, spring_links, spring_frequency_hz,
                    spring_damping) == std::tie(o.edits, o.ik, o.ik_target, o.ik_pole, o.retarget_source,
                                                o.retarget_clip, o.retarget_rest, o.expressions, o.look_at,
                                                o.root_motion, o.springs, o.spring_joint, o.spring_links,
                                                o.spring_frequency_hz, o.spring_damping);
}

bool View::Skin::operator==(const Skin& o) const {
    return std::tie(correction, skinning) == std::tie(o.correction, o.skinning);
}

bool View::Camera::operator==(const Camera& o) const {
    if (orbit != o.orbit) return false;
    return orbit ? std::tie(yaw_degrees, pitch_degrees, distance, target) ==
                       std::tie(o.yaw_degrees, o.pitch_degrees, o.distance, o.target)
                 : preset == o.preset;
}

bool View::Lighting::operator==(const Lighting& o) const {
    return std::tie(exposure, environment_rotation, environment_intensity, environment,
                    environment_background, environment_blur, key_light) ==
           std::tie(o.exposure, o.environment_rotation, o.environment_intensity, o.environment,
                    o.environment_background, o.environment_blur, o.key_light);
}

bool View::Draw::operator==(const Draw& o) const {
    return std::tie(view, heatmap, weights_joint, show_armature, grid, background) ==
           std::tie(o.view, o.heatmap, o.weights_joint, o.show_armature, o.grid, o.background);
}

bool View::Panels::operator==(const Panels& o) const {
    return std::tie(tab, joint) == std::tie(o.tab, o.joint);
}

bool View::operator==(const View& o) const {
    return clock == o.clock && pose == o.pose && skin == o.skin && camera == o.camera &&
           lighting == o.lighting && draw == o.draw && panels == o.panels && variant == o.variant;
}

}  // namespace sv::ui
