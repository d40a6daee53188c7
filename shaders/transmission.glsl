// KHR_materials_transmission, KHR_materials_volume and KHR_materials_dispersion, as the Khronos
// Sample Renderer draws them (its getIBLVolumeRefraction, getVolumeTransmissionRay,
// applyVolumeAttenuation and getPunctualRadianceTransmission; our own code, the same maths):
// screen-space refraction of the opaque scene (u_backdrop, render/transmission_backdrop.h),
// blurred by roughness, attenuated through the volume. Compiled only into the TRANSMISSION
// programs (render/skinned_pass.h), between punctual_lights.glsl and material_fs.glsl, so a
// material without it runs none of this. What it cannot do (a screen-space method's limits):
// a transmissive surface does not see other transmissive surfaces or anything off screen, and
// the refracted ray leaves the volume where a straight ray of the thickness would, not where the
// mesh's far side is.
uniform float u_transmission;              // factor (R of u_transmission_texture scales it)
uniform sampler2D u_transmission_texture;
uniform int u_transmission_set;            // -1: no texture
uniform mat3 u_transmission_transform;
uniform float u_thickness;                 // mesh units (G of u_thickness_texture scales it)
uniform sampler2D u_thickness_texture;
uniform int u_thickness_set;
uniform mat3 u_thickness_transform;
uniform vec4 u_attenuation;                // colour (rgb), distance (a; 0: none)
uniform float u_dispersion;
uniform float u_transmission_ior;
uniform vec3 u_model_scale;                // the node's scale: thickness is in mesh units
uniform sampler2D u_backdrop;
uniform float u_backdrop_max_lod;          // log2 of the backdrop's size
uniform mat4 u_transmission_view_proj;

vec2 transmission_uv(int set, mat3 transform, vec2 uv0, vec2 uv1) {
    return (transform * vec3(set == 1 ? uv1 : uv0, 1.0)).xy;
}

float transmission_factor(vec2 uv0, vec2 uv1) {
    float t = u_transmission;
    if (u_transmission_set >= 0)
        t *= texture(u_transmission_texture, transmission_uv(u_transmission_set, u_transmission_transform, uv0, uv1)).r;
    return t;
}

float volume_thickness(vec2 uv0, vec2 uv1) {
    float t = u_thickness;
    if (u_thickness_set >= 0)
        t *= texture(u_thickness_texture, transmission_uv(u_thickness_set, u_thickness_transform, uv0, uv1)).g;
    return t;
}

// The renderer's applyIorToRoughness: an ior of 1 (air) does not blur, 1.5 and above fully.
float transmission_roughness(float roughness, float ior) { return roughness * clamp(ior * 2.0 - 2.0, 0.0, 1.0); }

// Where the refracted ray leaves a volume of this thickness (a straight path of that length).
vec3 transmission_ray(vec3 n, vec3 v, float thickness, float ior) {
    vec3 r = refract(-v, n, 1.0 / ior);
    return normalize(r) * thickness * u_model_scale;
}

// Beer-Lambert: attenuation_color^(distance / attenuation_distance).
vec3 volume_attenuation(vec3 radiance, float distance) {
    if (u_attenuation.a <= 0.0) return radiance;
    return pow(u_attenuation.rgb, vec3(distance / u_attenuation.a)) * radiance;
}

vec3 backdrop_sample(vec3 exit_point, float roughness, float ior) {
    vec4 ndc = u_transmission_view_proj * vec4(exit_point, 1.0);
    vec2 uv = ndc.xy / ndc.w * 0.5 + 0.5;
    float lod = u_backdrop_max_lod * transmission_roughness(roughness, ior);
    return textureLod(u_backdrop, uv, lod).rgb;
}

// The light through the surface from the image-based side: the backdrop along the refracted ray,
// attenuated, times (1 - the specular reflectance f0 x A + B). Without the base colour, which
// the caller's diffuse weight carries (material_fs.glsl adds it through the IBL's irradiance term).
vec3 transmission_ibl(vec3 n, vec3 v, float roughness, vec3 f0, vec2 f_ab, vec3 position, float thickness) {
    float ior = max(u_transmission_ior, 1.0);
    vec3 light;
    float travelled;
    if (u_dispersion > 0.0) {
        // The renderer's spread: (ior - 1) x 0.025 x dispersion either side of green.
        float half_spread = (ior - 1.0) * 0.025 * u_dispersion;
        vec3 iors = vec3(ior - half_spread, ior, ior + half_spread);
        for (int i = 0; i < 3; ++i) {
            vec3 ray = transmission_ray(n, v, thickness, iors[i]);
            travelled = length(ray);
            light[i] = backdrop_sample(position + ray, roughness, iors[i])[i];
        }
    } else {
        vec3 ray = transmission_ray(n, v, thickness, ior);
        travelled = length(ray);
        light = backdrop_sample(position + ray, roughness, ior);
    }
    vec3 specular = f0 * f_ab.x + vec3(f_ab.y);
    return (vec3(1.0) - specular) * volume_attenuation(light, travelled);
}

// One light's change from transmission: its diffuse part (what brdf_evaluate_layered gives it)
// replaced by the light through the surface, mirrored to the far side (a GGX lobe about the
// refracted direction), weighted by transmission: the renderer's
// l_diffuse = mix(l_diffuse, transmitted, transmission), under the same dielectric Fresnel and
// (1 - metallic). `to_light` unnormalised (position - point, or the direction of a directional light).
vec3 transmission_light(vec3 n, vec3 v, vec3 to_light, vec3 radiance, vec3 base, float metallic, float roughness,
                        vec3 f0, float specular_weight, float transmission, float thickness) {
    float ior = max(u_transmission_ior, 1.0);
    vec3 l = normalize(to_light);
    vec3 h = normalize(l + v);
    vec3 f_dielectric = fresnel_schlick(f0 * specular_weight, vec3(specular_weight), abs(dot(v, h)));
    vec3 diffuse = radiance * max(dot(n, l), 0.0) * base / PI;
    vec3 ray = transmission_ray(n, v, thickness, ior);
    vec3 lt = normalize(to_light - ray);
    float alpha = transmission_roughness(roughness * roughness, ior);
    vec3 l_mirror = normalize(lt + 2.0 * n * dot(-lt, n));
    vec3 ht = normalize(l_mirror + v);
    // alpha 0 (an ior of 1, or roughness 0 without the caller's floor): the lobe is a delta the
    // renderer's D_GGX gives 0 to everywhere, and 0/0 at its centre; 0 here too.
    // (The visibility is 1/0 there at grazing angles, and 0 x inf is NaN: both are skipped.)
    float lobe = 0.0;
    if (alpha > 1e-6)
        lobe = distribution_ggx(clamp(dot(n, ht), 0.0, 1.0), alpha) *
               visibility_smith(clamp(dot(n, l_mirror), 0.0, 1.0), clamp(dot(n, v), 0.0, 1.0), alpha);
    vec3 f = fresnel_schlick(f0, vec3(1.0), clamp(dot(v, ht), 0.0, 1.0));
    vec3 transmitted = volume_attenuation(radiance * (vec3(1.0) - f) * base * lobe, length(ray));
    return (1.0 - metallic) * (vec3(1.0) - f_dielectric) * transmission * (transmitted - diffuse);
}

// transmission_light over the file's punctual lights (punctual_lights.glsl's uniforms).
vec3 transmission_punctual(vec3 n, vec3 v, vec3 world_position, vec3 base, float metallic, float roughness, vec3 f0,
                           float specular_weight, float transmission, float thickness) {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < MAX_PUNCTUAL_LIGHTS; ++i) {
        if (i >= u_punctual_count) break;
        // The window and cone of punctual_light (punctual_lights.glsl), one copy for every lobe;
        // transmission_light wants the unnormalised vector to a positioned light.
        vec3 l;
        float attenuation = punctual_light(i, world_position, l);
        vec3 to_light = u_punctual_type[i] == 0 ? l : u_punctual_position[i] - world_position;
        if (attenuation > 0.0)
            sum += transmission_light(n, v, to_light, u_punctual_radiance[i] * attenuation, base, metallic, roughness,
                                      f0, specular_weight, transmission, thickness);
    }
    return sum;
}
