// KHR_materials_diffuse_transmission: the dielectric's diffuse lobe split between reflection and a
// Lambertian lobe through the surface, mix(diffuse_brdf(baseColor), diffuse_btdf(colour), factor)
// under the same Fresnel and (1 - metallic), as the extension's "Material Structure Updates"
// writes it. Lights behind the surface reach the viewer's side through the transmitted lobe, and
// the image-based share of that lobe is the irradiance along -n; with KHR_materials_volume the
// transmitted light is attenuated over the volume's thickness (Beer-Lambert, as the Khronos
// Sample Renderer's applyVolumeAttenuation), without it the surface is a thin wall and is not.
// Compiled only into the DIFFUSE_TRANSMISSION programs (render/skinned_pass.h), between
// punctual_lights.glsl (and transmission.glsl, when both are on) and material_fs.glsl, so a
// material without the extension runs none of this. Names are prefixed u_dt_ / dt_ so the chunk
// sits beside transmission.glsl, whose volume uniforms are its own.
uniform float u_dt_factor;  // A of u_dt_texture scales it
uniform sampler2D u_dt_texture;
uniform int u_dt_set;  // -1: no texture
uniform mat3 u_dt_transform;
uniform vec3 u_dt_color;  // sRGB RGB of u_dt_color_texture (decoded by the texture) scales it
uniform sampler2D u_dt_color_texture;
uniform int u_dt_color_set;
uniform mat3 u_dt_color_transform;
uniform float u_dt_thickness;  // the volume's thickness factor x the node's mean scale; 0 thin
uniform sampler2D u_dt_thickness_texture;  // G scales it
uniform int u_dt_thickness_set;
uniform mat3 u_dt_thickness_transform;
uniform vec4 u_dt_attenuation;  // colour (rgb), distance (a; 0: none)

vec2 dt_uv(int set, mat3 transform, vec2 uv0, vec2 uv1) { return (transform * vec3(set == 1 ? uv1 : uv0, 1.0)).xy; }

float dt_factor(vec2 uv0, vec2 uv1) {
    float t = u_dt_factor;
    if (u_dt_set >= 0) t *= texture(u_dt_texture, dt_uv(u_dt_set, u_dt_transform, uv0, uv1)).a;
    return t;
}

// The transmitted light's colour, the volume's attenuation over its thickness folded in: both scale
// every light through the lobe alike, so they are one factor.
vec3 dt_color(vec2 uv0, vec2 uv1) {
    vec3 c = u_dt_color;
    if (u_dt_color_set >= 0) c *= texture(u_dt_color_texture, dt_uv(u_dt_color_set, u_dt_color_transform, uv0, uv1)).rgb;
    if (u_dt_attenuation.a > 0.0) {
        float thickness = u_dt_thickness;
        if (u_dt_thickness_set >= 0)
            thickness *= texture(u_dt_thickness_texture, dt_uv(u_dt_thickness_set, u_dt_thickness_transform, uv0, uv1)).g;
        // pow(0, 0) is undefined in GLSL: a thin wall (thickness 0) attenuates nothing, as the
        // specification's limit says, whatever the colour.
        if (thickness > 0.0) c *= pow(u_dt_attenuation.rgb, vec3(thickness / u_dt_attenuation.a));
    }
    return c;
}

// The image-based light's diffuse weight as image_based_light_layered (brdf.glsl) gives it, without
// the colour: (1 - metallic) (1 - the dielectric's single- and multiple-scattering specular).
vec3 dt_ibl_weight(vec3 base_color, float metallic, float roughness, float n_dot_v, vec2 f_ab, vec3 f0_dielectric,
                   float specular_weight) {
    return (1.0 - metallic) *
           (vec3(1.0) - ibl_ggx_fresnel(f0_dielectric, specular_weight, roughness, n_dot_v, f_ab));
}

// The image-based light's change: the diffuse share mixed from the irradiance about n times the
// base colour to the irradiance about -n times the transmitted colour (the Khronos renderer's
// f_diffuse = mix(f_diffuse, getDiffuseLight(-n) * colour, factor)). Before the environment's
// intensity, as the caller's image-based light is.
vec3 dt_ibl(vec3 weight, float factor, vec3 base_color, vec3 color, vec3 irradiance, vec3 irradiance_behind) {
    return factor * weight * (color * irradiance_behind - base_color * irradiance);
}

// One light's change (`l` normalised, `radiance` what reaches the surface): in front, the
// reflected diffuse lobe loses `factor` of itself (brdf_evaluate_layered's diffuse term, its
// Fresnel at h = l + v); behind, the light comes through as a Lambertian lobe of `color` on the
// viewer's side, cos = -n.l, weighted by (1 - F) at the light's mirror image in the surface:
// KHR_materials_transmission's H_T = normalize(v - 2 (n.l) n + l), the half vector the
// specifications give for light from the other side, and the one the extension's shared
// fresnel_mix needs for both transmitted lobes alike (the Khronos renderer 1.1.0 uses it for its
// transmission lobe but h = l + v for this one, which is 0/0 where l = -v; docs/materials.md).
vec3 dt_light(vec3 n, vec3 v, vec3 l, vec3 radiance, vec3 base_color, float metallic, vec3 f0, float specular_weight,
              float factor, vec3 color) {
    float n_dot_l = dot(n, l);
    vec3 lobe;
    vec3 h;
    if (n_dot_l > 0.0) {
        if (dot(n, v) <= 0.0) return vec3(0.0);  // brdf_evaluate_layered draws nothing there either
        h = normalize(l + v);
        lobe = -base_color * n_dot_l;
    } else {
        h = normalize(l - 2.0 * n_dot_l * n + v);
        lobe = color * -n_dot_l;
    }
    vec3 f = fresnel_schlick(f0 * specular_weight, vec3(specular_weight), clamp(dot(v, h), 0.0, 1.0));
    return (1.0 - metallic) * (vec3(1.0) - f) * factor * lobe / PI * radiance;
}

// dt_light over the file's punctual lights (punctual_lights.glsl's uniforms and falloff).
vec3 dt_punctual(vec3 n, vec3 v, vec3 world_position, vec3 base_color, float metallic, vec3 f0, float specular_weight,
                 float factor, vec3 color) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < MAX_PUNCTUAL_LIGHTS; ++i) {
        if (i >= u_punctual_count) break;
        vec3 l;
        float attenuation = punctual_light(i, world_position, l);
        if (attenuation > 0.0)
            sum += dt_light(n, v, l, u_punctual_radiance[i] * attenuation, base_color, metallic, f0, specular_weight,
                            factor, color);
    }
    return sum;
}
