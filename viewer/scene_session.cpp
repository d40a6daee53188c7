#include "scene_session.h"

#include <cstdlib>

#include "anim/gltf/gltf_import.h"
#include "anim/scene/material_variants.h"
#include "render/gl.h"

namespace sv::viewer {

Expected<std::unique_ptr<SceneSession>> SceneSession::open(const std::string& path, render::Api api) {
    auto asset = anim::load_gltf(path);
    if (!asset) return asset.error();  // the importer names the file itself
    auto character = anim::Character::create(std::move(*asset));
    if (!character) return make_error(path + ": " + character.error().message);
    auto s = std::make_unique<SceneSession>();
    s->path_ = path;
    s->character_ = std::make_unique<anim::Character>(std::move(*character));
    auto renderer = render::CharacterRenderer::create(api, *s->character_);
    if (!renderer) return make_error(path + ": " + renderer.error().message);
    s->renderer_ = std::move(*renderer);
    s->state_.clip = s->character_->asset().clips.empty() ? -1 : 0;
    s->frame_camera();
    return s;
}

Expected<HeadlessSession> open_headless(const SceneOptions& options) {
    auto api = render::parse_api(options.api);
    if (!api) return api.error();
    HeadlessSession h;
    auto ctx = render::create_headless_context(*api);
    if (!ctx) return ctx.error();
    h.context = std::move(*ctx);
    auto session = SceneSession::open(options.file.empty() ? default_asset_path() : options.file, *api);
    if (!session) return session.error();
    h.session = std::move(*session);
    if (auto st = h.session->apply(options); !st) return st.error();
    return h;
}

Status apply_camera_option(const std::string& text, render::OrbitCamera& camera) {
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
                          "': expected auto, front, side, orbit:DEG or yaw,pitch,distance,tx,ty,tz");
    }
    return ok_status();
}

Expected<int> resolve_clip(const anim::Character& character, const std::string& text) {
    const auto& clips = character.asset().clips;
    if (text.empty()) return clips.empty() ? -1 : 0;
    const int by_name = character.find_clip(text);
    if (by_name >= 0) return by_name;
    char* end = nullptr;
    const long index = std::strtol(text.c_str(), &end, 10);
    if (end != text.c_str() && *end == '\0') {
        if (index >= 0 && static_cast<size_t>(index) < clips.size()) return static_cast<int>(index);
        return make_error("--clip " + text + ": index out of range (" + std::to_string(clips.size()) +
                          " clips)");
    }
    std::string names;
    for (const auto& c : clips) names += (names.empty() ? "" : ", ") + ("'" + c.name + "'");
    return make_error("--clip '" + text +
                      "': no clip of that name (clips: " + (names.empty() ? "none" : names) + ")");
}

Status SceneSession::apply(const SceneOptions& o) {
    if (o.bind_pose) {
        state_.clip = -1;
    } else {
        auto clip = resolve_clip(*character_, o.clip);
        if (!clip) return clip.error();
        state_.clip = *clip;
    }
    state_.time = o.time;
    character_->set_correction(o.correction != "off");
    state_.draw.auto_rung = o.skinning == "auto";
    if (!state_.draw.auto_rung) {
        auto mode = anim::parse_skinning_rung(o.skinning);
        if (!mode) return mode.error();
        state_.draw.rung = *mode;
    }
    if (!o.variant.empty())
        if (auto s = select_variant(o.variant); !s) return s;
    state_.camera.fov_y_degrees = o.fov;
    if (auto s = apply_camera_option(o.camera, state_.camera); !s) return s;
    // A pinned camera is the view itself: framing it on what is drawn would undo the pin.
    if (!render::looks_pinned(o.camera)) frame_camera();
    return ok_status();
}

Status SceneSession::select_variant(const std::string& name) {
    if (name.empty()) {
        renderer_->select_variant(-1);
        return ok_status();
    }
    auto v = anim::find_variant(character_->asset(), name);
    if (!v) return v.error();
    renderer_->select_variant(*v);
    return ok_status();
}

std::string SceneSession::variant() const {
    const int v = renderer_->variant();
    const auto& names = character_->asset().variants;
    return v >= 0 && static_cast<size_t>(v) < names.size() ? names[static_cast<size_t>(v)] : std::string();
}

void SceneSession::frame_camera() { viewer::frame_camera(*character_, state_); }

void frame_camera(anim::Character& character, FrameState& state) {
    const render::SkinMode* forced = state.draw.auto_rung ? nullptr : &state.draw.rung;
    anim::Aabb b = character.drawn_bounds_over_clip(state.clip, forced);
    // Sampling posed the character; the frame drawn next poses it again at the state's own time.
    character.pose_at(state.clip, state.time, state.loop);
    if (b.empty()) b = character.bind_bounds();
    if (b.empty()) return;
    state.camera.frame(glm::vec3(b.min), glm::vec3(b.max));
}

void SceneSession::frame_drawn_now() {
    const render::SkinMode* forced = state_.draw.auto_rung ? nullptr : &state_.draw.rung;
    const anim::Aabb b = character_->drawn_bounds(forced);
    if (!b.empty()) state_.camera.frame(glm::vec3(b.min), glm::vec3(b.max));
}

void SceneSession::pose() {
    character_->pose_at(state_.clip, state_.time, state_.loop);
    (void)renderer_->write_palettes(*character_, {});
    renderer_->upload_palettes();
}

void SceneSession::draw(int width, int height) {
    glViewport(0, 0, width, height);
    glEnable(GL_DEPTH_TEST);
    glClearColor(state_.clear_color.r, state_.clear_color.g, state_.clear_color.b, state_.clear_color.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    renderer_->draw(*character_, {render::CharacterInstance{}}, view_proj(width, height), state_.draw);
}

glm::mat4 SceneSession::view_proj(int width, int height) const {
    const float aspect = height > 0 ? float(width) / float(height) : 1.0f;
    return state_.camera.projection(aspect) * state_.camera.view();
}

Expected<render::RgbaImage> SceneSession::render_background(int width, int height) {
    if (target_.width() != width || target_.height() != height)
        if (auto s = target_.resize(width, height); !s) return s.error();
    const render::DrawOptions keep = state_.draw;
    state_.draw.draw_mesh = false;
    state_.draw.draw_skeleton = false;
    state_.draw.draw_joint_axes = false;
    target_.bind();
    draw(width, height);
    state_.draw = keep;
    return target_.read();
}

Expected<render::RgbaImage> SceneSession::render_image(int width, int height) {
    pose();
    return render_current(width, height);
}

Expected<render::RgbaImage> SceneSession::render_current(int width, int height) {
    if (target_.width() != width || target_.height() != height)
        if (auto s = target_.resize(width, height); !s) return s.error();
    target_.bind();
    draw(width, height);
    return target_.read();
}

}  // namespace sv::viewer
