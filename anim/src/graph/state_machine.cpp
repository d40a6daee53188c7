#include "anim/graph/state_machine.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "anim/pose/blend_poses.h"

namespace sv::anim {

bool Condition::holds(const GraphParameters& params) const {
    const float v = params[parameter];
    switch (op) {
        case Compare::Greater:
            return v > value;
        case Compare::GreaterEqual:
            return v >= value;
        case Compare::Less:
            return v < value;
        case Compare::LessEqual:
            return v <= value;
        case Compare::Equal:
            return v == value;
        case Compare::NotEqual:
            return v != value;
    }
    return false;
}

StateMachine::StateMachine(const Pose& rest) : rest_(rest), outgoing_(rest), incoming_(rest) {}

Expected<int> StateMachine::add_clip_state(std::string name, const Clip* clip, ClipBinding binding,
                                           bool loop) {
    if (clip == nullptr) return make_error("state '" + name + "': no clip");
    if (binding.joint_of_channel.size() != clip->channels.size())
        return make_error("state '" + name + "': the binding covers " +
                          std::to_string(binding.joint_of_channel.size()) + " channels of clip '" +
                          clip->name + "''s " + std::to_string(clip->channels.size()));
    for (int j : binding.joint_of_channel)
        if (j >= rest_.joint_count())
            return make_error("state '" + name + "': clip '" + clip->name + "' drives joint " +
                              std::to_string(j) + ", past the pose's " + std::to_string(rest_.joint_count()) +
                              " joints");
    if (find_state(name) >= 0) return make_error("state '" + name + "': the name is taken");
    State s;
    s.name = std::move(name);
    s.clip = clip;
    s.binding = std::move(binding);
    s.loop = loop;
    states_.push_back(std::move(s));
    return static_cast<int>(states_.size()) - 1;
}

Expected<int> StateMachine::add_tree_state(std::string name, BlendTree* tree) {
    if (tree == nullptr || tree->root() < 0)
        return make_error("state '" + name + "': no blend tree (or an empty one)");
    if (find_state(name) >= 0) return make_error("state '" + name + "': the name is taken");
    State s;
    s.name = std::move(name);
    s.tree = tree;
    states_.push_back(std::move(s));
    return static_cast<int>(states_.size()) - 1;
}

Expected<int> StateMachine::add_transition(Transition t) {
    const int n = static_cast<int>(states_.size());
    const std::string label = "transition " + std::to_string(transitions_.size());
    if (t.from != kAnyState && (t.from < 0 || t.from >= n))
        return make_error(label + ": source state " + std::to_string(t.from) + " does not exist");
    if (t.to < 0 || t.to >= n)
        return make_error(label + ": target state " + std::to_string(t.to) + " does not exist");
    if (!(t.duration >= 0.0) || !std::isfinite(t.duration))
        return make_error(label + ": cross-fade duration must be zero or more");
    if (!(t.min_time_in_state >= 0.0) || !std::isfinite(t.min_time_in_state))
        return make_error(label + ": minimum time in state must be zero or more");
    for (const Condition& c : t.conditions)
        if (c.parameter < 0) return make_error(label + ": a condition names no parameter");
    transitions_.push_back(std::move(t));
    return static_cast<int>(transitions_.size()) - 1;
}

int StateMachine::find_state(const std::string& name) const {
    for (size_t i = 0; i < states_.size(); ++i)
        if (states_[i].name == name) return static_cast<int>(i);
    return -1;
}

Status StateMachine::validate(const GraphParameters& params) const {
    if (states_.empty()) return make_error("state machine: no states");
    for (size_t i = 0; i < transitions_.size(); ++i)
        for (const Condition& c : transitions_[i].conditions)
            if (c.parameter >= params.count())
                return make_error("transition " + std::to_string(i) + ": parameter " +
                                  std::to_string(c.parameter) + " is not among the " +
                                  std::to_string(params.count()) + " given");
    for (const State& s : states_)
        if (s.tree != nullptr) {
            const Status st = s.tree->validate(params);
            if (!st) return make_error("state '" + s.name + "': " + st.error().message);
        }
    return ok_status();
}

void StateMachine::enter(int state, double now, double fade) {
    previous_ = fade > 0.0 ? current_ : -1;
    previous_entered_ = entered_;
    current_ = state;
    entered_ = now;
    fade_start_ = now;
    fade_duration_ = fade;
}

Status StateMachine::start(int state, double now) {
    if (state < 0 || state >= static_cast<int>(states_.size()))
        return make_error("state machine: cannot start in state " + std::to_string(state) +
                          ", which does not exist");
    if (!std::isfinite(now)) return make_error("state machine: start time is not finite");
    current_ = -1;
    enter(state, now, 0.0);
    return ok_status();
}

void StateMachine::evaluate_state(int state, const GraphParameters& params, double local_time, Pose& out) {
    const State& s = states_[static_cast<size_t>(state)];
    const double t = std::max(local_time, 0.0);
    if (s.tree != nullptr) {
        s.tree->evaluate(params, t, out);
        return;
    }
    // From rest every time: a state re-entered starts clean, with no joint left as the state before
    // it posed it (sample_clip writes only the channels the clip has).
    copy_pose(rest_, out);
    sample_clip(*s.clip, s.binding, static_cast<float>(t), s.loop, out);
}

void StateMachine::update(const GraphParameters& params, double now, Pose& out) {
    assert(current_ >= 0 && "start() first");
    assert(out.joint_count() == rest_.joint_count());
    if (previous_ >= 0 && now - fade_start_ >= fade_duration_) previous_ = -1;
    if (previous_ < 0) {
        for (const Transition& t : transitions_) {
            if (t.from == kAnyState ? t.to == current_ : t.from != current_) continue;
            if (now - entered_ < t.min_time_in_state) continue;
            bool all = true;
            for (const Condition& c : t.conditions) all = all && c.holds(params);
            if (!all) continue;
            enter(t.to, now, t.duration);
            break;
        }
    }
    if (previous_ < 0) {
        evaluate_state(current_, params, now - entered_, out);
        return;
    }
    evaluate_state(previous_, params, now - previous_entered_, outgoing_);
    evaluate_state(current_, params, now - entered_, incoming_);
    const double w = std::clamp((now - fade_start_) / fade_duration_, 0.0, 1.0);
    // Sizes cannot disagree (both slots are sized from rest_, and update() asserts `out` is), so the
    // one refusal left is a weight that is not finite, from a time that is not: the incoming state
    // then shows whole rather than a NaN pose.
    if (!blend_poses(outgoing_, incoming_, static_cast<float>(w), out)) copy_pose(incoming_, out);
}

}  // namespace sv::anim
