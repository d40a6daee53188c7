// The skinning pass. For each influence j (the eight attributes, then any past them from
// a texture, extra_influence_pair below):
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

// Influences past the eighth (JOINTS_2/WEIGHTS_2 and on). The first eight are vertex attributes
// (locations 3-6): every location up to 15 is taken, so the rest cannot be attributes, and a
// texture addressed by gl_VertexID works on GL 3.3 and GLES 3.0 alike (GLES 3.0 has no buffer
// textures). Layout (render/gpu_mesh.h): RGBA32F, kInfluenceTextureWidth texels a row, two
// influences a texel as (joint, weight, joint, weight); vertex v's pairs at texels
// v * u_extra_influence_texels + i. A joint index as a float is exact below 2^24.
//
// u_extra_influence_texels is 0 for a primitive of at most eight influences (every file but the
// rare one), and the loops over it then cost one uniform comparison a vertex.
uniform highp sampler2D u_extra_influences;
uniform int u_extra_influence_texels;

const int kInfluenceTextureWidth = 1024;  // GpuMesh::kInfluenceTextureWidth

// The pair i (0 <= i < u_extra_influence_texels) of this vertex: xy the first (joint, weight), zw
// the second. gl_VertexID is the vertex's index in the primitive's arrays for indexed and plain
// draws alike (as morph.glsl relies on too).
vec4 extra_influence_pair(int i) {
    int texel = gl_VertexID * u_extra_influence_texels + i;
    return texelFetch(u_extra_influences, ivec2(texel % kInfluenceTextureWidth, texel / kInfluenceTextureWidth), 0);
}

uniform mat4 u_mesh_global;
uniform mat4 u_mesh_global_inverse;
uniform mat4 u_view_proj;
uniform int u_debug_view;       // 0 lit, 1 weights of u_selected_joint, 2 error heat map, 6 all joints
uniform int u_selected_joint;
// The colour read-back (render/src/skinned_pass_colors.cpp) compiles the view and joint in: the
// read-backs' shared capture sets these uniforms to the lit view, which is right for positions.
#ifdef FEEDBACK_DEBUG_VIEW
#define DEBUG_VIEW FEEDBACK_DEBUG_VIEW
#define SELECTED_JOINT FEEDBACK_SELECTED_JOINT
#else
#define DEBUG_VIEW u_debug_view
#define SELECTED_JOINT u_selected_joint
#endif
uniform float u_heat_scale;     // error that maps to full red

#ifdef MTOON
uniform int u_mtoon_outline_mode;  // 0 the surface; 1 world, 2 screen widths: the outline pass
uniform float u_mtoon_outline_width;
uniform float u_mtoon_aspect;  // the viewport's height over its width
uniform sampler2D u_mtoon_outline_width_texture;  // G
uniform int u_mtoon_outline_width_set;            // -1: none
uniform mat3 u_mtoon_outline_width_transform;
#endif

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

// One influence into each rung's sum, so the eight attribute influences and the extras from
// the texture go through the same code. A zero weight adds nothing (and reads no texel).
void lbs_add(inout mat4 blended, int row, int joint, float w) {
    if (w != 0.0) blended += w * (u_mesh_global_inverse * palette_matrix(row, joint));
}

struct DqsSum {
    DualQuat sum;
    vec4 pivot;
    float scale;
    bool first;
    bool collapsed;
};

void dqs_add(inout DqsSum s, int row, int joint, float w) {
    if (w == 0.0) return;
    // M_j's dual quaternion, made once per joint on the CPU (dual_quat.glsl).
    float scale_and_flag;
    DualQuat q = joint_dual_quat(row, joint, scale_and_flag);
    s.collapsed = s.collapsed || scale_and_flag < 0.0;
#if SKIN_MODE == 1
    s.scale += w * abs(scale_and_flag);
#endif
    if (s.first) {
        s.pivot = q.real;
        s.first = false;
    }
    dq_accumulate(s.sum, q, w, s.pivot);
}

// The "weights: all joints" view's colour of joint j (its index in its skin): hue the fractional
// part of j times the golden ratio's conjugate (0.618034...), saturation 0.7, value 0.95. Golden-ratio
// steps put every next index as far as can be from all before it on the hue circle, so neighbours
// in a chain (listed one after another by most exporters) never share a colour, and a joint keeps
// its colour whatever else is selected or loaded. What it costs: joints whose indices differ by a
// Fibonacci number land close in hue (21 apart: 7.7 degrees, 34: 4.8, 55: 2.9), told apart only by
// where they are; a joint's colour differs between two skins that list it at different indices. The test (tests/gl/skinning/all_weights_view_test.cpp)
// computes the same colours by its own HSV conversion.
vec3 joint_colour(int j) {
    float h = fract(float(j) * 0.61803398875);
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return 0.95 * mix(vec3(1.0), k, 0.7);
}

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
        if (joints[k] == SELECTED_JOINT) selected_weight += weights[k];
    for (int i = 0; i < u_extra_influence_texels; ++i) {
        vec4 pair = extra_influence_pair(i);
        if (int(pair.x) == SELECTED_JOINT) selected_weight += pair.y;
        if (int(pair.z) == SELECTED_JOINT) selected_weight += pair.w;
    }
    // Every influence set blended by its weight, over the weights' sum (1 after the importer's
    // renormalisation; the division keeps a file's unnormalised weights from darkening the colour).
    vec3 all_joints = vec3(0.0);
    float weight_sum = 0.0;
    if (DEBUG_VIEW == 6) {
        for (int k = 0; k < 8; ++k) {
            all_joints += weights[k] * joint_colour(joints[k]);
            weight_sum += weights[k];
        }
        for (int i = 0; i < u_extra_influence_texels; ++i) {
            vec4 pair = extra_influence_pair(i);
            all_joints += pair.y * joint_colour(int(pair.x)) + pair.w * joint_colour(int(pair.z));
            weight_sum += pair.y + pair.w;
        }
    }

#if SKIN_MODE == 3
    local_p = position;
    local_n = normal;
    local_t = a_tangent.xyz;
    selected_weight = 0.0;
    weight_sum = 0.0;  // a static mesh has no joints: drawn grey in the all-joints view
#elif SKIN_MODE == 2
    mat4 blended = mat4(0.0);
    for (int k = 0; k < 8; ++k) lbs_add(blended, row, joints[k], weights[k]);
    for (int i = 0; i < u_extra_influence_texels; ++i) {
        vec4 pair = extra_influence_pair(i);
        lbs_add(blended, row, int(pair.x), pair.y);
        lbs_add(blended, row, int(pair.z), pair.w);
    }
    local_p = (blended * vec4(position, 1.0)).xyz;
    // The blended 3x3's inverse transpose keeps normals perpendicular under the shear a linear
    // blend produces; it costs an inverse per vertex, which is the price of this rung.
    local_n = transpose(inverse(mat3(blended))) * normal;
    local_t = skin_tangent_matrix(blended, a_tangent.xyz);
#else
    DqsSum acc = DqsSum(DualQuat(vec4(0.0), vec4(0.0)), vec4(0.0), 0.0, true, false);
    for (int k = 0; k < 8; ++k) dqs_add(acc, row, joints[k], weights[k]);
    for (int i = 0; i < u_extra_influence_texels; ++i) {
        vec4 pair = extra_influence_pair(i);
        dqs_add(acc, row, int(pair.x), pair.y);
        dqs_add(acc, row, int(pair.z), pair.w);
    }
    bool collapsed = acc.collapsed;
    DualQuat dq = dq_normalize(acc.sum);
    local_p = dq_transform_point(dq, position);
    local_n = dq_transform_normal(dq, normal);
    local_t = skin_tangent_dq(dq, a_tangent.xyz);
#if SKIN_MODE == 1
    local_p *= acc.scale;
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
        for (int k = 0; k < 8; ++k) lbs_add(blended, row, joints[k], weights[k]);
        for (int i = 0; i < u_extra_influence_texels; ++i) {
            vec4 pair = extra_influence_pair(i);
            lbs_add(blended, row, int(pair.x), pair.y);
            lbs_add(blended, row, int(pair.z), pair.w);
        }
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
    if (DEBUG_VIEW == 1) v_color = vec4(mix(vec3(0.12, 0.15, 0.35), vec3(1.0, 0.85, 0.1), selected_weight), 1.0);
    else if (DEBUG_VIEW == 2) v_color = vec4(heat(a_vertex_scalar / max(u_heat_scale, 1e-30)), 1.0);
    else if (DEBUG_VIEW == 6) v_color = vec4(weight_sum > 0.0 ? all_joints / weight_sum : vec3(0.5), 1.0);
    else v_color = vec4(1.0);
    gl_Position = u_view_proj * world;
#ifdef MTOON
    // VRMC_materials_mtoon's outline, an inverted hull: the outline pass (u_mtoon_outline_mode 1 or
    // 2; render/skinned_pass.cpp culls front faces for it) pushes each skinned vertex out along its
    // skinned normal, so the hull follows the pose. World: outlineWidthFactor metres (times G of
    // outlineWidthMultiplyTexture). Screen: that share of the viewport's height, in the normal's
    // direction on screen; scaled by clip w, so it is the same number of pixels near and far, as
    // the specification says (three-vrm leaves w out, and its lines thin with distance).
    if (u_mtoon_outline_mode != 0) {
        float width = u_mtoon_outline_width;
        if (u_mtoon_outline_width_set >= 0) {
            vec2 uv = (u_mtoon_outline_width_transform * vec3(u_mtoon_outline_width_set == 1 ? a_uv1 : a_uv, 1.0)).xy;
            width *= textureLod(u_mtoon_outline_width_texture, uv, 0.0).g;
        }
        vec3 nw = dot(v_world_normal, v_world_normal) > 0.0 ? normalize(v_world_normal) : vec3(0.0);
        if (u_mtoon_outline_mode == 1) {
            world.xyz += width * nw;
            v_world_position = world.xyz;
            gl_Position = u_view_proj * world;
        } else {
            vec2 d = (u_view_proj * vec4(nw, 0.0)).xy;
            d = dot(d, d) > 0.0 ? normalize(d) : vec2(0.0);
            d.x *= u_mtoon_aspect;  // height over width: as many pixels across as down
            gl_Position.xy += 2.0 * width * d * gl_Position.w;
        }
        // Behind the surface where the two meet, by a hair (three-vrm's 1e-6 w).
        gl_Position.z += 1e-6 * gl_Position.w;
    }
#endif
}
