#include "scene_session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "anim/avatar/expression_materials.h"
#include "anim/avatar/vrm_facing.h"
#include "anim/gltf/gltf_import.h"
#include "anim/scene/material_variants.h"
#include "render/gl.h"
#include "render/punctual_lights.h"

namespace sv::viewer {

Expected<std::unique_ptr<SceneSession>> SceneSession::open(const std::string& path, render::Api api,
                                                           bool vrm_facing) {
    auto asset = anim::load_gltf(path);
    if (!asset) return asset.error();  // the importer names the file itself
    // A .vrma is a clip and a skeleton with nothing to draw; said plainly rather than an empty view.
    if (asset->vrm.version == anim::VrmVersion::Animation)
        return make_error(path +
                          ": a VRM Animation (VRMC_vrm_animation) has no mesh to draw; open a character and "
                          "load this file as its retarget source (the Graph tab's Load, --retarget, the "
                          "settings' retarget_source)");
    if (asset->vrm.version == anim::VrmVersion::V0) {
        if (vrm_facing)
            asset->report.push_back(anim::apply_vrm_facing(*asset));
        else
            asset->report.push_back("VRM 0.x: shown as stored, facing -Z (--no-vrm-facing)");
    }
    std::optional<anim::SpringBones> springs;
    if (asset->vrm.present() && !asset->vrm.springs.empty()) {
        asset->scene.update_matrices();
        auto sb = anim::SpringBones::build(asset->vrm, asset->scene);
        // Degrade: the geometry is untouched by a spring that cannot be built; the avatar rests.
        if (sb)
            springs = std::move(*sb);
        else
            asset->report.push_back("VRM spring bones: not simulated: " + sb.error().message);
    }
    std::optional<anim::NodeConstraints> constraints;
    if (asset->vrm.present() && !asset->vrm.constraints.empty()) {
        asset->scene.update_matrices();
        auto nc = anim::NodeConstraints::build(asset->vrm, asset->scene);
        // Degrade: a constraint that cannot run leaves its bone at rest; the geometry is intact.
        if (nc)
            constraints = std::move(*nc);
        else
            asset->report.push_back("VRMC_node_constraint: not applied: " + nc.error().message);
    }
    std::optional<anim::LookAt> look_at;
    if (asset->vrm.present() && asset->vrm.look_at.present) {
        asset->scene.update_matrices();
        auto la = anim::LookAt::build(asset->vrm, asset->scene);
        // Degrade: without a look-at the eyes stay as posed; no vertex moves that the file placed.
        if (la)
            look_at = std::move(*la);
        else
            asset->report.push_back("VRM look-at: not applied: " + la.error().message);
    }
    anim::Scene scene_copy = asset->scene;
    auto character = anim::Character::create(std::move(*asset));
    if (!character) return make_error(path + ": " + character.error().message);
    auto s = std::make_unique<SceneSession>();
    s->path_ = path;
    s->character_ = std::make_unique<anim::Character>(std::move(*character));
    auto renderer = render::CharacterRenderer::create(api, *s->character_);
    if (!renderer) return make_error(path + ": " + renderer.error().message);
    s->renderer_ = std::move(*renderer);
    const auto joint_of = [&](int node) {
        const auto& skins = s->character_->asset().skins;
        for (size_t k = 0; k < skins.size(); ++k) {
            const auto it = std::find(skins[k].joints.begin(), skins[k].joints.end(), node);
            if (it != skins[k].joints.end())
                return std::pair<int, int>{static_cast<int>(k),
                                           static_cast<int>(it - skins[k].joints.begin())};
        }
        return std::pair<int, int>{-1, -1};
    };
    if (look_at) {
        s->look_at_ = std::move(look_at);
        s->look_scene_ = scene_copy;
        for (int node : s->look_at_->eye_nodes()) s->look_targets_.push_back(joint_of(node));
    }
    if (constraints) {
        s->constraints_ = std::move(constraints);
        s->constraint_scene_ = scene_copy;
        for (int node : s->constraints_->nodes()) s->constraint_targets_.push_back(joint_of(node));
    }
    if (springs) {
        s->springs_ = std::move(springs);
        s->spring_scene_ = std::move(scene_copy);
        const auto& skins = s->character_->asset().skins;
        for (int node : s->springs_->nodes()) {
            std::pair<int, int> t{-1, -1};
            for (size_t k = 0; k < skins.size() && t.first < 0; ++k) {
                const auto it = std::find(skins[k].joints.begin(), skins[k].joints.end(), node);
                if (it != skins[k].joints.end())
                    t = {static_cast<int>(k), static_cast<int>(it - skins[k].joints.begin())};
            }
            s->spring_targets_.push_back(t);
        }
    }
    s->state_.clip = s->character_->asset().clips.empty() ? -1 : 0;
    // A file with its own lights is lit by them (as the Khronos renderer does), not by ours as well.
    s->state_.draw.lighting.key_light = !render::has_punctual_lights(*s->character_);
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
    set_springs(o.springs != "off");
    std::vector<std::pair<std::string, double>> values;
    for (const std::string& e : o.expressions) {
        const size_t eq = e.find('=');
        char* end = nullptr;
        const double w = eq == std::string::npos ? 0.0 : std::strtod(e.c_str() + eq + 1, &end);
        if (eq == std::string::npos || eq == 0 || end == e.c_str() + eq + 1 || *end != '\0' ||
            !std::isfinite(w))
            return make_error("--expression '" + e +
                              "': expected NAME=WEIGHT with WEIGHT a number from 0 to 1");
        values.emplace_back(e.substr(0, eq), w);
    }
    expression_weights_.clear();
    expression_values_ = values;
    if (!values.empty()) {
        auto mw = anim::expression_morph_weights(character_->asset().vrm, values);
        if (!mw) return make_error("--" + mw.error().message);
        expression_weights_ = std::move(*mw);
    }
    if (!o.look_at.empty()) {
        auto t = parse_look_target(o.look_at);
        if (!t) return t.error();
        state_.look_at = *t;
    }
    if (!o.variant.empty())
        if (auto s = select_variant(o.variant); !s) return make_error("--" + s.error().message);
    state_.camera.fov_y_degrees = o.fov;
    if (o.width > 0 && o.height > 0) state_.frame_aspect = float(o.width) / float(o.height);
    if (auto s =
            apply_camera_option(o.camera, state_.camera, &character_->asset().cameras, &state_.file_camera);
        !s)
        return s;
    // A pinned camera is the view itself: framing it on what is drawn would undo the pin. The orbit
    // is framed under a file camera too, so that leaving it (the viewer's list) shows the character.
    if (!render::looks_pinned(o.camera)) frame_camera();
    state_.draw.lighting.environment_background = o.env_background == "on";
    state_.draw.lighting.environment_blur = o.env_blur;
    // Last, so a bad file leaves every other option applied (the viewer shows the error and goes on).
    return apply_environment(o.env);
}

Status SceneSession::apply_environment(const std::string& path) {
    if (path.empty()) return ok_status();
    // Refused as a whole: a half-read environment would light the model wrongly and silently. The
    // renderer keeps the sky it had.
    auto image = render::read_hdr(path);
    if (!image) return make_error("--env: " + image.error().message);
    if (auto st = renderer().set_environment(render::environment_from_image(*image)); !st)
        return make_error("--env '" + path + "': " + st.error().message);
    environment_path_ = path;
    return ok_status();
}

Status SceneSession::use_environment(const std::string& path) {
    if (path == environment_path_) return ok_status();
    if (path.empty()) {
        if (auto st = renderer().set_environment(render::environment_data()); !st)
            return make_error("settings: environment: the procedural sky: " + st.error().message);
        environment_path_.clear();
        return ok_status();
    }
    // Named for the key (read_hdr's message starts with it), not --env: the reader of a refused
    // settings file looks for the key.
    auto image = render::read_hdr(path);
    if (!image) return make_error("settings: " + image.error().message);  // "environment 'FILE': why"
    if (auto st = renderer().set_environment(render::environment_from_image(*image)); !st)
        return make_error("settings: environment '" + path + "': " + st.error().message);
    environment_path_ = path;
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

// With the correction off, what it would move is the soup: framed alone, without the static props
// around it (Fox's plinth, whose size made the fox's soup a speck). A skin the correction leaves as
// it is keeps the props in view.
static bool soup_drawn(const anim::Character& character) {
    if (character.correction()) return false;
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

void frame_camera(anim::Character& character, FrameState& state) {
    const render::SkinMode* forced = state.draw.auto_rung ? nullptr : &state.draw.rung;
    const bool soup = soup_drawn(character);
    anim::Aabb b = character.drawn_bounds_over_clip(state.clip, forced, 16, soup);
    // Sampling posed the character; the frame drawn next poses it again at the state's own time.
    character.pose_at(state.clip, state.time, state.loop);
    // A soup far smaller than the ground it covers over the clip (Fox's: 5 cm, carried 2 m by its
    // root) would be a speck in the clip's framing: it is framed as drawn now instead, and may
    // leave the view as the clip plays (F frames it again).
    if (soup && !b.empty()) {
        const anim::Aabb now = character.drawn_bounds(forced, true);
        if (!now.empty() && glm::length(now.max - now.min) < 0.1 * glm::length(b.max - b.min)) b = now;
    }
    if (b.empty()) b = character.bind_bounds();
    if (b.empty()) return;
    state.camera.frame(glm::vec3(b.min), glm::vec3(b.max), state.frame_aspect);
}

void SceneSession::frame_drawn_now() {
    const render::SkinMode* forced = state_.draw.auto_rung ? nullptr : &state_.draw.rung;
    const anim::Aabb b = character_->drawn_bounds(forced, soup_drawn(*character_));
    if (!b.empty()) state_.camera.frame(glm::vec3(b.min), glm::vec3(b.max), state_.frame_aspect);
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
    state_.file_camera = -1;
    state_.camera.frame(lo - glm::vec3(pad), hi + glm::vec3(pad), state_.frame_aspect);
}

void SceneSession::pose_clip_at(float t) {
    character_->pose_at(state_.clip, t, state_.loop);
    if (anim::apply_pose_edits(pose_edits_, *character_)) character_->apply_poses();
}

void SceneSession::pose() {
    pose_clip_at(state_.time);
    apply_look_at();
    apply_constraints();
    if (springs_ && springs_on_) simulate_springs();
    apply_expressions();
    (void)renderer_->write_palettes(*character_, {});
    renderer_->upload_palettes();
}

// The swing at time t is the fixed-step simulation over the steps up to t, each step seeing the clip
// posed at its own time: playing forward continues it step by step; a jump back, a clip change or a
// jump of more than 2 s starts again from the pose 2 s (120 steps) before t, so a still frame at
// time t (render, bake) is the same every run. What that costs: a hair chain still swinging from
// more than 2 s ago is not reproduced in a still frame, and a cold start poses the clip 120 times.
void SceneSession::simulate_springs() {
    constexpr double dt = anim::SpringBones::kStep;
    const long target = std::max(0L, static_cast<long>(std::floor(state_.time / dt)));
    auto posed_at = [this](double t) {
        pose_clip_at(static_cast<float>(t));
        apply_look_at();
        apply_constraints();
        copy_globals_to_springs();
    };
    if (spring_step_ < 0 || spring_clip_ != state_.clip || target < spring_step_ ||
        target - spring_step_ > 120) {
        spring_step_ = std::max(0L, target - 120);
        spring_clip_ = state_.clip;
        posed_at(static_cast<double>(spring_step_) * dt);
        springs_->reset(spring_scene_);
    }
    for (long k = spring_step_ + 1; k <= target; ++k) {
        posed_at(static_cast<double>(k) * dt);
        springs_->step(spring_scene_, dt);
    }
    spring_step_ = target;
    posed_at(state_.time);
    springs_->apply(spring_scene_);
    copy_springs_to_poses();
}

void SceneSession::swing_springs(double seconds) {
    if (!springs_ || !springs_on_) return;
    copy_globals_to_springs();
    springs_->advance(spring_scene_, seconds);
    springs_->apply(spring_scene_);
    copy_springs_to_poses();
    spring_step_ = -1;  // a later pose() (render from the viewer) starts its own run
}

void SceneSession::apply_constraints() {
    if (!constraints_) return;
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < constraint_scene_.nodes.size(); ++i)
        constraint_scene_.nodes[i].global = pose.global(static_cast<int>(i));
    constraints_->apply(constraint_scene_);
    const std::vector<int> nodes = constraints_->nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto [k, j] = constraint_targets_[i];
        if (k < 0) continue;  // a constrained node no skin lists draws nothing
        const glm::dquat& q = constraint_scene_.nodes[static_cast<size_t>(nodes[i])].rotation;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

void SceneSession::apply_look_at() {
    look_values_.clear();
    look_angles_ = {};
    if (!look_at_ || state_.look_at.mode == LookTarget::Mode::Off) return;
    glm::dvec3 target = state_.look_at.point;
    if (state_.look_at.mode == LookTarget::Mode::Camera) {
        const auto& cams = character_->asset().cameras;
        const int fc = state_.file_camera;
        target = fc >= 0 && static_cast<size_t>(fc) < cams.size() && cams[static_cast<size_t>(fc)].node >= 0
                     ? glm::dvec3(character_->scene_pose().global(cams[static_cast<size_t>(fc)].node)[3])
                     : glm::dvec3(state_.camera.eye());
    }
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < look_scene_.nodes.size(); ++i)
        look_scene_.nodes[i].global = pose.global(static_cast<int>(i));
    look_angles_ = look_at_->angles(look_scene_, target);
    if (look_at_->type() == anim::VrmLookAtType::Expression) {
        look_values_ = look_at_->expression_values(look_angles_);
        return;
    }
    const auto eyes = look_at_->eye_rotations(look_angles_);
    for (size_t i = 0; i < eyes.size(); ++i) {
        const auto [k, j] = look_targets_[i];
        if (k < 0) continue;  // an eye no skin lists moves nothing drawn
        const glm::dquat& q = eyes[i].second;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

void SceneSession::apply_expressions() {
    if (look_values_.empty()) {
        for (const auto& m : expression_weights_) character_->set_morph_weight(m.node, m.index, m.weight);
    } else {
        auto mw = anim::expression_morph_weights(character_->asset().vrm, expression_values_with_look());
        // The names were checked when they were set, and the look names are the avatar's own.
        if (mw)
            for (const auto& m : *mw) character_->set_morph_weight(m.node, m.index, m.weight);
    }
    apply_material_binds();
}

// The look-at's weights replace any given for the same four names (three-vrm's applier sets them
// every frame); the override rules of the other expressions then act on them as usual.
std::vector<std::pair<std::string, double>> SceneSession::expression_values_with_look() const {
    std::vector<std::pair<std::string, double>> values;
    for (const auto& v : expression_values_)
        if (std::none_of(look_values_.begin(), look_values_.end(),
                         [&](const auto& l) { return l.first == v.first; }))
            values.push_back(v);
    values.insert(values.end(), look_values_.begin(), look_values_.end());
    return values;
}

void SceneSession::apply_material_binds() {
    if (!character_->asset().vrm.present()) return;
    auto mv = anim::expression_material_values(character_->asset(), expression_values_with_look());
    renderer_->set_material_overrides(mv ? std::move(*mv) : std::vector<anim::ExpressionMaterialValue>{});
}

Expected<LookTarget> parse_look_target(const std::string& text) {
    LookTarget t;
    if (text == "off") return t;
    if (text == "camera") {
        t.mode = LookTarget::Mode::Camera;
        return t;
    }
    double v[3];
    const char* c = text.c_str();
    for (int i = 0; i < 3; ++i) {
        char* end = nullptr;
        v[i] = std::strtod(c, &end);
        const char want = i < 2 ? ',' : '\0';
        if (end == c || *end != want || !std::isfinite(v[i]))
            return make_error("--look-at '" + text +
                              "': expected x,y,z (a world point in metres), camera or off");
        c = end + (i < 2 ? 1 : 0);
    }
    t.mode = LookTarget::Mode::Point;
    t.point = {v[0], v[1], v[2]};
    return t;
}

std::string format_look_target(const LookTarget& t) {
    if (t.mode == LookTarget::Mode::Off) return "off";
    if (t.mode == LookTarget::Mode::Camera) return "camera";
    char b[128];
    std::snprintf(b, sizeof b, "%.9g,%.9g,%.9g", t.point.x, t.point.y, t.point.z);
    return b;
}

void SceneSession::copy_globals_to_springs() {
    const auto& pose = character_->scene_pose();
    for (size_t i = 0; i < spring_scene_.nodes.size(); ++i)
        spring_scene_.nodes[i].global = pose.global(static_cast<int>(i));
}

void SceneSession::copy_springs_to_poses() {
    const std::vector<int> nodes = springs_->nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto [k, j] = spring_targets_[i];
        if (k < 0) continue;  // a spring node no skin lists: nothing drawn hangs from it
        const glm::dquat& q = spring_scene_.nodes[static_cast<size_t>(nodes[i])].rotation;
        float* r = &character_->skins()[static_cast<size_t>(k)].pose.rotation[static_cast<size_t>(j) * 4];
        r[0] = static_cast<float>(q.x), r[1] = static_cast<float>(q.y), r[2] = static_cast<float>(q.z),
        r[3] = static_cast<float>(q.w);
    }
    character_->apply_poses();
}

void SceneSession::draw(int width, int height) {
    glViewport(0, 0, width, height);
    glEnable(GL_DEPTH_TEST);
    glClearColor(state_.clear_color.r, state_.clear_color.g, state_.clear_color.b, state_.clear_color.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    // The file's lights where the pose puts them now (an animated light node moves its light).
    render::LightingSettings& lighting = state_.draw.lighting;
    if (lighting.file_lights)
        lighting.punctual = render::gather_punctual_lights(*character_);
    else
        lighting.punctual.count = 0;
    renderer_->draw(*character_, {render::CharacterInstance{}}, view_proj(width, height), state_.draw);
}

glm::mat4 SceneSession::view_proj(int width, int height) const {
    const float aspect = height > 0 ? float(width) / float(height) : 1.0f;
    const auto& cams = character_->asset().cameras;
    if (state_.file_camera >= 0 && static_cast<size_t>(state_.file_camera) < cams.size()) {
        const anim::Camera& c = cams[static_cast<size_t>(state_.file_camera)];
        if (c.node >= 0)
            return render::file_camera_projection(c, aspect) *
                   render::file_camera_view(character_->scene_pose().global(c.node));
    }
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
