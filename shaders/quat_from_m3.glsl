// A rotation matrix to a unit quaternion (x, y, z, w), in Shoemake's branch-picking form: the
// component the diagonal says is largest is taken by one square root, the other three by
// division. The same algorithm as anim's quat_from_m3 (anim/include/anim/quat_from_m3.h).
//
// Why this form and not four square roots of 1 +- m00 +- m11 +- m22: near the identity three of
// those radicands are near zero, and a square root turns a rounding error e into sqrt(e), on the
// rotation axis, where it does not average out (a millimetre and a half at a hand at bind). Here
// every branch divides by at least 2 (the chosen component is at least 1/2) and errors pass
// through in proportion.
//
// Contract: `m` is a rotation. A scaled matrix gives a quaternion of the wrong length and a
// reflection has no quaternion at all; the frame correction and anim's rigidity_defect exist so
// that neither arrives here.
vec4 quat_from_m3(mat3 m) {
    // GLSL is column-major: m[c][r] is row r, column c. The four radicands are 4w^2, 4x^2, 4y^2,
    // 4z^2; the largest is taken, ties to the earlier, exactly as anim's quat_from_m3_branch.
    float rw = 1.0 + m[0][0] + m[1][1] + m[2][2];
    float rx = 1.0 + m[0][0] - m[1][1] - m[2][2];
    float ry = 1.0 - m[0][0] + m[1][1] - m[2][2];
    float rz = 1.0 - m[0][0] - m[1][1] + m[2][2];
    float r21 = m[1][2], r12 = m[2][1], r02 = m[2][0], r20 = m[0][2], r10 = m[0][1], r01 = m[1][0];
    if (rw >= rx && rw >= ry && rw >= rz) {
        float s = 2.0 * sqrt(rw);  // 4w
        return vec4((r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s, 0.25 * s);
    } else if (rx >= ry && rx >= rz) {
        float s = 2.0 * sqrt(rx);  // 4x
        return vec4(0.25 * s, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s);
    } else if (ry >= rz) {
        float s = 2.0 * sqrt(ry);  // 4y
        return vec4((r01 + r10) / s, 0.25 * s, (r12 + r21) / s, (r02 - r20) / s);
    }
    float s = 2.0 * sqrt(rz);  // 4z
    return vec4((r02 + r20) / s, (r12 + r21) / s, 0.25 * s, (r10 - r01) / s);
}
