// KHR_materials_anisotropy as the extension and the Khronos Sample Renderer write it: the
// anisotropy direction (the tangent frame's, turned by the rotation, or the texture's RG in -1..1
// with its B scaling the strength), an anisotropic GGX (alpha_t = mix(alpha, 1, strength^2) along
// it, alpha_b = alpha across) for the key light and the file's lights, and for the sky the
// renderer's bent normal: the normal bent towards the plane across the direction by
// (1 - strength (1 - roughness))^4, its reflection read at the material's roughness. The bent
// normal is an approximation of the anisotropic lobe's prefiltered light (the renderer's, kept so
// both draw the same); it stretches the reflection along the direction but does not widen it.
// Compiled only with MATERIAL_ANISOTROPY (render/skinned_pass.h), between brdf.glsl and
// punctual_lights.glsl; the lights' lobe then ignores an iridescent film (no sample has both).
#ifdef MATERIAL_ANISOTROPY
uniform vec3 u_anisotropy;  // cos(rotation), sin(rotation), strength
uniform sampler2D u_anisotropy_texture;  // RG direction (0..1 encodes -1..1), B strength

// Set once a pixel by anisotropy_prepare, read by every light.
float g_anisotropy = 0.0;
vec3 g_anisotropy_t = vec3(1.0, 0.0, 0.0);  // along the direction
vec3 g_anisotropy_b = vec3(0.0, 1.0, 0.0);  // across it

// t, b: the tangent frame (b with the tangent's sign), n the shading normal, ng the geometric one;
// tex: the texture's RGB, or (1, 0.5, 1) without one (direction +t, strength 1).
void anisotropy_prepare(vec3 t, vec3 b, vec3 n, vec3 ng, vec3 tex) {
    vec2 direction = tex.xy * 2.0 - vec2(1.0);
    direction = mat2(u_anisotropy.x, u_anisotropy.y, -u_anisotropy.y, u_anisotropy.x) * direction;
    g_anisotropy_t = mat3(t, b, n) * normalize(vec3(direction, 0.0));
    g_anisotropy_b = cross(ng, g_anisotropy_t);
    g_anisotropy = clamp(u_anisotropy.z * tex.z, 0.0, 1.0);
}

// The direction whose prefiltered light the sky gives (the renderer's getIBLRadianceAnisotropy).
vec3 anisotropy_reflection(vec3 n, vec3 v, float roughness) {
    vec3 tangent = cross(g_anisotropy_b, v);
    vec3 normal = cross(tangent, g_anisotropy_b);
    float bend = 1.0 - g_anisotropy * (1.0 - roughness);
    bend = bend * bend * bend * bend;
    return normalize(reflect(-v, normalize(mix(normal, n, bend))));
}

float anisotropy_d(float n_dot_h, float t_dot_h, float b_dot_h, float at, float ab) {
    float a2 = at * ab;
    vec3 f = vec3(ab * t_dot_h, at * b_dot_h, a2 * n_dot_h);
    float w2 = a2 / dot(f, f);
    return a2 * w2 * w2 / PI;
}

float anisotropy_v(float n_dot_l, float n_dot_v, float b_dot_v, float t_dot_v, float t_dot_l, float b_dot_l,
                   float at, float ab) {
    float ggx_v = n_dot_l * length(vec3(at * t_dot_v, ab * b_dot_v, n_dot_v));
    float ggx_l = n_dot_v * length(vec3(at * t_dot_l, ab * b_dot_l, n_dot_l));
    return clamp(0.5 / (ggx_v + ggx_l), 0.0, 1.0);
}

// brdf_evaluate_layered with the anisotropic lobe in place of the isotropic one.
vec3 anisotropy_brdf(vec3 n, vec3 v, vec3 l, vec3 base_color, float metallic, float roughness, vec3 f0_dielectric,
                     float specular_weight) {
    float n_dot_l = dot(n, l), n_dot_v = dot(n, v);
    if (n_dot_l <= 0.0 || n_dot_v <= 0.0) return vec3(0.0);
    vec3 h = normalize(l + v);
    float v_dot_h = max(dot(v, h), 0.0);
    float alpha = roughness * roughness;
    float at = mix(alpha, 1.0, g_anisotropy * g_anisotropy);
    float ab = clamp(alpha, 0.001, 1.0);
    vec3 t = g_anisotropy_t, b = g_anisotropy_b;
    float specular = anisotropy_v(n_dot_l, n_dot_v, dot(b, v), dot(t, v), dot(t, l), dot(b, l), at, ab) *
                     anisotropy_d(clamp(dot(n, h), 0.001, 1.0), dot(t, h), dot(b, h), at, ab);
    vec3 f_dielectric = fresnel_schlick(f0_dielectric * specular_weight, vec3(specular_weight), v_dot_h);
    vec3 dielectric = mix(base_color / PI, vec3(specular), f_dielectric);
    vec3 metal = fresnel_schlick(base_color, v_dot_h) * specular;
    return mix(dielectric, metal, metallic);
}
#endif
