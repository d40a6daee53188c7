// Closed-form springs: validity (settings, initial conditions), degenerate impulses, then agreement
// with an independent integrator in all three regimes, continuity at critical damping, settle times
// by hand, the chain, and replay.
#include "anim/graph/spring.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "graph_test_support.h"

using namespace sv::anim;
using sv::Status;

namespace {
constexpr double kPi = 3.14159265358979323846;

// Fourth-order Runge-Kutta on x'' = -2 zeta w x' - w^2 x: the second method the closed forms are
// checked against. 1e-4 s steps put its error near 1e-13 over a few seconds.
double integrate(const SpringSettings& s, double x0, double v0, double t_end) {
    const double w = 2.0 * kPi * s.frequency_hz, z = s.damping_ratio;
    auto acc = [&](double x, double v) { return -2.0 * z * w * v - w * w * x; };
    const int n = static_cast<int>(std::lround(t_end / 1e-4));
    const double h = t_end / n;
    double x = x0, v = v0;
    for (int i = 0; i < n; ++i) {
        const double k1x = v, k1v = acc(x, v);
        const double k2x = v + 0.5 * h * k1v, k2v = acc(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
        const double k3x = v + 0.5 * h * k2v, k3v = acc(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
        const double k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v);
        x += h / 6.0 * (k1x + 2 * k2x + 2 * k3x + k4x);
        v += h / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
    return x;
}
}  // namespace

TEST(SpringSettings, ValidateAcceptsAndRefuses) {
    EXPECT_TRUE(validate(SpringSettings{}).ok());
    EXPECT_TRUE(validate(SpringSettings{3.0, 0.0}).ok());  // undamped is legal: it just never settles
    const Status zero = validate(SpringSettings{0.0, 0.5});
    ASSERT_FALSE(zero.ok());
    EXPECT_NE(zero.error().message.find("frequency"), std::string::npos);
    EXPECT_FALSE(validate(SpringSettings{2.0, -0.1}).ok());
    EXPECT_FALSE(validate(SpringSettings{std::nan(""), 0.5}).ok());
}

TEST(Spring, StartsWhereTheImpulseLeftIt) {
    for (double z : {0.0, 0.3, 1.0, 2.5}) {
        const SpringSettings s{1.5, z};
        EXPECT_EQ(sample_spring(s, 0.7, -2.0, 0.0), 0.7) << z;
        // Forward difference over 1e-7 s: error ~ h x''/2 ~ 1e-7 * 100 / 2, so 1e-4.
        const double h = 1e-7;
        EXPECT_NEAR((sample_spring(s, 0.7, -2.0, h) - 0.7) / h, -2.0, 1e-4) << z;
    }
}

TEST(SpringDegenerate, NothingBeforeTheImpulseAndNothingFromNoImpulse) {
    const SpringSettings s{2.0, 0.4};
    EXPECT_EQ(sample_spring(s, 1.0, 3.0, -0.01), 0.0);
    EXPECT_EQ(sample_spring(s, 0.0, 0.0, 0.3), 0.0);
    EXPECT_EQ(spring_settle_time(s, 0.0, 0.0, 0.01), 0.0);
    EXPECT_EQ(spring_settle_time(SpringSettings{2.0, 0.0}, 1.0, 0.0, 0.01),
              std::numeric_limits<double>::infinity());
}

TEST(Spring, AgreesWithAnIntegratorInEveryRegime) {
    for (double z : {0.0, 0.2, 0.999999, 1.0, 1.000001, 2.5}) {
        const SpringSettings s{1.3, z};
        for (double t : {0.05, 0.4, 1.7, 3.0}) {
            const double closed = sample_spring(s, 0.4, 5.0, t), rk = integrate(s, 0.4, 5.0, t);
            // RK4 at 1e-4 s: ~1e-12 over 3 s on an amplitude near 1; 1e-9 leaves room.
            EXPECT_NEAR(closed, rk, 1e-9) << "zeta " << z << " t " << t;
        }
    }
}

TEST(Spring, ContinuousThroughCriticalDamping) {
    for (double t : {0.1, 0.5, 2.0}) {
        const double below = sample_spring({2.0, 1.0 - 1e-9}, 1.0, -1.0, t);
        const double at = sample_spring({2.0, 1.0}, 1.0, -1.0, t);
        const double above = sample_spring({2.0, 1.0 + 1e-9}, 1.0, -1.0, t);
        // A 1e-9 change of the ratio moves the answer by ~1e-9 x (dx/dzeta ~ 1); the textbook
        // over-damped form would be off by ~1e-8 / sqrt(2e-9) here from cancellation.
        EXPECT_NEAR(below, at, 1e-8) << t;
        EXPECT_NEAR(above, at, 1e-8) << t;
    }
}

TEST(SpringSettle, UnderDampedEnvelopeByHand) {
    const SpringSettings s{2.0, 0.25};
    const double w = 2.0 * kPi * 2.0, z = 0.25, wd = w * std::sqrt(1.0 - z * z), f = 0.05;
    const double x0 = 0.3, v0 = 4.0, bb = (v0 + z * w * x0) / wd;
    // The textbook under-damped motion and its derivative, written out here independently.
    auto x = [&](double t) { return std::exp(-z * w * t) * (x0 * std::cos(wd * t) + bb * std::sin(wd * t)); };
    auto v = [&](double t) {
        return std::exp(-z * w * t) * (-z * w * (x0 * std::cos(wd * t) + bb * std::sin(wd * t)) +
                                       wd * (-x0 * std::sin(wd * t) + bb * std::cos(wd * t)));
    };
    auto amp = [&](double t) { return std::hypot(x(t), v(t) / w); };
    const double settle = spring_settle_time(s, x0, v0, f);
    EXPECT_NEAR(amp(settle), f * amp(0.0), 1e-12);  // bisection to ~1e-16 s
    EXPECT_NEAR(sample_spring_velocity(s, x0, v0, 0.123), v(0.123), 1e-12);
    for (double t = settle; t < settle + 3.0; t += 1e-3)
        ASSERT_LE(std::fabs(sample_spring(s, x0, v0, t)), f * amp(0.0)) << t;
    // And it was not already settled a moment earlier: the envelope's first crossing.
    EXPECT_GT(amp(settle - 1e-6), f * amp(0.0));
}

TEST(SpringSettle, CriticalAndOverDampedByHand) {
    const double f = 0.02;
    const double w = 2.0 * kPi;
    {
        // x0 = 1, v0 = -w: x = e^{-w t}, v = -w e^{-w t}, so the envelope is sqrt(2) e^{-w t}.
        EXPECT_NEAR(spring_settle_time({1.0, 1.0}, 1.0, -w, f), -std::log(f) / w, 1e-12);
    }
    {
        // x0 = 0, v0 = 1: x = t e^{-w t}, v = (1 - w t) e^{-w t}; the envelope starts at 1 / w.
        const double t = spring_settle_time({1.0, 1.0}, 0.0, 1.0, f);
        const double env = std::exp(-w * t) * std::hypot(t, (1.0 - w * t) / w);
        EXPECT_NEAR(env, f / w, 1e-12);
    }
    {
        // Over-damped, x0 = 1, v0 = a (the slow root): x = e^{a t}, v = a e^{a t}, envelope
        // proportional to e^{a t}: settles at ln(f) / a.
        const SpringSettings s{1.0, 2.0};
        const double a = -2.0 * w + w * std::sqrt(3.0);
        EXPECT_NEAR(spring_settle_time(s, 1.0, a, f), std::log(f) / a, 1e-9);  // e^{a t} near 1e-2: 1e-12 rel
        EXPECT_NEAR(sample_spring(s, 1.0, a, 0.8), std::exp(a * 0.8), 1e-12);  // the pure slow mode
    }
}

TEST(SpringChain, LinksLagAndScaleAndTheChainSettlesLast) {
    SpringChain chain;
    chain.links = {{1, {0, 0, 1}, {2.0, 0.3}, 0.0, 1.0}, {2, {0, 0, 1}, {2.5, 0.2}, 0.08, 0.7}};
    ASSERT_TRUE(chain.validate(3).ok());
    std::vector<double> angles(2);
    sample_spring_chain(chain, 0.0, 3.0, 0.05, angles);
    EXPECT_EQ(angles[1], 0.0);  // the tip has not heard of it yet
    EXPECT_EQ(angles[0], sample_spring({2.0, 0.3}, 0.0, 3.0, 0.05));
    sample_spring_chain(chain, 0.0, 3.0, 0.5, angles);
    EXPECT_EQ(angles[1], 0.7 * sample_spring({2.5, 0.2}, 0.0, 3.0, 0.42));
    std::vector<double> settle(2);
    const double all = spring_chain_settle_time(chain, 0.0, 3.0, 0.05, settle);
    // Each link's own settle time (checked against hand formulas above) plus its delay; the gain
    // scales the envelope and its start alike, so it does not move the crossing.
    EXPECT_EQ(settle[0], spring_settle_time({2.0, 0.3}, 0.0, 3.0, 0.05));
    EXPECT_EQ(settle[1], 0.08 + spring_settle_time({2.5, 0.2}, 0.0, 3.0, 0.05));
    EXPECT_GT(settle[1], settle[0]) << "the lighter-damped, later tip settles last";
    EXPECT_EQ(all, std::max(settle[0], settle[1]));
}

TEST(SpringChain, ValidateNamesTheLink) {
    SpringChain chain;
    chain.links = {{1, {0, 0, 1}, {}, 0.0, 1.0}, {5, {0, 0, 1}, {}, 0.0, 1.0}};
    Status st = chain.validate(3);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("link 1"), std::string::npos) << st.error().message;
    chain.links[1] = {2, {0, 0, 0}, {}, 0.0, 1.0};
    st = chain.validate(3);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("axis"), std::string::npos);
    chain.links[1] = {2, {0, 0, 1}, {}, -0.1, 1.0};
    EXPECT_FALSE(chain.validate(3).ok());
}

TEST(SpringChain, RotatesEachJointOnTopOfItsPoseAndReplaysExactly) {
    SpringChain chain;
    chain.links = {{0, {0, 1, 0}, {2.0, 0.3}, 0.0, 1.0}, {1, {1, 0, 0}, {3.0, 0.5}, 0.1, 0.5}};
    Pose base(2);
    const glm::dquat b0 = glm::angleAxis(0.4, glm::dvec3(0, 0, 1));
    base.rotation = {0, 0, static_cast<float>(b0.z), static_cast<float>(b0.w), 0, 0, 0, 1};
    Pose p = base, q = base;
    const long n0 = sv::test::allocation_count();
    const bool applied = apply_spring_chain(chain, 0.2, 1.0, 0.37, p).ok();
    EXPECT_EQ(sv::test::allocation_count() - n0, 0);  // the check included
    ASSERT_TRUE(applied);
    ASSERT_TRUE(apply_spring_chain(chain, 0.2, 1.0, 0.37, q).ok());
    EXPECT_TRUE(sv::test::bit_equal(p, q));
    const double a0 = sample_spring({2.0, 0.3}, 0.2, 1.0, 0.37);
    const double a1 = 0.5 * sample_spring({3.0, 0.5}, 0.2, 1.0, 0.27);
    const glm::dquat e0 = sv::test::rot(base, 0) * glm::angleAxis(a0, glm::dvec3(0, 1, 0));
    const glm::dquat e1 = glm::angleAxis(a1, glm::dvec3(1, 0, 0));
    EXPECT_NEAR(std::fabs(glm::dot(sv::test::rot(p, 0), e0)), 1.0, 1e-7);  // float storage
    EXPECT_NEAR(std::fabs(glm::dot(sv::test::rot(p, 1), e1)), 1.0, 1e-7);
}

// The step checks its own input: a link whose joint the pose does not have (a chain built for
// another skeleton), or one that would not pass validate, is refused with validate's reason and
// the pose is left exactly as it was. Before, this wrote past the pose's rotations.
TEST(SpringChain, ApplyRefusesAChainThatDoesNotFitThePoseAndLeavesItUntouched) {
    SpringChain chain;
    chain.links = {{0, {0, 1, 0}, {2.0, 0.3}, 0.0, 1.0}, {2, {1, 0, 0}, {3.0, 0.5}, 0.1, 0.5}};
    Pose p(2);
    const Pose before = p;
    const Status st = apply_spring_chain(chain, 0.2, 1.0, 0.37, p);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("spring chain link 1: joint 2 is out of range"), std::string::npos)
        << st.error().message;
    EXPECT_TRUE(sv::test::bit_equal(p, before));
    chain.links[1] = {1, {1, 0, 0}, {-3.0, 0.5}, 0.1, 0.5};  // a negative frequency
    const Status bad = apply_spring_chain(chain, 0.2, 1.0, 0.37, p);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("frequency"), std::string::npos) << bad.error().message;
    EXPECT_TRUE(sv::test::bit_equal(p, before));
}
