#version 330 core
// Background gradient: hazy near the horizon (bottom), deeper blue above.
in float v_y;

uniform vec3 u_horizon;
uniform vec3 u_zenith;

out vec4 fragColor;

void main() {
    fragColor = vec4(mix(u_horizon, u_zenith, smoothstep(0.0, 1.0, v_y)), 1.0);
}
