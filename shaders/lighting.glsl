// One directional light and an ambient term: enough to read a surface's shape, nothing more. The
// viewer is for checking geometry, so the lighting is chosen to be predictable, not pretty.
uniform vec3 u_light_dir;    // towards the light, world space, normalised
uniform vec3 u_light_color;
uniform vec3 u_ambient;

vec3 shade(vec3 albedo, vec3 world_normal) {
    vec3 n = normalize(world_normal);
    // Two-sided: files disagree about winding and a back face lit black hides the shape.
    float diffuse = abs(dot(n, u_light_dir));
    return albedo * (u_ambient + u_light_color * diffuse);
}
