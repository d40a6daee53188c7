// One loaded character with its renderer and the state a frame is drawn from: what the render
// subcommand, diagnose and the interactive viewer all hold.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "anim/avatar/expressions.h"
#include "anim/avatar/look_at.h"
#include "anim/avatar/node_constraints.h"
#include "anim/avatar/spring_bones.h"
#include "anim/character/character.h"
#include "anim/character/pose_edits.h"
#include "anim/core/expected.h"
#include "anim/frame/evaluate_frame.h"
#include "render/camera.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "render/image.h"
#include "render/render_target.h"
#include "render/skinned_pass.h"
#include "scene_load.h"
#include "scene_options.h"
#include "ui/frame_state.h"

namespace sv::ui {
struct ViewerModel;
struct AnimationPanel;
struct ClockStep;
}  // namespace sv::ui

namespace sv::viewer {

// The draw half of the view and the look-at's target are ui's (ui/frame_state.h), held in the
// view's one holder, the session's model (SceneSession::model().state).
using ui::format_look_target;
using ui::FrameState;
using ui::LookTarget;
using ui::parse_look_target;

class SceneSession {
public:
    // Loads `path` and builds its renderer on the current context. A failure leaves nothing behind
    // (the caller keeps whatever session it had).
    // `vrm_facing`: turn a VRM 0.x avatar to face +Z (anim/avatar/vrm_facing.h).
    static Expected<std::unique_ptr<SceneSession>> open(const std::string& path, render::Api api,
                                                        bool vrm_facing = true);
    // The GL half of open: `loaded` (viewer/session/scene_load.h) uploaded to the current context
    // and framed. On the context's thread. A failure (the upload refused) leaves nothing behind.
    // `model`: the window's, which the session then holds its view in (attached to the character,
    // its draw half fresh, once nothing can fail any more, so a refused file leaves it as it was);
    // null: the session owns one. It used to attach its own and be handed the window's after,
    // attaching twice per open.
    static Expected<std::unique_ptr<SceneSession>> create(LoadedScene loaded, render::Api api,
                                                          ui::ViewerModel* model = nullptr);

    ~SceneSession();
    anim::Character& character() { return *character_; }
    const anim::Character& character() const { return *character_; }
    render::CharacterRenderer& renderer() { return *renderer_; }
    const std::string& path() const { return path_; }
    // The draw half of the view (ui/frame_state.h): the model's, so it is the window's when the
    // window handed the session its model.
    FrameState& state();
    const FrameState& state() const;

    // Puts the whole view back to `fresh` (a state this session had) and to what the file opened with:
    // no pose edits, expressions, look-at values or material binds, the default variant, the
    // procedural sky, the correction on, springs on and started again. A suite entry starts here,
    // so nothing one entry set reaches another over the shared load (the loaded file, the GPU
    // upload and the shaders are shared; no entry changes them).
    Status reset_view(const FrameState& fresh);
    // Applies the shared options (clip, time, correction, rung, camera). Errors name the option.
    Status apply(const SceneOptions& options);
    // Lights the scene with an equirectangular .hdr (--env); empty: keeps the procedural sky.
    Status apply_environment(const std::string& path);
    // The settings file's `environment`: that .hdr, or the procedural sky when empty (loading a
    // settings file replaces the whole state). The same path again is not read again. A bad file
    // keeps the light there was and is an error naming the key.
    Status use_environment(const std::string& path);
    // The .hdr lighting the scene now ("" the procedural sky), as it was given: the view's key.
    const std::string& environment_path() const;
    // KHR_materials_variants: draws the materials of the variant called `name` ("" the file's
    // defaults); an unknown name is an error listing the file's variants and changes nothing. The
    // settings file and the viewer's panel choose through this.
    Status select_variant(const std::string& name);
    // The chosen variant's name, "" for the defaults.
    std::string variant() const;
    // Fits the camera to what is drawn over the whole clip (the posed character at times across
    // it; the soup when the correction is off), keeping the current yaw and pitch.
    void frame_camera();
    // Fits the camera to what is drawn now (the viewer's F key with nothing selected).
    void frame_drawn_now();
    // The viewer's F key: frames joint `joint` of skin `skin` and every joint below it (their
    // positions now, padded by half the longest bone among them, or by the joint's own bone to its
    // parent for a tip, so a hand shows its fingers and a head the head); joint < 0: what is drawn
    // now. The pad stands in for the skin around the bones, which is not measured: a joint with a
    // mesh far larger than its bones (a cape on one bone) is framed tighter than its mesh.
    void frame_selection(int skin, int joint);

    // VRM spring bones: present when the file has springs that could be built; on unless --springs off.
    bool has_springs() const { return frame_.springs.has_value(); }
    bool springs_on() const;
    void set_springs(bool on);
    bool has_look_at() const { return frame_.look_at.has_value(); }
    // The last frame's look-at yaw and pitch (degrees; 0 when off).
    anim::LookAtAngles look_angles() const { return frame_.look_angles; }
    // What the frame function keeps between frames of this character (anim/frame/frame_context.h):
    // the window's model poses through it too, so both run one avatar runtime.
    anim::FrameContext& frame() { return frame_; }
    // The state's look-at as the frame function takes it: the camera resolved into a point (or the
    // file camera's node, placed by the pose).
    anim::LookAtState look_at_state() const;
    // The view's pose and clocks: the clip and its time, the graph (blend tree, state machine,
    // retarget), IK, the spring chain, pose edits, expressions and the springs switch, as the window's
    // panels hold them. Headless, the session owns one, attached to the character when it opens (a
    // still: not playing); the flags, a settings file, a suite entry and a sidecar's view all write
    // it, pose() poses from it and a sidecar captures it. The window hands the session its own
    // (use_model), so the panels, the frame and a screenshot read one value.
    ui::ViewerModel& model() { return *model_; }
    const ui::ViewerModel& model() const { return *model_; }
    // Another model instead of the one the session holds its view in now, with the view's draw half
    // and springs switch carried over: the caller attaches it to this character first and keeps it
    // alive as long as the session. (The window passes its model to create instead.)
    void use_model(ui::ViewerModel& model);
    // The clip posed (-1: the rest pose) and the time sampled, as the frame takes them (the time is
    // a float there: the headless verbs carry it so).
    int clip() const;
    float time() const;
    // The view at clip time `t`: every clock that runs with the clip moves by the same step (the
    // state machine's graph clock, the spring chain's clock), so frame k of `render --frames` is the
    // view at its own time, as the window's clock moves them together (ui::ViewerModel::advance).
    // It used to move the clip time alone: a state-machine sequence drew its first frame N times.
    void set_time(float t);
    // One step of the view's clock (ui::ClockStep): `clip` seconds of the clip's time (and the graph's
    // clock with it), `wall` seconds of the spring chain's. set_time steps {dt, dt}; the windowless
    // viewer steps the window's frames ({playing ? dt x speed : 0, dt} each), so a paused view's
    // spring chain swings as the window's does while its clip stands still.
    void advance(const ui::ClockStep& step);

    // VRM expressions' material colour and texture-transform binds for the last frame's values (with
    // the look-at's and a .vrma's): handed to the renderer, drawn from the next frame.
    void apply_material_binds();
    // Morph weights written over the current pose by bake --retarget's own frame.
    void set_expression_weights(std::vector<anim::ExpressionMorphWeight> w) {
        expression_weights_ = std::move(w);
    }
    void apply_expression_weights();

    // The pose state a headless frame evaluates: the model's, with the look-at resolved from this
    // session's camera.
    anim::PoseState pose_state() const;
    // Poses the character through anim::evaluate_frame at the state's clip and time, writes and
    // uploads the palette.
    void pose();
    // Draws into the currently bound framebuffer of the given size.
    void draw(int width, int height) { draw_view(0, 0, width, height, glm::mat4(1.0f)); }
    // The one draw of a view, headless and in the window alike: clears with the view's background,
    // gathers the file's lights where the pose puts them, and draws the character placed by
    // `placement` (the window's root motion; identity headless) into the rectangle (x, y, width,
    // height) of the bound framebuffer, the camera's aspect that rectangle's. The window draws its
    // 3D view through this and `--viewport-screenshot` renders it offscreen through
    // render_current, so the picture on screen, the viewport screenshot and `render` share it.
    void draw_view(int x, int y, int width, int height, const glm::mat4& placement);
    // Poses, draws into an offscreen target and reads it back.
    Expected<render::RgbaImage> render_image(int width, int height);
    // Draws the current pose as it stands (after a caller's edit: a joint turned, a palette entry
    // broken, or the window's frame) into the offscreen target, without posing again.
    Expected<render::RgbaImage> render_current(int width, int height,
                                               const glm::mat4& placement = glm::mat4(1.0f));
    // The same frame without the character (clear colour and grid only): what the screenshot
    // comparison takes as background, so the grid is not counted as the character's footprint.
    Expected<render::RgbaImage> render_background(int width, int height);
    // The camera's projection x view for a frame of this size: what draw() passes the renderer.
    glm::mat4 view_proj(int width, int height) const;

private:
    void attach_own_model();

    std::unique_ptr<anim::Character> character_;
    std::unique_ptr<render::CharacterRenderer> renderer_;
    render::RenderTarget target_;
    std::string path_;
    // What the renderer holds now for the view's `environment` (a cache of the GPU work, not a key
    // of the view): use_environment loads only when the view asks for another.
    std::string loaded_environment_;
    anim::FrameContext frame_;
    std::unique_ptr<ui::ViewerModel> own_model_;
    ui::ViewerModel* model_ = nullptr;  // own_model_, or the window's (use_model)
    std::vector<anim::ExpressionMorphWeight> expression_weights_;
};

// A headless context with a session opened on it and the shared options applied: what every
// headless subcommand starts from. The context is declared first so it outlives the session.
struct HeadlessSession {
    std::unique_ptr<render::Context> context;
    std::unique_ptr<SceneSession> session;
};
// Whose fault a failed open_headless is, for the exit status (CONTRIBUTING): an option the user gave
// (a clip, expression, look-at, variant or camera the file lacks or cannot take) is bad input, 2;
// the file failing to load (FILE or --env) or no GL keeps 1.
enum class OpenFault { None, Machine, File, Option };
inline int exit_status(OpenFault f) { return f == OpenFault::Option ? 2 : 1; }
Expected<HeadlessSession> open_headless(const SceneOptions& options, OpenFault* fault = nullptr);

// Fits the camera to what is drawn over the whole clip (the posed character at times across it; the
// soup when the correction is off), keeping the current yaw and pitch, and poses the character back
// at the clock's clip and time. No GL: the settings are applied through it without a renderer.
void frame_camera(anim::Character& character, FrameState& state, const ui::AnimationPanel& clock);

// Parses "auto" | "front" | "side" | "orbit:DEG" | pinned into a yaw (and pitch) for the camera, and
// "file:N" into `*file_camera` = N when `file_cameras` is given and N names a usable one of them (any
// other choice sets it to -1).
Status apply_camera_option(const std::string& text, render::OrbitCamera& camera,
                           const std::vector<anim::Camera>* file_cameras = nullptr,
                           int* file_camera = nullptr);
// Parses a clip name or index against the character's clips; empty means the first clip.
Expected<int> resolve_clip(const anim::Character& character, const std::string& text);

}  // namespace sv::viewer
