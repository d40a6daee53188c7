#include "scene_session.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "anim/avatar/expression_materials.h"
#include "anim/scene/material_variants.h"
#include "data_dir.h"
#include "expression_flag.h"
#include "render/gl.h"
#include "render/punctual_lights.h"
#include "ui/viewer_model.h"

namespace sv::viewer {

Expected<std::unique_ptr<SceneSession>> SceneSession::open(const std::string& path, render::Api api,
                                                           bool vrm_facing) {
    auto loaded = load_scene(path, vrm_facing);
    if (!loaded) return loaded.error();
    return create(std::move(*loaded), api);
}

Expected<std::unique_ptr<SceneSession>> SceneSession::create(LoadedScene loaded, render::Api api,
                                                             ui::ViewerModel* model) {
    const std::string path = loaded.path;
    auto s = std::make_unique<SceneSession>();
    s->path_ = path;
    s->character_ = std::move(loaded.character);
    // The textures' texels go to the renderer, which frees each once the driver holds it: the
    // session keeps no CPU copy of a texture (nothing reads one after the upload).
    auto renderer =
        render::CharacterRenderer::create(api, *s->character_, 1, s->character_->take_image_texels());
    if (!renderer) return make_error(path + ": " + renderer.error().message);
    s->renderer_ = std::move(*renderer);
    s->frame_ = std::move(loaded.frame);
    s->frame_.bind(*s->character_);
    // Nothing below fails: a window's model is attached only to a session that will replace the one
    // on screen at once.
    if (model) {
        s->model_ = model;
        s->model_->attach(*s->character_);
        s->model_->frame = &s->frame_;
    } else {
        s->own_model_ = std::make_unique<ui::ViewerModel>();
        s->model_ = s->own_model_.get();
        s->attach_own_model();
    }
    // The draw half of the view starts afresh with each file, as the clocks and the pose do (attach).
    s->model_->state = FrameState{};
    // A file with its own lights is lit by them (as the Khronos renderer does), not by ours as well.
    s->state().draw.lighting.key_light = !render::has_punctual_lights(*s->character_);
    s->frame_camera();
    return s;
}

Expected<HeadlessSession> open_headless(const SceneOptions& options, OpenFault* fault) {
    OpenFault ignored = OpenFault::None;
    OpenFault& why = fault ? *fault : ignored;
    why = OpenFault::Option;
    auto api = render::parse_api(options.api);
    if (!api) return api.error();
    HeadlessSession h;
    why = OpenFault::Machine;
    auto ctx = render::create_headless_context(*api);
    if (!ctx) return ctx.error();
    h.context = std::move(*ctx);
    why = OpenFault::File;
    auto session = SceneSession::open(options.file.empty() ? default_asset_path() : options.file, *api,
                                      !options.no_vrm_facing);
    if (!session) return session.error();
    h.session = std::move(*session);
    // The options without --env, then --env on its own: an environment file that fails to load is
    // a file's failure, not a bad option.
    SceneOptions without_env = options;
    without_env.env.clear();
    why = OpenFault::Option;
    if (auto st = h.session->apply(without_env); !st) return st.error();
    why = OpenFault::File;
    if (auto st = h.session->apply_environment(options.env); !st) return st.error();
    why = OpenFault::None;
    return h;
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

SceneSession::~SceneSession() = default;

void SceneSession::attach_own_model() {
    // A headless view is a still: the flags, a settings file or a suite entry say where in the clip,
    // and `render --window-frames` plays it only when the view says `playing` (a view without a
    // settings file plays: render_command.cpp).
    model_->attach(*character_);
    model_->animation.playing = false;
    model_->animation.loop = true;  // attach keeps the panel's loop switch; bake turns it off
    model_->frame = &frame_;
}

FrameState& SceneSession::state() { return model_->state; }
const FrameState& SceneSession::state() const { return model_->state; }
const std::string& SceneSession::environment_path() const { return model_->state.environment; }

void SceneSession::use_model(ui::ViewerModel& model) {
    model.vrm_springs = model_->vrm_springs;
    model.state = model_->state;
    model_ = &model;
    model_->frame = &frame_;
    own_model_.reset();
}

int SceneSession::clip() const { return model_->animation.clip; }
float SceneSession::time() const { return static_cast<float>(model_->animation.time); }
bool SceneSession::springs_on() const { return model_->vrm_springs; }
void SceneSession::set_springs(bool on) {
    model_->vrm_springs = on;
    frame_.restart_springs();
}

Status SceneSession::reset_view(const FrameState& fresh) {
    // The environment and the variant as the renderer holds them now, until the checked setters
    // below put them back to the file's defaults.
    const std::string environment = state().environment;
    state() = fresh;
    state().environment = environment;
    state().variant.clear();
    expression_weights_.clear();
    // The model again as the file opened: no graph, IK, spring chain, pose edits or expressions
    // (ViewerModel::attach), the springs on.
    attach_own_model();
    model_->vrm_springs = true;
    frame_.restart_springs();
    state().draw.correction = true;
    renderer_->set_material_overrides({});
    renderer_->select_variant(-1);
    return use_environment("");
}

Status SceneSession::apply(const SceneOptions& o) {
    ui::AnimationPanel& clock = model_->animation;
    if (o.bind_pose) {
        clock.clip = -1;
    } else {
        auto clip = resolve_clip(*character_, o.clip);
        if (!clip) return clip.error();
        clock.clip = *clip;
    }
    clock.time = static_cast<double>(o.time);
    state().draw.correction = o.correction != "off";
    state().draw.auto_rung = o.skinning == "auto";
    if (!state().draw.auto_rung) {
        auto mode = anim::parse_skinning_rung(o.skinning);
        if (!mode) return mode.error();
        state().draw.rung = *mode;
    }
    set_springs(o.springs != "off");
    std::vector<std::pair<std::string, double>> values;
    for (const std::string& e : o.expressions) {
        auto parsed = parse_expression_flag(e);
        if (!parsed) return parsed.error();
        values.push_back(std::move(*parsed));
    }
    expression_weights_.clear();
    if (!values.empty()) {
        auto mw = anim::expression_morph_weights(character_->asset().vrm, values);
        if (!mw) return make_error("--" + mw.error().message);
        expression_weights_ = std::move(*mw);
    }
    // The values the frame starts from, in the panel the window's sliders move (floats there: both
    // pose from the same numbers). The names were checked above.
    model_->expressions.clear();
    for (const auto& [name, w] : values)
        if (auto e = model_->expressions.set(name, w); !e)
            return make_error("--expression: " + e.error().message);
    if (!values.empty())
        if (auto e = model_->expressions.update(*character_); !e)
            return make_error("--expression: " + e.error().message);
    if (!o.look_at.empty()) {
        auto t = parse_look_target(o.look_at);
        if (!t) return t.error();
        state().look_at = *t;
    }
    if (!o.variant.empty())
        if (auto s = select_variant(o.variant); !s) return make_error("--" + s.error().message);
    state().camera.fov_y_degrees = o.fov;
    if (o.width > 0 && o.height > 0) state().frame_aspect = float(o.width) / float(o.height);
    if (auto s =
            apply_camera_option(o.camera, state().camera, &character_->asset().cameras, &state().file_camera);
        !s)
        return s;
    // A pinned camera is the view itself: framing it on what is drawn would undo the pin. The orbit
    // is framed under a file camera too, so that leaving it (the viewer's list) shows the character.
    if (!render::looks_pinned(o.camera)) frame_camera();
    state().draw.lighting.environment_background = o.env_background == "on";
    state().draw.lighting.environment_blur = o.env_blur;
    // Last, so a bad file leaves every other option applied (the viewer shows the error and goes on).
    return apply_environment(o.env);
}

Status SceneSession::apply_environment(const std::string& path) {
    if (path.empty()) return ok_status();
    // Refused as a whole: a half-read environment would light the model wrongly and silently. The
    // renderer keeps the sky it had.
    auto image = render::read_hdr(path);
    if (!image) return make_error("--env: " + image.error().message);
    if (auto st =
            renderer().set_environment(render::environment_from_image(*image, renderer().needs_sheen()));
        !st)
        return make_error("--env '" + path + "': " + st.error().message);
    loaded_environment_ = state().environment = path;
    return ok_status();
}

Status SceneSession::use_environment(const std::string& path) {
    if (path == loaded_environment_) {
        state().environment = path;
        return ok_status();
    }
    if (path.empty()) {
        if (auto st = renderer().set_environment(render::environment_data()); !st)
            return make_error("settings: environment: the procedural sky: " + st.error().message);
        loaded_environment_.clear();
        state().environment.clear();
        return ok_status();
    }
    // Named for the key (read_hdr's message starts with it), not --env: the reader of a refused
    // settings file looks for the key.
    auto image = render::read_hdr(path);
    if (!image) return make_error("settings: " + image.error().message);  // "environment 'FILE': why"
    if (auto st =
            renderer().set_environment(render::environment_from_image(*image, renderer().needs_sheen()));
        !st)
        return make_error("settings: environment '" + path + "': " + st.error().message);
    loaded_environment_ = state().environment = path;
    return ok_status();
}

namespace {
[[maybe_unused]] std::string variant_name(const anim::Asset& asset, int v) {
    return v >= 0 && static_cast<size_t>(v) < asset.variants.size() ? asset.variants[static_cast<size_t>(v)]
                                                                    : std::string();
}
}  // namespace

Status SceneSession::select_variant(const std::string& name) {
    if (name.empty()) {
        renderer_->select_variant(-1);
        state().variant.clear();
        return ok_status();
    }
    auto v = anim::find_variant(character_->asset(), name);
    if (!v) return v.error();
    renderer_->select_variant(*v);
    state().variant = name;
    return ok_status();
}

std::string SceneSession::variant() const { return state().variant; }

void SceneSession::draw_view(int x, int y, int width, int height, const glm::mat4& placement) {
    // The renderer's light and material set are the GPU's copies of the view's two keys, changed
    // only together with them (use_environment, apply_environment, select_variant, reset_view).
    assert(state().environment == loaded_environment_);
    assert(state().variant == variant_name(character_->asset(), renderer_->variant()));
    glViewport(x, y, width, height);
    glEnable(GL_DEPTH_TEST);
    glClearColor(state().clear_color.r, state().clear_color.g, state().clear_color.b, state().clear_color.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    // The file's lights where the pose puts them now (an animated light node moves its light).
    render::LightingSettings& lighting = state().draw.lighting;
    if (lighting.file_lights)
        lighting.punctual = render::gather_punctual_lights(*character_);
    else
        lighting.punctual.count = 0;
    renderer_->draw(*character_, {render::CharacterInstance{placement, 0}}, view_proj(width, height),
                    state().draw);
}

glm::mat4 SceneSession::view_proj(int width, int height) const {
    const float aspect = height > 0 ? float(width) / float(height) : 1.0f;
    const auto& cams = character_->asset().cameras;
    if (state().file_camera >= 0 && static_cast<size_t>(state().file_camera) < cams.size()) {
        const anim::Camera& c = cams[static_cast<size_t>(state().file_camera)];
        if (c.node >= 0)
            return render::file_camera_projection(c, aspect) *
                   render::file_camera_view(character_->scene_pose().global(c.node));
    }
    return state().camera.projection(aspect) * state().camera.view();
}

Expected<render::RgbaImage> SceneSession::render_background(int width, int height) {
    if (target_.width() != width || target_.height() != height)
        if (auto s = target_.resize(width, height); !s) return s.error();
    const render::DrawOptions keep = state().draw;
    state().draw.draw_mesh = false;
    state().draw.draw_skeleton = false;
    state().draw.draw_joint_axes = false;
    target_.bind();
    draw(width, height);
    state().draw = keep;
    return target_.read();
}

Expected<render::RgbaImage> SceneSession::render_image(int width, int height) {
    pose();
    return render_current(width, height);
}

Expected<render::RgbaImage> SceneSession::render_current(int width, int height, const glm::mat4& placement) {
    if (target_.width() != width || target_.height() != height)
        if (auto s = target_.resize(width, height); !s) return s.error();
    target_.bind();
    draw_view(0, 0, width, height, placement);
    return target_.read();
}

}  // namespace sv::viewer
