// The glTF 2.0 metallic-roughness BRDF (Appendix B) and the image-based light, line for line as
// render/brdf.h, which the unit tests hold against hand-worked values and the white furnace.
const float PI = 3.14159265358979;

float distribution_ggx(float n_dot_h, float alpha) {
    if (n_dot_h <= 0.0) return 0.0;
    float a2 = alpha * alpha;
    float d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    return a2 / (PI * d * d);
}

float visibility_smith(float n_dot_l, float n_dot_v, float alpha) {
    float a2 = alpha * alpha;
    float gl = n_dot_l + sqrt(a2 + (1.0 - a2) * n_dot_l * n_dot_l);
    float gv = n_dot_v + sqrt(a2 + (1.0 - a2) * n_dot_v * n_dot_v);
    return 1.0 / (gl * gv);
}

vec3 fresnel_schlick(vec3 f0, float v_dot_h) {
    return f0 + (vec3(1.0) - f0) * pow(clamp(1.0 - v_dot_h, 0.0, 1.0), 5.0);
}

vec3 fresnel_schlick(vec3 f0, vec3 f90, float v_dot_h) {
    return f0 + (f90 - f0) * pow(clamp(1.0 - v_dot_h, 0.0, 1.0), 5.0);
}

// KHR_materials_specular's dielectric F0: the ior's, tinted, at most 1.
vec3 dielectric_f0(float f0_ior, vec3 specular_color) { return min(vec3(f0_ior) * specular_color, vec3(1.0)); }

vec3 brdf_evaluate_layered(vec3 n, vec3 v, vec3 l, vec3 base_color, float metallic, float roughness,
                           vec3 f0_dielectric, float specular_weight) {
    float n_dot_l = dot(n, l), n_dot_v = dot(n, v);
    if (n_dot_l <= 0.0 || n_dot_v <= 0.0) return vec3(0.0);
    vec3 h = normalize(l + v);
    float v_dot_h = max(dot(v, h), 0.0);
    float alpha = roughness * roughness;
    float specular = visibility_smith(n_dot_l, n_dot_v, alpha) * distribution_ggx(dot(n, h), alpha);
    vec3 f_dielectric = fresnel_schlick(f0_dielectric * specular_weight, vec3(specular_weight), v_dot_h);
    vec3 dielectric = mix(base_color / PI, vec3(specular), f_dielectric);
    vec3 metal = fresnel_schlick(base_color, v_dot_h) * specular;
    return mix(dielectric, metal, metallic);
}

vec3 brdf_evaluate(vec3 n, vec3 v, vec3 l, vec3 base_color, float metallic, float roughness) {
    return brdf_evaluate_layered(n, v, l, base_color, metallic, roughness, vec3(0.04), 1.0);
}

// Mirrors render/brdf.h's ibl_ggx_fresnel and image_based_light_layered (the reasons are there).
vec3 ibl_ggx_fresnel(vec3 f0, float weight, float roughness, float n_dot_v, vec2 f_ab) {
    vec3 fr = max(vec3(1.0 - roughness), f0) - f0;
    vec3 k_s = f0 + fr * pow(1.0 - clamp(n_dot_v, 0.0, 1.0), 5.0);
    vec3 fss_ess = weight * (k_s * f_ab.x + f_ab.y);
    float ems = 1.0 - (f_ab.x + f_ab.y);
    vec3 f_avg = weight * (f0 + (vec3(1.0) - f0) / 21.0);
    vec3 fms_ems = ems * fss_ess * f_avg / (vec3(1.0) - f_avg * ems);
    return fss_ess + fms_ems;
}

vec3 image_based_light_layered(vec3 base_color, float metallic, float roughness, float n_dot_v, vec2 f_ab,
                               vec3 radiance, vec3 irradiance, vec3 f0_dielectric, float specular_weight) {
    vec3 metal = ibl_ggx_fresnel(base_color, 1.0, roughness, n_dot_v, f_ab) * radiance;
    vec3 f_dielectric = ibl_ggx_fresnel(f0_dielectric, specular_weight, roughness, n_dot_v, f_ab);
    vec3 dielectric = mix(base_color * irradiance, radiance, f_dielectric);
    return mix(dielectric, metal, metallic);
}

vec3 image_based_light(vec3 base_color, float metallic, float roughness, float n_dot_v, vec2 f_ab, vec3 radiance,
                       vec3 irradiance) {
    return image_based_light_layered(base_color, metallic, roughness, n_dot_v, f_ab, radiance, irradiance,
                                     vec3(0.04), 1.0);
}

float clearcoat_fresnel(float clearcoat, float nc_dot_v) {
    return clearcoat * fresnel_schlick(vec3(0.04), nc_dot_v).x;
}

// The extension's fresnel_coat: one weight, clearcoat x F(N_c.V), dims the base and scales the
// coat's own light, which carries no Fresnel (render/brdf.h says what that costs).
vec3 apply_clearcoat(vec3 base, float clearcoat, float nc_dot_v, vec3 coat_light) {
    return mix(base, coat_light, clearcoat_fresnel(clearcoat, nc_dot_v));
}

// KHR_materials_sheen: the Charlie distribution and visibility (render/brdf.h).
float distribution_charlie(float n_dot_h, float roughness) {
    float alpha = max(roughness * roughness, 1e-6);
    float inv = 1.0 / alpha;
    float sin2 = max(1.0 - n_dot_h * n_dot_h, 0.0);
    return (2.0 + inv) * pow(sin2, 0.5 * inv) / (2.0 * PI);
}

float sheen_lambda_fit(float x, float alpha) {
    float t = (1.0 - alpha) * (1.0 - alpha);
    float a = mix(21.5473, 25.3245, t), b = mix(3.82987, 3.32435, t), c = mix(0.19823, 0.16801, t);
    float d = mix(-1.97760, -1.27393, t), e = mix(-4.32054, -4.85967, t);
    return a / (1.0 + b * pow(x, c)) + d * x + e;
}

float sheen_lambda(float cos_theta, float alpha) {
    return abs(cos_theta) < 0.5 ? exp(sheen_lambda_fit(cos_theta, alpha))
                                : exp(2.0 * sheen_lambda_fit(0.5, alpha) - sheen_lambda_fit(1.0 - cos_theta, alpha));
}

float sheen_evaluate(vec3 n, vec3 v, vec3 l, float roughness) {
    float n_dot_l = dot(n, l), n_dot_v = dot(n, v);
    if (n_dot_l <= 0.0 || n_dot_v <= 0.0) return 0.0;
    vec3 h = normalize(l + v);
    float alpha = max(roughness * roughness, 1e-6);
    float vis = clamp(1.0 / ((1.0 + sheen_lambda(n_dot_v, alpha) + sheen_lambda(n_dot_l, alpha)) * (4.0 * n_dot_v * n_dot_l)),
                      0.0, 1.0);
    return distribution_charlie(dot(n, h), roughness) * vis;
}

// A light's albedo scaling, the specification's
// min(1 - max(sheenColor) E(N.V), 1 - max(sheenColor) E(N.L)).
float sheen_light_scaling(vec3 sheen_color, float e_v, float e_l) {
    float m = max(sheen_color.r, max(sheen_color.g, sheen_color.b));
    return min(1.0 - m * e_v, 1.0 - m * e_l);
}

vec3 apply_sheen(vec3 base, vec3 sheen_color, float albedo, vec3 sheen_light) {
    return base * (1.0 - max(sheen_color.r, max(sheen_color.g, sheen_color.b)) * albedo) + sheen_light;
}

vec3 pbr_neutral(vec3 c) {
    const float start = 0.8 - 0.04;
    const float desaturation = 0.15;
    float x = min(c.r, min(c.g, c.b));
    float offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
    c -= offset;
    float peak = max(c.r, max(c.g, c.b));
    if (peak < start) return c;
    const float d = 1.0 - start;
    float new_peak = 1.0 - d * d / (peak + d - start);
    c *= new_peak / peak;
    float g = 1.0 - 1.0 / (desaturation * (peak - new_peak) + 1.0);
    return mix(c, vec3(new_peak), g);
}

vec3 srgb_encode(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
