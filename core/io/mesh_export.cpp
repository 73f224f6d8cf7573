#include "mesh_export.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "../errors.h"
#include "atomic_file.h"
#include "float_rows.h"
#include "mesh_simplify.h"

#ifndef TERRAIN_VERSION
#define TERRAIN_VERSION "unknown"
#endif

namespace terrain::core {

namespace {

void appendU32(std::string& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out += static_cast<char>((v >> (8 * b)) & 0xffu);
}

// Every sample, two triangles a grid cell.
GridMesh fullGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                      const WorldUnits& world) {
    const std::uint64_t columns = std::uint64_t(map.width()), rows = std::uint64_t(map.height());
    const std::uint64_t vertices = columns * rows;
    // 12 bytes a vertex, 6 indices of 4 bytes a quad, and about as much again while writing.
    checkGridFits("the mesh", map.width(), map.height(), 2 * (12 + 24));
    if (vertices > std::numeric_limits<std::uint32_t>::max()) {
        throw InputError(field::kTriangles, std::to_string(vertices) + " vertices",
                         "at most 2^32-1 vertices; ask for fewer triangles");
    }
    GridMesh mesh;
    mesh.positions.reserve(vertices * 3);
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            mesh.positions.push_back(float(double(x) * world.metresPerPixel));
            mesh.positions.push_back(float(metresOf(mapping, world, map.at(x, y))));
            mesh.positions.push_back(float(double(y) * world.metresPerPixel));
        }
    }
    mesh.indices.reserve((columns - 1) * (rows - 1) * 6);
    const auto c = std::uint32_t(columns);
    for (std::uint32_t r = 0; r + 1 < std::uint32_t(rows); ++r) {
        for (std::uint32_t q = 0; q + 1 < c; ++q) {
            const std::uint32_t v00 = r * c + q, v10 = v00 + 1, v01 = v00 + c, v11 = v01 + 1;
            mesh.indices.insert(mesh.indices.end(), {v00, v01, v10, v10, v01, v11});
        }
    }
    return mesh;
}

}  // namespace

GridMesh buildGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                       const WorldUnits& world, std::int64_t targetTriangles) {
    if (map.width() < 2 || map.height() < 2) {
        throw InputError(field::kFormat, "mesh of a " + std::to_string(map.width()) + "x" +
                                         std::to_string(map.height()) + " map",
                         "a map at least 2 samples wide and high");
    }
    if (targetTriangles < 0 || targetTriangles == 1) {
        throw InputError(field::kTriangles, std::to_string(targetTriangles),
                         "0 (every sample) or at least 2");
    }
    const std::int64_t full = 2 * std::int64_t(map.width() - 1) * std::int64_t(map.height() - 1);
    if (targetTriangles == 0 || targetTriangles >= full) return fullGridMesh(map, mapping, world);

    // The simplifier measures errors in metres (the mapping may clamp, so raw heights would
    // not do): one float grid of metres, then its own working memory.
    const auto samples = std::uint64_t(map.width()) * std::uint64_t(map.height());
    const std::uint64_t working = simplifyWorkingBytes(targetTriangles);
    checkGridFits("the simplified mesh", map.width(), map.height(),
                  (working + samples - 1) / samples);
    // A Heightmap rather than a vector for its huge pages: the simplifier reads short spans of
    // many rows at random places, and 4 KiB pages would cost a TLB miss on nearly every row.
    Heightmap metres = Heightmap::uninitialized(map.width(), map.height());
    for (int y = 0; y < map.height(); ++y) {
        metresRow(map.row(y), std::size_t(map.width()), mapping, world, metres.row(y));
    }
    HeightFieldTin tin =
        simplifyHeightField(metres.row(0), map.width(), map.height(), targetTriangles);
    GridMesh mesh;
    mesh.maxErrorMetres = tin.maxError;
    mesh.positions.reserve(tin.points.size() / 2 * 3);
    for (std::size_t i = 0; i < tin.points.size(); i += 2) {
        const auto x = std::size_t(tin.points[i]), y = std::size_t(tin.points[i + 1]);
        mesh.positions.push_back(float(double(x) * world.metresPerPixel));
        mesh.positions.push_back(metres.at(int(x), int(y)));
        mesh.positions.push_back(float(double(y) * world.metresPerPixel));
    }
    mesh.indices = std::move(tin.triangles);
    return mesh;
}

void writeObj(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction) {
    AtomicFile file(path, transaction);
    std::string text = "# terrain-editor " TERRAIN_VERSION
                       ": heightmap mesh in metres, y up, x east, z south\n";
    char line[128];
    for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
        const int n = std::snprintf(line, sizeof line, "v %.9g %.9g %.9g\n",
                                    double(mesh.positions[i]), double(mesh.positions[i + 1]),
                                    double(mesh.positions[i + 2]));
        text.append(line, std::size_t(n));
        if (text.size() > (1u << 20)) {
            file.write(text.data(), text.size());
            text.clear();
        }
    }
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        const int n = std::snprintf(line, sizeof line, "f %u %u %u\n", mesh.indices[i] + 1,
                                    mesh.indices[i + 1] + 1, mesh.indices[i + 2] + 1);
        text.append(line, std::size_t(n));
        if (text.size() > (1u << 20)) {
            file.write(text.data(), text.size());
            text.clear();
        }
    }
    file.write(text.data(), text.size());
    file.commit();
}

void writeGlb(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction) {
    const std::size_t positionBytes = mesh.positions.size() * sizeof(float);
    const std::size_t indexBytes = mesh.indices.size() * sizeof(std::uint32_t);
    float lo[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                   std::numeric_limits<float>::max()};
    float hi[3] = {-lo[0], -lo[1], -lo[2]};
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
        lo[i % 3] = std::min(lo[i % 3], mesh.positions[i]);
        hi[i % 3] = std::max(hi[i % 3], mesh.positions[i]);
    }
    const nlohmann::json gltf = {
        {"asset", {{"version", "2.0"}, {"generator", "terrain-editor " TERRAIN_VERSION}}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes", {{{"mesh", 0}, {"name", "terrain"}}}},
        {"meshes", {{{"name", "terrain"},
                     {"primitives", {{{"attributes", {{"POSITION", 0}}}, {"indices", 1}, {"mode", 4}}}}}}},
        {"buffers", {{{"byteLength", positionBytes + indexBytes}}}},
        {"bufferViews", {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", positionBytes}, {"target", 34962}},
                         {{"buffer", 0}, {"byteOffset", positionBytes}, {"byteLength", indexBytes}, {"target", 34963}}}},
        {"accessors", {{{"bufferView", 0}, {"componentType", 5126}, {"count", mesh.positions.size() / 3},
                        {"type", "VEC3"}, {"min", {lo[0], lo[1], lo[2]}}, {"max", {hi[0], hi[1], hi[2]}}},
                       {{"bufferView", 1}, {"componentType", 5125}, {"count", mesh.indices.size()},
                        {"type", "SCALAR"}}}},
    };
    std::string json = gltf.dump();
    while (json.size() % 4 != 0) json += ' ';  // chunks are 4-byte aligned; JSON pads with spaces
    const std::size_t binBytes = positionBytes + indexBytes;  // both multiples of 4
    const std::size_t total = 12 + 8 + json.size() + 8 + binBytes;
    if (total > std::numeric_limits<std::uint32_t>::max()) {
        throw InputError(field::kTriangles, std::to_string(mesh.indices.size() / 3),
                         "a mesh under 4 GiB for .glb; ask for fewer triangles");
    }
    std::string header;
    appendU32(header, 0x46546C67u);  // "glTF"
    appendU32(header, 2);
    appendU32(header, std::uint32_t(total));
    appendU32(header, std::uint32_t(json.size()));
    appendU32(header, 0x4E4F534Au);  // "JSON"
    header += json;
    appendU32(header, std::uint32_t(binBytes));
    appendU32(header, 0x004E4942u);  // "BIN\0"

    AtomicFile file(path, transaction);
    file.write(header.data(), header.size());
    // glTF stores little-endian; so does every machine we build for (x86-64, arm64).
    file.write(mesh.positions.data(), positionBytes);
    file.write(mesh.indices.data(), indexBytes);
    file.commit();
}

}  // namespace terrain::core
