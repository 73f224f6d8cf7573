#version 330 core
// Earth-coloured walls, lit by the same sun, darker towards the base.
in vec3 v_world;

uniform vec3 u_lightDir;
uniform float u_base;
uniform float u_heightRange;

out vec4 fragColor;

void main() {
    vec3 n = normalize(cross(dFdx(v_world), dFdy(v_world)));
    if (dot(n.xz, v_world.xz) < 0.0) n = -n;  // walls face outwards, away from the centre
    float depth = clamp((v_world.y - u_base) / max(u_heightRange, 1e-4), 0.0, 1.0);
    vec3 soil = mix(vec3(0.30, 0.24, 0.18), vec3(0.52, 0.43, 0.33), depth);
    float light = 0.45 + 0.55 * max(dot(n, u_lightDir), 0.0);
    fragColor = vec4(soil * light, 1.0);
}
