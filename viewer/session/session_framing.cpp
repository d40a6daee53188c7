// SceneSession's camera: the --camera words parsed, and the framing of what is drawn (over the
// clip, now, or a selected joint and the joints below it).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "scene_session.h"
#include "ui/animation_panel.h"

namespace sv::viewer {

Status apply_camera_option(const std::string& text, render::OrbitCamera& camera,
                           const std::vector<anim::Camera>* file_cameras, int* file_camera) {
    if (text.rfind("file:", 0) == 0) {
        const std::string n = text.substr(5);
        char* end = nullptr;
        const long i = std::strtol(n.c_str(), &end, 10);
        if (n.empty() || end == n.c_str() || *end != '\0' || i < 0)
            return make_error("--camera '" + text +
                              "': expected file:N with N the index of one of the file's cameras");
        if (!file_cameras || !file_camera)
            return make_error("--camera '" + text + "': the file's cameras are not known here");
        if (static_cast<size_t>(i) >= file_cameras->size())
            return make_error("--camera '" + text + "': the file has " +
                              std::to_string(file_cameras->size()) + " cameras");
        if ((*file_cameras)[static_cast<size_t>(i)].node < 0)
            return make_error("--camera '" + text + "': camera " + std::to_string(i) +
                              " cannot be used (no node places it, or it is malformed; see the notes)");
        *file_camera = static_cast<int>(i);
        return ok_status();
    }
    if (file_camera) *file_camera = -1;
    if (text == "auto") {
        camera.yaw_degrees = 25.0f;
        camera.pitch_degrees = 12.0f;
    } else if (text == "front") {
        camera.yaw_degrees = 0.0f;
        camera.pitch_degrees = 5.0f;
    } else if (text == "side") {
        camera.yaw_degrees = 90.0f;
        camera.pitch_degrees = 5.0f;
    } else if (text.rfind("orbit:", 0) == 0) {
        char* end = nullptr;
        const double deg = std::strtod(text.c_str() + 6, &end);
        if (end == text.c_str() + 6 || *end != '\0')
            return make_error("--camera '" + text + "': expected orbit:DEG with DEG a number of degrees");
        camera.yaw_degrees = static_cast<float>(deg);
        camera.pitch_degrees = 12.0f;
    } else if (render::looks_pinned(text)) {
        auto pinned = render::parse_pinned_camera(text, camera);
        if (!pinned) return make_error("--" + pinned.error().message);
        camera = *pinned;
    } else {
        return make_error("--camera '" + text +
                          "': expected auto, front, side, orbit:DEG, file:N or yaw,pitch,distance,tx,ty,tz");
    }
    return ok_status();
}

void SceneSession::frame_camera() { viewer::frame_camera(*character_, state(), model_->animation); }

// With the correction off, what it would move is the soup: framed alone, without the static props
// around it (Fox's plinth, whose size made the fox's soup a speck). A skin the correction leaves as
// it is keeps the props in view.
static bool soup_drawn(const anim::Character& character, bool correction) {
    if (correction) return false;
    for (const auto& s : character.skinned_meshes()) {
        const glm::dmat4 d = s.frame_as_given - s.frame_corrected;
        double worst = 0.0, size = 0.0;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) {
                worst = std::max(worst, std::abs(d[c][r]));
                size = std::max(size, std::abs(s.frame_corrected[c][r]));
            }
        if (worst > 1e-6 * std::max(size, 1.0)) return true;
    }
    return false;
}

void frame_camera(anim::Character& character, FrameState& state, const ui::AnimationPanel& clock) {
    const render::SkinMode* forced = state.draw.auto_rung ? nullptr : &state.draw.rung;
    const bool corrected = state.draw.correction;
    const bool soup = soup_drawn(character, corrected);
    anim::Aabb b = character.drawn_bounds_over_clip(clock.clip, corrected, forced, 16, soup);
    // Sampling posed the character; the frame drawn next poses it again at the view's own time.
    character.pose_at(clock.clip, static_cast<float>(clock.time), clock.loop);
    // A soup far smaller than the ground it covers over the clip (Fox's: 5 cm, carried 2 m by its
    // root) would be a speck in the clip's framing: it is framed as drawn now instead, and may
    // leave the view as the clip plays (F frames it again).
    if (soup && !b.empty()) {
        const anim::Aabb now = character.drawn_bounds(corrected, forced, true);
        if (!now.empty() && glm::length(now.max - now.min) < 0.1 * glm::length(b.max - b.min)) b = now;
    }
    if (b.empty()) b = character.bind_bounds();
    if (b.empty()) return;
    state.camera.frame(glm::vec3(b.min), glm::vec3(b.max), state.frame_aspect);
}

void SceneSession::frame_drawn_now() {
    const render::SkinMode* forced = state().draw.auto_rung ? nullptr : &state().draw.rung;
    const bool corrected = state().draw.correction;
    const anim::Aabb b = character_->drawn_bounds(corrected, forced, soup_drawn(*character_, corrected));
    if (!b.empty()) state().camera.frame(glm::vec3(b.min), glm::vec3(b.max), state().frame_aspect);
}

void SceneSession::frame_selection(int skin, int joint) {
    const auto& skins = character_->skins();
    if (skin < 0 || static_cast<size_t>(skin) >= skins.size() || joint < 0 ||
        static_cast<size_t>(joint) >= skins[static_cast<size_t>(skin)].skeleton.parents().size())
        return frame_drawn_now();
    const anim::Skeleton& sk = skins[static_cast<size_t>(skin)].skeleton;
    const std::vector<int>& parents = sk.parents();
    const auto at = [&sk](size_t j) {
        const float* m = &sk.world()[j * 16];
        return glm::vec3(m[12], m[13], m[14]);
    };
    glm::vec3 lo(1e30f), hi(-1e30f);
    float longest = 0.0f;
    for (size_t j = 0; j < parents.size(); ++j) {
        bool below = false;  // j is `joint` or one of its descendants
        for (int a = static_cast<int>(j); a >= 0 && !below; a = parents[static_cast<size_t>(a)])
            below = a == joint;
        if (!below) continue;
        lo = glm::min(lo, at(j)), hi = glm::max(hi, at(j));
        if (static_cast<int>(j) != joint && parents[j] >= 0)
            longest = std::max(longest, glm::length(at(j) - at(static_cast<size_t>(parents[j]))));
    }
    const int parent = parents[static_cast<size_t>(joint)];
    if (longest == 0.0f && parent >= 0)
        longest = glm::length(at(static_cast<size_t>(joint)) - at(static_cast<size_t>(parent)));
    const float pad = std::max(0.5f * longest, 1e-3f * glm::length(hi - lo) + 1e-4f);
    state().file_camera = -1;
    state().camera.frame(lo - glm::vec3(pad), hi + glm::vec3(pad), state().frame_aspect);
}

}  // namespace sv::viewer
