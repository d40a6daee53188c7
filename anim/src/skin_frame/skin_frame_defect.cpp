#include "anim/skin_frame/skin_frame_defect.h"

#include <algorithm>
#include <cmath>

#include "anim/skin_frame/frame_inverse.h"
#include "anim/skin_frame/rigidity_defect.h"
#include "anim/skin_frame/skin_walked.h"

namespace sv::anim {

Expected<std::vector<double>> skin_frame_defect_by_joint(const Scene& scene, const Skin& skin,
                                                         const glm::dmat4& frame) {
    if (Status s = require_skin_walked(scene, skin); !s) return s.error();
    Expected<glm::dmat4> inv = frame_inverse(frame);
    if (!inv) return make_error("skin '" + skin.name + "': " + inv.error().message);
    std::vector<double> out(skin.joints.size());
    for (size_t j = 0; j < skin.joints.size(); ++j) {
        const glm::dmat4 a = scene.nodes[static_cast<size_t>(skin.joints[j])].global * skin.inverse_bind[j];
        out[j] = rigidity_defect(*inv * a);
    }
    return out;
}

Expected<double> skin_frame_defect(const Scene& scene, const Skin& skin, const glm::dmat4& frame) {
    Expected<std::vector<double>> by_joint = skin_frame_defect_by_joint(scene, skin, frame);
    if (!by_joint) return by_joint.error();
    return *std::max_element(by_joint->begin(), by_joint->end());
}

}  // namespace sv::anim
