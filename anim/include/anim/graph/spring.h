// Secondary motion as closed-form damped springs: a tail or an ear that swings after an impulse
// and settles.
//
// Closed form rather than an integrator because a pure function of the time since the impulse
// replays bit-identically from any frame, scrubs backwards, and has no step size to tune or to blow
// up; an integrator's answer depends on how many steps it took. What it costs is that the drive is
// one impulse (a displacement and a velocity at t = 0) rather than an arbitrary force history: a
// character that keeps shaking its tail needs a new impulse each time (the caller superposes them,
// which is exact because the system is linear).
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "anim/core/expected.h"
#include "anim/pose/pose.h"

namespace sv::anim {

struct SpringSettings {
    double frequency_hz = 2.0;   // undamped natural frequency
    double damping_ratio = 0.5;  // < 1 under-damped (swings), 1 critical, > 1 over-damped (creeps)
};

// Refuses a non-positive or non-finite frequency and a negative or non-finite damping ratio.
Status validate(const SpringSettings& s);

// Displacement at `t` seconds after an impulse that left the spring at `x0` moving at `v0`.
// Zero before the impulse (t < 0): nothing has happened yet. Exact for all three damping regimes,
// and continuous across them (no cancellation as the ratio approaches 1 from either side).
double sample_spring(const SpringSettings& s, double x0, double v0, double t);

// Velocity at `t` after the impulse. The velocity of a linear spring obeys the same equation, so
// it is the same closed form started from (v0, -2 zeta w v0 - w^2 x0).
double sample_spring_velocity(const SpringSettings& s, double x0, double v0, double t);

// The spring's envelope: the amplitude its energy allows, sqrt(x^2 + (v / w)^2). It bounds
// |displacement|, starts at its peak, and never rises (damping only removes energy) in all three
// regimes, which is what makes "stays under" a single crossing. A bare exponential A e^{-zeta w t}
// is the under-damped textbook envelope but has no counterpart for the other two regimes, and a
// bound that rises while the motion falls would time the settle against a peak never reached.
double spring_envelope(const SpringSettings& s, double x0, double v0, double t);

// Seconds after the impulse from which the envelope stays under `fraction` (0 < fraction < 1) of
// its value at the impulse. Found by a fixed-count bisection of a non-increasing function, so the
// answer is deterministic. Infinity for an undamped spring; 0 for a zero impulse.
double spring_settle_time(const SpringSettings& s, double x0, double v0, double fraction);

// One link of a chain (a tail segment, an ear): the joint it rotates, the local axis it swings
// about, its own spring, how long after the impulse it starts to move, and how much of the
// impulse reaches it. The delay is what makes a tail whip: the tip answers later than the base.
struct SpringLink {
    int joint = -1;
    glm::vec3 axis{0.0f, 0.0f, 1.0f};  // in the joint's local frame; normalised by validate's caller
    SpringSettings spring;
    double delay_s = 0.0;
    double gain = 1.0;
};

struct SpringChain {
    std::vector<SpringLink> links;
    // Names the link and the reason: bad spring, joint out of range, zero axis, negative delay.
    Status validate(int joint_count) const;
};

// The angle (radians) of each link at `t` seconds after an impulse of `angle0` radians and
// `velocity0` radians a second: gain * sample_spring(spring, angle0, velocity0, t - delay).
// `out` must already hold one entry per link (no allocation).
void sample_spring_chain(const SpringChain& chain, double angle0, double velocity0, double t,
                         std::vector<double>& out);

// Rotates each link's joint in `pose` by its angle about its axis, on top of what the pose held
// (local rotation = rotation * angle_axis). Validates first (SpringChain::validate against the
// pose's joint count) and refuses with that reason, the pose untouched; a valid chain costs the
// check comparisons only, no allocation.
Status apply_spring_chain(const SpringChain& chain, double angle0, double velocity0, double t, Pose& pose);

// The settle time of every link (its delay plus its own settle time) and of the chain (the latest
// link). `per_link` must hold one entry per link.
double spring_chain_settle_time(const SpringChain& chain, double angle0, double velocity0, double fraction,
                                std::vector<double>& per_link);

}  // namespace sv::anim
