// KHR_lights_punctual: directional, point and spot lights through the same BRDF as the key light
// (brdf.glsl), with the extension's range and cone falloff as its specification writes them. A
// chunk of its own, between brdf.glsl and material_fs.glsl, so the material chunks stay apart.
// Distances in metres; radiance is colour x intensity (lux for directional, candela otherwise).
#define MAX_PUNCTUAL_LIGHTS 8
uniform int u_punctual_count;
uniform int u_punctual_type[MAX_PUNCTUAL_LIGHTS];  // 0 directional, 1 point, 2 spot
uniform vec3 u_punctual_position[MAX_PUNCTUAL_LIGHTS];
uniform vec3 u_punctual_to_light[MAX_PUNCTUAL_LIGHTS];  // the node's +Z: towards a directional light
uniform vec3 u_punctual_radiance[MAX_PUNCTUAL_LIGHTS];
uniform float u_punctual_range[MAX_PUNCTUAL_LIGHTS];    // 0: none
uniform vec2 u_punctual_cone[MAX_PUNCTUAL_LIGHTS];      // spot: scale, offset

// Light i as seen from `world_position`: the direction towards it (normalised) and the share of its
// radiance that arrives, by the specification's smooth range window (1 near the light, 0 at range,
// inverse square inside) and the spot's cone. One place for every lobe that loops over the lights
// (this file's BRDF, diffuse transmission's back lobe, MToon's toon ramp).
float punctual_light(int i, vec3 world_position, out vec3 l) {
    l = u_punctual_to_light[i];
    if (u_punctual_type[i] == 0) return 1.0;
    vec3 d = u_punctual_position[i] - world_position;
    float dist2 = max(dot(d, d), 1e-10);
    float dist = sqrt(dist2);
    l = d / dist;
    float range = u_punctual_range[i];
    float attenuation = range > 0.0 ? clamp(1.0 - pow(dist / range, 4.0), 0.0, 1.0) / dist2 : 1.0 / dist2;
    if (u_punctual_type[i] == 2) {
        float a = clamp(dot(u_punctual_to_light[i], l) * u_punctual_cone[i].x + u_punctual_cone[i].y, 0.0, 1.0);
        attenuation *= a * a;
    }
    return attenuation;
}

// KHR_materials_sheen over one light, as its specification layers it: the light's BRDF f below the
// sheen scaled by min(1 - max(sheenColor) E(N.V), 1 - max(sheenColor) E(N.L)) and the sheen's own
// lobe, sheenColor D V, added. The sky's share is scaled by E(N.V) alone (material_fs.glsl). The
// material sets the g_sheen_ values once a pixel before its lights run; a black sheen colour (no
// sheen) returns f. E is read at lod 0: inside the lights' loop the branch is not uniform.
#ifdef MATERIAL_LAYERS
uniform sampler2D u_sheen_albedo;  // the sheen lobe's directional albedo E(N.V, roughness)
vec3 g_sheen_color = vec3(0.0);
float g_sheen_roughness = 0.0;
float g_sheen_e_v = 0.0;  // E(N.V)
vec3 sheen_over_light(vec3 f, vec3 n, vec3 v, vec3 l) {
    if (max(g_sheen_color.r, max(g_sheen_color.g, g_sheen_color.b)) <= 0.0) return f;
    float e_l = textureLod(u_sheen_albedo, vec2(clamp(dot(n, l), 0.0, 1.0), g_sheen_roughness), 0.0).r;
    return f * sheen_light_scaling(g_sheen_color, g_sheen_e_v, e_l) +
           g_sheen_color * sheen_evaluate(n, v, l, g_sheen_roughness);
}
#else
vec3 sheen_over_light(vec3 f, vec3 n, vec3 v, vec3 l) { return f; }
#endif

// f0_dielectric and specular_weight: KHR_materials_ior's and _specular's dielectric lobe, as the key
// light takes it (the Khronos renderer lights its punctual lights with the same lobe).
vec3 punctual_lights(vec3 n, vec3 v, vec3 world_position, vec3 base, float metallic, float roughness,
                     vec3 f0_dielectric, float specular_weight) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < MAX_PUNCTUAL_LIGHTS; ++i) {
        if (i >= u_punctual_count) break;
        vec3 l;
        float attenuation = punctual_light(i, world_position, l);
        float n_dot_l = dot(n, l);
        // 0.03: the key light's floor on roughness, for the same reason (a finite highlight).
        if (n_dot_l > 0.0 && attenuation > 0.0)
#if defined(MATERIAL_ANISOTROPY)
            sum += sheen_over_light(
                       anisotropy_brdf(n, v, l, base, metallic, max(roughness, 0.03), f0_dielectric, specular_weight),
                       n, v, l) *
                   u_punctual_radiance[i] * (attenuation * n_dot_l);
#elif defined(MATERIAL_IRIDESCENCE)
            sum += sheen_over_light(iridescence_brdf(n, v, l, base, metallic, max(roughness, 0.03)), n, v, l) *
                   u_punctual_radiance[i] * (attenuation * n_dot_l);
#else
            sum += sheen_over_light(brdf_evaluate_layered(n, v, l, base, metallic, max(roughness, 0.03),
                                                          f0_dielectric, specular_weight),
                                    n, v, l) *
                   u_punctual_radiance[i] * (attenuation * n_dot_l);
#endif
    }
    return sum;
}
