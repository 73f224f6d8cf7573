#pragma once
// A camera that orbits a target point: the 3-D view's state, plain maths so it can be tested
// without OpenGL. World axes: x east, y up, z south (map rows grow southwards).
#include <glm/glm.hpp>

#include <QMatrix4x4>

namespace terrain::render {

struct OrbitCamera {
    static constexpr float kMaxElevation_rad = 1.5533430f;  // 89 degrees: lookAt stays defined
    static constexpr float kMinElevation_rad = -1.5533430f;

    glm::vec3 target{0.0f, 0.0f, 0.0f};
    // 0 puts the eye south of the target looking north; positive turns the eye towards the east
    // (counter-clockwise seen from above).
    float azimuth_rad = 0.0f;
    float elevation_rad = 0.6f;  // above the target's horizontal plane
    float distance = 2.0f;
    float fovY_rad = 0.7853982f;  // 45 degrees
    float minDistance = 0.01f;
    float maxDistance = 100.0f;

    glm::vec3 eye() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;

    // Elevation is clamped to [kMinElevation_rad, kMaxElevation_rad]; azimuth wraps to [-pi, pi).
    void orbit(float dAzimuth_rad, float dElevation_rad);
    // Moves the target along the screen's right (dx) and up (dy) axes, in units of the view
    // height at the target: pan(0.5, 0) moves it half a screen height to the right.
    void pan(float dx, float dy);
    // Multiplies the distance by `factor` (< 1 moves closer), clamped to [minDistance, maxDistance].
    void zoom(float factor);
    // Looks at the centre of the box from the current direction, as close as it can while the
    // whole box stays inside the view for any aspect ratio >= minAspect (width / height); sets
    // the distance limits to suit the box.
    void frame(glm::vec3 boxMin, glm::vec3 boxMax, float minAspect = 1.0f);
};

// glm is column-major, QMatrix4x4's float constructor row-major: the one place they meet.
QMatrix4x4 toQMatrix(const glm::mat4& m);

}  // namespace terrain::render
