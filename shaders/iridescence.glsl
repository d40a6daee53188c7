// KHR_materials_iridescence: the thin-film Fresnel (render/iridescence.h, line for line; the
// Khronos Sample Renderer's evalIridescence) and how it enters the BRDF, as that renderer mixes it:
// the metal's Fresnel replaced by the film's over the base colour, the dielectric's by the film's
// over F0 with the diffuse dimmed by its largest channel, both weighted by the factor. Evaluated
// once a pixel at N.V (not per light at V.H), as the renderer does. Compiled only with
// MATERIAL_IRIDESCENCE (render/skinned_pass.h says why a variant), between brdf.glsl and
// punctual_lights.glsl, so the key light, the file's lights and the sky all see it.
#ifdef MATERIAL_IRIDESCENCE
uniform vec4 u_iridescence;  // factor, film ior, thickness minimum, thickness maximum (nm)
uniform sampler2D u_iridescence_texture;            // R scales the factor
uniform sampler2D u_iridescence_thickness_texture;  // G mixes the thickness from minimum to maximum

// Set once a pixel by iridescence_prepare, read by every light.
float g_iridescence_factor = 0.0;
vec3 g_iridescence_dielectric = vec3(0.0);  // the film over the dielectric's F0
vec3 g_iridescence_metal = vec3(0.0);       // the film over the base colour
vec3 g_iridescence_f0 = vec3(0.04);
float g_iridescence_weight = 1.0;

const mat3 XYZ_TO_REC709 = mat3(3.2404542, -0.9692660, 0.0556434, -1.5371385, 1.8760108, -0.2040259, -0.4985314,
                                0.0415560, 1.0572252);

float iri_sq(float x) { return x * x; }
vec3 iri_sq(vec3 x) { return x * x; }
vec3 iri_fresnel0_to_ior(vec3 f0) {
    vec3 s = sqrt(f0);
    return (vec3(1.0) + s) / (vec3(1.0) - s);
}
vec3 iri_ior_to_fresnel0(vec3 transmitted, float incident) {
    return iri_sq((transmitted - vec3(incident)) / (transmitted + vec3(incident)));
}
float iri_ior_to_fresnel0(float transmitted, float incident) {
    return iri_sq((transmitted - incident) / (transmitted + incident));
}
float iri_schlick(float f0, float c) {
    float x = clamp(1.0 - c, 0.0, 1.0);
    return f0 + (1.0 - f0) * x * x * x * x * x;
}
vec3 iri_schlick(vec3 f0, float c) {
    float x = clamp(1.0 - c, 0.0, 1.0);
    return f0 + (vec3(1.0) - f0) * (x * x * x * x * x);
}

vec3 iridescence_sensitivity(float opd, vec3 shift) {
    float phase = 2.0 * PI * opd * 1.0e-9;
    vec3 val = vec3(5.4856e-13, 4.4201e-13, 5.2481e-13);
    vec3 pos = vec3(1.6810e+06, 1.7953e+06, 2.2084e+06);
    vec3 var = vec3(4.3278e+09, 9.3046e+09, 6.6121e+09);
    vec3 xyz = val * sqrt(2.0 * PI * var) * cos(pos * phase + shift) * exp(-iri_sq(phase) * var);
    xyz.x += 9.7470e-14 * sqrt(2.0 * PI * 4.5282e+09) * cos(2.2399e+06 * phase + shift.x) *
             exp(-4.5282e+09 * iri_sq(phase));
    xyz /= 1.0685e-7;
    return XYZ_TO_REC709 * xyz;
}

vec3 iridescence_fresnel(float outside_ior, float film_ior, float cos_theta1, float thickness, vec3 base_f0) {
    float eta = mix(outside_ior, film_ior, smoothstep(0.0, 0.03, thickness));
    float sin2_theta2 = iri_sq(outside_ior / eta) * (1.0 - iri_sq(cos_theta1));
    float cos2_theta2 = 1.0 - sin2_theta2;
    if (cos2_theta2 < 0.0) return vec3(1.0);
    float cos_theta2 = sqrt(cos2_theta2);
    float r12 = iri_schlick(iri_ior_to_fresnel0(eta, outside_ior), cos_theta1);
    float t121 = 1.0 - r12;
    float phi12 = eta < outside_ior ? PI : 0.0;
    float phi21 = PI - phi12;
    vec3 base_ior = iri_fresnel0_to_ior(clamp(base_f0, 0.0, 0.9999));
    vec3 r23 = iri_schlick(iri_ior_to_fresnel0(base_ior, eta), cos_theta2);
    vec3 phi23 = vec3(base_ior.x < eta ? PI : 0.0, base_ior.y < eta ? PI : 0.0, base_ior.z < eta ? PI : 0.0);
    float opd = 2.0 * eta * thickness * cos_theta2;
    vec3 phi = vec3(phi21) + phi23;
    vec3 r123 = clamp(r12 * r23, 1e-5, 0.9999);
    vec3 rs = iri_sq(t121) * r23 / (vec3(1.0) - r123);
    vec3 i = vec3(r12) + rs;
    vec3 cm = rs - vec3(t121);
    vec3 root = sqrt(r123);
    for (int m = 1; m <= 2; ++m) {
        cm *= root;
        i += cm * 2.0 * iridescence_sensitivity(float(m) * opd, float(m) * phi);
    }
    return max(i, vec3(0.0));
}

vec3 iridescence_rgb_mix(vec3 base, vec3 layer, vec3 w) { return (1.0 - max(w.r, max(w.g, w.b))) * base + w * layer; }

void iridescence_prepare(float factor, float film_ior, float thickness, float n_dot_v, vec3 f0_dielectric,
                         vec3 base_color, float specular_weight) {
    // A film of thickness 0 is no film (the renderer's rule; the Fresnel there is the base's anyway).
    g_iridescence_factor = thickness == 0.0 ? 0.0 : factor;
    g_iridescence_dielectric = iridescence_fresnel(1.0, film_ior, n_dot_v, thickness, f0_dielectric);
    g_iridescence_metal = iridescence_fresnel(1.0, film_ior, n_dot_v, thickness, base_color);
    g_iridescence_f0 = f0_dielectric;
    g_iridescence_weight = specular_weight;
}

// One light's BRDF (times nothing: the caller multiplies by radiance and N.L), the film mixed in.
vec3 iridescence_brdf(vec3 n, vec3 v, vec3 l, vec3 base_color, float metallic, float roughness) {
    float n_dot_l = dot(n, l), n_dot_v = dot(n, v);
    if (n_dot_l <= 0.0 || n_dot_v <= 0.0) return vec3(0.0);
    vec3 h = normalize(l + v);
    float v_dot_h = max(dot(v, h), 0.0);
    float alpha = roughness * roughness;
    vec3 specular = vec3(visibility_smith(n_dot_l, n_dot_v, alpha) * distribution_ggx(dot(n, h), alpha));
    vec3 diffuse = base_color / PI;
    vec3 f_dielectric =
        fresnel_schlick(g_iridescence_f0 * g_iridescence_weight, vec3(g_iridescence_weight), v_dot_h);
    vec3 dielectric = mix(mix(diffuse, specular, f_dielectric),
                          iridescence_rgb_mix(diffuse, specular, g_iridescence_dielectric), g_iridescence_factor);
    vec3 metal = mix(fresnel_schlick(base_color, v_dot_h) * specular, specular * g_iridescence_metal,
                     g_iridescence_factor);
    return mix(dielectric, metal, metallic);
}

// The sky's light: `plain` is image_based_light_layered's result for the same inputs; the film's
// lobes take the prefiltered radiance without the split sum's scale and bias, as the renderer's do.
vec3 iridescence_ibl(vec3 plain, vec3 base_color, float metallic, vec3 radiance, vec3 irradiance) {
    vec3 dielectric = iridescence_rgb_mix(irradiance * base_color, radiance, g_iridescence_dielectric);
    vec3 metal = radiance * g_iridescence_metal;
    return mix(plain, mix(dielectric, metal, metallic), g_iridescence_factor);
}
#endif
