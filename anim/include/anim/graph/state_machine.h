// An animation state machine: states that play a clip or a blend tree, and transitions between
// them that cross-fade over a duration when conditions on named parameters hold.
//
// Deterministic by construction: the caller supplies the time of every update, transitions are
// tried in the order they were added and the first whose conditions all hold fires, at the time of
// the update that saw them hold (no interpolation of when it "really" happened), and at most one
// fires an update. So the same sequence of (parameters, time) calls replays bit-identically. A
// fade in progress finishes before another transition is considered: interrupting a fade would
// need a stack of fading poses, which is a cost (memory per depth) this does not take on.
//
// Conditions are levels, not edges: a transition whose conditions stay true fires again as soon as
// it is eligible, so a self-transition ("restart the attack") wants a parameter the caller clears
// once it has fired.
//
// Each state is evaluated from the rest pose up every time, into one of two pre-sized slots (the
// outgoing and the incoming state), so re-entering a state starts it afresh (its time at zero, no
// joint left over from what played before) and allocates nothing.
#pragma once

#include <string>
#include <vector>

#include "anim/core/expected.h"
#include "anim/graph/blend_tree.h"
#include "anim/graph/graph_parameters.h"
#include "anim/pose/clip_sampling.h"
#include "anim/pose/pose.h"
#include "anim/scene/asset.h"

namespace sv::anim {

enum class Compare { Greater, GreaterEqual, Less, LessEqual, Equal, NotEqual };

struct Condition {
    int parameter = -1;
    Compare op = Compare::Greater;
    float value = 0.0f;
    bool holds(const GraphParameters& params) const;
};

inline constexpr int kAnyState = -1;

struct Transition {
    int from = kAnyState;  // a state index, or kAnyState (never re-enters the state it is already in)
    int to = -1;
    double duration = 0.0;              // cross-fade seconds; 0 cuts
    std::vector<Condition> conditions;  // all must hold; none means "as soon as eligible"
    // Only once the source state has played this long (seconds; 0 for at once): "leave the jump
    // when it has landed".
    double min_time_in_state = 0.0;
};

class StateMachine {
public:
    explicit StateMachine(const Pose& rest);

    // The clip (and tree) must outlive the machine.
    Expected<int> add_clip_state(std::string name, const Clip* clip, ClipBinding binding, bool loop = true);
    Expected<int> add_tree_state(std::string name, BlendTree* tree);
    Expected<int> add_transition(Transition t);
    int find_state(const std::string& name) const;
    const std::string& state_name(int state) const { return states_[static_cast<size_t>(state)].name; }

    // Every parameter the conditions and trees name lies within `params`.
    Status validate(const GraphParameters& params) const;

    // Enters `state` at time `now`, with no fade. Must be called once before update.
    Status start(int state, double now);

    // Takes at most one transition and writes the pose at `now` into `out`. `now` should not run
    // backwards between updates (a state's time would go negative and clamp to its start).
    void update(const GraphParameters& params, double now, Pose& out);

    int current_state() const { return current_; }
    int fading_from() const { return previous_; }  // -1 when no fade is in progress
    double time_in_state(double now) const { return now - entered_; }

private:
    struct State {
        std::string name;
        const Clip* clip = nullptr;
        ClipBinding binding;
        bool loop = true;
        BlendTree* tree = nullptr;
    };
    void evaluate_state(int state, const GraphParameters& params, double local_time, Pose& out);
    void enter(int state, double now, double fade);

    Pose rest_;
    std::vector<State> states_;
    std::vector<Transition> transitions_;
    Pose outgoing_, incoming_;  // the two slots, sized once
    int current_ = -1;
    int previous_ = -1;
    double entered_ = 0.0;
    double previous_entered_ = 0.0;
    double fade_start_ = 0.0;
    double fade_duration_ = 0.0;
};

}  // namespace sv::anim
