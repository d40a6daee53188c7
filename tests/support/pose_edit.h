// Edits the screenshot tests make to a posed character to prove a golden sees them: one joint
// turned, one palette entry (the inverse bind) perturbed. Each re-uploads what the GPU reads, so a
// following SceneSession::render_current draws the edit.
#pragma once

#include <cctype>
#include <cstring>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "scene_session.h"

namespace sv::test {

// The joint whose name is `name` or ends with it ("LeftHandIndex1" finds "mixamorig:LeftHandIndex1"),
// in skin 0; -1 when none.
inline int find_joint(const anim::Skeleton& sk, const std::string& name) {
    for (int j = 0; j < sk.joint_count(); ++j) {
        const std::string& n = sk.names()[static_cast<size_t>(j)];
        if (n == name ||
            (n.size() > name.size() && n.compare(n.size() - name.size(), name.size(), name) == 0 &&
             !std::isalnum(static_cast<unsigned char>(n[n.size() - name.size() - 1]))))
            return j;
    }
    return -1;
}

inline Status upload(viewer::SceneSession& s) {
    s.character().apply_poses();
    if (auto st = s.renderer().write_palettes(s.character(), {}); !st) return st;
    s.renderer().upload_palettes();
    return ok_status();
}

// Turns joint `name` of skin 0 by `degrees` about its own local `axis`, on top of the current pose.
inline Status turn_joint(viewer::SceneSession& s, const std::string& name, float degrees,
                         glm::vec3 axis = glm::vec3(0.0f, 0.0f, 1.0f)) {
    anim::CharacterSkin& skin = s.character().skins()[0];
    const int j = find_joint(skin.skeleton, name);
    if (j < 0) return make_error("no joint '" + name + "' in skin 0");
    float* r = &skin.pose.rotation[static_cast<size_t>(j) * 4];
    const glm::quat q =
        glm::quat(r[3], r[0], r[1], r[2]) * glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
    r[0] = q.x, r[1] = q.y, r[2] = q.z, r[3] = q.w;
    return upload(s);
}

// Perturbs joint `name`'s inverse bind so the vertices it carries move by `fraction` of the body's
// bind size (the palette entry world x IBM becomes T x world x IBM, i.e. IBM' = world^-1 x T x
// world x IBM): what a 1% error in a file's inverseBindMatrices draws. A translation, not a scale:
// rigid DQS drops the scale part of a palette entry, so a scaled IBM draws nothing on that rung.
inline Status perturb_inverse_bind(viewer::SceneSession& s, const std::string& name, float fraction) {
    const auto& sk = s.character().skins()[0].skeleton;
    const int j = find_joint(sk, name);
    if (j < 0) return make_error("no joint '" + name + "' in skin 0");
    const anim::Aabb b = s.character().bind_bounds();
    const float shift = static_cast<float>(glm::length(b.max - b.min)) * fraction;
    const float* first = s.renderer().palette().matrix(0, 0);
    std::vector<float> row(first, first + 16 * sk.joint_count());
    float* m = &row[static_cast<size_t>(j) * 16];
    m[12] += shift;  // column-major: T(shift, 0, 0) x M adds to the translation column
    if (auto st = s.renderer().mutable_palette().set_row(0, row.data(), sk.joint_count()); !st) return st;
    s.renderer().upload_palettes();
    return ok_status();
}

}  // namespace sv::test
