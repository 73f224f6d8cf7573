#version 330 core
// Semi-transparent blue, more opaque at grazing angles, with the sun's glint.
in vec3 v_world;

uniform vec3 u_eye;
uniform vec3 u_lightDir;

out vec4 fragColor;

void main() {
    vec3 toEye = normalize(u_eye - v_world);
    float facing = abs(toEye.y);
    float fresnel = pow(1.0 - facing, 4.0);
    vec3 halfway = normalize(toEye + u_lightDir);
    float glint = pow(max(halfway.y, 0.0), 180.0) * 0.8;
    vec3 color = mix(vec3(0.10, 0.32, 0.55), vec3(0.55, 0.70, 0.85), fresnel) + glint;
    fragColor = vec4(color, mix(0.62, 0.92, fresnel));
}
