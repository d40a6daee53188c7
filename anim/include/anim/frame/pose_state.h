// What one frame's pose is a function of: plain data the window, `render`, `bake` and `suite` fill
// the same way and hand to evaluate_frame (anim/frame/evaluate_frame.h).
//
// Built objects (a blend tree, a state machine, a retarget source, a spring chain) are pointed at,
// not owned: they are made once when a panel or a settings file chooses them, and a frame only reads
// them. Everything else is a value, so two callers holding equal states get the same pose.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "anim/character/pose_edits.h"
#include "anim/graph/blend_tree.h"
#include "anim/graph/graph_parameters.h"
#include "anim/graph/retarget_rest.h"
#include "anim/graph/root_motion.h"
#include "anim/graph/spring.h"
#include "anim/graph/state_machine.h"

namespace sv::anim {

class Character;

// What drives the base pose (the Graph tab's choice, the settings key `graph`).
enum class BaseMode { Clip, Blend, StateMachine, Retarget };

struct GraphState {
    BaseMode mode = BaseMode::Clip;
    const GraphParameters* params = nullptr;  // the blend tree's and the state machine's parameters
    BlendTree* tree = nullptr;                // Blend: evaluated at the clip time
    // StateMachine: updated at `clock`, the graph's own never-wrapping clock. The machine keeps the
    // state it entered and when, so its pose depends on the clocks it was updated at before, not on
    // this state alone (the one input here that has a history; see evaluate_frame.h).
    StateMachine* machine = nullptr;
    double clock = 0.0;
    // Retarget: the source's clip at the clip time, through the rests measured on the first frame.
    Character* source = nullptr;
    int source_clip = 0;
    RetargetRest* rest = nullptr;
};

// The clip's travel taken out of the root joint (the window puts it into the placement instead).
struct RootMotionState {
    bool strip = false;
    int joint = -1;
    RootChannels channels;
};

// Two-bone IK on one skin, in the character's own space. parents and world are filled by the frame.
struct IkState {
    bool enabled = false;
    int skin = 0;
    int root = -1, mid = -1, tip = -1;
    glm::dvec3 target{0.0}, pole{0.0};
    double weight = 1.0, twist_angle = 0.0, soften = 1.0;
};

// The Graph tab's spring chain: a closed form of the time since the last Kick (anim/graph/spring.h).
// `clock` is the spring's own clock and `kick_time` the Kick event on it: the window runs the clock in
// wall time, paused or not, so a Kick on a paused character swings its tail; a settings file or a
// headless verb starts it at the clip time with the Kick at 0. Equal states swing equally wherever
// they come from.
struct SpringChainState {
    bool enabled = false;
    const SpringChain* chain = nullptr;
    int skin = 0;
    double impulse_radians = 0.0;
    double clock = 0.0;
    double kick_time = 0.0;
};

// The VRM look-at's target: a world point, or a node's posed position (a file camera).
struct LookAtState {
    bool on = false;
    int node = -1;  // >= 0: the target is this node's position after the base pose
    glm::dvec3 point{0.0};
};

struct PoseState {
    int clip = -1;  // -1: rest pose (Clip mode)
    // The clip time. A float because the headless verbs have always carried it as one: the window
    // rounds its double clock to the same float, so both sample identical times.
    float time = 0.0f;
    bool loop = true;
    GraphState graph;
    RootMotionState root_motion;
    const PoseEdits* pose_edits = nullptr;
    IkState ik;
    LookAtState look_at;
    // VRM expression values by name (0..1); a retargeted .vrma's face tracks and an expression-type
    // look-at replace the names they drive.
    std::vector<std::pair<std::string, double>> expressions;
    bool vrm_springs = true;  // the VRM spring bones (`--springs off`)
    SpringChainState spring_chain;
};

}  // namespace sv::anim
