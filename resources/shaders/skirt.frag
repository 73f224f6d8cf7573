#version 330 core
// Earth-coloured walls, lit by the same sun, darker towards the base; water blue where the wall
// stands above the terrain's edge (the side of the water body).
in vec3 v_world;
in float v_terrainTop;

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
    vec3 color = soil * light;
    if (v_world.y > v_terrainTop + 1e-5) color = vec3(0.12, 0.30, 0.48) * (0.7 + 0.3 * light);
    fragColor = vec4(color, 1.0);
}
