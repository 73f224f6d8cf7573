#version 330 core
// Per-pixel lighting with normals from the height texture's neighbouring texels, a tint by
// height (the preview's Terrain colour map), rock on steep slopes and a little aerial haze.
in vec2 v_uv;
in vec3 v_world;

uniform sampler2D u_height;
uniform vec2 u_heightMap;        // raw -> [0, 1]: (h - x) * y
uniform vec2 u_tintMap;          // relief [0, 1] -> colour map [0, 1]: (h - x) * y
uniform sampler2D u_tint;        // 256 x 1 colour map, sRGB
uniform vec2 u_texSize;
uniform vec2 u_extent;
uniform float u_heightRange;
uniform vec3 u_lightDir;         // towards the light, normalised
uniform vec3 u_eye;
uniform vec3 u_hazeColor;        // sRGB
uniform float u_hazeDistance;    // world distance at which the haze reaches about 1/3
uniform bool u_wireframe;
uniform sampler2D u_overlay;     // a mask of weights in [0, 1] over the whole terrain
uniform bool u_overlayOn;
uniform vec3 u_overlayColor;     // sRGB
uniform sampler2D u_drape;       // an sRGB picture with alpha over the whole terrain (drawn lines)
uniform bool u_drapeOn;

out vec4 fragColor;

float heightAt(vec2 texel) {
    vec2 clamped = clamp(texel, vec2(0.0), u_texSize - 1.0);
    float raw = texture(u_height, (clamped + 0.5) / u_texSize).r;
    return clamp((raw - u_heightMap.x) * u_heightMap.y, 0.0, 1.0);
}

vec3 toLinear(vec3 c) { return pow(c, vec3(2.2)); }
vec3 toSrgb(vec3 c) { return pow(c, vec3(1.0 / 2.2)); }

void main() {
    vec2 texel = v_uv * (u_texSize - 1.0);
    float h = heightAt(texel);
    vec2 spacing = u_extent / max(u_texSize - 1.0, vec2(1.0));
    float dhdx = (heightAt(texel + vec2(1.0, 0.0)) - heightAt(texel - vec2(1.0, 0.0)))
                 * u_heightRange / (2.0 * spacing.x);
    float dhdz = (heightAt(texel + vec2(0.0, 1.0)) - heightAt(texel - vec2(0.0, 1.0)))
                 * u_heightRange / (2.0 * spacing.y);
    vec3 n = normalize(vec3(-dhdx, 1.0, -dhdz));

    float tint = clamp((h - u_tintMap.x) * u_tintMap.y, 0.0, 1.0);
    vec3 albedo = toLinear(texture(u_tint, vec2((tint * 255.0 + 0.5) / 256.0, 0.5)).rgb);
    float steep = smoothstep(0.22, 0.45, 1.0 - n.y);
    albedo = mix(albedo, toLinear(vec3(0.42, 0.38, 0.35)), steep * 0.75);
    if (u_overlayOn) {
        vec2 size = vec2(textureSize(u_overlay, 0));  // texel centres, as heightAt() samples
        float weight = clamp(texture(u_overlay, (v_uv * (size - 1.0) + 0.5) / size).r, 0.0, 1.0);
        albedo = mix(albedo, toLinear(u_overlayColor), weight * 0.7);
    }

    float diffuse = max(dot(n, u_lightDir), 0.0);
    float skyLight = 0.55 + 0.45 * n.y;  // hemisphere: open sky above, ground bounce below
    vec3 light = diffuse * vec3(1.0, 0.96, 0.88) * 1.1 + skyLight * vec3(0.30, 0.36, 0.46);
    vec3 color = albedo * light;

    float haze = 1.0 - exp(-0.4 * length(v_world - u_eye) / u_hazeDistance);
    color = mix(color, toLinear(u_hazeColor), haze * 0.5);
    color = toSrgb(color);
    if (u_drapeOn) {  // over the lit, hazy surface: the drawing reads as a plan laid on the ground
        vec4 drape = texture(u_drape, v_uv);
        color = mix(color, drape.rgb, drape.a);
    }
    if (u_wireframe) color = mix(color, vec3(0.04, 0.05, 0.07), 0.45);
    fragColor = vec4(color, 1.0);
}
