// Base colour factor times base colour texture, lit.
in vec3 v_world_normal;
in vec2 v_uv;
in vec4 v_color;

uniform vec4 u_base_color;
uniform sampler2D u_base_texture;
uniform int u_has_texture;
// 0: lit; otherwise the per-vertex colour, unlit (1 weights, 2 error heat map, 6 all joints).
uniform int u_debug_view;

out vec4 frag_color;

void main() {
    if (u_debug_view != 0) {
        frag_color = vec4(v_color.rgb, 1.0);
        return;
    }
    vec4 albedo = u_base_color;
    if (u_has_texture != 0) albedo *= texture(u_base_texture, v_uv);
    frag_color = vec4(shade(albedo.rgb, v_world_normal), 1.0);
}
