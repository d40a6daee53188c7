// World-space lines and points in one colour.
layout(location = 0) in vec3 a_position;
uniform mat4 u_view_proj;
uniform float u_point_size;
// The floor grid is pushed away from the eye along each vertex's own ray by u_push of its
// distance: it lands on the same pixels, only deeper, so a surface at the floor's height wins the
// depth test (render/src/character_renderer.cpp says why a push along the ray and not a constant).
uniform vec3 u_eye;
uniform float u_push;
void main() {
    gl_Position = u_view_proj * vec4(u_eye + (a_position - u_eye) * (1.0 + u_push), 1.0);
    gl_PointSize = u_point_size;
}
