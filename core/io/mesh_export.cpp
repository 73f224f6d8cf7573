#include "mesh_export.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "../errors.h"
#include "atomic_file.h"

#ifndef TERRAIN_VERSION
#define TERRAIN_VERSION "unknown"
#endif

namespace terrain::core {

namespace {

// The kept sample indices along one axis: 0, k, 2k, ... and always the last one.
std::vector<int> keptSamples(int size, int step) {
    std::vector<int> kept;
    for (int i = 0; i < size - 1; i += step) kept.push_back(i);
    kept.push_back(size - 1);
    return kept;
}

std::int64_t trianglesFor(int width, int height, int step) {
    const auto cols = std::int64_t(keptSamples(width, step).size());
    const auto rows = std::int64_t(keptSamples(height, step).size());
    return 2 * (cols - 1) * (rows - 1);
}

void appendU32(std::string& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out += static_cast<char>((v >> (8 * b)) & 0xffu);
}

}  // namespace

GridMesh buildGridMesh(const Heightmap& map, const ResolvedMapping& mapping,
                       const WorldUnits& world, std::int64_t targetTriangles) {
    if (map.width() < 2 || map.height() < 2) {
        throw InputError("--format", "mesh of a " + std::to_string(map.width()) + "x" +
                                         std::to_string(map.height()) + " map",
                         "a map at least 2 samples wide and high");
    }
    int step = 1;
    if (targetTriangles > 0) {
        while (trianglesFor(map.width(), map.height(), step) > targetTriangles &&
               step < std::max(map.width(), map.height())) {
            ++step;
        }
    }
    const auto xs = keptSamples(map.width(), step);
    const auto ys = keptSamples(map.height(), step);
    const std::uint64_t vertices = std::uint64_t(xs.size()) * ys.size();
    // 12 bytes a vertex, 6 indices of 4 bytes a quad, and about as much again while writing.
    checkGridFits("the mesh", std::int64_t(xs.size()), std::int64_t(ys.size()), 2 * (12 + 24));
    if (vertices > std::numeric_limits<std::uint32_t>::max()) {
        throw InputError("--triangles", std::to_string(vertices) + " vertices",
                         "at most 2^32-1 vertices; ask for fewer triangles");
    }
    GridMesh mesh;
    mesh.columns = int(xs.size());
    mesh.rows = int(ys.size());
    mesh.step = step;
    mesh.positions.reserve(vertices * 3);
    for (const int y : ys) {
        for (const int x : xs) {
            mesh.positions.push_back(float(double(x) * world.metresPerPixel));
            mesh.positions.push_back(float(metresOf(mapping, world, map.at(x, y))));
            mesh.positions.push_back(float(double(y) * world.metresPerPixel));
        }
    }
    const auto c = std::uint32_t(mesh.columns);
    for (std::uint32_t r = 0; r + 1 < std::uint32_t(mesh.rows); ++r) {
        for (std::uint32_t q = 0; q + 1 < c; ++q) {
            const std::uint32_t v00 = r * c + q, v10 = v00 + 1, v01 = v00 + c, v11 = v01 + 1;
            mesh.indices.insert(mesh.indices.end(), {v00, v01, v10, v10, v01, v11});
        }
    }
    return mesh;
}

void writeObj(const GridMesh& mesh, const std::filesystem::path& path) {
    AtomicFile file(path);
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

void writeGlb(const GridMesh& mesh, const std::filesystem::path& path) {
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
        throw InputError("--triangles", std::to_string(mesh.indices.size() / 3),
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

    AtomicFile file(path);
    file.write(header.data(), header.size());
    // glTF stores little-endian; so does every machine we build for (x86-64, arm64).
    file.write(mesh.positions.data(), positionBytes);
    file.write(mesh.indices.data(), indexBytes);
    file.commit();
}

}  // namespace terrain::core
