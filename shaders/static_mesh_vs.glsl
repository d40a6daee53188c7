// A mesh with no skin: model matrix, then camera.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;

uniform mat4 u_model;
uniform mat4 u_view_proj;

out vec3 v_world_normal;
out vec2 v_uv;
out vec4 v_color;

void main() {
    vec4 world = u_model * vec4(a_position, 1.0);
    // The inverse transpose keeps normals perpendicular under non-uniform scale.
    v_world_normal = transpose(inverse(mat3(u_model))) * a_normal;
    v_uv = a_uv;
    v_color = vec4(1.0);
    gl_Position = u_view_proj * world;
}
