#include "orbit_camera.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace terrain::render {

glm::vec3 OrbitCamera::eye() const {
    const float c = std::cos(elevation_rad);
    const glm::vec3 offset{c * std::sin(azimuth_rad), std::sin(elevation_rad),
                           c * std::cos(azimuth_rad)};
    return target + distance * offset;
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0, 1, 0)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
    // The near plane follows the distance so zooming in never clips the terrain, and the ratio
    // far/near stays at 1e4 for the depth buffer's precision.
    const float nearPlane = std::max(distance * 0.01f, 1e-5f);
    return glm::perspective(fovY_rad, std::max(aspect, 1e-3f), nearPlane, nearPlane * 1e4f);
}

void OrbitCamera::orbit(float dAzimuth_rad, float dElevation_rad) {
    constexpr float pi = std::numbers::pi_v<float>;
    azimuth_rad = std::remainder(azimuth_rad + dAzimuth_rad, 2.0f * pi);
    if (azimuth_rad >= pi) azimuth_rad -= 2.0f * pi;
    elevation_rad = std::clamp(elevation_rad + dElevation_rad, kMinElevation_rad, kMaxElevation_rad);
}

void OrbitCamera::pan(float dx, float dy) {
    const glm::vec3 forward = glm::normalize(target - eye());
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, forward);
    const float viewHeight = 2.0f * distance * std::tan(fovY_rad * 0.5f);
    target += (right * dx + up * dy) * viewHeight;
}

void OrbitCamera::zoom(float factor) {
    if (!(factor > 0.0f)) return;
    distance = std::clamp(distance * factor, minDistance, maxDistance);
}

void OrbitCamera::frame(glm::vec3 boxMin, glm::vec3 boxMax, float minAspect) {
    target = (boxMin + boxMax) * 0.5f;
    const float radius = std::max(glm::length(boxMax - boxMin) * 0.5f, 1e-4f);
    minDistance = radius * 0.02f;
    maxDistance = radius * 50.0f;

    // Keep the viewing direction. A corner at r from the target, at depth d + r.f from the eye,
    // is in view when |r.right| <= tanX (d + r.f) and |r.up| <= tanY (d + r.f): the smallest such
    // d fits the box. Perspective puts the box off-centre, so the target then moves to centre
    // the box's projection and the distance is found again; a few rounds settle it.
    const glm::vec3 forward = glm::normalize(target - eye());
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, forward);
    const float tanY = std::tan(fovY_rad * 0.5f);
    const float tanX = tanY * std::max(minAspect, 1e-3f);
    auto corner = [&](int i) {
        return glm::vec3((i & 1) ? boxMax.x : boxMin.x, (i & 2) ? boxMax.y : boxMin.y,
                         (i & 4) ? boxMax.z : boxMin.z);
    };
    for (int round = 0; round < 4; ++round) {
        float needed = 0.0f;
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 r = corner(i) - target;
            const float depthOffset = glm::dot(r, forward);
            needed = std::max({needed, std::abs(glm::dot(r, right)) / tanX - depthOffset,
                               std::abs(glm::dot(r, up)) / tanY - depthOffset});
        }
        // A small margin, and never inside the box (the near plane follows the distance).
        distance = std::clamp(std::max(needed * 1.04f, radius * 1.1f), minDistance, maxDistance);
        if (round == 3) break;
        glm::vec2 lo{1e30f}, hi{-1e30f};  // the corners' projection, in tan units
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 r = corner(i) - target;
            const float depth = distance + glm::dot(r, forward);
            const glm::vec2 p{glm::dot(r, right) / depth, glm::dot(r, up) / depth};
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        const glm::vec2 centre = (lo + hi) * 0.5f * distance;
        target += right * centre.x + up * centre.y;
    }
}

QMatrix4x4 toQMatrix(const glm::mat4& m) {
    return QMatrix4x4(glm::value_ptr(m)).transposed();
}

}  // namespace terrain::render
