#include "render/orbit_camera.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <QVector3D>

#include <cmath>

namespace terrain::render {
namespace {

// Every corner of the box lands inside the clip volume.
void expectBoxInView(const OrbitCamera& camera, glm::vec3 lo, glm::vec3 hi, float aspect) {
    const glm::mat4 viewProjection = camera.projection(aspect) * camera.view();
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec4 p{(corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                          (corner & 4) ? hi.z : lo.z, 1.0f};
        const glm::vec4 clip = viewProjection * p;
        ASSERT_GT(clip.w, 0.0f) << "corner " << corner << " behind the camera";
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        EXPECT_LE(std::abs(ndc.x), 1.0f) << "corner " << corner << " aspect " << aspect;
        EXPECT_LE(std::abs(ndc.y), 1.0f) << "corner " << corner << " aspect " << aspect;
        EXPECT_LE(std::abs(ndc.z), 1.0f) << "corner " << corner << " aspect " << aspect;
    }
}

TEST(OrbitCamera, FrameContainsTheBoxFromAnyDirection) {
    const glm::vec3 lo{-0.5f, 0.0f, -0.5f};
    const glm::vec3 hi{0.5f, 0.25f, 0.5f};
    for (float azimuth = -3.0f; azimuth < 3.2f; azimuth += 0.7f) {
        for (float elevation : {-0.5f, 0.1f, 0.6f, 1.5f}) {
            OrbitCamera camera;
            camera.azimuth_rad = azimuth;
            camera.elevation_rad = elevation;
            camera.frame(lo, hi);
            // The target stays near the box's centre (it moves to centre the projection).
            EXPECT_LT(glm::length(camera.target - (lo + hi) * 0.5f), 0.5f);
            expectBoxInView(camera, lo, hi, 1.0f);
            expectBoxInView(camera, lo, hi, 16.0f / 9.0f);
        }
    }
}

TEST(OrbitCamera, FrameForANarrowViewBacksOffFurther) {
    const glm::vec3 lo{-2.0f, 0.0f, -0.1f};
    const glm::vec3 hi{2.0f, 0.5f, 0.1f};
    OrbitCamera wide;
    wide.frame(lo, hi, 1.0f);
    OrbitCamera narrow;
    narrow.frame(lo, hi, 0.4f);
    EXPECT_GT(narrow.distance, wide.distance);
    expectBoxInView(narrow, lo, hi, 0.4f);
}

TEST(OrbitCamera, FrameFillsAReasonablePartOfTheView) {
    // Not so far away that the box is a speck: its width covers at least half the view.
    OrbitCamera camera;
    camera.elevation_rad = 0.0f;
    camera.frame({-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f});
    const glm::vec4 clip = camera.projection(1.0f) * camera.view() * glm::vec4(0.5f, 0.0f, 0.5f, 1.0f);
    EXPECT_GT(std::abs(clip.x / clip.w), 0.5f);
}

TEST(OrbitCamera, OrbitChangesAzimuthAndWraps) {
    OrbitCamera camera;
    camera.azimuth_rad = 0.0f;
    const glm::vec3 eyeBefore = camera.eye();
    camera.orbit(0.5f, 0.0f);
    EXPECT_FLOAT_EQ(camera.azimuth_rad, 0.5f);
    EXPECT_GT(glm::length(camera.eye() - eyeBefore), 0.1f);
    EXPECT_NEAR(glm::length(camera.eye() - camera.target), camera.distance, 1e-5f);
    camera.orbit(7.0f, 0.0f);  // past a full turn
    EXPECT_GE(camera.azimuth_rad, -3.1416f);
    EXPECT_LT(camera.azimuth_rad, 3.1416f);
    EXPECT_NEAR(std::remainder(camera.azimuth_rad - 7.5f, 6.2831853f), 0.0f, 1e-4f);
}

TEST(OrbitCamera, AzimuthZeroLooksNorthFromTheSouth) {
    OrbitCamera camera;
    camera.azimuth_rad = 0.0f;
    camera.elevation_rad = 0.0f;
    EXPECT_GT(camera.eye().z, 0.0f);  // south of the target (z grows south)
    EXPECT_NEAR(camera.eye().x, 0.0f, 1e-6f);
}

TEST(OrbitCamera, ElevationClamps) {
    OrbitCamera camera;
    camera.orbit(0.0f, 10.0f);
    EXPECT_FLOAT_EQ(camera.elevation_rad, OrbitCamera::kMaxElevation_rad);
    EXPECT_LT(camera.elevation_rad, 1.5707963f);
    camera.orbit(0.0f, -20.0f);
    EXPECT_FLOAT_EQ(camera.elevation_rad, OrbitCamera::kMinElevation_rad);
    // The view stays well defined at the limit (no NaN from lookAt).
    camera.orbit(0.0f, 40.0f);
    const glm::mat4 view = camera.view();
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) EXPECT_TRUE(std::isfinite(view[c][r]));
}

TEST(OrbitCamera, ZoomClampsDistance) {
    OrbitCamera camera;
    camera.minDistance = 0.5f;
    camera.maxDistance = 4.0f;
    camera.distance = 2.0f;
    camera.zoom(0.5f);
    EXPECT_FLOAT_EQ(camera.distance, 1.0f);
    camera.zoom(0.01f);
    EXPECT_FLOAT_EQ(camera.distance, 0.5f);
    camera.zoom(1000.0f);
    EXPECT_FLOAT_EQ(camera.distance, 4.0f);
    camera.zoom(0.0f);  // ignored
    camera.zoom(-1.0f);
    EXPECT_FLOAT_EQ(camera.distance, 4.0f);
}

TEST(OrbitCamera, PanMovesTheTargetAlongTheScreen) {
    OrbitCamera camera;
    camera.azimuth_rad = 0.0f;
    camera.elevation_rad = 0.0f;  // looking north along -z: screen right is +x (east)
    camera.pan(0.5f, 0.0f);
    EXPECT_GT(camera.target.x, 0.0f);
    EXPECT_NEAR(camera.target.y, 0.0f, 1e-6f);
    const float viewHeight = 2.0f * camera.distance * std::tan(camera.fovY_rad * 0.5f);
    EXPECT_NEAR(camera.target.x, 0.5f * viewHeight, 1e-5f);
    camera.pan(0.0f, 0.25f);
    EXPECT_NEAR(camera.target.y, 0.25f * viewHeight, 1e-5f);
}

TEST(OrbitCamera, ToQMatrixMatchesGlm) {
    const glm::mat4 m = glm::perspective(0.8f, 1.5f, 0.1f, 10.0f) *
                        glm::lookAt(glm::vec3(1, 2, 3), glm::vec3(0), glm::vec3(0, 1, 0)) *
                        glm::translate(glm::mat4(1.0f), glm::vec3(0.3f, -0.2f, 0.7f));
    const QMatrix4x4 q = toQMatrix(m);
    const glm::vec4 p{0.25f, -1.5f, 2.0f, 1.0f};
    const glm::vec4 expected = m * p;
    const QVector4D actual = q * QVector4D(p.x, p.y, p.z, p.w);
    EXPECT_NEAR(actual.x(), expected.x, 1e-5f);
    EXPECT_NEAR(actual.y(), expected.y, 1e-5f);
    EXPECT_NEAR(actual.z(), expected.z, 1e-5f);
    EXPECT_NEAR(actual.w(), expected.w, 1e-5f);
    EXPECT_FLOAT_EQ(q(0, 3), m[3][0]);  // Qt (row, column) = glm [column][row]
}

}  // namespace
}  // namespace terrain::render
