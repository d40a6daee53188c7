// glTF 2.0 metallic-roughness materials (with KHR_materials_ior, _specular, _clearcoat, _sheen,
// _unlit, _pbrSpecularGlossiness; _iridescence and _anisotropy through their own chunks;
// _transmission, _volume and _dispersion with TRANSMISSION, transmission.glsl;
// _diffuse_transmission with DIFFUSE_TRANSMISSION, diffuse_transmission.glsl; VRMC_materials_mtoon
// with MTOON, mtoon.glsl, which replaces the PBR shading) under a
// prefiltered sky and one key light, tone mapped (Khronos PBR Neutral) and written as sRGB. The
// layers (specular-glossiness, specular textures, sheen, clearcoat) are compiled only with
// MATERIAL_LAYERS, the film with MATERIAL_IRIDESCENCE, the anisotropic lobe with
// MATERIAL_ANISOTROPY, flat normals with FLAT_NORMALS (render/skinned_pass.h says why).
// Debug views replace the shading: 1 weights and 2 the error heat map (per-vertex colours from the
// vertex shader), 3 base colour, 4 normals (after normal mapping), 5 roughness (G) and metal (B).
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
uniform vec3 u_emissive;  // factor x KHR_materials_emissive_strength x VRMC_materials_hdr_emissiveMultiplier
uniform float u_normal_scale;
uniform float u_occlusion_strength;
uniform int u_alpha_mode;  // 0 opaque, 1 mask, 2 blend
uniform float u_alpha_cutoff;
uniform int u_workflow;  // 0 metallic-roughness, 1 specular-glossiness, 2 unlit
uniform float u_f0_ior;  // KHR_materials_ior's ((ior - 1) / (ior + 1))^2
uniform float u_specular;  // KHR_materials_specular's strength
uniform vec3 u_specular_color;
uniform vec4 u_specular_glossiness;  // KHR_materials_pbrSpecularGlossiness: F0 (rgb), glossiness (a)
uniform vec3 u_clearcoat;  // KHR_materials_clearcoat: factor (0: no coat), roughness, normal scale
uniform vec4 u_sheen;      // KHR_materials_sheen: colour (black: none), roughness
uniform sampler2D u_sheen_atlas;   // the sky prefiltered with the sheen lobe, six bands
// u_sheen_albedo, the sheen lobe's directional albedo E(N.V, roughness): punctual_lights.glsl.
// Texture slots 0 base colour (spec-gloss: diffuse), 1 metallic-roughness (spec-gloss: its
// specular-glossiness texture), 2 normal, 3 occlusion, 4 emissive, 5 specular (A), 6 specular
// colour, 7 clearcoat (R), 8 clearcoat roughness (G), 9 clearcoat normal, 10 sheen colour (sRGB
// RGB), 11 sheen roughness (A), 12 iridescence (R), 13 iridescence thickness (G; iridescence.glsl),
// 14 anisotropy (RGB; anisotropy.glsl): the UV set (-1 when the slot is empty) and
// KHR_texture_transform's matrix.
uniform int u_texture_set[15];
uniform mat3 u_texture_transform[15];
uniform sampler2D u_base_texture;
uniform sampler2D u_mr_texture;
uniform sampler2D u_normal_texture;
uniform sampler2D u_occlusion_texture;
uniform sampler2D u_emissive_texture;
uniform sampler2D u_specular_texture;
uniform sampler2D u_specular_color_texture;
uniform sampler2D u_clearcoat_texture;
uniform sampler2D u_clearcoat_roughness_texture;
uniform sampler2D u_clearcoat_normal_texture;
uniform sampler2D u_sheen_color_texture;
uniform sampler2D u_sheen_roughness_texture;

uniform sampler2D u_env_atlas;
uniform sampler2D u_brdf_lut;
uniform vec3 u_env_sh[9];
uniform mat3 u_env_rotation;  // world direction -> sky direction
uniform float u_env_intensity;
uniform vec3 u_key_direction;  // towards the light
uniform vec3 u_key_color;      // zero when the key light is off
uniform float u_exposure;
uniform vec3 u_camera_position;
uniform int u_linear_output;  // 1: the transmission backdrop's pass

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

// The sheen atlas: six bands of 16 rows (render/sheen_environment.h), read as env_radiance reads its own.
vec3 sheen_radiance(vec3 dir, float roughness) {
    vec3 d = normalize(u_env_rotation * dir);
    float u = atan(d.x, -d.z) / (2.0 * PI) + 0.5;
    float v = clamp(acos(clamp(d.y, -1.0, 1.0)) / PI, 0.5 / 16.0, 1.0 - 0.5 / 16.0);
    float level = clamp(roughness, 0.0, 1.0) * 5.0;
    float lo = floor(level);
    float hi = min(lo + 1.0, 5.0);
    vec3 a = texture(u_sheen_atlas, vec2(u, (lo + v) / 6.0)).rgb;
    vec3 b = texture(u_sheen_atlas, vec2(u, (hi + v) / 6.0)).rgb;
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

// A tangent-space normal map applied to `n` (slot `slot`, read from `map`); unchanged when the
// tangent is degenerate.
vec3 apply_normal_map(vec3 n, sampler2D map, int slot, float scale) {
    vec3 t = v_world_tangent.xyz - n * dot(n, v_world_tangent.xyz);
    if (dot(t, t) <= 1e-12) return n;
    t = normalize(t);
    vec3 b = cross(n, t) * (v_world_tangent.w < 0.0 ? -1.0 : 1.0);
    if (!gl_FrontFacing) b = -b;
    vec3 tn = texture(map, slot_uv(slot)).xyz * 2.0 - 1.0;
    tn.xy *= scale;
    return normalize(mat3(t, b, n) * tn);
}

void main() {
    if (u_debug_view == 1 || u_debug_view == 2 || u_debug_view == 6) {
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
    // The dielectric lobe (KHR_materials_ior and _specular); glTF's own is F0 0.04, strength 1.
    vec3 f0_dielectric = vec3(u_f0_ior);
    float specular_weight = u_specular;
#ifdef MATERIAL_LAYERS
    if (u_workflow == 1) {
        // Specular-glossiness drawn as a dielectric with F0 = specular and c_diff = diffuse *
        // (1 - max(specular)): the extension's BRDF term for term (render/brdf.h).
        vec4 sg = u_specular_glossiness;
        if (u_texture_set[1] >= 0) sg *= texture(u_mr_texture, slot_uv(1));
        base.rgb *= 1.0 - max(sg.r, max(sg.g, sg.b));
        f0_dielectric = sg.rgb;
        specular_weight = 1.0;
        metallic = 0.0;
        roughness = 1.0 - sg.a;
    } else
#endif
    {
        if (u_texture_set[1] >= 0) {
            vec4 mr = texture(u_mr_texture, slot_uv(1));
            roughness *= mr.g;
            metallic *= mr.b;
        }
        vec3 tint = u_specular_color;
#ifdef MATERIAL_LAYERS
        if (u_texture_set[6] >= 0) tint *= texture(u_specular_color_texture, slot_uv(6)).rgb;
        if (u_texture_set[5] >= 0) specular_weight *= texture(u_specular_texture, slot_uv(5)).a;
#endif
        f0_dielectric = dielectric_f0(u_f0_ior, tint);
    }
    metallic = clamp(metallic, 0.0, 1.0);
    roughness = clamp(roughness, 0.0, 1.0);

    vec3 n = normalize(v_world_normal);
    // Back faces (drawn only when double sided) are lit from their own side, as glTF says.
    if (!gl_FrontFacing) n = -n;
    // glTF: without NORMAL, flat normals. Taken from the drawn surface's derivatives, so they follow
    // skinning and morphing, as the Khronos renderer takes them; turned to face the viewer, which is
    // the reversed normal of a back face (drawn only when double sided). The vertex normals are
    // smooth ones made at upload (render/gpu_mesh.cpp), which shaded shared vertices smooth and
    // did not follow the deformation.
#ifdef FLAT_NORMALS
    {
        vec3 ng = normalize(cross(dFdx(v_world_position), dFdy(v_world_position)));
        n = dot(ng, u_camera_position - v_world_position) < 0.0 ? -ng : ng;
    }
#endif
    // The clearcoat's normal is the geometry's unless it has its own map (the extension: the base
    // normal map does not reach the coat).
    vec3 n_coat = n;
    if (u_texture_set[2] >= 0) n = apply_normal_map(n, u_normal_texture, 2, u_normal_scale);
#ifdef MATERIAL_ANISOTROPY
    {
        // The tangent frame as apply_normal_map builds it, about the geometric normal (n_coat).
        vec3 t = v_world_tangent.xyz - n_coat * dot(n_coat, v_world_tangent.xyz);
        vec3 any_axis = abs(n_coat.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
        t = dot(t, t) > 1e-12 ? normalize(t) : normalize(cross(n_coat, any_axis));
        vec3 b = cross(n_coat, t) * (v_world_tangent.w < 0.0 ? -1.0 : 1.0);
        if (!gl_FrontFacing) b = -b;
        vec3 tex = u_texture_set[14] >= 0 ? texture(u_anisotropy_texture, slot_uv(14)).rgb : vec3(1.0, 0.5, 1.0);
        anisotropy_prepare(t, b, n, n_coat, tex);
    }
#endif
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

    vec3 emissive = u_emissive;
    if (u_texture_set[4] >= 0) emissive *= texture(u_emissive_texture, slot_uv(4)).rgb;
#ifdef MTOON
    {
        // VRMC_materials_mtoon (mtoon.glsl) in place of everything below. The outline pass sees the
        // hull's back faces and lights them with the surface's own outward normal, as three-vrm does.
        vec3 n_toon = u_mtoon_outline_mode != 0 ? normalize(v_world_normal) : n;
        vec3 lit = u_base_color.rgb;
        if (u_texture_set[0] >= 0) lit *= texture(u_base_texture, slot_uv(0)).rgb;
        vec3 v_toon = normalize(u_camera_position - v_world_position);
        vec3 color = mtoon_color(n_toon, v_toon, v_world_position, lit, emissive, u_key_direction, u_key_color,
                                 u_env_intensity * env_diffuse(n_toon), u_env_intensity * env_diffuse(vec3(0.0, 1.0, 0.0)),
                                 u_env_intensity * env_diffuse(vec3(0.0, -1.0, 0.0)), v_uv, v_uv1);
        frag_color = u_linear_output != 0 ? vec4(color, alpha)
                                          : vec4(srgb_encode(pbr_neutral(color * u_exposure)), alpha);
        return;
    }
#endif

    vec3 v = normalize(u_camera_position - v_world_position);
    float n_dot_v = max(dot(n, v), 1e-4);
    vec3 r = reflect(-v, n);
    vec2 f_ab = texture(u_brdf_lut, vec2(n_dot_v, roughness)).rg;
#ifdef MATERIAL_ANISOTROPY
    vec3 radiance = env_radiance(anisotropy_reflection(n, v, roughness), roughness);
#else
    vec3 radiance = env_radiance(r, roughness);
#endif
    vec3 irradiance = env_diffuse(n);
    vec3 color = image_based_light_layered(base.rgb, metallic, roughness, n_dot_v, f_ab, radiance, irradiance,
                                           f0_dielectric, specular_weight);
#ifdef MATERIAL_IRIDESCENCE
    float iridescence = u_iridescence.x, film_thickness = u_iridescence.w;
    if (u_texture_set[12] >= 0) iridescence *= texture(u_iridescence_texture, slot_uv(12)).r;
    if (u_texture_set[13] >= 0)
        film_thickness = mix(u_iridescence.z, u_iridescence.w, texture(u_iridescence_thickness_texture, slot_uv(13)).g);
    iridescence_prepare(iridescence, u_iridescence.y, film_thickness, n_dot_v, f0_dielectric, base.rgb,
                        specular_weight);
    color = iridescence_ibl(color, base.rgb, metallic, radiance, irradiance);
#endif
    color *= u_env_intensity;
#ifdef TRANSMISSION
    // KHR_materials_transmission (transmission.glsl): the image-based light is linear in its
    // irradiance, so the diffuse share given to the light through the surface instead is one more
    // call with no radiance: the Khronos renderer's f_diffuse = mix(f_diffuse, transmitted, t).
    // (The film does not tint the transmitted share: no sample has both.)
    float transmission = transmission_factor(v_uv, v_uv1);
    float thickness = volume_thickness(v_uv, v_uv1);
    vec3 through = transmission_ibl(n, v, roughness, f0_dielectric, f_ab, v_world_position, thickness);
    color += transmission * image_based_light_layered(base.rgb, metallic, roughness, n_dot_v, f_ab, vec3(0.0),
                                                      through - u_env_intensity * irradiance, f0_dielectric,
                                                      specular_weight);
#endif
#ifdef DIFFUSE_TRANSMISSION
    // KHR_materials_diffuse_transmission (diffuse_transmission.glsl). With transmission too, the
    // diffuse lobe it splits is only (1 - transmission) of the base ("the transmission effect
    // overrides the diffuse transmission effect"), and the block above has already given that
    // share to the light through the surface; so this one is scaled by it as well.
    float dt = dt_factor(v_uv, v_uv1);
    vec3 dt_col = dt_color(v_uv, v_uv1);
#ifdef TRANSMISSION
    dt *= 1.0 - transmission;
#endif
    color += u_env_intensity * dt_ibl(dt_ibl_weight(base.rgb, metallic, roughness, n_dot_v, f_ab, f0_dielectric,
                                                    specular_weight),
                                      dt, base.rgb, dt_col, irradiance, env_diffuse(-n));
#endif
    float ao = 1.0;
    if (u_texture_set[3] >= 0) {
        ao = 1.0 + u_occlusion_strength * (texture(u_occlusion_texture, slot_uv(3)).r - 1.0);
        color *= ao;
    }
#ifdef MATERIAL_LAYERS
    {
        // KHR_materials_sheen under the sky: the light below dimmed by 1 - max(sheenColor) E(N.V)
        // and the sheen's own, sheenColor E(N.V) times the sky prefiltered with the lobe. Each
        // light's share is layered by punctual_lights.glsl's sheen_over_light, which reads these.
        vec3 sheen_color = u_sheen.rgb;
        float sheen_roughness = u_sheen.a;
        // The extension's textures: colour in sRGB RGB (decoded by the texture), roughness in A.
        if (u_texture_set[10] >= 0) sheen_color *= texture(u_sheen_color_texture, slot_uv(10)).rgb;
        if (u_texture_set[11] >= 0) sheen_roughness *= texture(u_sheen_roughness_texture, slot_uv(11)).a;
        g_sheen_color = sheen_color;
        g_sheen_roughness = clamp(sheen_roughness, 0.0, 1.0);
        if (max(sheen_color.r, max(sheen_color.g, sheen_color.b)) > 0.0) {
            g_sheen_e_v = texture(u_sheen_albedo, vec2(n_dot_v, g_sheen_roughness)).r;
            vec3 sheen_sky = sheen_color * g_sheen_e_v * sheen_radiance(r, g_sheen_roughness);
            color = apply_sheen(color, sheen_color, g_sheen_e_v, u_env_intensity * ao * sheen_sky);
        }
    }
#endif
    float n_dot_l = dot(n, u_key_direction);
    // A point light on a perfect mirror is an infinitely small highlight, and D is 0/0 at
    // roughness 0 along the mirror direction; 0.03 gives it a visible size (as engines do) and
    // changes nothing above that roughness.
    if (n_dot_l > 0.0)
#if defined(MATERIAL_ANISOTROPY)
        color += sheen_over_light(anisotropy_brdf(n, v, u_key_direction, base.rgb, metallic, max(roughness, 0.03),
                                                  f0_dielectric, specular_weight),
                                  n, v, u_key_direction) *
                 u_key_color * n_dot_l;
#elif defined(MATERIAL_IRIDESCENCE)
        color += sheen_over_light(iridescence_brdf(n, v, u_key_direction, base.rgb, metallic, max(roughness, 0.03)),
                                  n, v, u_key_direction) *
                 u_key_color * n_dot_l;
#else
        color += sheen_over_light(brdf_evaluate_layered(n, v, u_key_direction, base.rgb, metallic,
                                                        max(roughness, 0.03), f0_dielectric, specular_weight),
                                  n, v, u_key_direction) *
                 u_key_color * n_dot_l;
#endif
    color += punctual_lights(n, v, v_world_position, base.rgb, metallic, roughness, f0_dielectric,
                             specular_weight);  // punctual_lights.glsl
#ifdef TRANSMISSION
    color += transmission_light(n, v, u_key_direction, u_key_color, base.rgb, metallic, max(roughness, 0.03),
                                f0_dielectric, specular_weight, transmission, thickness) +
             transmission_punctual(n, v, v_world_position, base.rgb, metallic, max(roughness, 0.03), f0_dielectric,
                                   specular_weight, transmission, thickness);
#endif
#ifdef DIFFUSE_TRANSMISSION
    color += dt_light(n, v, u_key_direction, u_key_color, base.rgb, metallic, f0_dielectric, specular_weight, dt,
                      dt_col) +
             dt_punctual(n, v, v_world_position, base.rgb, metallic, f0_dielectric, specular_weight, dt, dt_col);
#endif
    color += emissive;
#ifdef MATERIAL_LAYERS
    float coat = u_clearcoat.x;
    if (coat > 0.0) {
        float coat_roughness = u_clearcoat.y;
        if (u_texture_set[7] >= 0) coat *= texture(u_clearcoat_texture, slot_uv(7)).r;
        if (u_texture_set[8] >= 0) coat_roughness *= texture(u_clearcoat_roughness_texture, slot_uv(8)).g;
        coat_roughness = clamp(coat_roughness, 0.0, 1.0);
        if (u_texture_set[9] >= 0) n_coat = apply_normal_map(n_coat, u_clearcoat_normal_texture, 9, u_clearcoat.z);
        float nc_dot_v = max(dot(n_coat, v), 1e-4);
        // The coat's own light without Fresnel (apply_clearcoat weighs it by clearcoat x F(N_c.V)):
        // the sky prefiltered at its roughness, and D V (N_c.L) of each light, the key light's and
        // the file's (a dielectric lobe of F0 1 is D V alone; 0.03 the key light's floor).
        vec3 coat_light = u_env_intensity * ao * env_radiance(reflect(-v, n_coat), coat_roughness);
        float coat_lit_roughness = max(coat_roughness, 0.03);
        float nc_dot_l = dot(n_coat, u_key_direction);
        if (nc_dot_l > 0.0)
            coat_light += brdf_evaluate_layered(n_coat, v, u_key_direction, vec3(0.0), 0.0, coat_lit_roughness,
                                                vec3(1.0), 1.0) *
                          u_key_color * nc_dot_l;
        for (int i = 0; i < MAX_PUNCTUAL_LIGHTS; ++i) {
            if (i >= u_punctual_count) break;
            vec3 l;
            float attenuation = punctual_light(i, v_world_position, l);
            float ncl = dot(n_coat, l);
            if (ncl > 0.0 && attenuation > 0.0)
                coat_light += brdf_evaluate_layered(n_coat, v, l, vec3(0.0), 0.0, coat_lit_roughness, vec3(1.0), 1.0) *
                              u_punctual_radiance[i] * (attenuation * ncl);
        }
        color = apply_clearcoat(color, coat, nc_dot_v, coat_light);
    }
#endif
    // KHR_materials_unlit: the base colour is the radiance; exposure and tone mapping still apply,
    // as in the Khronos Sample Renderer. Chosen here rather than returned early: llvmpipe runs an
    // untaken early return's tone mapping for every pixel too, a second encode each.
    if (u_workflow == 2) color = base.rgb;
    frag_color = vec4(srgb_encode(pbr_neutral(color * u_exposure)), alpha);
    // The transmission backdrop (render/transmission_backdrop.h) takes linear light before
    // exposure, as the Khronos renderer's LINEAR_OUTPUT; a select, not a second program per rung.
    if (u_linear_output != 0) frag_color = vec4(color, alpha);
}
