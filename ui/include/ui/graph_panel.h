// The animation graph in the viewer: a two-clip blend with its weight, a state machine over the
// character's clips driven by parameters, the root-motion trail, retargeting a second file's clip
// onto this character, and a spring chain.
//
// What drives the base pose is one choice (`mode`); root motion, springs and IK layer on top of
// whichever it is. Scratch poses are sized when the character is attached, so the frame path
// allocates nothing except the trail, which grows by one point a frame up to a cap.
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <string>
#include <vector>

#include "anim/character/character.h"
#include "anim/frame/pose_state.h"
#include "anim/graph/blend_tree.h"
#include "anim/graph/graph_parameters.h"
#include "anim/graph/retarget.h"
#include "anim/graph/retarget_rest.h"
#include "anim/graph/root_motion.h"
#include "anim/graph/spring.h"
#include "anim/graph/state_machine.h"
#include "anim/pose/blend_poses.h"

namespace sv::ui {

// The runtime's choice of base pose (anim/frame/pose_state.h), under the panel's name.
using GraphMode = anim::BaseMode;
const char* to_string(GraphMode m);

struct RootMotionTrack {
    int joint = -1;  // the joint carrying the clip's travel, or -1
    int clip = -1;   // the clip it was bound for
    anim::RootChannels channels;
    anim::RootMotion placement;    // accumulated, in the root's parent frame
    glm::dmat4 parent_frame{1.0};  // the root's parent node's global at bind: parent -> world
    std::vector<glm::vec3> trail;  // placement positions, oldest first
    static constexpr size_t kMaxTrail = 2048;

    // Finds the joint: the first joint (parents first) the clip drives with a translation.
    void bind(const anim::Character& character, int skin, int clip);
    // Accumulates the clip's root travel over [from, to] (seconds, unwrapped) into the placement.
    void step(const anim::Clip& clip, double from, double to);
    // Appends a world point to the trail (dropping the oldest past the cap).
    void record(const glm::vec3& p);
    void reset();
    glm::mat4 model() const;
};

struct SpringPanel {
    bool enabled = false;
    int first_joint = -1;  // the chain runs from here down the first children
    int links = 3;
    float frequency_hz = 2.0f;
    float damping = 0.3f;
    float impulse_degrees = 30.0f;
    float delay_per_link = 0.06f;
    // The spring's own clock: wall-time seconds, running while the clip is paused too, so a Kick
    // on a paused character swings its tail (on the animation's clock it stood still until play).
    double clock = 0.0;
    double impulse_time = 0.0;  // the spring clock's time of the last impulse
    void kick() { impulse_time = clock; }
    anim::SpringChain chain;
    std::vector<double> settle;  // per link
    double chain_settle = 0.0;
    std::string error;

    // Builds the chain from first_joint down `links` first children, axis local Z.
    void rebuild(const anim::Skeleton& skeleton);
};

struct GraphPanel {
    GraphMode mode = GraphMode::Clip;

    // The graph's own clock: seconds of played time, never wrapped (the state machine needs a
    // time that only moves forward).
    double clock = 0.0;
    anim::GraphParameters params;  // "blend" (the tree's weight) and "state" (the machine's target)
    int blend_param = -1, state_param = -1;

    // Blend: a 1D blend tree over clip a (at 0) and clip b (at 1), kept in phase.
    int blend_a = 0, blend_b = 0;
    std::unique_ptr<anim::BlendTree> tree;
    std::string tree_error;

    // State machine: one state per clip; setting "state" to i cross-fades to clip i.
    float fade_seconds = 0.3f;
    std::unique_ptr<anim::StateMachine> machine;
    std::string machine_error;

    // Retarget: a second character whose clip plays on this one.
    std::unique_ptr<anim::Character> source;
    std::string source_path, source_error;
    int source_clip = 0;
    anim::RetargetMap map;
    anim::RetargetRest rest;  // the source measured at rest: the clip plays relative to each rig's rest

    RootMotionTrack root;
    SpringPanel spring;

    anim::Pose scratch;  // sized to the skin at attach

    void attach(const anim::Character& character, int skin);
    // The joint the spring chain starts on when nothing chose one: the first of skin 0 named like
    // "tail" (-1: none).
    static int default_spring_joint(const anim::Character& character);
    // Builds the blend tree over clips blend_a and blend_b (fails for no clips).
    Status build_tree(const anim::Character& character, int skin);
    // Builds the state machine over the character's clips (fails for none), started now: its
    // first state entered at the current clock.
    Status build_machine(const anim::Character& character, int skin);
    // Chooses the base pose's source. Entering the state machine starts it again at the current
    // clock, so its "time in state" counts from 0 (it had run since the file opened: "63 s").
    void set_mode(GraphMode m, const anim::Character& character, int skin);
    // Takes a loaded retarget source (`path` names it in the panel); on failure the previous
    // source stays. ui reads no file: the viewer loads it (viewer/session/scene_session.h) and hands the
    // Asset here, so the panels never link the glTF reader.
    Status set_source(anim::Asset asset, const std::string& path, const anim::Character& target, int skin);
    // What actually plays, for the Animation panel: the clip in Clip mode, else what the graph
    // plays ("retarget: 'Run' from fox.glb", "blend: 'walk' + 'run'", "state machine: ...").
    std::string playing_label(const anim::Character& character, int clip) const;
    // The length the animation clock wraps at in the current mode (0: none).
    double duration(const anim::Character& character, int clip) const;
};

}  // namespace sv::ui
