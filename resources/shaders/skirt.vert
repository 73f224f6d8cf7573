#version 330 core
// The walls around the terrain: the top follows the height texture along the border (or the
// water surface where that is higher), the bottom sits at the base.
layout(location = 0) in vec3 a_vertex;  // u, v, drop (0 = terrain edge, 1 = base)

uniform sampler2D u_height;
uniform vec2 u_heightMap;        // raw -> [0, 1]: (h - x) * y
uniform vec2 u_texSize;
uniform vec2 u_extent;
uniform float u_heightRange;
uniform float u_base;            // world height of the block's bottom
uniform float u_waterTop;        // world height of the water surface, or below u_base when off
uniform mat4 u_viewProjection;

out vec3 v_world;
out float v_terrainTop;          // the terrain's edge above this point of the wall

void main() {
    vec2 texCoord = (a_vertex.xy * (u_texSize - 1.0) + 0.5) / u_texSize;
    float top = clamp((texture(u_height, texCoord).r - u_heightMap.x) * u_heightMap.y, 0.0, 1.0) * u_heightRange;
    v_terrainTop = top;
    // Where the water stands above the edge, the wall rises to the water surface and shows water.
    float wallTop = max(top, u_waterTop);
    v_world = vec3((a_vertex.x - 0.5) * u_extent.x, mix(wallTop, u_base, a_vertex.z),
                   (a_vertex.y - 0.5) * u_extent.y);
    gl_Position = u_viewProjection * vec4(v_world, 1.0);
}
