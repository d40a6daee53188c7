// The environment as the background, as the Khronos renderer's cubemap pass draws it: the radiance
// in the view direction (turned by the environment rotation, times the intensity) read from the
// GGX-prefiltered environment at roughness = blur (its u_EnvBlurNormalized x (mips - 1)), then the
// same exposure, PBR Neutral tone mapping and sRGB encoding as the lit surfaces (brdf.glsl).
in vec2 v_ndc;

uniform mat4 u_inverse_view_proj;
uniform sampler2D u_env_panorama;  // the source image, full resolution, Khronos panorama mapping
uniform sampler2D u_env_atlas;     // six GGX bands of a lat-long map (material_fs.glsl's layout)
uniform int u_has_panorama;        // 0: the driver refused the full image; band 0 stands in
uniform mat3 u_env_rotation;       // world direction -> environment direction
uniform float u_env_intensity;
uniform float u_blur;  // 0 (the image itself) to 1 (the roughest band)
uniform float u_exposure;
uniform int u_linear_output;  // 1: the transmission backdrop's pass (linear light, no exposure)

out vec4 frag_color;

vec3 atlas_band(vec3 d, float band) {
    float u = atan(d.x, -d.z) / (2.0 * PI) + 0.5;
    float v = clamp(acos(clamp(d.y, -1.0, 1.0)) / PI, 0.5 / 64.0, 1.0 - 0.5 / 64.0);
    return texture(u_env_atlas, vec2(u, (band + v) / 6.0)).rgb;
}

vec3 panorama(vec3 d) {
    // render/hdr_image.h's mapping: u = 0.5 + atan2(z, x) / 2pi, v = acos(y) / pi from the top row
    // (uploaded first, so at t = 0).
    return texture(u_env_panorama, vec2(0.5 + atan(d.z, d.x) / (2.0 * PI), acos(clamp(d.y, -1.0, 1.0)) / PI))
        .rgb;
}

void main() {
    // The view ray through this pixel: the near and far points unprojected, so an orthographic
    // camera (all rays parallel) is drawn as rightly as a perspective one.
    vec4 a = u_inverse_view_proj * vec4(v_ndc, -1.0, 1.0);
    vec4 b = u_inverse_view_proj * vec4(v_ndc, 1.0, 1.0);
    vec3 dir = normalize(b.xyz / b.w - a.xyz / a.w);
    vec3 d = normalize(u_env_rotation * dir);
    // Level 0 is the image itself (the Khronos cube's mip 0 is the unfiltered cube), levels 1..5 the
    // atlas's bands for roughness 0.2..1, mixed linearly between neighbours as a trilinear lookup is.
    float level = clamp(u_blur, 0.0, 1.0) * 5.0;
    float lo = floor(level);
    float hi = min(lo + 1.0, 5.0);
    vec3 low = (lo == 0.0 && u_has_panorama == 1) ? panorama(d) : atlas_band(d, lo);
    vec3 color = mix(low, atlas_band(d, hi), level - lo) * u_env_intensity;
    if (u_linear_output == 1)
        frag_color = vec4(color, 1.0);
    else
        frag_color = vec4(srgb_encode(pbr_neutral(color * u_exposure)), 1.0);
}
