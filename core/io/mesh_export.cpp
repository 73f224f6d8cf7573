#include "mesh_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
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

// The normal and UV of the vertex at sample (x, y), from the metres `h(x, y)` of the whole field
// (see GridMesh): the surface is y = h(x east, z south), so the normal is (-dh/dx, 1, -dh/dz)
// normalised.
template <class Height>
void appendSampleAttributes(GridMesh& mesh, int x, int y, int width, int height, double metresPerPixel,
                            const Height& h) {
    const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, width - 1);
    const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, height - 1);
    const double east = (double(h(x1, y)) - double(h(x0, y))) / (double(x1 - x0) * metresPerPixel);
    const double south = (double(h(x, y1)) - double(h(x, y0))) / (double(y1 - y0) * metresPerPixel);
    const double length = std::sqrt(east * east + south * south + 1.0);
    mesh.normals.insert(mesh.normals.end(), {float(-east / length), float(1.0 / length), float(-south / length)});
    mesh.uvs.insert(mesh.uvs.end(), {float(double(x) / double(width - 1)), float(double(y) / double(height - 1))});
}

void checkAttributes(const GridMesh& mesh) {
    const std::size_t vertices = mesh.positions.size() / 3;
    if (mesh.normals.size() != vertices * 3 || mesh.uvs.size() != vertices * 2) {
        throw std::invalid_argument("mesh writer: every vertex needs a normal and a UV");
    }
}

// Every sample, two triangles a grid cell.
GridMesh fullGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                      const WorldUnits& world) {
    const std::uint64_t columns = std::uint64_t(map.width()), rows = std::uint64_t(map.height());
    const std::uint64_t vertices = columns * rows;
    // 32 bytes a vertex (position, normal, UV), 6 indices of 4 bytes a quad, and about as much
    // again while writing.
    checkGridFits("the mesh", map.width(), map.height(), 2 * (32 + 24));
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
    mesh.normals.reserve(vertices * 3);
    mesh.uvs.reserve(vertices * 2);
    const auto height = [&](int x, int y) { return mesh.positions[(std::size_t(y) * columns + std::size_t(x)) * 3 + 1]; };
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            appendSampleAttributes(mesh, x, y, map.width(), map.height(), world.metresPerPixel, height);
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
        // Still a sample of the grid: its own gradient, from its neighbours in the field.
        appendSampleAttributes(mesh, int(x), int(y), map.width(), map.height(), world.metresPerPixel,
                               [&](int sx, int sy) { return metres.at(sx, sy); });
    }
    mesh.indices = std::move(tin.triangles);
    return mesh;
}

void writeObj(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction) {
    checkAttributes(mesh);
    AtomicFile file(path, transaction);
    std::string text = "# terrain-editor " TERRAIN_VERSION
                       ": heightmap mesh in metres, y up, x east, z south; vn the height field's "
                       "normals, vt 0..1 over the map with v up (north row v = 1)\n";
    char line[160];
    const auto append = [&](int n) {
        text.append(line, std::size_t(n));
        if (text.size() > (1u << 20)) {
            file.write(text.data(), text.size());
            text.clear();
        }
    };
    for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
        append(std::snprintf(line, sizeof line, "v %.9g %.9g %.9g\n", double(mesh.positions[i]),
                             double(mesh.positions[i + 1]), double(mesh.positions[i + 2])));
    }
    for (std::size_t i = 0; i < mesh.normals.size(); i += 3) {
        append(std::snprintf(line, sizeof line, "vn %.9g %.9g %.9g\n", double(mesh.normals[i]),
                             double(mesh.normals[i + 1]), double(mesh.normals[i + 2])));
    }
    for (std::size_t i = 0; i < mesh.uvs.size(); i += 2) {
        append(std::snprintf(line, sizeof line, "vt %.9g %.9g\n", double(mesh.uvs[i]),
                             1.0 - double(mesh.uvs[i + 1])));
    }
    // Vertex k has normal k and UV k: every corner is k/k/k.
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        const std::uint32_t a = mesh.indices[i] + 1, b = mesh.indices[i + 1] + 1, c = mesh.indices[i + 2] + 1;
        append(std::snprintf(line, sizeof line, "f %u/%u/%u %u/%u/%u %u/%u/%u\n", a, a, a, b, b, b, c, c, c));
    }
    file.write(text.data(), text.size());
    file.commit();
}

void writeGlb(const GridMesh& mesh, const std::filesystem::path& path,
              FileTransaction* transaction) {
    checkAttributes(mesh);
    const std::size_t positionBytes = mesh.positions.size() * sizeof(float);
    const std::size_t normalBytes = mesh.normals.size() * sizeof(float);
    const std::size_t uvBytes = mesh.uvs.size() * sizeof(float);
    const std::size_t indexBytes = mesh.indices.size() * sizeof(std::uint32_t);
    const std::size_t vertices = mesh.positions.size() / 3;
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
                     {"primitives", {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}}},
                                      {"indices", 3}, {"mode", 4}}}}}}},
        {"buffers", {{{"byteLength", positionBytes + normalBytes + uvBytes + indexBytes}}}},
        {"bufferViews", {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", positionBytes}, {"target", 34962}},
                         {{"buffer", 0}, {"byteOffset", positionBytes}, {"byteLength", normalBytes}, {"target", 34962}},
                         {{"buffer", 0}, {"byteOffset", positionBytes + normalBytes}, {"byteLength", uvBytes}, {"target", 34962}},
                         {{"buffer", 0}, {"byteOffset", positionBytes + normalBytes + uvBytes}, {"byteLength", indexBytes},
                          {"target", 34963}}}},
        {"accessors", {{{"bufferView", 0}, {"componentType", 5126}, {"count", vertices},
                        {"type", "VEC3"}, {"min", {lo[0], lo[1], lo[2]}}, {"max", {hi[0], hi[1], hi[2]}}},
                       {{"bufferView", 1}, {"componentType", 5126}, {"count", vertices}, {"type", "VEC3"}},
                       // glTF's UV: (0, 0) is the image's top-left (north-west) pixel, v down.
                       {{"bufferView", 2}, {"componentType", 5126}, {"count", vertices}, {"type", "VEC2"}},
                       {{"bufferView", 3}, {"componentType", 5125}, {"count", mesh.indices.size()},
                        {"type", "SCALAR"}}}},
    };
    std::string json = gltf.dump();
    while (json.size() % 4 != 0) json += ' ';  // chunks are 4-byte aligned; JSON pads with spaces
    const std::size_t binBytes = positionBytes + normalBytes + uvBytes + indexBytes;  // multiples of 4
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
    file.write(mesh.normals.data(), normalBytes);
    file.write(mesh.uvs.data(), uvBytes);
    file.write(mesh.indices.data(), indexBytes);
    file.commit();
}

}  // namespace terrain::core
