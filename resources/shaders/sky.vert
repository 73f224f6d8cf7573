#version 330 core
// One triangle covering the screen, from gl_VertexID (no vertex buffer).
out float v_y;

void main() {
    vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
    v_y = p.y * 0.5 + 0.5;
    gl_Position = vec4(p, 1.0, 1.0);
}
