// The skinning pass. For each influence j:
//   M_j = mesh.global^-1 x A_j          (the joint's motion in the mesh's own frame)
// blended by the rung SKIN_MODE selects, applied to the vertex in the mesh's frame, then
// mesh.global and the instance placement take it to the world.
//
// M_j must be rigid for the dual-quaternion rungs. With the mesh node as many exporters write it
// (under a 0.01-scaled ancestor the joints share) it is 100 x a rotation, and this shader draws
// soup: that is the picture the correction switch exists to show, so the pass keeps the
// composition exactly as an engine does rather than skinning with A_j directly.
//
// The dual-quaternion rungs read M_j's dual quaternion converted once per joint per frame on the
// CPU (render/joint_dq_texture.h), not from the palette per influence.
//
// SKIN_MODE 0: rigid DQS. 1: DQS with per-joint uniform scale (factored out of M_j, blended
// linearly alongside, applied to the transformed point). 2: linear blend skinning. 3: not skinned
// (a static mesh: u_mesh_global is its node's world), so every mesh shares one shader, its
// morph targets, its material and its read-back.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in uvec4 a_joints0;
layout(location = 4) in uvec4 a_joints1;
layout(location = 5) in vec4 a_weights0;
layout(location = 6) in vec4 a_weights1;
layout(location = 7) in vec4 a_instance_model0;  // per instance: the placement's columns
layout(location = 8) in vec4 a_instance_model1;
layout(location = 9) in vec4 a_instance_model2;
layout(location = 10) in vec4 a_instance_model3;
layout(location = 11) in float a_instance_row;   // per instance: the palette row
layout(location = 12) in float a_vertex_scalar;  // per vertex: error for the heat map
layout(location = 13) in vec4 a_tangent;         // xyz, w the bitangent's sign (generated when absent)
layout(location = 14) in vec4 a_color0;          // COLOR_0, white when absent
layout(location = 15) in vec2 a_uv1;             // TEXCOORD_1

uniform mat4 u_mesh_global;
uniform mat4 u_mesh_global_inverse;
uniform mat4 u_view_proj;
uniform int u_debug_view;       // 0 lit, 1 weights of u_selected_joint, 2 error heat map
uniform int u_selected_joint;
uniform float u_heat_scale;     // error that maps to full red

out vec3 v_world_normal;
out vec2 v_uv;
out vec4 v_color;
// Captured by transform feedback for the GPU read-back: the skinned position in the world.
out vec3 v_world_position;
out vec4 v_world_tangent;
out vec4 v_vertex_color;
out vec2 v_uv1;

// Tangents ride the same motion as the normal, so the pair stays perpendicular: under a dual
// quaternion the rotation; under a blended matrix M the matrix itself, since the normal takes
// M^-T and (M^-T n) . (M t) = n . t = 0.
vec3 skin_tangent_dq(DualQuat dq, vec3 t) { return dq_transform_normal(dq, t); }
vec3 skin_tangent_matrix(mat4 m, vec3 t) { return mat3(m) * t; }

// Blue (no error) through green to red (u_heat_scale or more).
vec3 heat(float t) {
    t = clamp(t, 0.0, 1.0);
    vec3 blue = vec3(0.1, 0.2, 0.9), green = vec3(0.1, 0.85, 0.2), red = vec3(0.95, 0.1, 0.05);
    return t < 0.5 ? mix(blue, green, 2.0 * t) : mix(green, red, 2.0 * t - 1.0);
}

void main() {
    int row = int(a_instance_row + 0.5);
    int joints[8] = int[8](int(a_joints0.x), int(a_joints0.y), int(a_joints0.z), int(a_joints0.w),
                           int(a_joints1.x), int(a_joints1.y), int(a_joints1.z), int(a_joints1.w));
    float weights[8] = float[8](a_weights0.x, a_weights0.y, a_weights0.z, a_weights0.w,
                                a_weights1.x, a_weights1.y, a_weights1.z, a_weights1.w);
    vec3 position = a_position;
    vec3 normal = a_normal;
    apply_morph_targets(position, normal);
    vec3 local_p;
    vec3 local_n;
    vec3 local_t;
    float selected_weight = 0.0;
    for (int k = 0; k < 8; ++k)
        if (joints[k] == u_selected_joint) selected_weight += weights[k];

#if SKIN_MODE == 3
    local_p = position;
    local_n = normal;
    local_t = a_tangent.xyz;
    selected_weight = 0.0;
#elif SKIN_MODE == 2
    mat4 blended = mat4(0.0);
    for (int k = 0; k < 8; ++k) {
        if (weights[k] == 0.0) continue;
        blended += weights[k] * (u_mesh_global_inverse * palette_matrix(row, joints[k]));
    }
    local_p = (blended * vec4(position, 1.0)).xyz;
    // The blended 3x3's inverse transpose keeps normals perpendicular under the shear a linear
    // blend produces; it costs an inverse per vertex, which is the price of this rung.
    local_n = transpose(inverse(mat3(blended))) * normal;
    local_t = skin_tangent_matrix(blended, a_tangent.xyz);
#else
    DualQuat sum = DualQuat(vec4(0.0), vec4(0.0));
    vec4 pivot = vec4(0.0);
    float scale = 0.0;
    bool first = true;
    bool collapsed = false;
    for (int k = 0; k < 8; ++k) {
        if (weights[k] == 0.0) continue;
        // M_j's dual quaternion, made once per joint on the CPU (dual_quat.glsl).
        float scale_and_flag;
        DualQuat q = joint_dual_quat(row, joints[k], scale_and_flag);
        collapsed = collapsed || scale_and_flag < 0.0;
#if SKIN_MODE == 1
        scale += weights[k] * abs(scale_and_flag);
#endif
        if (first) {
            pivot = q.real;
            first = false;
        }
        dq_accumulate(sum, q, weights[k], pivot);
    }
    DualQuat dq = dq_normalize(sum);
    local_p = dq_transform_point(dq, position);
    local_n = dq_transform_normal(dq, normal);
    local_t = skin_tangent_dq(dq, a_tangent.xyz);
#if SKIN_MODE == 1
    local_p *= scale;
#endif
    // A collapsed or mirrored influence (a joint scaled to 0 to hide it, or mirrored) has no dual
    // quaternion; the vertex is drawn as linear blending draws it, which is right for it, instead
    // of anywhere. anim's reference_skinner applies the same rule, so read-backs still compare.
    // The test is made once per joint on the CPU (its sign in the joint's texel); the second pass,
    // over the palette, runs only where an influence collapsed, and is compiled out
    // (SKIN_DQ_NO_FALLBACK) for draws whose rows have no such joint (render/skinned_pass.h: why).
#ifndef SKIN_DQ_NO_FALLBACK
    if (collapsed) {
        mat4 blended = mat4(0.0);
        for (int k = 0; k < 8; ++k)
            if (weights[k] != 0.0) blended += weights[k] * (u_mesh_global_inverse * palette_matrix(row, joints[k]));
        local_p = (blended * vec4(position, 1.0)).xyz;
        local_n = transpose(inverse(mat3(blended))) * normal;
        local_t = skin_tangent_matrix(blended, a_tangent.xyz);
    }
#endif
#endif

    mat4 model = mat4(a_instance_model0, a_instance_model1, a_instance_model2, a_instance_model3) * u_mesh_global;
    vec4 world = model * vec4(local_p, 1.0);
    v_world_position = world.xyz;
    v_world_normal = mat3(model) * local_n;
    v_uv = a_uv;
    v_uv1 = a_uv1;
    v_world_tangent = vec4(mat3(model) * local_t, a_tangent.w);
    v_vertex_color = a_color0;
    if (u_debug_view == 1) v_color = vec4(mix(vec3(0.12, 0.15, 0.35), vec3(1.0, 0.85, 0.1), selected_weight), 1.0);
    else if (u_debug_view == 2) v_color = vec4(heat(a_vertex_scalar / max(u_heat_scale, 1e-30)), 1.0);
    else v_color = vec4(1.0);
    gl_Position = u_view_proj * world;
}
