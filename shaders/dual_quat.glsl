// Dual quaternions: a rigid motion as (real, dual), each (x, y, z, w).
struct DualQuat {
    vec4 real;
    vec4 dual;
};

vec4 quat_mul(vec4 a, vec4 b) {
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

// True when no dual quaternion can carry `m`: collapsed (a scale of 0 on some axis) or mirrored.
// det(m) <= 1e-4 x (longest column)^3, scale-free; the same test and figure as anim's
// dual_quat_cannot_carry (anim/include/anim/reference_skinner.h), which says why.
bool dq_cannot_carry(mat3 m) {
    float l = max(length(m[0]), max(length(m[1]), length(m[2])));
    return !(determinant(m) > 1e-4 * l * l * l);
}

// The rigid matrix `m` as a unit dual quaternion. The normalise is not decoration: for a
// degenerate 3x3 (a joint scaled to nothing) the branch form answers a quaternion of length 1/2,
// and this keeps that from becoming a shrink. The dual part is (t, 0) * real / 2.
DualQuat dual_quat_from_m4(mat4 m) {
    vec4 r = quat_from_m3(mat3(m));
    float len = length(r);
    r = len > 0.0 ? r / len : vec4(0.0, 0.0, 0.0, 1.0);
    vec3 t = m[3].xyz;
    return DualQuat(r, 0.5 * quat_mul(vec4(t, 0.0), r));
}

// Weighted sum with the antipodality fix: q and -q are the same rotation, and summing one of each
// cancels them, so every quaternion is brought onto the first one's hemisphere before it is added.
void dq_accumulate(inout DualQuat sum, DualQuat q, float w, vec4 pivot) {
    if (dot(q.real, pivot) < 0.0) w = -w;
    sum.real += w * q.real;
    sum.dual += w * q.dual;
}

DualQuat dq_normalize(DualQuat q) {
    float len = length(q.real);
    if (len < 1e-12) return DualQuat(vec4(0.0, 0.0, 0.0, 1.0), vec4(0.0));
    return DualQuat(q.real / len, q.dual / len);
}

vec3 dq_transform_point(DualQuat q, vec3 p) {
    vec3 r = q.real.xyz;
    float w = q.real.w;
    vec3 rotated = p + 2.0 * cross(r, cross(r, p) + w * p);
    vec3 translation = 2.0 * (w * q.dual.xyz - q.dual.w * r + cross(r, q.dual.xyz));
    return rotated + translation;
}

vec3 dq_transform_normal(DualQuat q, vec3 n) {
    vec3 r = q.real.xyz;
    return n + 2.0 * cross(r, cross(r, n) + q.real.w * n);
}
