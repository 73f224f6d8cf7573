// Meshes and derived pictures: grid decimation keeps the corners and the budget; normal maps
// follow the OpenGL / DirectX green conventions. assimp and PIL read the files back in
// scripts/cli_game_export.sh.
#include <gtest/gtest.h>

#include "core/io/mesh_export.h"
#include "core/io/normal_map.h"

namespace terrain::core {
namespace {

Heightmap rampEast(int width, int height) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) map.at(x, y) = float(x);
    }
    return map;
}

TEST(ExportMesh, FullGridIsInMetresAndFacesUp) {
    const Heightmap map = rampEast(5, 3);
    WorldUnits world;
    world.metresPerPixel = 2.0;
    world.loMetres = 10.0;
    world.hiMetres = 18.0;
    const GridMesh mesh = buildGridMesh(map, resolveMapping({}, map), world, 0);
    ASSERT_EQ(mesh.positions.size(), 5u * 3u * 3u);
    ASSERT_EQ(mesh.indices.size(), 4u * 2u * 6u);
    // Last vertex: x = 4 * 2 m, height = 18 m, z = 2 * 2 m.
    EXPECT_EQ(mesh.positions[14 * 3 + 0], 8.0f);
    EXPECT_EQ(mesh.positions[14 * 3 + 1], 18.0f);
    EXPECT_EQ(mesh.positions[14 * 3 + 2], 4.0f);
    // Every triangle's normal has a positive y (up) component on a ramp.
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const float* a = &mesh.positions[mesh.indices[t] * 3];
        const float* b = &mesh.positions[mesh.indices[t + 1] * 3];
        const float* c = &mesh.positions[mesh.indices[t + 2] * 3];
        const float ux = b[0] - a[0], uz = b[2] - a[2], vx = c[0] - a[0], vz = c[2] - a[2];
        EXPECT_GT(uz * vx - ux * vz, 0.0f) << "triangle " << t / 3;
    }
}

TEST(ExportMesh, DecimationKeepsTheBudgetAndTheCorners) {
    const Heightmap map = rampEast(101, 57);
    const auto mapping = resolveMapping({}, map);
    const GridMesh mesh = buildGridMesh(map, mapping, WorldUnits{}, 500);
    EXPECT_LE(mesh.indices.size() / 3, 500u);
    EXPECT_GT(mesh.step, 1);
    const std::size_t last = mesh.positions.size() - 3;
    EXPECT_EQ(mesh.positions[last], 100.0f);
    EXPECT_EQ(mesh.positions[last + 2], 56.0f);
}

TEST(ExportNormalMap, GreenFollowsTheConvention) {
    Heightmap flat(3, 3);
    const auto flatMap = normalMap(flat, resolveMapping({}, flat), WorldUnits{}, NormalConvention::OpenGL);
    EXPECT_EQ(flatMap.at(1, 1), (Rgb{128, 128, 255}));
    const auto flat16 = normalMap16(flat, resolveMapping({}, flat), WorldUnits{}, NormalConvention::OpenGL);
    ASSERT_EQ(flat16.size(), 27u);
    EXPECT_EQ(flat16[12], 32768);  // centre pixel: (0, 0, 1) -> half, half, full
    EXPECT_EQ(flat16[13], 32768);
    EXPECT_EQ(flat16[14], 65535);

    // Rising to the north (row 0 is north): the surface tilts to face south, so the normal's
    // north component is negative: OpenGL green < 128, DirectX green > 128.
    Heightmap north(3, 3);
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 3; ++x) north.at(x, y) = float(2 - y);
    }
    WorldUnits world;
    world.hiMetres = 2.0;  // one metre per row: 45 degrees
    const auto m = resolveMapping({}, north);
    EXPECT_LT(normalMap(north, m, world, NormalConvention::OpenGL).at(1, 1).g, 128);
    EXPECT_GT(normalMap(north, m, world, NormalConvention::DirectX).at(1, 1).g, 128);
    EXPECT_EQ(normalMap(north, m, world, NormalConvention::OpenGL).at(1, 1).r, 128);
}

}  // namespace
}  // namespace terrain::core
