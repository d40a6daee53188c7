#include "anim/graph/spring.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <limits>
#include <string>

namespace sv::anim {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

struct Modes {
    double w = 0.0;     // natural angular frequency
    double zeta = 0.0;  // damping ratio
};

Modes modes(const SpringSettings& s) { return {kTwoPi * s.frequency_hz, s.damping_ratio}; }

}  // namespace

Status validate(const SpringSettings& s) {
    if (!(s.frequency_hz > 0.0) || !std::isfinite(s.frequency_hz))
        return make_error("spring: frequency " + std::to_string(s.frequency_hz) +
                          " Hz must be positive and finite");
    if (!(s.damping_ratio >= 0.0) || !std::isfinite(s.damping_ratio))
        return make_error("spring: damping ratio " + std::to_string(s.damping_ratio) +
                          " must be zero or more and finite");
    return ok_status();
}

double sample_spring(const SpringSettings& s, double x0, double v0, double t) {
    if (!(t >= 0.0)) return 0.0;
    const Modes m = modes(s);
    const double decay = m.zeta * m.w;
    const double b = v0 + decay * x0;
    if (m.zeta < 1.0) {
        const double wd = m.w * std::sqrt(1.0 - m.zeta * m.zeta);
        return std::exp(-decay * t) * (x0 * std::cos(wd * t) + b * std::sin(wd * t) / wd);
    }
    if (m.zeta == 1.0) return std::exp(-m.w * t) * (x0 + b * t);
    // Over-damped, written as e^{at}[x0 (1 - D/2) + b D / (2 wh)] with D = 1 - e^{-2 wh t} taken by
    // expm1. The textbook two-exponential form divides by (r1 - r2), which cancels catastrophically
    // as the ratio nears 1; this form tends to the critical one smoothly (D / 2wh -> t) and never
    // multiplies an overflowing exponential by an underflowing one.
    const double wh = m.w * std::sqrt(m.zeta * m.zeta - 1.0);
    const double e = std::exp((-decay + wh) * t);
    const double d = -std::expm1(-2.0 * wh * t);
    return e * (x0 * (1.0 - 0.5 * d) + b * d / (2.0 * wh));
}

double sample_spring_velocity(const SpringSettings& s, double x0, double v0, double t) {
    const Modes m = modes(s);
    return sample_spring(s, v0, -2.0 * m.zeta * m.w * v0 - m.w * m.w * x0, t);
}

double spring_envelope(const SpringSettings& s, double x0, double v0, double t) {
    const double w = modes(s).w;
    return std::hypot(sample_spring(s, x0, v0, t), sample_spring_velocity(s, x0, v0, t) / w);
}

double spring_settle_time(const SpringSettings& s, double x0, double v0, double fraction) {
    assert(fraction > 0.0 && fraction < 1.0);
    const Modes m = modes(s);
    if (x0 == 0.0 && v0 == 0.0) return 0.0;
    if (m.zeta == 0.0) return std::numeric_limits<double>::infinity();
    const double level = fraction * spring_envelope(s, x0, v0, 0.0);
    // The slowest mode decays at zeta w (under-damped) or w (zeta - sqrt(zeta^2 - 1)) >= w / (2 zeta):
    // a first bracket of a few of its time constants, doubled until it holds the crossing.
    const double slow = m.zeta < 1.0 ? m.zeta * m.w : m.w / (2.0 * m.zeta);
    double lo = 0.0, hi = 1.0 / slow;
    for (int i = 0; i < 200 && spring_envelope(s, x0, v0, hi) >= level; ++i) {
        lo = hi;
        hi *= 2.0;
    }
    // 100 halvings take any bracket below a double's resolution; a fixed count keeps it deterministic.
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (spring_envelope(s, x0, v0, mid) >= level)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

Status SpringChain::validate(int joint_count) const {
    for (size_t i = 0; i < links.size(); ++i) {
        const SpringLink& l = links[i];
        // The link's name is formatted only on a refusal: apply_spring_chain runs this check every
        // frame, and a valid chain must cost it no allocation (the link name alone is past the
        // string's inline capacity).
        const auto refuse = [i](const std::string& why) {
            return make_error("spring chain link " + std::to_string(i) + ": " + why);
        };
        if (l.joint < 0 || l.joint >= joint_count)
            return refuse("joint " + std::to_string(l.joint) + " is out of range (skeleton has " +
                          std::to_string(joint_count) + " joints)");
        if (const Status st = sv::anim::validate(l.spring); !st) return refuse(st.error().message);
        const float len = glm::length(l.axis);
        if (!(len > 1e-6f) || !std::isfinite(len)) return refuse("swing axis has no direction");
        if (!(l.delay_s >= 0.0) || !std::isfinite(l.delay_s))
            return refuse("delay " + std::to_string(l.delay_s) + " s must be zero or more");
        if (!std::isfinite(l.gain)) return refuse("gain is not finite");
    }
    return ok_status();
}

void sample_spring_chain(const SpringChain& chain, double angle0, double velocity0, double t,
                         std::vector<double>& out) {
    assert(out.size() == chain.links.size());
    for (size_t i = 0; i < chain.links.size(); ++i) {
        const SpringLink& l = chain.links[i];
        out[i] = l.gain * sample_spring(l.spring, angle0, velocity0, t - l.delay_s);
    }
}

Status apply_spring_chain(const SpringChain& chain, double angle0, double velocity0, double t, Pose& pose) {
    if (Status st = chain.validate(pose.joint_count()); !st) return st;
    for (const SpringLink& l : chain.links) {
        const double angle = l.gain * sample_spring(l.spring, angle0, velocity0, t - l.delay_s);
        const glm::dvec3 axis = glm::normalize(glm::dvec3(l.axis));
        const glm::dquat delta = glm::angleAxis(angle, axis);
        float* r = &pose.rotation[static_cast<size_t>(l.joint) * 4];
        const glm::dquat base(r[3], r[0], r[1], r[2]);
        const glm::dquat q = glm::normalize(base * delta);
        r[0] = static_cast<float>(q.x);
        r[1] = static_cast<float>(q.y);
        r[2] = static_cast<float>(q.z);
        r[3] = static_cast<float>(q.w);
    }
    return ok_status();
}

double spring_chain_settle_time(const SpringChain& chain, double angle0, double velocity0, double fraction,
                                std::vector<double>& per_link) {
    assert(per_link.size() == chain.links.size());
    double latest = 0.0;
    for (size_t i = 0; i < chain.links.size(); ++i) {
        const SpringLink& l = chain.links[i];
        // Gain scales the envelope and its peak alike, so it does not move the settle time; a zero
        // gain link never moves at all.
        per_link[i] =
            l.gain == 0.0 ? 0.0 : l.delay_s + spring_settle_time(l.spring, angle0, velocity0, fraction);
        latest = std::max(latest, per_link[i]);
    }
    return latest;
}

}  // namespace sv::anim
