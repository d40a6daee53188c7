// glTF 2.0 metallic-roughness materials under a prefiltered sky and one key light, tone mapped
// (Khronos PBR Neutral) and written as sRGB. Debug views replace the shading: 1 weights and 2 the
// error heat map (per-vertex colours from the vertex shader), 3 base colour, 4 normals (after
// normal mapping), 5 roughness (G) and metal (B).
in vec3 v_world_normal;
in vec2 v_uv;
in vec4 v_color;
in vec3 v_world_position;
in vec4 v_world_tangent;
in vec4 v_vertex_color;
in vec2 v_uv1;

uniform int u_debug_view;
uniform vec4 u_base_color;
uniform float u_metallic;
uniform float u_roughness;
uniform vec3 u_emissive;  // factor x KHR_materials_emissive_strength
uniform float u_normal_scale;
uniform float u_occlusion_strength;
uniform int u_alpha_mode;  // 0 opaque, 1 mask, 2 blend
uniform float u_alpha_cutoff;
// Texture slots 0 base colour, 1 metallic-roughness, 2 normal, 3 occlusion, 4 emissive: the UV
// set (-1 when the slot is empty) and KHR_texture_transform's matrix.
uniform int u_texture_set[5];
uniform mat3 u_texture_transform[5];
uniform sampler2D u_base_texture;
uniform sampler2D u_mr_texture;
uniform sampler2D u_normal_texture;
uniform sampler2D u_occlusion_texture;
uniform sampler2D u_emissive_texture;

uniform sampler2D u_env_atlas;
uniform sampler2D u_brdf_lut;
uniform vec3 u_env_sh[9];
uniform mat3 u_env_rotation;  // world direction -> sky direction
uniform float u_env_intensity;
uniform vec3 u_key_direction;  // towards the light
uniform vec3 u_key_color;      // zero when the key light is off
uniform float u_exposure;
uniform vec3 u_camera_position;

out vec4 frag_color;

vec2 slot_uv(int slot) {
    vec2 uv = u_texture_set[slot] == 1 ? v_uv1 : v_uv;
    return (u_texture_transform[slot] * vec3(uv, 1.0)).xy;
}

// The atlas holds six roughness bands of a lat-long map; two bands are read and mixed, each
// clamped half a texel inside its band so bilinear filtering never reads the next one.
vec3 env_radiance(vec3 dir, float roughness) {
    vec3 d = normalize(u_env_rotation * dir);
    float u = atan(d.x, -d.z) / (2.0 * PI) + 0.5;
    float v = acos(clamp(d.y, -1.0, 1.0)) / PI;
    v = clamp(v, 0.5 / 64.0, 1.0 - 0.5 / 64.0);
    float level = clamp(roughness, 0.0, 1.0) * 5.0;
    float lo = floor(level);
    float hi = min(lo + 1.0, 5.0);
    vec3 a = texture(u_env_atlas, vec2(u, (lo + v) / 6.0)).rgb;
    vec3 b = texture(u_env_atlas, vec2(u, (hi + v) / 6.0)).rgb;
    return mix(a, b, level - lo);
}

vec3 env_diffuse(vec3 n) {
    vec3 d = normalize(u_env_rotation * n);
    float basis[9] = float[9](0.282095, 0.488603 * d.y, 0.488603 * d.z, 0.488603 * d.x, 1.092548 * d.x * d.y,
                              1.092548 * d.y * d.z, 0.315392 * (3.0 * d.z * d.z - 1.0), 1.092548 * d.x * d.z,
                              0.546274 * (d.x * d.x - d.y * d.y));
    vec3 sum = vec3(0.0);
    for (int i = 0; i < 9; ++i) sum += u_env_sh[i] * basis[i];
    return max(sum, vec3(0.0));
}

void main() {
    if (u_debug_view == 1 || u_debug_view == 2) {
        // Lit by a headlight, so the shape stays readable under a flat colour: the ramp's hue
        // carries the value and the shading only its brightness (a third at grazing angles), which
        // is why the on-screen colour bar shows the ramp unshaded.
        vec3 to_eye = normalize(u_camera_position - v_world_position);
        float shade = 0.35 + 0.65 * abs(dot(normalize(v_world_normal), to_eye));
        frag_color = vec4(v_color.rgb * shade, 1.0);
        return;
    }
    vec4 base = u_base_color * v_vertex_color;
    if (u_texture_set[0] >= 0) base *= texture(u_base_texture, slot_uv(0));  // sRGB texture: decoded linear
    if (u_alpha_mode == 1 && base.a < u_alpha_cutoff) discard;
    float alpha = u_alpha_mode == 2 ? base.a : 1.0;
    float metallic = u_metallic, roughness = u_roughness;
    if (u_texture_set[1] >= 0) {
        vec4 mr = texture(u_mr_texture, slot_uv(1));
        roughness *= mr.g;
        metallic *= mr.b;
    }
    metallic = clamp(metallic, 0.0, 1.0);
    roughness = clamp(roughness, 0.0, 1.0);

    vec3 n = normalize(v_world_normal);
    // Back faces (drawn only when double sided) are lit from their own side, as glTF says.
    if (!gl_FrontFacing) n = -n;
    if (u_texture_set[2] >= 0) {
        vec3 t = v_world_tangent.xyz - n * dot(n, v_world_tangent.xyz);
        if (dot(t, t) > 1e-12) {
            t = normalize(t);
            vec3 b = cross(n, t) * (v_world_tangent.w < 0.0 ? -1.0 : 1.0);
            if (!gl_FrontFacing) b = -b;
            vec3 tn = texture(u_normal_texture, slot_uv(2)).xyz * 2.0 - 1.0;
            tn.xy *= u_normal_scale;
            n = normalize(mat3(t, b, n) * tn);
        }
    }
    if (u_debug_view == 3) {
        frag_color = vec4(srgb_encode(base.rgb), 1.0);
        return;
    }
    if (u_debug_view == 4) {
        frag_color = vec4(n * 0.5 + 0.5, 1.0);
        return;
    }
    if (u_debug_view == 5) {
        frag_color = vec4(0.0, roughness, metallic, 1.0);
        return;
    }

    vec3 v = normalize(u_camera_position - v_world_position);
    float n_dot_v = max(dot(n, v), 1e-4);
    vec3 r = reflect(-v, n);
    vec2 f_ab = texture(u_brdf_lut, vec2(n_dot_v, roughness)).rg;
    vec3 color = u_env_intensity *
                 image_based_light(base.rgb, metallic, roughness, n_dot_v, f_ab, env_radiance(r, roughness), env_diffuse(n));
    if (u_texture_set[3] >= 0) {
        float ao = texture(u_occlusion_texture, slot_uv(3)).r;
        color *= 1.0 + u_occlusion_strength * (ao - 1.0);
    }
    float n_dot_l = dot(n, u_key_direction);
    // A point light on a perfect mirror is an infinitely small highlight, and D is 0/0 at
    // roughness 0 along the mirror direction; 0.03 gives it a visible size (as engines do) and
    // changes nothing above that roughness.
    if (n_dot_l > 0.0)
        color += brdf_evaluate(n, v, u_key_direction, base.rgb, metallic, max(roughness, 0.03)) * u_key_color * n_dot_l;
    color += punctual_lights(n, v, v_world_position, base.rgb, metallic, roughness);  // punctual_lights.glsl
    vec3 emissive = u_emissive;
    if (u_texture_set[4] >= 0) emissive *= texture(u_emissive_texture, slot_uv(4)).rgb;
    color += emissive;
    frag_color = vec4(srgb_encode(pbr_neutral(color * u_exposure)), alpha);
}
