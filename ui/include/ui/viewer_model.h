// Everything the viewer shows about one character, as plain state, and what it hands the frame.
//
// The frame itself is anim::evaluate_frame (anim/frame/evaluate_frame.h: its order and its springs);
// this model only says what the panels hold as an anim::PoseState, moves the clocks, and keeps the
// root-motion placement and trail, which integrate the played steps. It needs no window and no GL,
// which is what lets the tests drive the same code the viewer runs.
#pragma once

#include <string>

#include "anim/character/character.h"
#include "anim/character/pose_edits.h"
#include "anim/frame/evaluate_frame.h"
#include "ui/animation_panel.h"
#include "ui/conflicts_panel.h"
#include "ui/diagnose_panel.h"
#include "ui/expressions_panel.h"
#include "ui/frame_state.h"
#include "ui/graph_panel.h"
#include "ui/humanoid_panel.h"
#include "ui/ik_panel.h"
#include "ui/joints_panel.h"
#include "ui/morph_panel.h"
#include "ui/notes_panel.h"
#include "ui/open_panel.h"
#include "ui/palette_panel.h"
#include "ui/scene_panel.h"

namespace sv::ui {

// Humanoid and Expressions are listed only for a VRM avatar.
enum class InspectorTab {
    Frame,
    Joints,
    Conflicts,
    IK,
    Palette,
    Diagnose,
    Graph,
    Notes,
    Humanoid,
    Expressions
};

// One step of a view's time (issue 45: one clock). `clip` seconds of view time move the clip's time,
// the graph's clock (blend tree phase, state machine) and the VRM springs' replay with it; `wall`
// seconds move the Graph tab's spring chain, which in the window runs in wall time so a kick settles
// while the clip is paused. The window steps {playing ? dt x speed : 0, dt}; a headless sequence
// (render --frames) steps {dt, dt}, so frame k is the view at its start + k/F, and for a playing view
// at speed 1 the two are the same step.
struct ClockStep {
    double clip = 0.0;
    double wall = 0.0;
};

struct ViewerModel {
    ScenePanel scene;
    AnimationPanel animation;
    JointsPanel joints;
    ConflictsPanel conflicts;
    IkPanel ik;
    PalettePanel palette;
    DiagnosePanel diagnose;
    OpenPanel open;
    GraphPanel graph;
    MorphPanel morph;
    NotesPanel notes;
    HumanoidPanel humanoid;
    ExpressionsPanel expressions;

    InspectorTab tab = InspectorTab::Frame;
    std::string screenshot_message;  // the last screenshot's path (or why it failed), or a settings file's
    // Whether screenshot_message says the view's work is what a settings file holds ("settings
    // saved to X", "... loaded from X"): true only while it is, so the viewer clears it once the
    // work differs (Reset all of the pose edits kept "settings saved to" on screen). A screenshot's
    // message stays true for as long as the file does.
    bool message_about_saved_view = false;
    // Whose weights the weights heat map shows: (weights_skin, weights_joint), or the selected
    // joint when weights_joint is -1 (settings key `weights_joint`).
    int weights_skin = 0;
    int weights_joint = -1;
    // The Joints tab's pose edits (settings key `pose_edits`), put on the base pose every frame
    // before IK (anim/character/pose_edits.h: the convention).
    anim::PoseEdits pose_edits;
    // What the panels do not hold: the VRM look-at's target (the viewer resolves the camera into
    // it each frame) and the VRM spring bones' switch (`--springs`).
    anim::LookAtState look_at;
    bool vrm_springs = true;
    // How the view is drawn (ui/frame_state.h: draw options, camera, background, look-at target,
    // environment, variant). Kept across attach: the session starts it afresh for each file.
    FrameState state;
    // The avatar runtime the frame runs (the session's; tests may leave it unset: then a context
    // with no look-at, constraints or spring bones).
    anim::FrameContext* frame = nullptr;

    // Rebuilds every panel for a freshly loaded character (the open panel is kept) and poses it
    // at the first clip's start, which is where IK places its target.
    void attach(anim::Character& character);
    void set_tab(InspectorTab t) { tab = t; }
    // The one clock: moves every clock of the view by `step` (ClockStep), the clip's time looped or
    // clamped by the Animation tab's rule over `duration`. The window (advance_and_pose) and a
    // headless sequence (SceneSession::set_time) both move the view through it; it used to be two
    // functions, and a state-machine sequence moved only the clip time (issue 45).
    void advance(const ClockStep& step, double duration);
    // The window's frame: dt seconds of wall time (ClockStep {playing ? dt x speed : 0, dt}), then
    // the character posed for it (the root-motion placement integrates the clip step).
    void advance_and_pose(anim::Character& character, double dt);
    // Poses at the current time without moving the clock (or the root-motion placement).
    void pose(anim::Character& character);
    // The pose state the panels describe now (pointing at the graph panel's objects).
    anim::PoseState pose_state() const;
    // Selects a joint everywhere (scene, joints table skin, palette, IK skin).
    bool select_joint(const anim::Character& character, int skin, int joint);

private:
    void pose_with_step(anim::Character& character, double from, double step);
    anim::FrameContext own_frame_;
};

}  // namespace sv::ui
