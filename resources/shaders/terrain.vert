#version 330 core
// Displaces the static grid by the height texture. One vertex per grid point; the grid may be
// coarser than the texture (large maps), the fragment shader still shades at texel resolution.
layout(location = 0) in vec2 a_uv;  // [0,1]^2, v = 0 is the north row

uniform sampler2D u_height;      // raw heights, R32F
uniform vec2 u_heightMap;        // raw -> [0, 1]: (h - x) * y, the exporters' mapping
uniform vec2 u_texSize;          // texels per side
uniform vec2 u_extent;           // world size along x (east) and z (south)
uniform float u_heightRange;     // world height of a unit height
uniform mat4 u_viewProjection;

out vec2 v_uv;
out vec3 v_world;

void main() {
    // Grid corners land on texel centres, so a grid of 2^k+1 samples 2^n+1 texels exactly.
    vec2 texCoord = (a_uv * (u_texSize - 1.0) + 0.5) / u_texSize;
    float h = clamp((texture(u_height, texCoord).r - u_heightMap.x) * u_heightMap.y, 0.0, 1.0);
    vec3 world = vec3((a_uv.x - 0.5) * u_extent.x, h * u_heightRange, (a_uv.y - 0.5) * u_extent.y);
    v_uv = a_uv;
    v_world = world;
    gl_Position = u_viewProjection * vec4(world, 1.0);
}
