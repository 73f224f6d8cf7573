#include "render/terrain_mesh.h"
#include "test_maps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

namespace terrain::render {
namespace {

TEST(GridMesh, CountsAndIndexRange) {
    const GridMesh mesh = makeGridMesh({5, 3});
    EXPECT_EQ(mesh.uv.size(), 5u * 3u * 2u);
    EXPECT_EQ(mesh.indices.size(), 4u * 2u * 6u);
    EXPECT_EQ(*std::max_element(mesh.indices.begin(), mesh.indices.end()), 5u * 3u - 1u);
    // Every vertex is used.
    std::vector<bool> used(15, false);
    for (auto i : mesh.indices) used[i] = true;
    EXPECT_TRUE(std::all_of(used.begin(), used.end(), [](bool b) { return b; }));
}

TEST(GridMesh, UvSpansTheUnitSquareRowMajor) {
    const GridMesh mesh = makeGridMesh({3, 3});
    EXPECT_FLOAT_EQ(mesh.uv[0], 0.0f);
    EXPECT_FLOAT_EQ(mesh.uv[1], 0.0f);
    EXPECT_FLOAT_EQ(mesh.uv[2], 0.5f);  // second vertex: next column
    EXPECT_FLOAT_EQ(mesh.uv[3], 0.0f);
    EXPECT_FLOAT_EQ(mesh.uv[16], 1.0f);  // last vertex
    EXPECT_FLOAT_EQ(mesh.uv[17], 1.0f);
}

TEST(GridMesh, TrianglesFaceUp) {
    // World x = u, z = v, y up: a counter-clockwise triangle seen from +y has a normal with y > 0.
    const GridMesh mesh = makeGridMesh({4, 4});
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        auto at = [&](std::size_t k) {
            const std::size_t v = mesh.indices[t + k];
            return std::pair{mesh.uv[2 * v], mesh.uv[2 * v + 1]};
        };
        const auto [x0, z0] = at(0);
        const auto [x1, z1] = at(1);
        const auto [x2, z2] = at(2);
        // y component of (p1 - p0) x (p2 - p0) with p = (x, 0, z)
        const float normalY = (z1 - z0) * (x2 - x0) - (x1 - x0) * (z2 - z0);
        EXPECT_GT(normalY, 0.0f) << "triangle " << t / 3;
    }
}

TEST(GridMesh, DegenerateSizesAreRaisedToTwo) {
    const GridMesh mesh = makeGridMesh({1, 0});
    EXPECT_EQ(mesh.size, (GridSize{2, 2}));
    EXPECT_EQ(mesh.indices.size(), 6u);
}

TEST(SkirtMesh, WallsGoOnceAroundTheBorder) {
    const SkirtMesh skirt = makeSkirtMesh({4, 3});
    const std::size_t borderPoints = 2 * (4 - 1) + 2 * (3 - 1);  // 10
    ASSERT_EQ(skirt.vertices.size(), borderPoints * 2 * 3);
    EXPECT_EQ(skirt.indices.size(), borderPoints * 6);
    EXPECT_EQ(*std::max_element(skirt.indices.begin(), skirt.indices.end()), borderPoints * 2 - 1);
    std::set<std::pair<float, float>> seen;
    for (std::size_t k = 0; k < skirt.vertices.size(); k += 6) {
        const float u = skirt.vertices[k];
        const float v = skirt.vertices[k + 1];
        EXPECT_TRUE(u == 0.0f || u == 1.0f || v == 0.0f || v == 1.0f) << u << "," << v;
        EXPECT_FLOAT_EQ(skirt.vertices[k + 2], 0.0f);  // on the terrain's edge
        EXPECT_FLOAT_EQ(skirt.vertices[k + 3], u);     // straight below it, at the base
        EXPECT_FLOAT_EQ(skirt.vertices[k + 4], v);
        EXPECT_FLOAT_EQ(skirt.vertices[k + 5], 1.0f);
        EXPECT_TRUE(seen.insert({u, v}).second) << "visited twice: " << u << "," << v;
    }
    EXPECT_EQ(seen.size(), borderPoints);
}

TEST(MeshResolution, SmallMapsGetAVertexPerSample) {
    EXPECT_EQ(meshResolution(257, 257, 513), (GridSize{257, 257}));
    EXPECT_EQ(meshResolution(513, 513, 513), (GridSize{513, 513}));
}

TEST(MeshResolution, LargeMapsAreCapped) {
    EXPECT_EQ(meshResolution(1025, 1025, 513), (GridSize{513, 513}));
    EXPECT_EQ(meshResolution(8193, 8193, 1025), (GridSize{1025, 1025}));
    const GridSize wide = meshResolution(2049, 1025, 513);  // keeps the aspect
    EXPECT_EQ(wide, (GridSize{513, 257}));
}

TEST(MeshResolution, OneRowMapBecomesARidge) {
    const GridSize ridge = meshResolution(1025, 1, 513);
    EXPECT_EQ(ridge.columns, 513);
    EXPECT_GE(ridge.rows, 2);
    EXPECT_EQ(ridge.rows, 128);  // a quarter: square cells over kProfileDepth
    EXPECT_EQ(meshResolution(3, 1, 513).rows, 2);
}

TEST(HeightTexture, NormalisesThroughTheMapping) {
    const core::Heightmap map = test::rampMap(5, 5);  // 0..8
    const auto mapping = core::resolveMapping(core::HeightMapping{}, map);
    const HeightTexture texture = prepareHeightTexture(map, mapping, 4097);
    ASSERT_EQ(texture.width, 5);
    ASSERT_EQ(texture.height, 5);
    EXPECT_FLOAT_EQ(texture.texels[0], 0.0f);
    EXPECT_FLOAT_EQ(texture.texels[24], 1.0f);
    EXPECT_FLOAT_EQ(texture.texels[2 * 5 + 2], 0.5f);
    EXPECT_FLOAT_EQ(texture.texels[1], 0.125f);  // row-major: (1, 0)
    EXPECT_FLOAT_EQ(texture.texels[5], 0.125f);  // (0, 1)
}

TEST(HeightTexture, AgreesWithTheMappingsUnit) {
    const core::Heightmap map = test::hillMap(33);
    const auto mapping = core::resolveMapping(core::HeightMapping{}, map);
    const HeightTexture texture = prepareHeightTexture(map, mapping, 4097);
    for (int y = 0; y < 33; ++y)
        for (int x = 0; x < 33; ++x)
            ASSERT_NEAR(texture.texels[std::size_t(y * 33 + x)], mapping.unit(map.at(x, y)), 1e-6f);
}

TEST(HeightTexture, NanBecomesZero) {
    core::Heightmap map = test::rampMap(3, 3);
    map.at(1, 1) = std::numeric_limits<float>::quiet_NaN();
    core::ResolvedMapping mapping;
    mapping.lo = 0.0f;
    mapping.hi = 4.0f;
    mapping.scale = 0.25f;
    const HeightTexture texture = prepareHeightTexture(map, mapping, 4097);
    EXPECT_EQ(texture.texels[4], 0.0f);
    EXPECT_FLOAT_EQ(texture.texels[8], 1.0f);
}

TEST(HeightTexture, ClampMappingClamps) {
    const core::Heightmap map = test::rampMap(5, 5);
    const auto mapping = core::resolveMapping(core::HeightMapping::parse("clamp:2:6"), map);
    const HeightTexture texture = prepareHeightTexture(map, mapping, 4097);
    EXPECT_FLOAT_EQ(texture.texels[0], 0.0f);
    EXPECT_FLOAT_EQ(texture.texels[2 * 5 + 2], 0.5f);  // 4
    EXPECT_FLOAT_EQ(texture.texels[24], 1.0f);
}

TEST(HeightTexture, LargeMapsAreAveragedDown) {
    const core::Heightmap map = test::rampMap(9, 9);  // 0..16
    const auto mapping = core::resolveMapping(core::HeightMapping{}, map);
    const HeightTexture texture = prepareHeightTexture(map, mapping, 5);
    ASSERT_EQ(texture.width, 5);  // (9 - 1) / 2 + 1
    ASSERT_EQ(texture.height, 5);
    // An odd box centred on the sample: a linear ramp keeps its value inside, and the clipped
    // corners move only slightly.
    EXPECT_FLOAT_EQ(texture.texels[2 * 5 + 2], 0.5f);  // sample (4, 4) = 8
    EXPECT_FLOAT_EQ(texture.texels[1 * 5 + 1], 0.25f); // sample (2, 2) = 4
    EXPECT_NEAR(texture.texels[0], 1.0f / 16.0f, 1e-6f);  // mean of (0..1)^2 = 1
}

TEST(HeightTexture, OneRowMapStaysOneRow) {
    core::Heightmap line(9, 1);
    for (int x = 0; x < 9; ++x) line.at(x, 0) = float(x);
    const auto mapping = core::resolveMapping(core::HeightMapping{}, line);
    const HeightTexture texture = prepareHeightTexture(line, mapping, 4097);
    EXPECT_EQ(texture.width, 9);
    EXPECT_EQ(texture.height, 1);
    EXPECT_FLOAT_EQ(texture.texels[8], 1.0f);
}

}  // namespace
}  // namespace terrain::render
