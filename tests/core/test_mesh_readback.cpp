// Meshes read back from the files as an importer reads them: the OBJ text (v, vt, vn, f v/vt/vn)
// and the .glb's JSON chunk and binary buffer (POSITION, NORMAL, TEXCOORD_0, indices). Normals
// are the height field's (central differences in metres, one-sided at the map's edges), also
// after simplification, where every vertex is still a sample; UVs span the map 0..1 with the
// image's north row at v = 1 in OBJ (vt has v up) and v = 0 in glTF (v down, (0,0) top-left).
// assimp and Blender read the same files in scripts/cli_game_export.sh and cli_blender.sh.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/mesh_export.h"
#include "export_test_support.h"

namespace terrain::core {
namespace {

using Vec3 = std::array<double, 3>;
using Vec2 = std::array<double, 2>;

// One vertex as an importer sees it: position, normal, UV; triangles index these.
struct ReadMesh {
    std::vector<Vec3> positions, normals;
    std::vector<Vec2> uvs;
    std::vector<std::uint32_t> indices;
};

// OBJ: each face corner "v/vt/vn"; the three indices must agree (one vertex, one normal, one UV
// each), so the corner is one vertex of ReadMesh.
ReadMesh readObj(const std::filesystem::path& path) {
    std::istringstream in(test::readAll(path));
    std::vector<Vec3> v, vn;
    std::vector<Vec2> vt;
    ReadMesh mesh;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string tag;
        words >> tag;
        if (tag == "v" || tag == "vn") {
            Vec3 p{};
            words >> p[0] >> p[1] >> p[2];
            (tag == "v" ? v : vn).push_back(p);
        } else if (tag == "vt") {
            Vec2 t{};
            words >> t[0] >> t[1];
            vt.push_back(t);
        } else if (tag == "f") {
            std::string corner;
            while (words >> corner) {
                unsigned a = 0, b = 0, c = 0;
                if (std::sscanf(corner.c_str(), "%u/%u/%u", &a, &b, &c) != 3) {
                    ADD_FAILURE() << "face corner '" << corner << "' is not v/vt/vn";
                    return mesh;
                }
                EXPECT_TRUE(a == b && b == c) << corner;
                mesh.indices.push_back(a - 1);
            }
        }
    }
    EXPECT_EQ(vn.size(), v.size());
    EXPECT_EQ(vt.size(), v.size());
    mesh.positions = v;
    mesh.normals = vn;
    mesh.uvs = vt;
    return mesh;
}

std::uint32_t u32At(const std::string& bytes, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);  // glTF is little-endian, as the machines we build on
    return v;
}

// glTF 2.0 binary: header, JSON chunk, BIN chunk; each attribute through its accessor and
// buffer view (byteOffset, byteStride if any), as the specification reads them.
ReadMesh readGlb(const std::filesystem::path& path) {
    const std::string bytes = test::readAll(path);
    ReadMesh mesh;
    if (bytes.size() < 28 || u32At(bytes, 0) != 0x46546C67u) {
        ADD_FAILURE() << "not a glb";
        return mesh;
    }
    const std::uint32_t jsonBytes = u32At(bytes, 12);
    const nlohmann::json gltf = nlohmann::json::parse(bytes.substr(20, jsonBytes));
    const std::size_t bin = 20 + jsonBytes + 8;
    EXPECT_EQ(u32At(bytes, 20 + jsonBytes + 4), 0x004E4942u);
    const auto& primitive = gltf.at("meshes").at(0).at("primitives").at(0);
    const auto floats = [&](std::size_t accessorIndex, int components) {
        const auto& accessor = gltf.at("accessors").at(accessorIndex);
        EXPECT_EQ(accessor.at("componentType").get<std::size_t>(), 5126);
        const auto& view = gltf.at("bufferViews").at(accessor.at("bufferView").get<std::size_t>());
        const std::size_t stride = view.value("byteStride", std::size_t(components) * 4);
        const std::size_t start = bin + view.value("byteOffset", std::size_t(0)) + accessor.value("byteOffset", std::size_t(0));
        std::vector<std::array<double, 3>> out(accessor.at("count").get<std::size_t>());
        for (std::size_t i = 0; i < out.size(); ++i) {
            for (int c = 0; c < components; ++c) {
                float f = 0.0f;
                std::memcpy(&f, bytes.data() + start + i * stride + std::size_t(c) * 4, 4);
                out[i][std::size_t(c)] = f;
            }
        }
        return out;
    };
    const auto& attributes = primitive.at("attributes");
    if (!attributes.contains("NORMAL") || !attributes.contains("TEXCOORD_0")) {
        ADD_FAILURE() << "attributes: " << attributes.dump();
        return mesh;
    }
    mesh.positions = floats(attributes.at("POSITION").get<std::size_t>(), 3);
    mesh.normals = floats(attributes.at("NORMAL").get<std::size_t>(), 3);
    for (const auto& t : floats(attributes.at("TEXCOORD_0").get<std::size_t>(), 2)) mesh.uvs.push_back({t[0], t[1]});
    const auto& accessor = gltf.at("accessors").at(primitive.at("indices").get<std::size_t>());
    EXPECT_EQ(accessor.at("componentType").get<std::size_t>(), 5125);
    const auto& view = gltf.at("bufferViews").at(accessor.at("bufferView").get<std::size_t>());
    const std::size_t start = bin + view.value("byteOffset", std::size_t(0)) + accessor.value("byteOffset", std::size_t(0));
    for (std::size_t i = 0; i < accessor.at("count").get<std::size_t>(); ++i) {
        mesh.indices.push_back(u32At(bytes, start + i * 4));
    }
    return mesh;
}

// The height field's normal at sample (x, y), from metres (x east, y up, z south): central
// differences inside, one-sided at the edges, written out independently of the exporter.
Vec3 expectedNormal(const std::vector<double>& metres, int width, int height, double mpp, int x, int y) {
    const auto h = [&](int cx, int cy) { return metres[std::size_t(cy) * std::size_t(width) + std::size_t(cx)]; };
    const int x0 = x > 0 ? x - 1 : 0, x1 = x + 1 < width ? x + 1 : x;
    const int y0 = y > 0 ? y - 1 : 0, y1 = y + 1 < height ? y + 1 : y;
    const double east = (h(x1, y) - h(x0, y)) / (double(x1 - x0) * mpp);
    const double south = (h(x, y1) - h(x, y0)) / (double(y1 - y0) * mpp);
    const double len = std::sqrt(east * east + south * south + 1.0);
    return {-east / len, 1.0 / len, -south / len};
}

struct Surface {
    Heightmap map;
    WorldUnits world;
    std::vector<double> metres;  // what the exporter maps each sample to
};

// h = a x + b y (a plane: every normal equal, (−a, 1, −b)/len per metre) or h = c x² + d y²
// (central differences are exact derivatives of a parabola, one-sided ones are not).
Surface surface(int width, int height, bool parabola) {
    Surface s{Heightmap(width, height), WorldUnits{}, {}};
    s.world.metresPerPixel = 2.5;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            s.map.at(x, y) = parabola ? float(0.02 * x * x + 0.05 * y * y) : float(3.0 * x - 2.0 * y);
        }
    }
    const auto mapping = resolveMapping({}, s.map);
    s.world.loMetres = -40.0;
    s.world.hiMetres = 60.0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) s.metres.push_back(metresOf(mapping, s.world, s.map.at(x, y)));
    }
    return s;
}

// Every vertex: unit normal equal to the field's at its sample, UV (x / (w−1), v) with v as the
// format wants, and the four corners where the format puts them.
void expectNormalsAndUvs(const ReadMesh& mesh, const Surface& s, bool vUp) {
    const int width = s.map.width(), height = s.map.height();
    const double mpp = s.world.metresPerPixel;
    ASSERT_EQ(mesh.normals.size(), mesh.positions.size());
    ASSERT_EQ(mesh.uvs.size(), mesh.positions.size());
    int corners = 0;
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
        const int x = int(std::lround(mesh.positions[i][0] / mpp));
        const int y = int(std::lround(mesh.positions[i][2] / mpp));
        const Vec3& n = mesh.normals[i];
        const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        EXPECT_NEAR(length, 1.0, 1e-6) << "vertex " << i;
        const Vec3 want = expectedNormal(s.metres, width, height, mpp, x, y);
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(n[std::size_t(c)], want[std::size_t(c)], 2e-6) << "vertex " << i << " at (" << x << ", " << y << ") component " << c;
        }
        const double u = double(x) / double(width - 1), down = double(y) / double(height - 1);
        EXPECT_NEAR(mesh.uvs[i][0], u, 1e-7) << "vertex " << i;
        EXPECT_NEAR(mesh.uvs[i][1], vUp ? 1.0 - down : down, 1e-7) << "vertex " << i;
        if ((x == 0 || x == width - 1) && (y == 0 || y == height - 1)) ++corners;
    }
    EXPECT_EQ(corners, 4);
}

TEST(MeshReadBack, PlaneNormalsAreTheAnalyticOnesInObjAndGlb) {
    const Surface s = surface(9, 6, false);
    // Metres per sample east and south: the mapping's slope times the raw steps.
    const double perRaw = 100.0 / (3.0 * 8 + 2.0 * 5);
    const double east = 3.0 * perRaw / 2.5, south = -2.0 * perRaw / 2.5;
    const double len = std::sqrt(east * east + south * south + 1.0);
    test::ScratchDir dir;
    const GridMesh mesh = buildGridMesh(s.map, resolveMapping({}, s.map), s.world, 0);
    writeObj(mesh, dir / "plane.obj");
    writeGlb(mesh, dir / "plane.glb");
    for (const bool obj : {true, false}) {
        SCOPED_TRACE(obj ? "obj" : "glb");
        const ReadMesh read = obj ? readObj(dir / "plane.obj") : readGlb(dir / "plane.glb");
        ASSERT_EQ(read.positions.size(), 54u);
        expectNormalsAndUvs(read, s, obj);
        for (const auto& n : read.normals) {
            EXPECT_NEAR(n[0], -east / len, 1e-6);
            EXPECT_NEAR(n[1], 1.0 / len, 1e-6);
            EXPECT_NEAR(n[2], -south / len, 1e-6);
        }
    }
}

TEST(MeshReadBack, CornersMapToTheImageCornersAsEachFormatExpects) {
    const Surface s = surface(5, 4, false);
    test::ScratchDir dir;
    const GridMesh mesh = buildGridMesh(s.map, resolveMapping({}, s.map), s.world, 0);
    writeObj(mesh, dir / "c.obj");
    writeGlb(mesh, dir / "c.glb");
    const ReadMesh obj = readObj(dir / "c.obj"), glb = readGlb(dir / "c.glb");
    ASSERT_EQ(obj.uvs.size(), 20u);
    ASSERT_EQ(glb.uvs.size(), 20u);
    // Vertex order is row-major from the north-west sample: 0 NW, 4 NE, 15 SW, 19 SE.
    const auto at = [](const ReadMesh& m, std::size_t i) { return m.uvs[i]; };
    EXPECT_EQ(at(obj, 0), (Vec2{0.0, 1.0}));   // the image's top-left (north-west): v up, top = 1
    EXPECT_EQ(at(obj, 4), (Vec2{1.0, 1.0}));
    EXPECT_EQ(at(obj, 15), (Vec2{0.0, 0.0}));
    EXPECT_EQ(at(obj, 19), (Vec2{1.0, 0.0}));
    EXPECT_EQ(at(glb, 0), (Vec2{0.0, 0.0}));   // glTF: (0, 0) is the image's top-left
    EXPECT_EQ(at(glb, 4), (Vec2{1.0, 0.0}));
    EXPECT_EQ(at(glb, 15), (Vec2{0.0, 1.0}));
    EXPECT_EQ(at(glb, 19), (Vec2{1.0, 1.0}));
}

// After simplification each vertex is a sample and carries that sample's gradient, not the
// faces': on a parabola the big triangles' slopes differ from the field's at their corners.
TEST(MeshReadBack, SimplifiedVerticesKeepTheirSamplesGradient) {
    const Surface s = surface(65, 49, true);
    test::ScratchDir dir;
    const GridMesh mesh = buildGridMesh(s.map, resolveMapping({}, s.map), s.world, 300);
    ASSERT_LT(mesh.positions.size() / 3, 65u * 49u);
    writeObj(mesh, dir / "p.obj");
    writeGlb(mesh, dir / "p.glb");
    for (const bool obj : {true, false}) {
        SCOPED_TRACE(obj ? "obj" : "glb");
        const ReadMesh read = obj ? readObj(dir / "p.obj") : readGlb(dir / "p.glb");
        expectNormalsAndUvs(read, s, obj);
        // Inside the map central differences of a parabola are its exact derivative.
        const double perRaw = 100.0 / (0.02 * 64 * 64 + 0.05 * 48 * 48);
        int inside = 0;
        for (std::size_t i = 0; i < read.positions.size(); ++i) {
            const int x = int(std::lround(read.positions[i][0] / 2.5)), y = int(std::lround(read.positions[i][2] / 2.5));
            if (x == 0 || y == 0 || x == 64 || y == 48) continue;
            ++inside;
            const double east = 0.04 * x * perRaw / 2.5, south = 0.1 * y * perRaw / 2.5;
            const double len = std::sqrt(east * east + south * south + 1.0);
            EXPECT_NEAR(read.normals[i][0], -east / len, 2e-6);
            EXPECT_NEAR(read.normals[i][2], -south / len, 2e-6);
        }
        EXPECT_GT(inside, 20);
    }
}

}  // namespace
}  // namespace terrain::core
