// Meshes and derived pictures: the full grid in metres; the error-driven simplification
// (core/io/mesh_simplify.h through buildGridMesh) checked by code that does not share the
// simplifier's: a watertightness check on the index buffer, an area sum, and a brute-force
// vertical error over every sample; normal maps follow the OpenGL / DirectX green conventions.
// assimp and PIL read the files back in scripts/cli_game_export.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "core/io/game_export.h"
#include "core/io/mesh_export.h"
#include "core/io/normal_map.h"
#include "core/io/sidecar.h"
#include "export_test_support.h"

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

TEST(ExportMesh, SimplificationKeepsTheBudgetAndTheCorners) {
    Heightmap map = rampEast(101, 57);
    map.at(40, 20) = 300.0f;  // one spike, so the ramp is not exact with two triangles
    const auto mapping = resolveMapping({}, map);
    const GridMesh mesh = buildGridMesh(map, mapping, WorldUnits{}, 500);
    EXPECT_LE(mesh.indices.size() / 3, 500u);
    EXPECT_GT(mesh.indices.size() / 3, 2u);
    // Corners first: north-west, north-east, south-east, south-west.
    ASSERT_GE(mesh.positions.size(), 12u);
    EXPECT_EQ(mesh.positions[0], 0.0f);
    EXPECT_EQ(mesh.positions[2], 0.0f);
    EXPECT_EQ(mesh.positions[6], 100.0f);
    EXPECT_EQ(mesh.positions[8], 56.0f);
}

struct Vertex {
    std::int64_t x, y;  // sample column, row
    double z;           // metres
};

// Vertices back in sample coordinates (metres per pixel 1 in these tests, so exact).
std::vector<Vertex> verticesOf(const GridMesh& mesh) {
    std::vector<Vertex> out;
    for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
        const auto x = std::llround(mesh.positions[i]), y = std::llround(mesh.positions[i + 2]);
        EXPECT_EQ(double(x), double(mesh.positions[i])) << "vertex off the grid";
        EXPECT_EQ(double(y), double(mesh.positions[i + 2])) << "vertex off the grid";
        out.push_back({x, y, double(mesh.positions[i + 1])});
    }
    return out;
}

std::int64_t twiceArea(const Vertex& a, const Vertex& b, const Vertex& c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Every triangle faces up (counter-clockwise from above = negative in (column, row)), no vertex
// twice, every directed edge once, every edge with one triangle on the map border and every
// other edge with exactly two (so no T-junction), the corners are vertices and the triangles
// add up to the map's area: together, the mesh tiles the map rectangle without cracks.
void expectWatertight(const GridMesh& mesh, int width, int height) {
    const auto v = verticesOf(mesh);
    const std::int64_t right = width - 1, bottom = height - 1;
    std::set<std::pair<std::int64_t, std::int64_t>> seen;
    for (const auto& p : v) {
        EXPECT_TRUE(seen.insert({p.x, p.y}).second) << "vertex (" << p.x << ", " << p.y << ") twice";
        EXPECT_TRUE(p.x >= 0 && p.x <= right && p.y >= 0 && p.y <= bottom);
    }
    for (const auto& corner : {std::pair<std::int64_t, std::int64_t>{0, 0}, {right, 0},
                               {0, bottom}, {right, bottom}}) {
        EXPECT_TRUE(seen.count(corner)) << "corner (" << corner.first << ", " << corner.second
                                        << ") missing";
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    std::int64_t area = 0;
    ASSERT_EQ(mesh.indices.size() % 3, 0u);
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const std::uint32_t i[3] = {mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]};
        for (const auto k : i) ASSERT_LT(k, v.size());
        const std::int64_t a2 = twiceArea(v[i[0]], v[i[1]], v[i[2]]);
        EXPECT_LT(a2, 0) << "triangle " << t / 3 << " is degenerate or faces down";
        area -= a2;
        for (int k = 0; k < 3; ++k) ++directed[{i[k], i[(k + 1) % 3]}];
    }
    EXPECT_EQ(area, 2 * right * bottom) << "triangles do not tile the map";
    for (const auto& [edge, count] : directed) {
        EXPECT_EQ(count, 1) << "directed edge twice";
        if (directed.count({edge.second, edge.first})) continue;  // interior: shared by two
        const Vertex& a = v[edge.first];
        const Vertex& b = v[edge.second];
        const bool onBorder = (a.x == 0 && b.x == 0) || (a.x == right && b.x == right) ||
                              (a.y == 0 && b.y == 0) || (a.y == bottom && b.y == bottom);
        EXPECT_TRUE(onBorder) << "open edge (" << a.x << ", " << a.y << ") - (" << b.x << ", "
                              << b.y << ") inside the map: a crack";
    }
}

// Delaunay: across every interior edge, the far vertex lies outside (or on) the circle through
// the near triangle, so triangles are as round as the chosen vertices allow.
void expectDelaunay(const GridMesh& mesh) {
    const auto v = verticesOf(mesh);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> opposite;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            opposite[{mesh.indices[t + k], mesh.indices[t + (k + 1) % 3]}] =
                mesh.indices[t + (k + 2) % 3];
        }
    }
    int violations = 0;
    for (const auto& [edge, far] : opposite) {
        const auto other = opposite.find({edge.second, edge.first});
        if (other == opposite.end()) continue;
        // (edge.first, edge.second, far) winds clockwise, so this order is counter-clockwise.
        const Vertex& a = v[edge.second];
        const Vertex& b = v[edge.first];
        const Vertex& c = v[far];
        const Vertex& d = v[other->second];
        const std::int64_t adx = a.x - d.x, ady = a.y - d.y, bdx = b.x - d.x, bdy = b.y - d.y;
        const std::int64_t cdx = c.x - d.x, cdy = c.y - d.y;
        const std::int64_t det = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) +
                                 (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
                                 (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
        if (det > 0) ++violations;
    }
    EXPECT_EQ(violations, 0) << "edges that are not locally Delaunay";
}

// Largest |sample - mesh| in metres over every sample, by rasterising each triangle; also
// checks that every sample is covered.
double maxVerticalError(const GridMesh& mesh, const std::vector<float>& metres, int width) {
    const auto v = verticesOf(mesh);
    std::vector<char> covered(metres.size(), 0);
    double worst = 0.0;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const Vertex& a = v[mesh.indices[t]];
        const Vertex& b = v[mesh.indices[t + 1]];
        const Vertex& c = v[mesh.indices[t + 2]];
        const std::int64_t d = twiceArea(a, b, c);
        for (std::int64_t y = std::min({a.y, b.y, c.y}); y <= std::max({a.y, b.y, c.y}); ++y) {
            for (std::int64_t x = std::min({a.x, b.x, c.x}); x <= std::max({a.x, b.x, c.x}); ++x) {
                const Vertex p{x, y, 0.0};
                const std::int64_t wa = twiceArea(p, b, c), wb = twiceArea(a, p, c),
                                   wc = twiceArea(a, b, p);
                if (wa > 0 || wb > 0 || wc > 0) continue;  // outside (triangles are negative)
                const double z = (double(wa) * a.z + double(wb) * b.z + double(wc) * c.z) / double(d);
                const auto i = std::size_t(y) * std::size_t(width) + std::size_t(x);
                covered[i] = 1;
                worst = std::max(worst, std::fabs(double(metres[i]) - z));
            }
        }
    }
    EXPECT_EQ(std::count(covered.begin(), covered.end(), 0), 0) << "samples outside the mesh";
    return worst;
}

std::vector<float> metresOfMap(const Heightmap& map, const ResolvedMapping& mapping,
                               const WorldUnits& world) {
    std::vector<float> out;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            out.push_back(float(metresOf(mapping, world, map.at(x, y))));
        }
    }
    return out;
}

// Flat ground with one narrow cone (radius 6 samples) at (px, py).
Heightmap plainWithPeak(int width, int height, int px, int py) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const double r = std::hypot(double(x - px), double(y - py));
            map.at(x, y) = float(std::max(0.0, 6.0 - r));
        }
    }
    return map;
}

// Rolling hills with a rough, hashed surface: nothing is planar, so every budget is used.
Heightmap hills(int width, int height) {
    Heightmap map(width, height);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint32_t h = std::uint32_t(x) * 73856093u ^ std::uint32_t(y) * 19349663u;
            h = (h ^ (h >> 13)) * 1274126177u;
            const double noise = double(h >> 8) / double(1u << 24);
            map.at(x, y) = float(20.0 * std::sin(x * 0.05) * std::cos(y * 0.07) +
                                 5.0 * std::sin(x * 0.23 + y * 0.17) + 0.5 * noise);
        }
    }
    return map;
}

WorldUnits metresWorld() {
    WorldUnits world;  // 1 m a sample; heights 0..100 m over the map's range
    world.metresPerPixel = 1.0;
    return world;
}

std::size_t triangles(const GridMesh& mesh) { return mesh.indices.size() / 3; }

TEST(MeshSimplify, SpendsTrianglesOnThePeakNotOnThePlain) {
    const int width = 200, height = 150, px = 60, py = 40;
    const Heightmap map = plainWithPeak(width, height, px, py);
    const auto mapping = resolveMapping({}, map);
    const GridMesh mesh = buildGridMesh(map, mapping, metresWorld(), 200);
    ASSERT_LE(triangles(mesh), 200u);
    expectWatertight(mesh, width, height);
    expectDelaunay(mesh);
    // The cone covers 0.4 % of the map (with a ring of 3 samples around it, 1.4 %); a uniform
    // mesh would put that share of its triangles there. Most should be there.
    const auto v = verticesOf(mesh);
    std::size_t near = 0;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const Vertex& a = v[mesh.indices[t]];
        const Vertex& b = v[mesh.indices[t + 1]];
        const Vertex& c = v[mesh.indices[t + 2]];
        const double cx = double(a.x + b.x + c.x) / 3.0, cy = double(a.y + b.y + c.y) / 3.0;
        if (std::hypot(cx - px, cy - py) <= 9.0) ++near;
    }
    EXPECT_GT(near * 10, triangles(mesh) * 7) << near << " of " << triangles(mesh);
    // And the cone is represented: the summit is a vertex at full height.
    EXPECT_TRUE(std::any_of(v.begin(), v.end(), [&](const Vertex& p) {
        return p.x == px && p.y == py && p.z == 100.0;
    }));
}

TEST(MeshSimplify, ErrorFallsAsTheBudgetGrows) {
    const int width = 97, height = 61;  // not 2^n+1
    const Heightmap map = hills(width, height);
    const auto mapping = resolveMapping({}, map);
    const auto metres = metresOfMap(map, mapping, metresWorld());
    double previous = 1e300;
    for (const std::int64_t budget : {2, 16, 64, 256, 1024, 4096}) {
        const GridMesh mesh = buildGridMesh(map, mapping, metresWorld(), budget);
        const double error = maxVerticalError(mesh, metres, width);
        EXPECT_LT(error, previous) << "budget " << budget;
        // The simplifier's own figure is the same error, measured on its own planes.
        EXPECT_NEAR(mesh.maxErrorMetres, error, 1e-4) << "budget " << budget;
        previous = error;
    }
    EXPECT_LT(previous, 2.0);  // of a 100 m range, with 4096 of the 11520 grid triangles
}

// The export reports the mesh it wrote: its sidecar holds the vertices, the triangles and the
// largest vertical error (the brute-force figure over every sample), 0 for the full grid; a
// tiled export sums the counts and keeps the worst error.
TEST(MeshSimplify, TheSidecarAndTheResultCarryTheMaxError) {
    const int width = 97, height = 61;
    const Heightmap map = hills(width, height);
    const auto mapping = resolveMapping({}, map);
    const auto metres = metresOfMap(map, mapping, metresWorld());
    const auto sidecarMesh = [](const std::filesystem::path& file) {
        std::ifstream in(sidecarPath(file));
        return nlohmann::json::parse(in).at("mesh");
    };
    test::ScratchDir dir;
    for (const char* name : {"hills.obj", "hills.glb"}) {
        SCOPED_TRACE(name);
        GameExportRequest request;
        request.output = dir / name;
        request.world = metresWorld();
        request.targetTriangles = 500;
        const GameExportResult simplified = runGameExport(map, request);
        const GridMesh mesh = buildGridMesh(map, mapping, metresWorld(), 500);
        const double error = maxVerticalError(mesh, metres, width);
        ASSERT_GT(error, 0.1);
        const nlohmann::json j = sidecarMesh(request.output);
        EXPECT_NEAR(j.at("max_error_metres").get<double>(), error, 1e-4);
        EXPECT_EQ(j.at("triangles").get<std::int64_t>(), std::int64_t(triangles(mesh)));
        EXPECT_EQ(j.at("vertices").get<std::int64_t>(), std::int64_t(mesh.positions.size() / 3));
        ASSERT_TRUE(simplified.mesh);
        EXPECT_NEAR(simplified.mesh->maxErrorMetres, error, 1e-4);
        EXPECT_EQ(simplified.mesh->triangles, std::int64_t(triangles(mesh)));

        request.targetTriangles = 0;  // every sample
        const GameExportResult full = runGameExport(map, request);
        EXPECT_EQ(sidecarMesh(request.output).at("max_error_metres").get<double>(), 0.0);
        EXPECT_EQ(sidecarMesh(request.output).at("triangles").get<std::int64_t>(),
                  2 * std::int64_t(width - 1) * (height - 1));
        ASSERT_TRUE(full.mesh);
        EXPECT_EQ(full.mesh->maxErrorMetres, 0.0);
    }
    // Tiles: each sidecar has its own tile's figures; the result sums them and keeps the worst.
    GameExportRequest tiled;
    tiled.output = dir / "tiled.obj";
    tiled.world = metresWorld();
    tiled.targetTriangles = 100;
    tiled.tiles = TileLayout{2, 1, 1, 0, 0};
    const GameExportResult result = runGameExport(map, tiled);
    ASSERT_EQ(result.files.size(), 2u);
    ASSERT_TRUE(result.mesh);
    double worst = 0.0;
    std::int64_t sum = 0;
    for (const auto& file : result.files) {
        const nlohmann::json j = sidecarMesh(file);
        worst = std::max(worst, j.at("max_error_metres").get<double>());
        sum += j.at("triangles").get<std::int64_t>();
    }
    EXPECT_GT(worst, 0.0);
    EXPECT_EQ(result.mesh->maxErrorMetres, worst);
    EXPECT_EQ(result.mesh->triangles, sum);
    // Other formats have no mesh.
    GameExportRequest png;
    png.output = dir / "hills.png";
    EXPECT_FALSE(runGameExport(map, png).mesh);
    std::ifstream in(sidecarPath(png.output));
    EXPECT_FALSE(nlohmann::json::parse(in).contains("mesh"));
}

// Large triangles are searched block by block, skipping blocks whose min/max heights cannot
// beat the worst sample found; the error it reports must still be the true worst one, also
// where the plane runs far above flat ground: a raised corner; a slope along x that only the
// north and south ends keep, so the first triangles span the east edge at full height while
// the ground between is flat at the north-west corner's height; hills on a tilt.
TEST(MeshSimplify, ReportsTheTrueWorstError) {
    Heightmap corner(200, 120);
    corner.at(199, 0) = 100.0f;
    Heightmap ends(200, 120);
    for (int y = 0; y < 120; ++y) {
        const int fromEnd = std::min(y, 119 - y);
        const double keep = std::clamp(1.0 - double(fromEnd - 8) / 16.0, 0.0, 1.0);
        for (int x = 0; x < 200; ++x) ends.at(x, y) = float(100.0 * x / 199.0 * keep);
    }
    Heightmap tilted = hills(150, 90);
    for (int y = 0; y < 90; ++y) {
        for (int x = 0; x < 150; ++x) tilted.at(x, y) += float(3 * x + y);
    }
    for (const Heightmap* map : {&corner, &ends, &tilted}) {
        const auto mapping = resolveMapping({}, *map);
        const auto metres = metresOfMap(*map, mapping, metresWorld());
        for (const std::int64_t budget : {2, 3, 8, 32, 128}) {
            SCOPED_TRACE(testing::Message() << map->width() << "x" << map->height() << " budget "
                                            << budget);
            const GridMesh mesh = buildGridMesh(*map, mapping, metresWorld(), budget);
            const double error = maxVerticalError(mesh, metres, map->width());
            EXPECT_NEAR(mesh.maxErrorMetres, error, 1e-4);
            if (std::int64_t(triangles(mesh)) < budget - 1) {
                EXPECT_LT(error, 1e-4);  // stopped early: only when exact
            }
        }
    }
}

// What the export did before: every step-th sample (the map size must fit the step).
GridMesh regularMesh(const std::vector<float>& metres, int width, int height, int step) {
    GridMesh mesh;
    const int columns = (width - 1) / step + 1, rows = (height - 1) / step + 1;
    for (int y = 0; y < height; y += step) {
        for (int x = 0; x < width; x += step) {
            mesh.positions.insert(mesh.positions.end(),
                                  {float(x), metres[std::size_t(y * width + x)], float(y)});
        }
    }
    for (int r = 0; r + 1 < rows; ++r) {
        for (int q = 0; q + 1 < columns; ++q) {
            const auto v00 = std::uint32_t(r * columns + q), v10 = v00 + 1,
                       v01 = v00 + std::uint32_t(columns), v11 = v01 + 1;
            mesh.indices.insert(mesh.indices.end(), {v00, v01, v10, v10, v01, v11});
        }
    }
    return mesh;
}

TEST(MeshSimplify, BeatsRegularDecimationOnTheSameBudget) {
    for (const auto& [px, py] : std::vector<std::pair<int, int>>{{50, 70}, {64, 64}}) {
        const Heightmap map = plainWithPeak(129, 129, px, py);
        const auto mapping = resolveMapping({}, map);
        const auto metres = metresOfMap(map, mapping, metresWorld());
        const GridMesh regular = regularMesh(metres, 129, 129, 8);  // 17 x 17 vertices
        expectWatertight(regular, 129, 129);
        ASSERT_EQ(triangles(regular), 512u);
        const GridMesh mesh = buildGridMesh(map, mapping, metresWorld(), 512);
        const double simplified = maxVerticalError(mesh, metres, 129);
        const double decimated = maxVerticalError(regular, metres, 129);
        EXPECT_LT(simplified * 10.0, decimated) << simplified << " m vs " << decimated << " m";
    }
}

TEST(MeshSimplify, KeepsTheBudgetAndComesCloseForAnySize) {
    for (const auto& [width, height] : std::vector<std::pair<int, int>>{
             {2, 2}, {3, 2}, {2, 40}, {33, 33}, {100, 37}, {257, 129}, {130, 131}}) {
        const Heightmap map = hills(width, height);
        const auto mapping = resolveMapping({}, map);
        const std::int64_t full = 2 * std::int64_t(width - 1) * (height - 1);
        for (const std::int64_t budget : {std::int64_t(2), std::int64_t(3), std::int64_t(7),
                                          full / 3, full - 1, full}) {
            if (budget < 2) continue;
            SCOPED_TRACE(testing::Message() << width << "x" << height << " budget " << budget);
            const GridMesh mesh = buildGridMesh(map, mapping, metresWorld(), budget);
            EXPECT_LE(std::int64_t(triangles(mesh)), budget);
            // Each insertion adds one or two triangles; it stops short only when every sample
            // is within float rounding (2^-20 of 100 m) of the mesh.
            if (std::int64_t(triangles(mesh)) < std::min(budget, full) - 1) {
                EXPECT_LE(mesh.maxErrorMetres, 1e-4) << triangles(mesh) << " triangles";
            }
            if (budget <= full / 3) {
                EXPECT_GE(std::int64_t(triangles(mesh)), budget - 1);
            }
            expectWatertight(mesh, width, height);
            expectDelaunay(mesh);
        }
    }
}

TEST(MeshSimplify, StopsEarlyWhereAPlaneFits) {
    Heightmap ramp(64, 40);
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 64; ++x) ramp.at(x, y) = float(x + 2 * y);
    }
    const GridMesh mesh = buildGridMesh(ramp, resolveMapping({}, ramp), metresWorld(), 1000);
    EXPECT_EQ(triangles(mesh), 2u);
    EXPECT_LT(mesh.maxErrorMetres, 1e-4);  // float rounding of the metres, not relief
    expectWatertight(mesh, 64, 40);
}

TEST(MeshSimplify, FullBudgetAndZeroKeepEverySampleAndOneIsRefused) {
    const Heightmap map = hills(9, 5);
    const auto mapping = resolveMapping({}, map);
    EXPECT_EQ(triangles(buildGridMesh(map, mapping, metresWorld(), 0)), 64u);
    EXPECT_EQ(triangles(buildGridMesh(map, mapping, metresWorld(), 64)), 64u);
    EXPECT_EQ(triangles(buildGridMesh(map, mapping, metresWorld(), 1000)), 64u);
    EXPECT_LE(triangles(buildGridMesh(map, mapping, metresWorld(), 63)), 63u);
    EXPECT_THROW(buildGridMesh(map, mapping, metresWorld(), 1), InputError);
    EXPECT_THROW(buildGridMesh(map, mapping, metresWorld(), -5), InputError);
}

TEST(MeshSimplify, SameBytesEveryRun) {
    const Heightmap map = hills(301, 203);
    const auto mapping = resolveMapping({}, map);
    WorldUnits world;
    world.metresPerPixel = 2.5;
    test::ScratchDir dir;
    std::string first[2];
    for (int run = 0; run < 3; ++run) {
        const GridMesh mesh = buildGridMesh(map, mapping, world, 5000);
        writeObj(mesh, dir / "m.obj");
        writeGlb(mesh, dir / "m.glb");
        const std::string bytes[2] = {test::readAll(dir / "m.obj"), test::readAll(dir / "m.glb")};
        if (run == 0) {
            first[0] = bytes[0];
            first[1] = bytes[1];
            EXPECT_GT(first[1].size(), 5000u * 12u);
        } else {
            EXPECT_EQ(bytes[0], first[0]) << "obj differs on run " << run;
            EXPECT_EQ(bytes[1], first[1]) << "glb differs on run " << run;
        }
    }
}

TEST(MeshSimplify, CoversTheCornersInMetres) {
    const Heightmap map = hills(101, 57);
    WorldUnits world;
    world.metresPerPixel = 2.0;
    world.loMetres = -10.0;
    world.hiMetres = 30.0;
    const GridMesh mesh = buildGridMesh(map, resolveMapping({}, map), world, 500);
    std::set<std::pair<float, float>> corners;
    float lo = 1e30f, hi = -1e30f;
    for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
        corners.insert({mesh.positions[i], mesh.positions[i + 2]});
        lo = std::min(lo, mesh.positions[i + 1]);
        hi = std::max(hi, mesh.positions[i + 1]);
    }
    for (const auto& c : {std::pair<float, float>{0.0f, 0.0f}, {200.0f, 0.0f}, {0.0f, 112.0f},
                          {200.0f, 112.0f}}) {
        EXPECT_TRUE(corners.count(c)) << c.first << ", " << c.second;
    }
    EXPECT_GE(lo, -10.0f);
    EXPECT_LE(hi, 30.0f);
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
