#include "anim/skin_frame/quat_from_m3.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <set>

using namespace sv::anim;

namespace {
const double kPi = 3.14159265358979323846;
const glm::dvec3 kAxes[4] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, glm::normalize(glm::dvec3(1, -2, 0.5))};
const glm::dvec3 kProbes[3] = {{0.3, 0.5, -0.8}, {-1.1, 0.2, 0.4}, {0.6, -0.7, 0.9}};

// The matrix of a rotation built by glm from axis and angle (independent of quat_from_m3).
glm::dmat3 rotation(double angle, glm::dvec3 axis) {
    return glm::dmat3(glm::rotate(glm::dmat4(1.0), angle, axis));
}

template <class T>
double worst_probe_error(const glm::qua<T>& q, const glm::dmat3& m) {
    double worst = 0.0;
    for (const glm::dvec3& p : kProbes) {
        const glm::dvec3 by_q(q * glm::vec<3, T>(p));
        worst = std::max(worst, glm::length(by_q - m * p));
    }
    return worst;
}

// Symmetric, so I + eps E carries no rotation: the right answer is exactly the identity quaternion
// and the error is what the conversion adds. 1 + m00 - m11 - m22 = 1 + 0.1 eps here, so the
// four-square-root form would answer x = sqrt(0.1 eps) / 2.
const glm::dmat3 kStretch(0.3, 0.5, -0.2, 0.5, -0.4, 0.1, -0.2, 0.1, 0.6);

template <class T>
double identity_error(double eps) {
    const glm::mat<3, 3, T> m(glm::dmat3(1.0) + eps * kStretch);
    const glm::qua<T> q = quat_from_m3(m);
    return std::max({std::fabs(double(q.w) - 1.0), std::fabs(double(q.x)), std::fabs(double(q.y)),
                     std::fabs(double(q.z))});
}
}  // namespace

TEST(QuatFromM3, SweepAgreesWithTheMatrixOnOffAxisProbes) {
    for (const glm::dvec3& axis : kAxes)
        for (double a = -kPi; a <= kPi; a += kPi / 36.0) {
            const glm::dmat3 m = rotation(a, axis);
            // Double: a few ulps of unit-sized values through ~20 operations.
            EXPECT_LT(worst_probe_error(quat_from_m3(m), m), 1e-14) << "axis " << axis.x << " angle " << a;
            // Float: the matrix is rounded to float (6e-8 an entry) before conversion; ~16 ulps.
            EXPECT_LT(worst_probe_error(quat_from_m3(glm::mat3(m)), m), 2e-6)
                << "axis " << axis.x << " angle " << a;
        }
}

TEST(QuatFromM3, EveryBranchIsReachedAndExactWhereItTakesOver) {
    std::set<int> seen;
    for (const glm::dvec3& axis : kAxes)
        for (double a = -kPi; a <= kPi; a += kPi / 36.0) seen.insert(quat_from_m3_branch(rotation(a, axis)));
    EXPECT_EQ(seen, (std::set<int>{0, 1, 2, 3}));
    // About x, w and x radicands tie at a half turn's half: 1 + tr = 1 + m00 - m11 - m22 when
    // cos(a) = 0. Either side of the switch the answer is the same rotation.
    for (double a : {kPi / 2 - 1e-9, kPi / 2 + 1e-9}) {
        const glm::dmat3 m = rotation(a, {1, 0, 0});
        EXPECT_LT(worst_probe_error(quat_from_m3(m), m), 1e-14);
    }
    EXPECT_EQ(quat_from_m3_branch(rotation(kPi / 2 - 1e-3, {1, 0, 0})), 0);
    EXPECT_EQ(quat_from_m3_branch(rotation(kPi / 2 + 1e-3, {1, 0, 0})), 1);
    EXPECT_EQ(quat_from_m3_branch(rotation(kPi * 0.9, {0, 1, 0})), 2);
    EXPECT_EQ(quat_from_m3_branch(rotation(kPi * 0.9, {0, 0, 1})), 3);
}

TEST(QuatFromM3, NearIdentityErrorPassesThroughInProportionInFloat) {
    // The branch form's only error here is in w: sqrt(4 + 0.5 eps) / 2 - 1 = eps / 16. Bound it by
    // eps / 10 plus float rounding of a value near 4 (2 ulps of 4 = 4.8e-7, halved by the /2 and
    // the 0.25). Over three decades the error must fall by the decades, not by their square roots.
    double prev = 0.0;
    for (double eps : {1e-2, 1e-3, 1e-4, 1e-5}) {
        const double e = identity_error<float>(eps);
        EXPECT_LT(e, eps / 10.0 + 3e-7) << "eps " << eps;
        if (prev > 0.0 && eps >= 1e-4) {
            EXPECT_GT(prev / e, 7.0) << "eps " << eps;  // ~10 per decade
        }
        prev = e;
    }
}

TEST(QuatFromM3, NearIdentityErrorPassesThroughInProportionInDouble) {
    for (double eps : {1e-5, 1e-6, 1e-7, 1e-8}) {
        const double e = identity_error<double>(eps);
        EXPECT_NEAR(e, eps / 16.0, eps * 1e-3 + 1e-15) << "eps " << eps;  // closed form, to first order
    }
}

TEST(QuatFromM3, AHairEitherSideOfAHalfTurn) {
    const glm::dvec3 axis = glm::normalize(glm::dvec3(1, 2, 3));
    for (double a : {kPi - 1e-4, kPi + 1e-4, kPi - 1e-6, kPi + 1e-6}) {
        const glm::dmat3 m = rotation(a, axis);
        const glm::qua<float> q = quat_from_m3(glm::mat3(m));
        EXPECT_NE(quat_from_m3_branch(glm::mat3(m)), 0);
        EXPECT_LT(worst_probe_error(q, m), 2e-6) << "angle " << a;
        EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
        // The axis, up to the sign a half turn leaves free: |dot| with the true axis is 1.
        const glm::dvec3 v(q.x, q.y, q.z);
        EXPECT_NEAR(std::fabs(glm::dot(glm::normalize(v), axis)), 1.0, 1e-6);
    }
}

TEST(QuatFromM3, ATinyRotationSurvivesInFloat) {
    // Rx(1e-5): x = sin(5e-6). The diagonal rounds to 1 in float, which is what destroyed it in the
    // four-square-root form; here x comes from the off-diagonal, (2e-5) / 4.
    const glm::qua<float> q = quat_from_m3(glm::mat3(rotation(1e-5, {1, 0, 0})));
    EXPECT_NE(q.x, 0.0f);
    EXPECT_NEAR(q.x, 5e-6f, 5e-9f);  // 0.1%: the sine's own float rounding is 1e-7 relative
    EXPECT_EQ(q.y, 0.0f);
    EXPECT_EQ(q.z, 0.0f);
}

TEST(QuatFromM3, DegenerateMatrixGivesAFiniteAnswer) {
    const glm::qua<double> q = quat_from_m3(glm::dmat3(0.0));
    EXPECT_TRUE(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z));
    EXPECT_NEAR(glm::length(q), 0.5, 1e-15);  // the branch-0 answer, which the DQ normalise fixes
}
