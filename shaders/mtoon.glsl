// VRMC_materials_mtoon 1.0, approximated (docs/vrm.md, "MToon"): the
// specification's lighting (shading = N.L + shadingShiftFactor + R of shadingShiftTexture x its
// scale, linearstep(-1 + toony, 1 - toony, shading), the colour mix(shade, lit, shading) times the
// light, Lambert-normalised as three-vrm's BRDF_Lambert), its global illumination (the diffuse
// light along n mixed toward the mean of straight up and straight down by giEqualizationFactor,
// times the lit colour), its parametric rim (colour x saturate(1 - N.V + lift)^max(power, 1e-5) x
// rimMultiplyTexture, mixed from 1 toward the light reaching the point by rimLightingMixFactor) and
// the glTF emission. The outline pass (the mesh drawn again, front faces culled, pushed out along
// its normals in shaders/skinned_vs.glsl) draws outlineColorFactor mixed toward that same result by
// outlineLightingMixFactor. Compiled only into the MTOON programs (render/skinned_pass.h), between
// punctual_lights.glsl and material_fs.glsl; a file without MToon compiles none of it.
uniform vec3 u_mtoon_shade_color;
uniform sampler2D u_mtoon_shade_texture;  // sRGB RGB, decoded by the texture
uniform int u_mtoon_shade_set;            // -1: no texture
uniform mat3 u_mtoon_shade_transform;
uniform vec3 u_mtoon_shading;  // shadingShiftFactor, shadingToonyFactor, shadingShiftTexture's scale
uniform sampler2D u_mtoon_shift_texture;  // R
uniform int u_mtoon_shift_set;
uniform mat3 u_mtoon_shift_transform;
uniform float u_mtoon_gi_equalization;
uniform vec3 u_mtoon_rim_color;
uniform vec3 u_mtoon_rim;  // fresnel power, lift, lighting mix
uniform sampler2D u_mtoon_rim_texture;  // sRGB RGB
uniform int u_mtoon_rim_set;
uniform mat3 u_mtoon_rim_transform;
uniform int u_mtoon_outline_mode;  // 0: the surface; 1, 2: the outline pass (skinned_vs.glsl)
uniform vec3 u_mtoon_outline_color;
uniform float u_mtoon_outline_mix;

vec2 mtoon_uv(int set, mat3 transform, vec2 uv0, vec2 uv1) { return (transform * vec3(set == 1 ? uv1 : uv0, 1.0)).xy; }

vec3 mtoon_shade_color(vec2 uv0, vec2 uv1) {
    vec3 c = u_mtoon_shade_color;
    if (u_mtoon_shade_set >= 0)
        c *= texture(u_mtoon_shade_texture, mtoon_uv(u_mtoon_shade_set, u_mtoon_shade_transform, uv0, uv1)).rgb;
    return c;
}

float mtoon_shift(vec2 uv0, vec2 uv1) {
    float s = u_mtoon_shading.x;
    if (u_mtoon_shift_set >= 0)
        s += texture(u_mtoon_shift_texture, mtoon_uv(u_mtoon_shift_set, u_mtoon_shift_transform, uv0, uv1)).r *
             u_mtoon_shading.z;
    return s;
}

// 0 in the shade, 1 lit. A toony factor of 1 makes the band a step (its width kept above 0 so the
// division stays finite; the specification's linearstep is 0/0 there).
float mtoon_shading(float n_dot_l, float shift) {
    float toony = u_mtoon_shading.y;
    float lo = -1.0 + toony;
    float width = max((1.0 - toony) - lo, 1e-5);
    return clamp((clamp(n_dot_l, -1.0, 1.0) + shift - lo) / width, 0.0, 1.0);
}

// One light of irradiance `e` from `l` (normalised, towards the light).
vec3 mtoon_direct(vec3 n, vec3 l, vec3 e, vec3 lit, vec3 shade, float shift) {
    return e * mix(shade, lit, mtoon_shading(dot(n, l), shift)) / PI;
}

// mtoon_direct over the file's punctual lights (punctual_lights.glsl's uniforms and falloff);
// `light` gathers each light's irradiance / pi, unshadowed, for the rim's lighting mix.
vec3 mtoon_punctual(vec3 n, vec3 world_position, vec3 lit, vec3 shade, float shift, inout vec3 light) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < MAX_PUNCTUAL_LIGHTS; ++i) {
        if (i >= u_punctual_count) break;
        vec3 l;
        float attenuation = punctual_light(i, world_position, l);
        vec3 e = u_punctual_radiance[i] * attenuation;
        sum += mtoon_direct(n, l, e, lit, shade, shift);
        light += e / PI;
    }
    return sum;
}

// The parametric rim, its texture and its lighting mix (`light`: what reaches the point, as the
// diffuse light a white surface would reflect).
vec3 mtoon_rim(vec3 n, vec3 v, vec3 light, vec2 uv0, vec2 uv1) {
    float rim = pow(clamp(1.0 - dot(n, v) + u_mtoon_rim.y, 0.0, 1.0), max(u_mtoon_rim.x, 1e-5));
    vec3 c = rim * u_mtoon_rim_color;
    if (u_mtoon_rim_set >= 0)
        c *= texture(u_mtoon_rim_texture, mtoon_uv(u_mtoon_rim_set, u_mtoon_rim_transform, uv0, uv1)).rgb;
    return c * mix(vec3(1.0), light, u_mtoon_rim.z);
}

// The whole of it. `lit`: the base colour factor x texture (vertex colours left out, as the
// extension says); `gi_n`, `gi_up`, `gi_down`: the environment's diffuse light along n, +Y and -Y.
vec3 mtoon_color(vec3 n, vec3 v, vec3 world_position, vec3 lit, vec3 emissive, vec3 key_direction, vec3 key_color,
                 vec3 gi_n, vec3 gi_up, vec3 gi_down, vec2 uv0, vec2 uv1) {
    vec3 shade = mtoon_shade_color(uv0, uv1);
    float shift = mtoon_shift(uv0, uv1);
    vec3 light = key_color / PI;
    vec3 color = mtoon_direct(n, key_direction, key_color, lit, shade, shift);
    color += mtoon_punctual(n, world_position, lit, shade, shift, light);
    vec3 gi = mix(gi_n, 0.5 * (gi_up + gi_down), u_mtoon_gi_equalization);
    color += gi * lit;
    light += gi;
    color += mtoon_rim(n, v, light, uv0, uv1);
    color += emissive;
    if (u_mtoon_outline_mode != 0) color = u_mtoon_outline_color * mix(vec3(1.0), color, u_mtoon_outline_mix);
    return color;
}
