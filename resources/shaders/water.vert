#version 330 core
// A horizontal quad over the terrain's footprint at the water level.
layout(location = 0) in vec2 a_corner;  // [-0.5, 0.5]^2

uniform vec2 u_extent;
uniform float u_level;  // world height of the surface
uniform mat4 u_viewProjection;

out vec3 v_world;

void main() {
    v_world = vec3(a_corner.x * u_extent.x, u_level, a_corner.y * u_extent.y);
    gl_Position = u_viewProjection * vec4(v_world, 1.0);
}
