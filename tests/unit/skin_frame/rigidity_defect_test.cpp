#include "anim/skin_frame/rigidity_defect.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

#include "anim/skin_frame/singular_values.h"

using namespace sv::anim;

namespace {
const glm::dvec3 kAxis = glm::normalize(glm::dvec3(1.0, 2.0, 3.0));  // normalised: see the A8 lesson
glm::dmat4 rot(double angle, glm::dvec3 axis = kAxis) { return glm::rotate(glm::dmat4(1.0), angle, axis); }
glm::dmat4 diag(double x, double y, double z) { return glm::scale(glm::dmat4(1.0), glm::dvec3(x, y, z)); }
// Double rounding of a few 3x3 products and a Jacobi sweep: ~10 ulps of the values involved.
constexpr double kTight = 1e-13;
}  // namespace

TEST(RigidityDefect, RigidMotionScoresZero) {
    EXPECT_EQ(rigidity_defect(glm::dmat4(1.0)), 0.0);
    const glm::dmat4 m = glm::translate(glm::dmat4(1.0), glm::dvec3(50, -3, 2)) * rot(0.7);
    EXPECT_LT(rigidity_defect(m), kTight);
}

TEST(RigidityDefect, UniformScaleScoresDistanceFromOne) {
    EXPECT_NEAR(rigidity_defect(diag(100, 100, 100) * rot(1.1)), 99.0, 100 * kTight);
    EXPECT_NEAR(rigidity_defect(diag(0.01, 0.01, 0.01)), 0.99, kTight);
}

TEST(RigidityDefect, NonUniformScoresLargestStretch) {
    EXPECT_NEAR(rigidity_defect(rot(0.3) * diag(2.0, 1.0, 0.25) * rot(-1.2, {0, 1, 0})), 1.0, kTight);
    EXPECT_NEAR(rigidity_defect(diag(1.0, 0.25, 1.0)), 0.75, kTight);
}

TEST(RigidityDefect, ShearIsSeenThoughItsColumnsLookFine) {
    // [[1 1][0 1]] has singular values phi and 1/phi (closed form: sigma^2 = (3 +- sqrt 5) / 2),
    // though a column-length check would say sqrt(2) - 1; the defect is phi - 1.
    glm::dmat4 shear(1.0);
    shear[1][0] = 1.0;
    const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
    EXPECT_NEAR(rigidity_defect(shear), phi - 1.0, kTight);
    EXPECT_NEAR(rigidity_defect(rot(0.4) * shear * rot(2.0, {0, 0, 1})), phi - 1.0, kTight);
}

TEST(RigidityDefect, SingularValuesOfARotatedDiagonal) {
    const glm::dvec3 s = singular_values(glm::dmat3(rot(0.9) * diag(3.0, 0.5, 2.0) * rot(-0.4, {1, 0, 0})));
    EXPECT_NEAR(s.x, 3.0, kTight);
    EXPECT_NEAR(s.y, 2.0, kTight);
    EXPECT_NEAR(s.z, 0.5, kTight);
}

TEST(RigidityDefect, ReflectionScoresInfinity) {
    EXPECT_EQ(rigidity_defect(diag(1, 1, -1)), std::numeric_limits<double>::infinity());
    EXPECT_EQ(rigidity_defect(rot(0.7) * diag(-1, 1, 1)), std::numeric_limits<double>::infinity());
}

TEST(RigidityDefect, DegenerateAndNonFinite) {
    // A flattened map has a zero singular value: defect 1, finite, not a reflection.
    EXPECT_NEAR(rigidity_defect(rot(0.2) * diag(1, 1, 0)), 1.0, kTight);
    EXPECT_EQ(rigidity_defect(glm::dmat4(0.0)), 1.0);
    glm::dmat4 nan(1.0);
    nan[1][2] = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(rigidity_defect(nan), std::numeric_limits<double>::infinity());
}
