#include "anim/skin_frame/dual_quat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

using namespace sv::anim;

namespace {
glm::dmat4 rigid(double angle, glm::dvec3 axis, glm::dvec3 t) {
    return glm::rotate(glm::translate(glm::dmat4(1.0), t), angle, glm::normalize(axis));
}
}  // namespace

TEST(DualQuat, RigidMatrixRoundTripsAPoint) {
    const glm::dmat4 m = rigid(2.1, {0.3, -1, 0.2}, {4, -2, 9});
    const glm::dvec3 p(0.7, 1.5, -0.3);
    const glm::dvec3 expected(m * glm::dvec4(p, 1.0));
    // Double: ~10 ulps of values of order 10.
    EXPECT_LT(glm::length(dual_quat_transform_point(dual_quat_from_m4(m), p) - expected), 1e-13);
    // Float: 10-unit magnitudes at 6e-8 relative, through ~30 operations.
    const glm::vec3 pf = dual_quat_transform_point(dual_quat_from_m4(glm::mat4(m)), glm::vec3(p));
    EXPECT_LT(glm::length(glm::dvec3(pf) - expected), 1e-5);
}

TEST(DualQuat, TranslationCarriedByABarelyThereRotation) {
    const glm::dmat4 m = rigid(1e-6, {0, 0, 1}, {10, 0, 0});
    const glm::vec3 t = dual_quat_translation(dual_quat_from_m4(glm::mat4(m)));
    EXPECT_LT(glm::length(glm::dvec3(t) - glm::dvec3(10, 0, 0)), 1e-5);  // float rounding of 10
}

TEST(DualQuat, NormalsRotateAndIgnoreTranslation) {
    const glm::dmat4 m = rigid(0.5 * 3.14159265358979, {0, 0, 1}, {100, 100, 100});
    const glm::dvec3 n = dual_quat_transform_normal(dual_quat_from_m4(m), glm::dvec3(1, 0, 0));
    EXPECT_LT(glm::length(n - glm::dvec3(0, 1, 0)), 1e-14);
}

TEST(DualQuat, BlendOfTwoQuarterTurnsIsAnEighth) {
    const DualQuat<double> dqs[2] = {
        dual_quat_from_m4(glm::dmat4(1.0)),
        dual_quat_from_m4(rigid(3.14159265358979323846 / 2, {0, 0, 1}, {0, 0, 0}))};
    const double w[2] = {0.5, 0.5};
    const glm::dvec3 p = dual_quat_transform_point(dual_quat_blend(dqs, w, 2), glm::dvec3(1, 0, 0));
    EXPECT_LT(glm::length(p - glm::dvec3(std::sqrt(0.5), std::sqrt(0.5), 0)), 1e-14);
}

TEST(DualQuat, AntipodalInputsBlendAsOneRotation) {
    DualQuat<double> a = dual_quat_from_m4(rigid(0.8, {1, 1, 0}, {1, 2, 3}));
    DualQuat<double> b{-a.real, -a.dual};  // the same motion, the other hemisphere
    const DualQuat<double> dqs[2] = {a, b};
    const double w[2] = {0.5, 0.5};
    const DualQuat<double> blended = dual_quat_blend(dqs, w, 2);
    const glm::dvec3 p(0.2, -0.4, 0.9);
    // Without the fix the sum is exactly zero and the point goes nowhere sensible.
    EXPECT_LT(glm::length(dual_quat_transform_point(blended, p) - dual_quat_transform_point(a, p)), 1e-14);
}

TEST(DualQuat, NormaliseRestoresAScaledDualQuaternion) {
    const DualQuat<double> a = dual_quat_from_m4(rigid(1.3, {0, 1, 1}, {-5, 0, 2}));
    const DualQuat<double> scaled{a.real * 3.0, a.dual * 3.0};
    const glm::dvec3 p(1, 2, 3);
    EXPECT_LT(glm::length(dual_quat_transform_point(dual_quat_normalize(scaled), p) -
                          dual_quat_transform_point(a, p)),
              1e-13);
}

TEST(DualQuat, DegenerateBlendIsTheIdentityNotNaN) {
    const DualQuat<double> a = dual_quat_from_m4(glm::dmat4(1.0));
    const DualQuat<double> dqs[2] = {a, a};
    const double w[2] = {0.0, 0.0};
    const DualQuat<double> r = dual_quat_blend(dqs, w, 2);
    EXPECT_EQ(r.real.w, 1.0);
    EXPECT_EQ(dual_quat_transform_point(r, glm::dvec3(1, 2, 3)), glm::dvec3(1, 2, 3));
}
