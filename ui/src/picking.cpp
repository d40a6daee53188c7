#include "ui/picking.h"

#include "anim/avatar/humanoid_map.h"
#include "ui/ik_panel.h"

namespace sv::ui {

namespace {
glm::vec3 placed(const anim::Skeleton& sk, int j, const glm::mat4& model) {
    return glm::vec3(model * glm::vec4(glm::vec3(joint_world_position(sk, j)), 1.0f));
}
}  // namespace

JointPick nearest_joint(const anim::Character& ch, const glm::mat4& vp, const glm::mat4& model,
                        const Rect& viewport, const glm::vec2& mouse, float radius) {
    JointPick best;
    best.distance = radius;
    const auto& skins = ch.skins();
    for (size_t k = 0; k < skins.size(); ++k)
        for (int j = 0; j < skins[k].skeleton.joint_count(); ++j) {
            glm::vec2 s;
            if (!project_to_screen(vp, viewport, placed(skins[k].skeleton, j, model), s)) continue;
            const float d = glm::length(s - mouse);
            // Strictly nearer: of two joints on one pixel (a bone of length 0) the first wins.
            if (d < best.distance || (best.joint < 0 && d <= radius)) {
                best = {static_cast<int>(k), j, d};
            }
        }
    if (best.joint < 0) best.distance = 0.0f;
    return best;
}

bool joint_on_screen(const anim::Character& ch, const std::string& name, const glm::mat4& vp,
                     const glm::mat4& model, const Rect& viewport, glm::vec2& out) {
    for (const auto& s : ch.skins()) {
        const int j = s.skeleton.find(name);
        if (j >= 0) return project_to_screen(vp, viewport, placed(s.skeleton, j, model), out);
    }
    // A VRM avatar's joint by its humanoid bone ("leftUpperArm"), through the avatar's own map: its
    // joint names are the exporter's (J_Bip_L_UpperArm) and differ between avatars.
    for (size_t k = 0; k < ch.skins().size(); ++k) {
        const auto bones = anim::skin_humanoid_bones(ch.asset(), static_cast<int>(k));
        for (size_t j = 0; j < bones.size(); ++j)
            if (bones[j] == name)
                return project_to_screen(vp, viewport,
                                         placed(ch.skins()[k].skeleton, static_cast<int>(j), model), out);
    }
    return false;
}

}  // namespace sv::ui
