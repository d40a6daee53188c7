// Dual quaternions: a rigid motion as (real, dual), each (x, y, z, w).
struct DualQuat {
    vec4 real;
    vec4 dual;
};

vec4 quat_mul(vec4 a, vec4 b) {
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

// Per-joint dual quaternions beside the palette, converted on the CPU once per joint per frame
// (render/joint_dq_texture.h says the layout and why): texel 0 the rotation, texel 1 the
// translation with, in w, the rung's uniform scale, negated when no dual quaternion can carry the
// joint (collapsed or mirrored, anim's dual_quat_cannot_carry).
uniform highp sampler2D u_joint_dq;

// Joint j of the block at `row`, as the palette places it: row + j / 512, two texels a joint.
ivec2 joint_dq_texel(int row, int joint) { return ivec2((joint % 512) * 2, row + joint / 512); }

DualQuat joint_dual_quat(int row, int joint, out float scale_and_flag) {
    ivec2 at = joint_dq_texel(row, joint);
    vec4 r = texelFetch(u_joint_dq, at, 0);
    vec4 ts = texelFetch(u_joint_dq, at + ivec2(1, 0), 0);
    scale_and_flag = ts.w;
    return DualQuat(r, 0.5 * quat_mul(vec4(ts.xyz, 0.0), r));
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
