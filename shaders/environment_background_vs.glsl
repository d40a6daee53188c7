// The environment drawn as the background: one triangle over the whole viewport (no vertex
// buffer; gl_VertexID places the corners), at the far plane so anything drawn later covers it.
out vec2 v_ndc;

void main() {
    vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));
    v_ndc = p;
    gl_Position = vec4(p, 1.0, 1.0);
}
